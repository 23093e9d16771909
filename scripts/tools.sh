#!/usr/bin/env bash
# Installs whatever the build needs and is missing; quick (a few version checks) when all is present.
#   scripts/tools.sh          the build tools: wasm32 target, Trunk, wasm-bindgen-cli, wasm-opt
#   scripts/tools.sh --browser   also the browsers and their drivers for the browser tests: Chromium + chromedriver,
#                                Firefox ESR, WebKitGTK's WebKitWebDriver and Xvfb (Debian packages), geckodriver
#                                (crates.io, at the version pinned below)
# Every version is pinned in one place: Trunk.toml (trunk-version, [tools]), geckodriver's here (below); wasm-bindgen-cli must also equal
# the wasm-bindgen in Cargo.lock, which this script checks. Everything else the build runs after cargo (code
# splitting, minification, hashes) is crates/xtask, which cargo builds from Cargo.lock like any crate.
# Source it (`. scripts/tools.sh`) or run it; either way it prints the PATH additions it needs in scripts/env.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
say() { printf '\033[1mtools:\033[0m %s\n' "$*" >&2; }
die() { printf 'tools: error: %s\n' "$*" >&2; exit 1; }

toml_value() { # toml_value KEY -> the quoted string value of KEY in Trunk.toml
  sed -n "s/^$1 *= *\"\\(.*\\)\"/\\1/p" Trunk.toml | head -n1
}
trunk_version="$(toml_value trunk-version)"; trunk_version="${trunk_version#=}"
bindgen_version="$(toml_value wasm_bindgen)"
wasm_opt_version="$(toml_value wasm_opt)"; wasm_opt_version="${wasm_opt_version#version_}"
lock_bindgen="$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/version = |"/,""); print; exit}' Cargo.lock)"
[ -n "$trunk_version" ] && [ -n "$bindgen_version" ] && [ -n "$wasm_opt_version" ] \
  || die "Trunk.toml must pin trunk-version, [tools] wasm_bindgen and wasm_opt"
[ "$bindgen_version" = "$lock_bindgen" ] || die "Trunk.toml pins wasm_bindgen = $bindgen_version but Cargo.lock has wasm-bindgen $lock_bindgen; make them equal"

export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$root/.tools/node_modules/.bin:$PATH"
command -v rustup >/dev/null || die "rustup not found: install Rust with rustup (https://rustup.rs) first"
# The toolchain rust-toolchain.toml pins, installed explicitly: a machine whose only toolchain is "stable" does not
# have it under that name, and rustup does not install it by itself where RUSTUP_AUTO_INSTALL=0 (as on our
# machines), so the first cargo command would fail.
toolchain="$(sed -n 's/^channel *= *"\(.*\)"/\1/p' rust-toolchain.toml)"
[ -n "$toolchain" ] || die "rust-toolchain.toml names no channel"
if ! rustup toolchain list | grep -q "^$toolchain-"; then
  say "installing Rust $toolchain (rust-toolchain.toml: with rustfmt, clippy and the wasm32 target)"
  rustup toolchain install --no-self-update
fi

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if [ "$(trunk --version 2>/dev/null || true)" != "trunk $trunk_version" ]; then
  say "installing Trunk $trunk_version (about 6 minutes on 2 quiet cores, once)"
  # 0.22.x declares a newer rust-version than it needs; it builds and runs on 1.95. Built unoptimised (the dev
  # profile, without debug info): Trunk only starts cargo, wasm-bindgen and our post-build step and copies a few
  # files, so an optimised Trunk saves nothing a build can measure (a whole release build with nothing to compile
  # took 4.1 to 5.8 s with either, and wrote byte-identical files), while optimising it was the longest step of a new
  # machine's setup: 1,482 CPU-seconds with its release profile even without its fat LTO, 633 unoptimised
  # (bench/README.md, "Installing Trunk on a new machine").
  CARGO_PROFILE_DEV_DEBUG=0 \
    cargo install --locked --ignore-rust-version --debug trunk --version "$trunk_version"
fi

if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $bindgen_version" ]; then
  say "installing wasm-bindgen-cli $bindgen_version (about 3 minutes, once)"
  # Not --locked: its lockfile pins a crate version the registry no longer serves.
  cargo install wasm-bindgen-cli --version "=$bindgen_version"
fi

