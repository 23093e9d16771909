//! A small static file server over `dist/` on a free loopback port, optionally under a sub-path.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Serves a directory until dropped.
pub struct StaticServer {
    server: Arc<tiny_http::Server>,
    base_url: String,
    thread: Option<JoinHandle<()>>,
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "json" | "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

fn respond(request: tiny_http::Request, root: &Path, prefix: &str) {
    let url = request.url().split(['?', '#']).next().unwrap_or("/").to_string();
    let response = match url.strip_prefix(prefix) {
        Some(rest) if !rest.split('/').any(|part| part == "..") => {
            let file = if rest.is_empty() { root.join("index.html") } else { root.join(rest) };
            match std::fs::read(&file) {
                Ok(bytes) => tiny_http::Response::from_data(bytes)
                    .with_header(tiny_http::Header::from_bytes("Content-Type", content_type(&file)).unwrap())
                    .with_header(tiny_http::Header::from_bytes("Cache-Control", "no-cache").unwrap())
                    .with_status_code(200),
                Err(_) => tiny_http::Response::from_data(b"not found".to_vec()).with_status_code(404),
            }
        }
        _ => tiny_http::Response::from_data(b"not found".to_vec()).with_status_code(404),
    };
    let _ = request.respond(response);
}

impl StaticServer {
    /// Serve `root` at `http://127.0.0.1:PORT{prefix}` (prefix `/` or `/sub/path/`).
    pub fn start(root: PathBuf, prefix: &str) -> StaticServer {
        let prefix = format!("/{}/", prefix.trim_matches('/')).replace("//", "/");
        let server = Arc::new(tiny_http::Server::http("127.0.0.1:0").expect("bind a loopback port"));
        let port = server.server_addr().to_ip().expect("an IP address").port();
        let base_url = format!("http://127.0.0.1:{port}{prefix}");
        let worker = server.clone();
        let root = Arc::new(root);
        let thread = std::thread::spawn(move || {
            // One thread per request: the browser fetches the WASM, the JS and the CSS at once, and a single
            // sequential loop made a large WASM wait behind the others (seen: 20 s on a loaded machine).
            for request in worker.incoming_requests() {
                let (root, prefix) = (root.clone(), prefix.clone());
                std::thread::spawn(move || respond(request, &root, &prefix));
            }
        });
        StaticServer { server, base_url, thread: Some(thread) }
    }

    /// The app's URL, ending in `/`.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        self.server.unblock();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
