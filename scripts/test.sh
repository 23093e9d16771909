#!/usr/bin/env bash
# Every check: format, then three lanes at once (the machine has 2 cores and no lane keeps both busy: LTO,
# linking, wasm-opt and the tests run on one core for long stretches):
#   native lane:  the browser tests' build, then the workspace's tests (the xtask's in its own profile), both with
#                 the workspace's crates linted by clippy as they compile; clippy on what they do not build (the
#                 benchmarks, the wasm32 crates); the engine's regression guard (bench/README.md, "Benchmarks");
#   release lane: the release build of the site, its size budget, then the browser end-to-end tests against that
#                 build, as soon as the native lane has built them (so they run beside the workspace's tests):
#                 every suite in Chromium's headless shell, and the smoke journey (tests/e2e/browsers.rs) in the full
#                 Chromium browser, Firefox ESR and WebKitGTK too; all but the network-namespace tests (below);
#   table lane:   the browser tests that run in a network namespace of their own (the table tests and the other
#                 browsers at the table: every test that calls `in_own_netns`), one at a time as they must be
#                 (tests/e2e/harness/netns.rs), in a process of their own started with the rest, so their chain of
#                 about 7 minutes overlaps the other browser tests instead of trailing them (bench/README.md, "CI
#                 time, 2026-11-27").
# The browser tests' binary is run directly, not through `cargo test`: a second cargo would wait for the build
# folder's lock while the native lane builds the workspace's tests (two minutes in CI's log of 2026-11-27).
# Each lane's lines are prefixed with its name and the seconds since the start. Installs missing tools first
# (scripts/tools.sh).
# DICETRAY_E2E_THREADS sets how many browser tests run at once, the table lane's one included (default 3: each
# spends most of its time waiting on the page, so a third test keeps the 2 cores busier; bench/README.md, "CI times",
# has the figures).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/tools.sh --browser
. scripts/env.sh
started=$SECONDS
step() { printf '\n\033[1m==> %s\033[0m (at %d s)\n' "$*" "$((SECONDS - started))"; }

# Hand-offs between the lanes, as files: the native lane writes the browser tests' executable's path into $e2e_built
# once it is built; the release lane creates $dist_built once the site is built and within its budgets.
handoff="$(mktemp -d)"
# The browser tests' temporary folders (every browser's profile, the copies of dist/) go on /dev/shm when it is RAM
# (tmpfs) with at least 1 GB free: Chromium syncs its profile's databases to disk over and over, and on tmpfs that
# costs nothing (15% less CPU, a third less system time, for the same tests: bench/README.md, "The browser tests on
# tmpfs"). Elsewhere (a container's 64 MB /dev/shm, no /dev/shm) they stay in the usual temporary folder.
e2e_tmp=""
if [ "$(stat -f -c %T /dev/shm 2>/dev/null || true)" = tmpfs ] \
  && [ "$(df -P -k /dev/shm 2>/dev/null | awk 'NR == 2 { print $4 }')" -ge 1048576 ] 2>/dev/null; then
  e2e_tmp="$(mktemp -d /dev/shm/dicetray-test.XXXXXX)"
fi
trap 'rm -rf "$handoff" ${e2e_tmp:+"$e2e_tmp"}' EXIT
e2e_built="$handoff/e2e-built"
dist_built="$handoff/dist-built"

