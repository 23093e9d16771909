#!/usr/bin/env bash
# The release build of the site (dist/): `trunk build --release` on stable Rust, with nothing but stable flags.
#
# Crates are fetched first (`cargo fetch --locked`): Trunk runs cargo offline (Trunk.toml), so on a machine whose
# cargo cache is empty (a brand-new machine, the Pages runner's first run, `.ci/run`'s fresh CARGO_HOME) the build
# would otherwise find none of them. With the cache filled it takes a second.
#
# Source paths are remapped (rustc's stable `--remap-path-prefix`, for the wasm target only): whatever still names a
# source file (a panic location) names it relative (`src/...`, `index.crates.io-<id>/<crate>-<version>/...`) instead of
# this machine's checkout and cargo registry folders, so the site does not tell visitors where it was built and the
# wasm does not depend on the folders it was built in (`security::the_shipped_wasm_names_no_folder_of_the_build_machine`).
# The flags are added to `.cargo/config.toml`'s (cargo merges the two lists), for Trunk's cargo run only, so tests,
# lints and `make serve` share their builds as before. A checkout or CARGO_HOME path with a space in it is refused:
# cargo splits these flags at spaces.
#
# Usage: scripts/build-release.sh [trunk build options]   (test.sh, bench/budget and the Pages workflow call it)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/env.sh
cargo_home="${CARGO_HOME:-$HOME/.cargo}"
case "$PWD$cargo_home" in
  *" "*) echo "build-release: the checkout ($PWD) or CARGO_HOME ($cargo_home) has a space in its path; move it" >&2; exit 1 ;;
esac
cargo fetch --locked
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--remap-path-prefix=$cargo_home/registry/src/= --remap-path-prefix=$PWD/="
exec trunk build --release "$@"
