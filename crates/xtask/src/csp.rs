//! The Content-Security-Policy `<meta>` of index.html.
//!
//! The policy allows this site's own files and nothing else: no remote origin, no inline script or style except the
//! exact ones in the built index.html (the app's loader and start-after-paint scripts, the inlined stylesheets, and
//! under `trunk serve` Trunk's auto-reload script), each allowed by its SHA-256. WebAssembly compilation needs
//! 'wasm-unsafe-eval' (it allows compiling wasm, not JavaScript eval); the lazily loaded chunks are fetched from
//! 'self'. Styles set from the app go through CSSOM (Leptos `style:width=`), which CSP does not restrict; style
//! attributes in markup would be blocked, and the app has none.

use crate::digest::csp_hash_source;
use crate::html;
use eyre::{bail, Result, WrapErr};
use std::path::Path;

/// Where `trunk serve` serves the page: Trunk writes it into its auto-reload script as it serves the page.
#[derive(Debug, Clone, PartialEq)]
pub struct ServeAddress {
    pub address: String,
    pub port: String,
}

impl ServeAddress {
    /// Trunk.toml's `[serve]` address and port, unless `DICETRAY_SERVE_ADDRESS` / `DICETRAY_SERVE_PORT` name the
    /// ones given on `trunk serve`'s command line (scripts/serve.sh passes them).
    pub fn from_trunk_toml(trunk_toml: &Path) -> Result<Self> {
        let text = std::fs::read_to_string(trunk_toml).wrap_err_with(|| format!("read {}", trunk_toml.display()))?;
        let config: toml::Table =
            text.parse().wrap_err_with(|| format!("{} is not valid TOML", trunk_toml.display()))?;
        let serve = config.get("serve");
        let address = serve.and_then(|s| s.get("addresses")?.as_array()?.first()?.as_str().map(str::to_string));
        let port = serve.and_then(|s| s.get("port")?.as_integer()).map(|p| p.to_string());
        let address = std::env::var("DICETRAY_SERVE_ADDRESS").ok().or(address);
        let port = std::env::var("DICETRAY_SERVE_PORT").ok().or(port);
        match (address, port) {
            (Some(address), Some(port)) => Ok(ServeAddress { address, port }),
            _ => bail!("{}: [serve] needs `addresses = [\"...\"]` and `port = N`", trunk_toml.display()),
        }
    }
}

/// The policy for a page with this inline code.
pub fn policy(code: &html::InlineCode, serve: &ServeAddress) -> String {
    let sources = |texts: &[String]| -> Vec<String> {
        texts.iter().flat_map(|text| served(text, serve)).map(|text| csp_hash_source(&text)).collect()
    };
    let with = |directive: &str, hashes: Vec<String>| {
        std::iter::once(directive.to_string()).chain(hashes).collect::<Vec<_>>().join(" ")
    };
    [
        "default-src 'none'".to_string(),
        with("script-src 'self' 'wasm-unsafe-eval'", sources(&code.scripts)),
        with("style-src 'self'", sources(&code.styles)),
        "img-src 'self'".into(),
        "font-src 'self'".into(),
        // 'self' also covers the same host's ws: (Trunk's auto-reload under `trunk serve`). Table mode talks to
        // Nostr relays the player chooses (any ws:/wss: host); nothing else may be fetched.
        "connect-src 'self' ws: wss:".into(),
        "manifest-src 'self'".into(),
        "worker-src 'self'".into(),
        "base-uri 'none'".into(),
        "form-action 'none'".into(),
        "object-src 'none'".into(),
    ]
    .join("; ")
}

/// The text as written and, if it is Trunk's auto-reload script, also as `trunk serve` serves it (its placeholders
/// filled in, which changes its hash).
fn served(text: &str, serve: &ServeAddress) -> Vec<String> {
    if !text.contains("{{__TRUNK_ADDRESS__}}") {
        return vec![text.to_string()];
    }
    let filled = text
        .replace("{{__TRUNK_ADDRESS__}}", &format!("{}:{}", serve.address, serve.port))
        .replace("{{__TRUNK_WS_BASE__}}", "/");
    vec![text.to_string(), filled]
}

