#!/usr/bin/env bash
# The release build of the site (dist/): `trunk build --release`, with the standard library rebuilt for the wasm
# under the release profile (opt-level "z", LTO) and its `optimize_for_size` feature (smaller algorithms in core,
# e.g. sorting). The prebuilt wasm32 standard library is compiled for speed; rebuilding it makes the first load
# 15 KB gzip smaller and the lazy chunks 11 KB (bench/README.md, "Release tuning").
#
# Rebuilding the standard library is cargo's `-Zbuild-std`, an unstable flag: RUSTC_BOOTSTRAP=1 lets the stable
# compiler take it (as for fuzzing, docs/fuzzing.md). It applies to this build only: the environment below is set
# for Trunk's cargo run and nothing else, so tests, lints and `make serve` (a debug build) use the stock library.
# It needs the toolchain's `rust-src` component, which scripts/tools.sh installs.
#
# Usage: scripts/build-release.sh [trunk build options]   (test.sh, bench/budget and the Pages workflow call it)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/env.sh
export RUSTC_BOOTSTRAP=1
export CARGO_UNSTABLE_BUILD_STD=std,panic_abort
export CARGO_UNSTABLE_BUILD_STD_FEATURES=optimize_for_size
exec trunk build --release "$@"
