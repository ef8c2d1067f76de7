#!/usr/bin/env bash
# Usage: scripts/draw-figures.sh [OUTPUT_DIR]   (default: docs/figures)
# Redraws the figures of docs/games/ from kripkesim's own models, as SVG through Graphviz
# (installed if missing, with scripts/install-deps.sh draw):
# - Clue: the 3-world example of ClueModel's pages (candle, dagger | rope, Scarlet |
#   Mustard, Green | wrench, Plum, and two deals that players 1 and 3 cannot tell from it)
#   before and after each of the pages' figures 2 to 4;
# - the muddy children, 3 children, 2 and 3 muddy: before the father, after him, and after
#   one "nobody knows".
# Each drawing is one `kripkesim draw` of a bundled scenario at a step; the Clue ones keep
# only the example's three deals of the whole 1440-world model (--where).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/docs/figures}"
mkdir -p "$out"

bash "$root/scripts/install-deps.sh" draw
# $KRIPKESIM: a kripkesim already built (the test suite's); otherwise build one.
if [[ -z "${KRIPKESIM:-}" ]]; then
  bash "$root/scripts/build.sh" default --run-only >&2
fi
kripkesim="${KRIPKESIM:-$root/build/default/kripkesim}"

draw() {
  local name="$1"
  shift
  "$kripkesim" draw "$@" --format svg --out "$out/$name.svg"
  echo "draw-figures: $out/$name.svg" >&2
}

# The three deals of the example: the actual one, one that 3 cannot tell from it (3 holds
# Mustard and Green in both), one that 1 cannot (1 holds candle and dagger in both).
actual='has(1,candle) & has(1,dagger) & has(2,rope) & has(2,Scarlet) & has(3,Mustard) & has(3,Green)'
three_unsure='has(1,dagger) & has(1,Scarlet) & has(2,candle) & has(2,rope) & has(3,Mustard) & has(3,Green)'
one_unsure='has(1,candle) & has(1,dagger) & has(2,rope) & has(2,Green) & has(3,Scarlet) & has(3,Mustard)'
example="($actual) | ($three_unsure) | ($one_unsure)"
scenarios="$root/configs/scenarios"

draw clue-example "$scenarios/clue-pages-fig3.json" --step 0 --where "$example" \
  --title "ClueModel's 3-world example: the actual deal (double outline) and two others"
# Figure 2: 3 first learns that 1 holds the dagger (steps 0-4), then 2 shows Scarlet.
draw clue-fig2-before "$scenarios/clue-pages-fig2.json" --step 5 --where "$example" \
  --title "Figure 2, before: player 3 knows that player 1 holds the dagger"
draw clue-fig2-after "$scenarios/clue-pages-fig2.json" --step 6 --where "$example" \
  --title "Figure 2, after 1 asks 2 {dagger, Scarlet} and 2 shows Scarlet"
# Figure 3: 3 does not know that 1 holds the candle; 2 shows Scarlet.
draw clue-fig3-after "$scenarios/clue-pages-fig3.json" --step 2 --where "$example" \
  --title "Figure 3, after 1 asks 2 {candle, Scarlet} and 2 shows Scarlet"
# Figure 4: 2 holds neither the candle nor Green.
draw clue-fig4-after "$scenarios/clue-pages-fig4.json" --step 2 --where "$example" \
  --title "Figure 4, after 1 asks 2 {candle, Green} and 2 shows nothing"

muddy="$root/configs/models/muddy-children-model.json"
draw muddy-3-start "$muddy" --step 3 --title "3 children, 2 and 3 muddy: before the father"
draw muddy-3-father "$muddy" --step 4 --title "After the father: at least one of you is muddy"
draw muddy-3-nobody-knows "$muddy" --step 10 --title "After one round of: nobody knows"
