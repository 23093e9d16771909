//! The three hashes the build writes: content-addressed file names, Subresource Integrity values and CSP hash
//! sources.

use base64::{engine::general_purpose::STANDARD, Engine};
use sha2::{Digest, Sha256, Sha384};

/// The SHA-256 of `bytes` in lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// `file_name` with the first 16 hex digits of its content's SHA-256 before the extension:
/// `chunk_3.wasm` -> `chunk_3-0123456789abcdef.wasm`. A changed file gets a new name, so no cache serves an old one.
pub fn content_name(file_name: &str, bytes: &[u8]) -> String {
    let hash = &sha256_hex(bytes)[..16];
    match file_name.rsplit_once('.') {
        Some((stem, extension)) => format!("{stem}-{hash}.{extension}"),
        None => format!("{file_name}-{hash}"),
    }
}

/// The Subresource Integrity value of `bytes` (`integrity="sha384-…"`).
pub fn integrity(bytes: &[u8]) -> String {
    format!("sha384-{}", STANDARD.encode(Sha384::digest(bytes)))
}

/// The CSP source that allows an inline script or style with exactly this text (`'sha256-…'`).
pub fn csp_hash_source(text: &str) -> String {
    format!("'sha256-{}'", STANDARD.encode(Sha256::digest(text.as_bytes())))
}

#[cfg(test)]
mod tests {
    use super::*;

    // Reference values from coreutils and OpenSSL, not from the crates used above:
    //   printf 'abc' | sha256sum
    //   printf 'abc' | openssl dgst -sha384 -binary | openssl base64 -A
    //   printf 'abc' | openssl dgst -sha256 -binary | openssl base64 -A
    #[test]
    fn hashes_match_the_reference_tools() {
        assert_eq!(sha256_hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(integrity(b"abc"), "sha384-ywB1P0WjXou1oD1pmsZQBycsMqsO3tFjGotgWkP/W+2AhgcroefMI1i67KE0yCWn");
        assert_eq!(csp_hash_source("abc"), "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='");
    }

    #[test]
    fn a_content_name_keeps_the_stem_and_extension_and_changes_with_the_content() {
        let name = content_name("chunk_3.wasm", b"abc");
        assert_eq!(name, "chunk_3-ba7816bf8f01cfea.wasm");
        assert_ne!(content_name("chunk_3.wasm", b"abd"), name);
        assert_eq!(content_name("__wasm_split.js", b"abc"), "__wasm_split-ba7816bf8f01cfea.js");
        assert_eq!(content_name("LICENSE", b"abc"), "LICENSE-ba7816bf8f01cfea");
    }
}
