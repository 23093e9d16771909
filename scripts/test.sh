#!/usr/bin/env bash
# Every check, in order: format, lints (native and wasm32), the workspace's tests, a release build, then the
# browser end-to-end tests against that build. Installs missing tools first (scripts/tools.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/tools.sh --browser
. scripts/env.sh
started=$SECONDS
step() { printf '\n\033[1m==> %s\033[0m (at %d s)\n' "$*" "$((SECONDS - started))"; }

step "format (cargo fmt --check)"
cargo fmt --all --check

step "lints, native (clippy, warnings denied)"
cargo clippy --workspace --all-targets --features dicetray-app/e2e -- -D warnings

step "lints, wasm32 (clippy, warnings denied)"
cargo clippy --target wasm32-unknown-unknown -p dicetray-app -p dicetray-rules -- -D warnings

step "workspace tests"
cargo test --workspace

step "release build (scripts/build-release.sh: trunk build --release)"
scripts/build-release.sh

step "size budget (bench/budget --sizes-only: the first load's gzip transfer, at most 250 KB)"
bench/budget --no-build --sizes-only

step "browser end-to-end tests (headless Chromium)"
cargo test --features e2e --test e2e

leftover=$(pgrep -f 'user-data-dir=.*dicetray-e2e' || true)
if [ -n "$leftover" ]; then
  echo "error: Chromium processes survived the browser tests: $leftover" >&2
  exit 1
fi
echo "all checks passed in $((SECONDS - started)) s"
