#!/usr/bin/env bash
# Usage: scripts/plot-results.sh [WORK_DIR]   (default: build/results)
# Regenerates the figures of docs/results/ (docs/results/figures/*.svg): plays each
# experiment those pages report (`kripkesim batch`, skipped when WORK_DIR already holds its
# complete results), plus one logged game per page, and draws them with scripts/plot.sh.
# The experiments are those of the pages, with their seeds, so the figures show the
# games the tables count. With 2 cores the whole run takes about half an hour, most of it
# Sleuth's experiments.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$root/build/results}"
figures="$root/docs/results/figures"
mkdir -p "$work" "$figures"

bash "$root/scripts/build.sh" default --run-only >&2
kripkesim="$root/build/default/kripkesim"
jobs="$(nproc 2>/dev/null || echo 2)"

# An experiment's results, played unless already complete.
results() {
  local name="$1" config="$root/configs/experiments/$1.json"
  if ! grep -q '"complete": true' "$work/$name.json" 2>/dev/null; then
    "$kripkesim" batch "$config" --jobs "$jobs" --no-progress --out "$work/$name.json" >&2
  fi
  bash "$root/scripts/plot.sh" results "$work/$name.json" "$figures/$name"
}

# One game of a config, logged, and the worlds its players consider possible.
logged_game() {
  local name="$1" config="$2" seed="$3"
  "$kripkesim" run "$root/$config" --seed "$seed" --log "$work/$name.jsonl" >/dev/null
  bash "$root/scripts/plot.sh" log "$work/$name.jsonl" "$figures/$name-worlds.svg"
}

for experiment in clue-vs-random clue-round-robin clue-vs-random-original nine-card-agents \
  number-9-conditions sleuth-engines sleuth-info-gain; do
  results "$experiment"
done
logged_game clue configs/clue.json 1
logged_game nine-card configs/nine-card.json 1
logged_game number configs/number.json 1
logged_game sleuth-12 configs/sleuth-12.json 1
