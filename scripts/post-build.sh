#!/usr/bin/env bash
# Trunk post_build hook (see Trunk.toml): the CSP meta first, then the service worker's precache list (whose build id
# hashes the final index.html).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
node scripts/csp.mjs
bash scripts/pwa-precache.sh
