#!/usr/bin/env bash
# Usage: scripts/run.sh [kripkesim arguments...]
# Installs and builds only what running needs (kripkesim itself, no test suite; output on
# stderr), then runs kripkesim with the given arguments; with none, plays the bundled Clue
# game (the deck of ClueModel's project page): `run configs/clue.json`.
# Relative paths in the arguments are taken from the directory you call this from, so
# `scripts/run.sh run my.json > log.jsonl` works anywhere; stdout is kripkesim's alone.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

bash "$root/scripts/build.sh" default --run-only >&2

if (( $# == 0 )); then
  cd "$root"
  set -- run configs/clue.json
fi
echo "run: kripkesim $*" >&2
exec "$root/build/default/kripkesim" "$@"
