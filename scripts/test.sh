#!/usr/bin/env bash
# Every check: format, then two lanes at once (the machine has 2 cores and neither lane keeps both busy: LTO,
# linking, wasm-opt and the tests run on one core for long stretches):
#   native lane:  lints (native and wasm32), the browser tests' build, then the workspace's tests and the engine's
#                 regression guard (bench/README.md, "Benchmarks");
#   release lane: the release build of the site, its size budget, then the browser end-to-end tests against that
#                 build, as soon as the native lane has built them (so they run beside the workspace's tests):
#                 every suite in headless Chromium, and the smoke journey (tests/e2e/browsers.rs) in Firefox ESR and
#                 WebKitGTK too.
# Each lane's lines are prefixed with its name and the seconds since the start. Installs missing tools first
# (scripts/tools.sh).
# DICETRAY_E2E_THREADS sets how many browser tests run at once (default 3: each spends most of its time waiting
# on the page, so a third test keeps the 2 cores busier; bench/README.md, "CI times", has the figures).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/tools.sh --browser
. scripts/env.sh
started=$SECONDS
step() { printf '\n\033[1m==> %s\033[0m (at %d s)\n' "$*" "$((SECONDS - started))"; }

# The native lane creates this file once the browser tests are built, so the release lane can start them.
e2e_built="$(mktemp -u)"
trap 'rm -f "$e2e_built"' EXIT

native_lane() {
  step "lints, native (clippy, warnings denied)"
  cargo clippy --workspace --all-targets --features dicetray-app/e2e -- -D warnings
  step "lints, wasm32 (clippy, warnings denied)"
  cargo clippy --target wasm32-unknown-unknown -p dicetray-app -p dicetray-rules -p dicetray-table -p dicetray-tablenet -- -D warnings
  step "browser end-to-end tests: build"
  cargo test --features e2e --test e2e --no-run
  touch "$e2e_built"
  step "workspace tests"
  cargo test --workspace --no-fail-fast
  step "engine guard (operation counts of every bench/compare row against budgets from its calibrated speed ratios)"
  cargo test -p dicetray-rules --features opcount --test engine_guard -- --nocapture
}

release_lane() {
  step "release build (scripts/build-release.sh: trunk build --release)"
  scripts/build-release.sh
  step "size budgets (bench/budget --sizes-only: the first load at most 250 KB gzip, the Table screen and the precache under their ratchets)"
  bench/budget --no-build --sizes-only
  step "browser end-to-end tests: waiting for their build (native lane)"
  while [ ! -e "$e2e_built" ]; do
    kill -0 "$native" 2>/dev/null || { echo "the native lane stopped before building the browser tests" >&2; return 1; }
    sleep 1
  done
  step "browser end-to-end tests (headless Chromium; Firefox ESR and WebKitGTK's smoke journey; ${DICETRAY_E2E_THREADS:-3} at once)"
  cargo test --features e2e --test e2e -- --test-threads="${DICETRAY_E2E_THREADS:-3}"
}

# lane NAME FUNCTION: run FUNCTION with its output prefixed by NAME and the seconds since the start (so a CI log
# shows when each browser test ended, where the time went); its status is the function's.
lane() {
  (set -o pipefail; "$2" 2>&1 | while IFS= read -r line; do printf '%s %4d | %s
' "$1" "$((SECONDS - started))" "$line"; done)
}

step "format (cargo fmt --check)"
cargo fmt --all --check

lane native native_lane &
native=$!
lane release release_lane &
release=$!
failed=()
wait "$native" || failed+=(native)
wait "$release" || failed+=(release)
if [ ${#failed[@]} -gt 0 ]; then
  echo "error: the ${failed[*]} lane failed (its lines above are prefixed with its name)" >&2
  exit 1
fi

# Chromium names its profile folder (--user-data-dir=), Firefox too (-profile); WebKit's browser runs on an Xvfb.
leftover=$(pgrep -f 'dicetray-e2e-[0-9]' || true)
leftover_webkit=$(pgrep -x MiniBrowser || true)
if [ -n "$leftover$leftover_webkit" ]; then
  echo "error: browser processes survived the browser tests: $leftover $leftover_webkit" >&2
  exit 1
fi
echo "all checks passed in $((SECONDS - started)) s"
