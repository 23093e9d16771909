#!/usr/bin/env bash
# The release build of the site (dist/): `trunk build --release`, with the standard library rebuilt for the wasm
# under the release profile (opt-level "z", LTO) and its `optimize_for_size` feature (smaller algorithms in core,
# e.g. sorting). The prebuilt wasm32 standard library is compiled for speed; rebuilding it makes the first load
# 15 KB gzip smaller and the lazy chunks 11 KB (bench/README.md, "Release tuning").
#
# Source paths are trimmed (cargo's trim-paths): whatever still names a source file (no panic location does, see
# below) names it relative (`/rustc/<commit>/library/...`, `index.crates.io-<id>/<crate>-<version>/...`, `src/...`)
# instead of this machine's home, cargo registry and checkout folders, so the site does not tell visitors where it
# was built and the wasm does not depend on the folders it was built in
# (`security::the_shipped_wasm_names_no_folder_of_the_build_machine`).
#
# Panic locations are left out of the shipped wasm (rustc's `-Zlocation-detail=none`, added to the release profile's
# flags, so `.cargo/config.toml`'s stay): a panic still stops the app with its message in the console (the panic
# hook runs as before), but without the file and line, which took 7 KB gzip of file names and numbers off the first
# load. Debug builds (`make serve`, tests) keep them.
#
# All are unstable cargo or rustc features (`-Zbuild-std`, `-Ztrim-paths`, profile rustflags, `-Zlocation-detail`):
# RUSTC_BOOTSTRAP=1 lets the stable compiler take them (as for fuzzing, docs/fuzzing.md). They apply to this build
# only: the environment below is set for Trunk's cargo run and nothing else, so tests, lints and `make serve` (a
# debug build) use the stock library. Rebuilding the library needs the toolchain's `rust-src` component, which
# scripts/tools.sh installs.
#
# Usage: scripts/build-release.sh [trunk build options]   (test.sh, bench/budget and the Pages workflow call it)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/env.sh
export RUSTC_BOOTSTRAP=1
export CARGO_UNSTABLE_BUILD_STD=std,panic_abort
export CARGO_UNSTABLE_BUILD_STD_FEATURES=optimize_for_size
export CARGO_UNSTABLE_TRIM_PATHS=true CARGO_PROFILE_RELEASE_TRIM_PATHS=all
export CARGO_UNSTABLE_PROFILE_RUSTFLAGS=true CARGO_PROFILE_RELEASE_RUSTFLAGS="-Zlocation-detail=none"
exec trunk build --release "$@"
