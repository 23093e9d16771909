#!/usr/bin/env bash
# Builds the app and serves it on http://127.0.0.1:8080, rebuilding on every change.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/tools.sh
. scripts/env.sh
# The address Trunk writes into its auto-reload script, which scripts/csp.mjs must allow: Trunk.toml's [serve]
# address and port unless --address/--port say otherwise.
address=127.0.0.1 port=8080
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  case "${args[i]}" in
    --port=*) port="${args[i]#--port=}" ;;
    --port) port="${args[i + 1]:-$port}" ;;
    --address=*) address="${args[i]#--address=}" ;;
    -a | --address) address="${args[i + 1]:-$address}" ;;
  esac
done
export DICETRAY_SERVE_ADDRESS="$address:$port"
exec trunk serve "$@"
