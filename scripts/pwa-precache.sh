#!/usr/bin/env bash
# Trunk post_build hook (see Trunk.toml): writes the precache list and the build id into the staged service worker.
# Runs on every `trunk build` / `trunk serve` build, in the staging directory Trunk then moves to dist/.
#   BUILD    = first 16 hex digits of a SHA-256 over every staged file's path and content, so a deploy that changes
#              any byte is a new service worker, hence a new cache and the "new version" banner;
#   PRECACHE = "./" (the app shell, index.html) and every staged file but sw.js, index.html and robots.txt.
set -euo pipefail
dir="${TRUNK_STAGING_DIR:?run this as a Trunk post_build hook (TRUNK_STAGING_DIR is unset)}"
sw="$dir/sw.js"
[ -f "$sw" ] || { echo "pwa-precache: $sw missing (is public/ copied to the dist root?)" >&2; exit 1; }
cd "$dir"
mapfile -t files < <(find . -type f ! -name sw.js | sed 's|^\./||' | LC_ALL=C sort)
build="$(for f in "${files[@]}"; do printf '%s  %s\n' "$(sha256sum <"$f" | cut -d' ' -f1)" "$f"; done \
  | sha256sum | cut -c1-16)"
list='"./"'
for f in "${files[@]}"; do
  case "$f" in index.html | robots.txt) ;; *) list="$list, \"$f\"" ;; esac
done
grep -qx 'const BUILD = "dev";' "$sw" && grep -qx 'const PRECACHE = \[\];' "$sw" \
  || { echo "pwa-precache: $sw lacks the BUILD/PRECACHE placeholder lines" >&2; exit 1; }
awk -v build="$build" -v list="$list" '
  $0 == "const BUILD = \"dev\";" { print "const BUILD = \"" build "\";"; next }
  $0 == "const PRECACHE = [];" { print "const PRECACHE = [" list "];"; next }
  { print }' "$sw" >"$sw.tmp"
mv "$sw.tmp" "$sw"
echo "pwa-precache: sw.js build $build, ${#files[@]} files precached"