# The browser tests that run in a network namespace, by their exact names: each passes its own name to
# `in_own_netns("module::test", ...)`, which checks it is exact. The table lane runs exactly these.
mapfile -t netns_tests < <(sed -n 's/.*in_own_netns("\([^"]*\)".*/\1/p' tests/e2e/*.rs)
[ ${#netns_tests[@]} -gt 0 ] || { echo "found no in_own_netns(\"...\") test in tests/e2e/*.rs" >&2; exit 1; }
skip_netns=()
for test in "${netns_tests[@]}"; do skip_netns+=(--skip "$test"); done
threads="${DICETRAY_E2E_THREADS:-3}"
[ "$threads" -ge 2 ] || { echo "DICETRAY_E2E_THREADS must be at least 2 (one for the table lane)" >&2; exit 1; }

# What the native lane's builds select: the same packages and features for the browser tests' build and the
# workspace's tests, so cargo resolves the same dependencies for both and compiles the app's crate, which both link,
# once (the browser tests' target is `test = false`, so the workspace's tests do not run it). The build after cargo
# (crates/xtask) is tested in its own profile, the one Trunk's hook builds it in: its 136 registry crates (oxc,
# lol_html, wasm-split's, wasmparser...) are then compiled once, for the release lane, and not a second time
# unoptimized (cargo's unit graphs: the dev builds of `make test` need 450 registry units instead of 586).
selected=(--workspace --exclude dicetray-xtask --features dicetray-app/e2e)

# linted CARGO_COMMAND...: a cargo build or test whose workspace crates are compiled by clippy-driver (rustc with
# clippy's lints), warnings denied, as `cargo clippy -- -D warnings` would check them: the build lints as it compiles,
# so the lints need no check pass of their own over every dependency (about 450 crates that `cargo clippy` checked
# apart from the build's; bench/README.md, "Clippy inside the build"). Cargo hands the wrapper the workspace's crates
# only; the dependencies are compiled by rustc as in any build. CLIPPY_ARGS is how `cargo clippy` passes its
# arguments to clippy-driver; `lint_probe` below proves on every run that this toolchain's clippy-driver reads it.
linted() {
  RUSTC_WORKSPACE_WRAPPER="$(command -v clippy-driver)" CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__" "$@"
}

# lint_probe: `linted` fails a build of scripts/lint-probe (a crate outside the workspace, no dependencies, one
# function clippy warns about); if it ever built, the builds above would have linted nothing.
lint_probe() {
  local out status=0
  out="$(mktemp -d)"
  if linted cargo build --quiet --locked --manifest-path scripts/lint-probe/Cargo.toml --target-dir "$out" 2>"$out/log"; then
    echo "the clippy wrapper passed scripts/lint-probe, which clippy warns about: the builds were not linted" >&2
    status=1
  elif ! grep -q 'implied by `-D warnings`' "$out/log"; then
    cat "$out/log" >&2
    echo "scripts/lint-probe failed, but not on a lint denied by -D warnings" >&2
    status=1
  else
    echo "lint probe: clippy-driver denied scripts/lint-probe's warning"
  fi
  rm -rf "$out"
  return "$status"
}

native_lane() {
  step "browser end-to-end tests: build (the workspace's crates linted by clippy as they compile, warnings denied)"
  lint_probe
  # JSON on stdout names the executable it built; the compiler's messages still go to the log as text.
  local artifacts exe
  artifacts="$(linted cargo test "${selected[@]}" --test e2e --no-run --message-format=json-render-diagnostics)"
  exe="$(grep '"reason":"compiler-artifact"' <<<"$artifacts" | grep '"src_path":"[^"]*/tests/e2e/main.rs"' \
    | sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' || true)"
  [ -x "$exe" ] || { echo "cargo named no executable for tests/e2e/main.rs" >&2; return 1; }
  echo "browser tests: $exe"
  echo "$exe" >"$e2e_built.new" && mv "$e2e_built.new" "$e2e_built"
  step "workspace tests (linted as they compile, warnings denied)"
  # `cargo test` builds every library, binary, test and example of the selected packages: all of
  # `cargo clippy --all-targets` but the benchmarks, linted below.
  linted cargo test "${selected[@]}" --no-fail-fast
  step "lints the builds do not cover (clippy, warnings denied): the benchmarks, then the wasm32 crates"
  cargo clippy -p dicetray-rules --benches -- -D warnings
  cargo clippy --target wasm32-unknown-unknown -p dicetray-app -p dicetray-rules -p dicetray-table -p dicetray-tablenet -- -D warnings
  step "the build after cargo's tests (crates/xtask, in its profile: cargo test --profile xtask; linted as it compiles)"
  # Its test build is another unit than the binary Trunk's hook builds (cargo test builds a binary's unit tests, and
  # the xtask has no other test), so the release lane's build is not invalidated by the wrapper.
  linted cargo test --profile xtask -p dicetray-xtask --no-fail-fast
  step "engine guard (operation counts of every bench/compare row against budgets from its calibrated speed ratios)"
  cargo test -p dicetray-rules --features opcount --test engine_guard -- --nocapture
}

# wait_for FILE WHAT PID...: wait until FILE exists; fail if every lane PID that could make it has stopped first.
wait_for() {
  local file="$1" what="$2"
  shift 2
  while [ ! -e "$file" ]; do
    local alive=0 pid
    for pid in "$@"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ -e "$file" ] && break
    [ "$alive" = 1 ] || { echo "the lane that makes $what stopped first" >&2; return 1; }
    sleep 1
  done
}

# e2e ARGS...: the browser tests' binary, as `cargo test --features e2e --test e2e -- ARGS` runs it: from the
# package's folder (this checkout's root, where test.sh runs), with the environment it has. The harness needs nothing
# else cargo would set: its paths come from `env!("CARGO_MANIFEST_DIR")` at build time, and at run time it reads
# only CARGO_TARGET_DIR (screenshots), CARGO_HOME and HOME (security.rs), which are this script's.
e2e() {
  local exe
  exe="$(cat "$e2e_built")"
  # At a lower priority than the native lane's build and tests: beside three browsers that build took 16 minutes
  # (about 2 alone) and left the native lane the last to end, its tests then on one core while the other idled
  # (bench/README.md, "CI on ae1d543"). The browsers take whatever CPU the native lane leaves.
  TMPDIR="${e2e_tmp:-${TMPDIR:-/tmp}}" nice -n 10 "$exe" "$@"
}

release_lane() {
  step "release build (scripts/build-release.sh: trunk build --release)"
  scripts/build-release.sh
  step "size budgets (bench/budget --sizes-only: the first load, the Table screen and the precache under their ratchets)"
  bench/budget --no-build --sizes-only
  touch "$dist_built"
  step "browser end-to-end tests: waiting for their build (native lane)"
  wait_for "$e2e_built" "the browser tests' build" "$native"
  step "browser end-to-end tests but the ${#netns_tests[@]} in a network namespace (Chromium's headless shell; the smoke journey in the full Chromium, Firefox ESR and WebKitGTK; $((threads - 1)) at once)"
  e2e --exact "${skip_netns[@]}" --test-threads="$((threads - 1))"
}

table_lane() {
  step "browser end-to-end tests in a network namespace: waiting for the site (release lane) and their build (native lane)"
  wait_for "$e2e_built" "the browser tests' build" "$native"
  wait_for "$dist_built" "the release build" "$release"
  step "browser end-to-end tests in a network namespace, one at a time: ${netns_tests[*]}"
  e2e --exact "${netns_tests[@]}" --test-threads=1
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
lane table table_lane &
table=$!
failed=()
wait "$native" || failed+=(native)
wait "$release" || failed+=(release)
wait "$table" || failed+=(table)
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
