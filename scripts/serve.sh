#!/usr/bin/env bash
# Builds the app and serves it on http://127.0.0.1:8080, rebuilding on every change.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/tools.sh
. scripts/env.sh
exec trunk serve "$@"
