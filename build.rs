//! Links the wasm32 binary with `--emit-relocs`: the code splitting (crates/xtask/src/split.rs) needs the relocations to cut
//! the lazily loaded screens (src/screens/split.rs) out of the main module. A link argument, not a rustflag, so
//! the dependencies' build cache stays valid and native builds are untouched.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-bins=--emit-relocs");
    }
}
