#!/usr/bin/env bash
# Builds the app and serves it on http://127.0.0.1:8080, rebuilding on every change.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/tools.sh
. scripts/env.sh
# Trunk runs cargo offline (Trunk.toml): fetch the locked crates first, as scripts/build-release.sh does, so that a
# brand-new machine's cargo cache has them.
cargo fetch --locked
# The address and port Trunk writes into its auto-reload script, which the Content-Security-Policy must allow: when the
# command line overrides Trunk.toml's [serve] values, the build's post-build step (crates/xtask/src/csp.rs) is told.
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  case "${args[i]}" in
    --port=*) export DICETRAY_SERVE_PORT="${args[i]#--port=}" ;;
    --port) export DICETRAY_SERVE_PORT="${args[i + 1]:-}" ;;
    --address=*) export DICETRAY_SERVE_ADDRESS="${args[i]#--address=}" ;;
    -a | --address) export DICETRAY_SERVE_ADDRESS="${args[i + 1]:-}" ;;
  esac
done
exec trunk serve "$@"
