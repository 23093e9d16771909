#!/usr/bin/env bash
# Trunk post_build hook (see Trunk.toml): the wasm code splitting first (it rewrites the app's .js/.wasm and
# index.html's integrity hashes), then the wasm fetch moved after the first paint (scripts/start-after-paint.mjs),
# then the CSP meta (it hashes the inline scripts, so it comes after every change to them), then the service
# worker's precache list (whose build id hashes the final files, chunks included).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/wasm-split.sh
node scripts/start-after-paint.mjs
node scripts/csp.mjs
bash scripts/pwa-precache.sh
