#!/usr/bin/env bash
# Draws one SVG per preset into examples/gallery/<style>.svg, each mid-motion (3.35 cards in,
# so a card is on its way between two rest positions and the style's character shows).
#
# Uses `cardstack frame --svg`, the renderer of `cardstack snapshot`, with no daemon.
# The binary comes from $CARDSTACK_BIN_DIR (default .build/debug), as in the tests:
#   CARDSTACK_BIN_DIR=$(swift build --show-bin-path) examples/gallery.sh
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
bin=${CARDSTACK_BIN_DIR:-$repo/.build/debug}
out=$repo/examples/gallery
position=3.35   # cards from the start: between card 3 and card 4
mkdir -p "$out"

for preset in "$repo"/Config/presets/*.toml; do
    style=$(basename "$preset" .toml)
    # The preset's `spacing` (points per card) in its [layout] table.
    spacing=$(awk -F= '/^\[/{table=$0} table=="[layout]" && $1~/^spacing *$/{gsub(/ /,"",$2); print $2; exit}' "$preset")
    offset=$(awk -v s="$spacing" -v p="$position" 'BEGIN{printf "%.4f", s * p}')
    "$bin/cardstack" frame --config "$preset" --offset "$offset" --svg "$out/$style.svg"
    echo "$style: offset $offset -> examples/gallery/$style.svg"
done
