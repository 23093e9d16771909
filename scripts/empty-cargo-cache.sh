#!/usr/bin/env bash
# Runs a command as on a machine whose cargo cache is empty: CARGO_HOME is a new temporary folder holding only links
# to the tool binaries already installed (rustup's proxies, Trunk, wasm-bindgen) and cargo's list of
# installed crates, so no tool is rebuilt but every crate the command needs must be fetched by the command itself.
# A build step that relies on crates an earlier build left in the cache (#15: the release build once did) fails here
# instead of on a newcomer's machine. `.ci/run` runs `make test` this way. The folder is removed afterwards.
# Usage: scripts/empty-cargo-cache.sh COMMAND [ARGS...]
set -euo pipefail
# DICETRAY_EMPTY_CARGO_HOME names the folder to use instead of a new temporary one (emptied first): `.ci/run` keeps
# the path the same from run to run, so its kept compiled dependencies stay valid (the registry's path is part of
# the release build's flags).
real="${CARGO_HOME:-$HOME/.cargo}"
if [ -n "${DICETRAY_EMPTY_CARGO_HOME:-}" ]; then
  fresh="$DICETRAY_EMPTY_CARGO_HOME"
  rm -rf "$fresh"
  mkdir -p "$fresh"
else
  fresh="$(mktemp -d -t dicetray-cargo-home.XXXXXX)"
fi
trap 'rm -rf "$fresh"' EXIT
mkdir "$fresh/bin"
for tool in "$real"/bin/*; do ln -s "$tool" "$fresh/bin/"; done
for file in .crates.toml .crates2.json; do
  if [ -f "$real/$file" ]; then cp "$real/$file" "$fresh/"; fi
done
echo "empty-cargo-cache: CARGO_HOME=$fresh (tools linked from $real/bin, no registry, no git checkouts)" >&2
CARGO_HOME="$fresh" PATH="$fresh/bin:$PATH" "$@"
