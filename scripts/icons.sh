#!/usr/bin/env bash
# Renders the app icons (public/icons/*.png) from their SVG sources. The PNGs are committed; run this after
# changing public/icons/icon.svg or icon-maskable.svg. Needs rsvg-convert (Debian: apt-get install librsvg2-bin)
# and, for shrinking the PNGs, pngquant and optipng if present (apt-get install pngquant optipng). pngquant maps each
# icon to a palette of at most 256 colours at quality 90-100 (the flat artwork keeps a PSNR near 69 dB, no visible
# change) and roughly halves it: the apple-touch-icon, counted in bench/budget's first load, 4996 -> 2661 bytes.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../public/icons"
command -v rsvg-convert >/dev/null || { echo "icons: rsvg-convert missing: apt-get install librsvg2-bin" >&2; exit 1; }
render() { # render SVG SIZE OUT
  rsvg-convert --width "$2" --height "$2" --format png --output "$3" "$1"
  if command -v pngquant >/dev/null; then pngquant --quality 90-100 --speed 1 --strip --force --output "$3" "$3"; fi
  if command -v optipng >/dev/null; then optipng -quiet -o5 "$3"; fi
  echo "icons: $3 (${2}x$2, $(wc -c <"$3") bytes)"
}
render icon.svg 192 icon-192.png
render icon.svg 512 icon-512.png
render icon-maskable.svg 512 icon-maskable-512.png
render icon-maskable.svg 192 icon-maskable-192.png
render icon-maskable.svg 180 apple-touch-icon.png