if ! wasm-opt --version 2>/dev/null | grep -q "version $wasm_opt_version"; then
  command -v npm >/dev/null || die "npm not found: install Node.js (apt-get install nodejs npm) for wasm-opt"
  say "installing wasm-opt $wasm_opt_version (npm binaryen@$wasm_opt_version) into .tools/"
  npm install --silent --no-audit --no-fund --prefix "$root/.tools" "binaryen@$wasm_opt_version"
fi

# npm_pinned PACKAGE VERSION WHAT: PACKAGE at VERSION in .tools/npm (installed unless that version is there), for WHAT.
npm_pinned() {
  local installed
  installed="$(sed -n 's/^  "version": "\(.*\)",/\1/p' "$root/.tools/npm/node_modules/$1/package.json" 2>/dev/null || true)"
  if [ "$installed" != "$2" ]; then
    command -v npm >/dev/null || die "npm not found: install Node.js (apt-get install nodejs npm) for $3"
    say "installing $1 $2 (npm) into .tools/npm"
    npm install --silent --no-audit --no-fund --prefix "$root/.tools/npm" "$1@$2"
  fi
}

# The notation conformance suite (crates/rules/tests/conformance.rs, run by `cargo test`) compares with
# rpg-dice-roller at the version pinned there; bench/compare uses the same copy.
rpg_version="$(sed -n 's/^const RPG_VERSION: &str = "\(.*\)";/\1/p' crates/rules/tests/conformance.rs)"
npm_pinned @dice-roller/rpg-dice-roller "$rpg_version" "the conformance suite"

if [ "${1:-}" = "--browser" ]; then
  # The browser tests' accessibility checks (tests/e2e/a11y.rs) run axe-core at the version pinned there.
  axe_version="$(sed -n 's/^pub const AXE_VERSION: &str = "\(.*\)";/\1/p' tests/e2e/a11y.rs)"
  npm_pinned axe-core "$axe_version" "the accessibility checks"
  # The browsers (tests/e2e/browsers.rs drives Firefox ESR and WebKitGTK besides Chromium), as Debian packages.
  browsers=()
  command -v chromium >/dev/null || browsers+=(chromium)
  command -v chromedriver >/dev/null || browsers+=(chromium-driver)
  # Chromium's headless shell, which every Chromium suite runs in (tests/e2e/harness/driver.rs), installed with
  # chromium and chromedriver so that apt keeps the three at one version (chromedriver drives its own version only).
  command -v chromium-headless-shell >/dev/null || browsers+=(chromium chromium-driver chromium-headless-shell)
  command -v firefox-esr >/dev/null || browsers+=(firefox-esr)
  command -v WebKitWebDriver >/dev/null || browsers+=(webkit2gtk-driver)
  command -v Xvfb >/dev/null || browsers+=(xvfb)
  if [ ${#browsers[@]} -gt 0 ]; then
    [ "$(id -u)" = 0 ] || die "browsers missing: run 'sudo apt-get install -y ${browsers[*]}'"
    say "installing ${browsers[*]} (Debian packages; about 1.5 minutes for Firefox, WebKitGTK and Xvfb)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${browsers[@]}" >/dev/null
  fi
  # geckodriver (Firefox's WebDriver server) is not packaged by Debian; crates.io has it.
  geckodriver_version="0.37.0"
  if [ "$(geckodriver --version 2>/dev/null | head -n1)" != "geckodriver $geckodriver_version" ]; then
    say "installing geckodriver $geckodriver_version (about 2 minutes, once)"
    # Unoptimised, as Trunk: it only relays the tests' WebDriver commands to Firefox, and compiling it took a new
    # machine 98 s (176 CPU-seconds) against 187 s (349) optimised (bench/README.md, "Tools a new machine compiles").
    CARGO_PROFILE_DEV_DEBUG=0 cargo install --locked --debug geckodriver --version "=$geckodriver_version"
  fi
  # The lossy-network fault test (tests/e2e/table_faults.rs) queues the relay's packets to itself with iptables.
  if ! command -v iptables >/dev/null; then
    [ "$(id -u)" = 0 ] || die "iptables is missing: run 'sudo apt-get install -y iptables'"
    say "installing iptables (Debian package)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq iptables >/dev/null
  fi
fi
say "all tools present (trunk $trunk_version, wasm-bindgen $bindgen_version, wasm-opt $wasm_opt_version, rpg-dice-roller $rpg_version)"
