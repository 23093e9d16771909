# Sourced by the other scripts: puts the project's tools on PATH.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$root/.tools/node_modules/.bin:$PATH"
