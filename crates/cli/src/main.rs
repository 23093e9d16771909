//! `dicetray`: the command line over dicetray-rules.
fn main() {
    println!("dicetray {}", env!("CARGO_PKG_VERSION"));
}
