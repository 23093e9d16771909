#!/usr/bin/env bash
# Trunk post_build hook step (scripts/post-build.sh runs it first): code splitting, which Trunk 0.22 cannot do.
# Trunk has built the wasm (linked with --emit-relocs by build.rs) and run wasm-bindgen on it, without wasm-opt
# (index.html: data-wasm-opt="0"). This step redoes the rest from cargo's wasm, in the order cargo-leptos uses:
#   1. wasm-split-cli (wasm_split_cli_support, pinned in Trunk.toml) cuts each `#[wasm_split]` function of
#      src/screens/split.rs, and what only it needs, into a chunk .wasm; writes the main module and __wasm_split.js
#      (the chunk loader, which the main module imports);
#   2. wasm-bindgen (Trunk's pinned version) on the main module with --keep-lld-exports (the chunks link against
#      the main module's exports) and --no-demangle, as Trunk runs it otherwise (--target web --no-typescript);
#   3. wasm-opt -Oz on the main module and on every chunk, and terser on the main JS (release builds only, as
#      Trunk's own wasm-opt);
#   4. the results replace Trunk's .js / _bg.wasm in the staging directory under Trunk's (content-hashed) names,
#      with index.html's integrity hashes updated; chunks and loader get content-hashed names too.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/env.sh
dir="${TRUNK_STAGING_DIR:?run this as a Trunk post_build hook (TRUNK_STAGING_DIR is unset)}"
profile="${TRUNK_PROFILE:-debug}"
die() { echo "wasm-split: $*" >&2; exit 1; }

target_dir="$(cargo metadata --format-version 1 --no-deps | node -e \
  'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')"
input="$target_dir/wasm32-unknown-unknown/$profile/dicetray-app.wasm"
[ -f "$input" ] || die "$input missing (did Trunk build the dicetray-app binary?)"
mapfile -t js < <(cd "$dir" && ls dicetray-app-*.js)
mapfile -t wasm < <(cd "$dir" && ls dicetray-app-*_bg.wasm)
[ "${#js[@]}" = 1 ] && [ "${#wasm[@]}" = 1 ] || die "expected one dicetray-app-*.js and one *_bg.wasm in $dir"
stem="${js[0]%.js}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
wasm-split-cli "$input" "$work/split" --out-name "$stem"
wasm-bindgen --target=web --no-typescript --keep-lld-exports --no-demangle \
  --out-dir="$work/bindgen" --out-name="$stem" "$work/split/$stem.wasm"
mapfile -t chunks < <(cd "$work/split" && ls *.wasm | grep -vx "$stem.wasm")
[ "${#chunks[@]}" -gt 0 ] || die "no chunks: are the #[wasm_split] functions still there?"
# One wasm-opt per file, as many at once as there are cores: the pinned wasm-opt is binaryen's npm build, whose
# start-up under Node (about 0.8 s) outweighs the work on most of the ~100 small chunks. It warns once per chunk
# about the name subsection 3 (local names) that wasm-split-cli writes; those lines are dropped.
if [ "$profile" = release ]; then
  printf '%s\0' "$work/bindgen/${stem}_bg.wasm" "${chunks[@]/#/$work/split/}" \
    | xargs -0 -n 1 -P "$(nproc)" sh -c 'wasm-opt -Oz --output="$1" "$1"' wasm-opt \
    2> >(grep -v '^warning: unknown name subsection with id 3 at' >&2)
fi

# Release builds minify wasm-bindgen's JS glue with terser (pinned in Trunk.toml, installed by scripts/tools.sh):
# 8.9 -> 6.7 KB gzip; Trunk's own minifier never sees it, since this step replaces Trunk's file. The chunk loader
# stays as written (0.7 KB more): bench/budget reads which chunks each screen fetches from its comments.
minify() { terser "$1" --module --compress --mangle --output "$1.min" && mv "$1.min" "$1"; }
hash16() { sha256sum "$1" | cut -c1-16; }
sri() { echo "sha384-$(openssl dgst -sha384 -binary "$1" | openssl base64 -A)"; }
loader="$work/split/__wasm_split.js"
for c in "${chunks[@]}"; do
  named="${c%.wasm}-$(hash16 "$work/split/$c").wasm"
  cp "$work/split/$c" "$dir/$named"
  grep -q "\"./$c\"" "$loader" || die "__wasm_split.js does not name ./$c"
  sed -i "s|\"\\./$c\"|\"./$named\"|g" "$loader"
done
loader_name="__wasm_split-$(hash16 "$loader").js"
cp "$loader" "$dir/$loader_name"
main_js="$work/bindgen/$stem.js"
grep -q '^import \* as import[0-9]* from "\./__wasm_split\.js"' "$main_js" \
  || die "$stem.js does not import ./__wasm_split.js"
# Only the imports' URLs change; the imports object keeps the wasm's module name "./__wasm_split.js".
sed -i "s|^\(import \* as import[0-9]* from \)\"\./__wasm_split\.js\"|\1\"./$loader_name\"|" "$main_js"
if [ "$profile" = release ]; then minify "$main_js"; fi

old_js_sri="$(sri "$dir/${js[0]}")" old_wasm_sri="$(sri "$dir/${wasm[0]}")"
cp "$main_js" "$dir/${js[0]}"
cp "$work/bindgen/${stem}_bg.wasm" "$dir/${wasm[0]}"
html="$dir/index.html"
for pair in "$old_js_sri $(sri "$dir/${js[0]}")" "$old_wasm_sri $(sri "$dir/${wasm[0]}")"; do
  set -- $pair
  grep -qF "integrity=\"$1\"" "$html" || die "index.html lacks the integrity $1 Trunk wrote"
  sed -i "s|integrity=\"$1\"|integrity=\"$2\"|" "$html"
done
echo "wasm-split: ${#chunks[@]} chunk(s) + $loader_name; main ${wasm[0]} $(wc -c <"$dir/${wasm[0]}") B"
