//! A small static file server over `dist/` on a free loopback port, optionally under a sub-path.
//!
//! Plain `std::net`: one thread per connection, one request per connection (`Connection: close`). An earlier
//! version on tiny_http left requests unread in accepted sockets when two browsers loaded at once, and page loads
//! then stalled for minutes; this one has no pool to starve.

use std::io::{BufRead, BufReader, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// Serves a directory until dropped.
pub struct StaticServer {
    base_url: String,
    port: u16,
    stop: Arc<AtomicBool>,
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

/// The file a request path names under `root`, if it is inside `prefix` and does not climb out with `..`.
fn resolve(root: &Path, prefix: &str, path: &str) -> Option<PathBuf> {
    let path = path.split(['?', '#']).next().unwrap_or("/");
    let rest = path.strip_prefix(prefix)?;
    if rest.split('/').any(|part| part == "..") {
        return None;
    }
    Some(if rest.is_empty() { root.join("index.html") } else { root.join(rest) })
}

/// The scripts the server puts before every page's own (the error probe first), at this path under the prefix.
const PROBE_FILE: &str = "e2e-probe.js";

fn answer(mut stream: TcpStream, root: &Path, prefix: &str, first: Option<&str>) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    // Read (and ignore) the headers up to the blank line.
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line == "\r\n" || line == "\n" {
            break;
        }
    }
    let mut parts = request_line.split_whitespace();
    let (method, path) = (parts.next().unwrap_or(""), parts.next().unwrap_or("/"));
    let found = resolve(root, prefix, path).and_then(|file| std::fs::read(&file).ok().map(|bytes| (file, bytes)));
    let probe_file = first.is_some() && resolve(root, prefix, path) == Some(root.join(PROBE_FILE));
    let (status, kind, body) = match (found, first) {
        (_, Some(script)) if probe_file => ("200 OK", "text/javascript; charset=utf-8", script.as_bytes().to_vec()),
        (Some((file, bytes)), Some(_)) if file.extension().is_some_and(|e| e == "html") => {
            let html = String::from_utf8_lossy(&bytes).replacen(
                "<head>",
                &format!("<head><script src=\"{PROBE_FILE}\"></script>"),
                1,
            );
            ("200 OK", content_type(&file), html.into_bytes())
        }
        (Some((file, bytes)), _) => ("200 OK", content_type(&file), bytes),
        (None, _) => ("404 Not Found", "text/plain; charset=utf-8", b"not found".to_vec()),
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    if method != "HEAD" {
        stream.write_all(&body)?;
    }
    stream.flush()?;
    stream.shutdown(Shutdown::Both)
}

impl StaticServer {
    /// Serve `root` at `http://127.0.0.1:PORT{prefix}` (prefix `/` or `/sub/path/`).
    pub fn start(root: PathBuf, prefix: &str) -> StaticServer {
        Self::serve(root, prefix, None)
    }

    /// [`StaticServer::start`], with the harness's error probe (`page::PROBE`) loaded first by every HTML page it
    /// serves, as `<script src="e2e-probe.js">` (the Content-Security-Policy allows the site's own scripts): for
    /// Firefox and WebKit, which cannot be told to run a script before the page's own here.
    pub fn with_probe(root: PathBuf, prefix: &str) -> StaticServer {
        Self::with_scripts(root, prefix, &[])
    }

    /// [`StaticServer::with_probe`], and `scripts` run after the probe, before the page's own.
    pub fn with_scripts(root: PathBuf, prefix: &str, scripts: &[&str]) -> StaticServer {
        let first = [super::page::PROBE].iter().chain(scripts).copied().collect::<Vec<_>>().join("\n");
        Self::serve(root, prefix, Some(first))
    }

    fn serve(root: PathBuf, prefix: &str, first: Option<String>) -> StaticServer {
        let prefix = format!("/{}/", prefix.trim_matches('/')).replace("//", "/");
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
        let port = listener.local_addr().unwrap().port();
        let base_url = format!("http://127.0.0.1:{port}{prefix}");
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = stop.clone();
        let (root, first) = (Arc::new(root), Arc::new(first));
        let thread = std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stopping.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let (root, prefix, first) = (root.clone(), prefix.clone(), first.clone());
                let spawned = std::thread::Builder::new().spawn(move || {
                    if let Err(e) = answer(stream, &root, &prefix, first.as_deref()) {
                        eprintln!("dist server: a request failed: {e}");
                    }
                });
                if let Err(e) = spawned {
                    eprintln!("dist server: no thread for a connection: {e}");
                }
            }
        });
        StaticServer { base_url, port, stop, thread: Some(thread) }
    }

    /// The app's URL, ending in `/`.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so it sees the flag.
        let _ = TcpStream::connect(("127.0.0.1", self.port));
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::resolve;
    use std::path::Path;

    #[test]
    fn paths_resolve_inside_the_prefix_only() {
        let root = Path::new("/srv");
        assert_eq!(resolve(root, "/", "/").unwrap(), root.join("index.html"));
        assert_eq!(resolve(root, "/dicetray/", "/dicetray/app.js?x=1").unwrap(), root.join("app.js"));
        assert_eq!(resolve(root, "/dicetray/", "/app.js"), None);
        assert_eq!(resolve(root, "/", "/../etc/passwd"), None);
    }
}