/// `page` with the policy for its own inline code, first in `<head>` after the charset. Returns the page and a
/// summary line.
pub fn add_policy(page: &str, serve: &ServeAddress) -> Result<(String, String)> {
    if html::has_http_equiv(page, "Content-Security-Policy")? {
        bail!("index.html already has a Content-Security-Policy");
    }
    let code = html::inline_code(page)?;
    let policy = policy(&code, serve);
    let meta = format!("\n    <meta http-equiv=\"Content-Security-Policy\" content=\"{policy}\" />");
    let summary =
        format!("{} inline script(s), {} inline style(s) allowed by hash", code.scripts.len(), code.styles.len());
    Ok((html::insert_after_charset(page, &meta)?, summary))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn serve() -> ServeAddress {
        ServeAddress { address: "127.0.0.1".into(), port: "8080".into() }
    }

    /// The policy `<meta>` a page ends up with.
    fn meta_policy(page: &str) -> String {
        let (out, _) = add_policy(page, &serve()).unwrap();
        let start = out.find("content=\"").expect("a policy") + "content=\"".len();
        out[start..].split('"').next().unwrap().to_string()
    }

    #[test]
    fn the_policy_allows_only_this_site_and_each_inline_script_and_style_by_hash() {
        let page = "<html><head><meta charset=\"utf-8\" /><script>a()</script><script src=\"x.js\"></script>\
                    <style>p{}</style></head><body><script type=\"module\">b()</script></body></html>";
        let policy = meta_policy(page);
        let script_src =
            format!("script-src 'self' 'wasm-unsafe-eval' {} {}", csp_hash_source("a()"), csp_hash_source("b()"));
        let directives: Vec<&str> = policy.split("; ").collect();
        assert_eq!(directives[0], "default-src 'none'");
        assert_eq!(directives[1], script_src);
        assert_eq!(directives[2], format!("style-src 'self' {}", csp_hash_source("p{}")));
        for forbidden in ["'unsafe-inline'", "'unsafe-eval'", "http:", "https:", "*", "data:", "blob:"] {
            assert!(!policy.contains(forbidden), "{policy}");
        }
    }

    #[test]
    fn the_policy_goes_first_after_the_charset_and_a_second_one_is_refused() {
        let page = "<head><meta charset=\"utf-8\" /><title>t</title><style>p{}</style></head>";
        let (out, summary) = add_policy(page, &serve()).unwrap();
        let policy = policy(&html::inline_code(page).unwrap(), &serve());
        let expected = format!(
            "<head><meta charset=\"utf-8\" />\n    <meta http-equiv=\"Content-Security-Policy\" content=\"{policy}\" />\
             <title>t</title><style>p{{}}</style></head>"
        );
        assert_eq!(out, expected);
        assert_eq!(summary, "0 inline script(s), 1 inline style(s) allowed by hash");
        let again = add_policy(&out, &serve()).unwrap_err().to_string();
        assert!(again.contains("already has a Content-Security-Policy"), "{again}");
    }

    /// Under `make serve`, Trunk fills its auto-reload script's placeholders as it serves the page, which changes the
    /// script's hash; the policy must allow the script as served (else live reload is blocked and the console shows
    /// a CSP violation), at the address and port it is served on.
    #[test]
    fn the_policy_allows_trunks_reload_script_as_served() {
        let reload = "\nconst address = '{{__TRUNK_ADDRESS__}}';\nconst base = '{{__TRUNK_WS_BASE__}}';\n";
        let page = format!("<html><head><meta charset=\"utf-8\" /><script>{reload}</script></head></html>");
        for port in ["8080", "9099"] {
            let serve = ServeAddress { address: "127.0.0.1".into(), port: port.into() };
            let (out, _) = add_policy(&page, &serve).unwrap();
            let served = format!("\nconst address = '127.0.0.1:{port}';\nconst base = '/';\n");
            assert!(out.contains(&csp_hash_source(&served)), "serving on port {port}: {out}");
            assert!(out.contains(&csp_hash_source(reload)), "{out}");
            let elsewhere = served.replace(port, "1");
            assert!(!out.contains(&csp_hash_source(&elsewhere)), "{out}");
        }
    }

    #[test]
    fn the_serve_address_is_trunk_tomls_unless_the_environment_names_another() {
        let dir = std::env::temp_dir().join(format!("dicetray-xtask-csp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("Trunk.toml");
        std::fs::write(&file, "[build]\ndist = \"dist\"\n\n[serve]\naddresses = [\"127.0.0.1\"]\nport = 8080\n")
            .unwrap();
        // The environment is this process's: only this test reads these two variables.
        std::env::remove_var("DICETRAY_SERVE_ADDRESS");
        std::env::remove_var("DICETRAY_SERVE_PORT");
        assert_eq!(ServeAddress::from_trunk_toml(&file).unwrap(), serve());
        std::env::set_var("DICETRAY_SERVE_PORT", "9099");
        let overridden = ServeAddress::from_trunk_toml(&file);
        std::env::remove_var("DICETRAY_SERVE_PORT");
        assert_eq!(overridden.unwrap(), ServeAddress { address: "127.0.0.1".into(), port: "9099".into() });
        std::fs::write(&file, "[serve]\nport = 8080\n").unwrap();
        let error = ServeAddress::from_trunk_toml(&file).unwrap_err().to_string();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(error.contains("addresses"), "{error}");
    }
}
