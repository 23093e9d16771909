#!/usr/bin/env bash
# The release build of the site (dist/): `trunk build --release` on stable Rust, with nothing but stable flags.
#
# Crates are fetched first (`cargo fetch --locked`): Trunk runs cargo offline (Trunk.toml), so on a machine whose
# cargo cache is empty (a brand-new machine, the Pages runner's first run, `.ci/run`'s fresh CARGO_HOME) the build
# would otherwise find none of them. With the cache filled it takes a second.
#
# Registry source paths are remapped (rustc's stable `--remap-path-prefix`, for the wasm target only): a panic
# location in a dependency names `index.crates.io-<id>/<crate>-<version>/...` instead of this machine's cargo
# registry folder, so the site does not tell visitors where it was built and the wasm does not depend on the folders
# it was built in (`security::the_shipped_wasm_names_no_folder_of_the_build_machine`). The workspace's own crates
# need nothing: cargo passes their paths relative to the checkout (`src/...`, `crates/rules/src/...`), and leaving the
# checkout's path out of the flags lets CI, which builds in a new clone each time, reuse its compiled dependencies.
# The flag is added to `.cargo/config.toml`'s (cargo merges the two lists), for Trunk's cargo run only, so tests,
# lints and `make serve` share their builds as before. A CARGO_HOME path with a space in it is refused: cargo splits
# these flags at spaces.
#
# Usage: scripts/build-release.sh [trunk build options]   (test.sh, bench/budget and the Pages workflow call it)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/env.sh
cargo_home="${CARGO_HOME:-$HOME/.cargo}"
case "$cargo_home" in
  *" "*) echo "build-release: CARGO_HOME ($cargo_home) has a space in its path, which rustc's flags cannot carry" >&2; exit 1 ;;
esac
cargo fetch --locked
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--remap-path-prefix=$cargo_home/registry/src/="
exec trunk build --release "$@"
