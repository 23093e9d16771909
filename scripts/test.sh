#!/usr/bin/env bash
# Every check: format, then two lanes at once (the machine has 2 cores and neither lane keeps both busy: LTO,
# linking, wasm-opt and the tests run on one core for long stretches):
#   native lane:  lints (native and wasm32), the workspace's tests, the browser tests' build;
#   release lane: the release build of the site, then its size budget;
# then the browser end-to-end tests against that build. Each lane's lines are prefixed with its name. Installs
# missing tools first (scripts/tools.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/tools.sh --browser
. scripts/env.sh
started=$SECONDS
step() { printf '\n\033[1m==> %s\033[0m (at %d s)\n' "$*" "$((SECONDS - started))"; }

native_lane() {
  step "lints, native (clippy, warnings denied)"
  cargo clippy --workspace --all-targets --features dicetray-app/e2e -- -D warnings
  step "lints, wasm32 (clippy, warnings denied)"
  cargo clippy --target wasm32-unknown-unknown -p dicetray-app -p dicetray-rules -- -D warnings
  step "workspace tests"
  cargo test --workspace
  step "browser end-to-end tests: build"
  cargo test --features e2e --test e2e --no-run
}

release_lane() {
  step "release build (scripts/build-release.sh: trunk build --release)"
  scripts/build-release.sh
  step "size budget (bench/budget --sizes-only: the first load's gzip transfer, at most 250 KB)"
  bench/budget --no-build --sizes-only
}

# lane NAME FUNCTION: run FUNCTION with its output prefixed by NAME; its status is the function's.
lane() { (set -o pipefail; "$2" 2>&1 | sed -u "s/^/$1 | /"); }

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

step "browser end-to-end tests (headless Chromium)"
cargo test --features e2e --test e2e

leftover=$(pgrep -f 'user-data-dir=.*dicetray-e2e' || true)
if [ -n "$leftover" ]; then
  echo "error: Chromium processes survived the browser tests: $leftover" >&2
  exit 1
fi
echo "all checks passed in $((SECONDS - started)) s"
