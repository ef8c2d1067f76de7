#!/usr/bin/env bash
# Usage: tests/plot_script_test.sh KRIPKESIM SCRATCH_DIR
# scripts/plot.py on a small batch's results and on one game's log: each figure is written,
# is SVG, and shows what it should (every condition's name, every player's name); bad input
# exits 2 with a message. Skipped (exit 77) when the system's Python has no matplotlib.
set -euo pipefail
kripkesim="$1"
dir="$2"
root="$(cd "$(dirname "$0")/.." && pwd)"
python=/usr/bin/python3
if ! "$python" -c 'import matplotlib' 2>/dev/null; then
  echo "plot test skipped: $python cannot import matplotlib (scripts/install-deps.sh plot)"
  exit 77
fi
rm -rf "$dir"
mkdir -p "$dir"
fail() { echo "plot test: $*" >&2; exit 1; }

"$kripkesim" batch "$root/configs/experiments/clue-vs-random.json" --shard 1/250 --jobs 1 \
  --no-progress --out "$dir/results.json" --log-dir "$dir/logs" >/dev/null
"$python" "$root/scripts/plot.py" results "$dir/results.json" "$dir/clue"
for figure in wins strategies rounds; do
  [[ -s "$dir/clue-$figure.svg" ]] || fail "no clue-$figure.svg"
  grep -q '<svg' "$dir/clue-$figure.svg" || fail "clue-$figure.svg is not SVG"
done
for condition in random not-own one-own unknown one-unknown reasoning info-gain; do
  grep -q ">$condition<\|$condition" "$dir/clue-wins.svg" || fail "clue-wins.svg lacks $condition"
done
logs=("$dir"/logs/*.jsonl)  # a glob, not ls | head: head's early exit would fail the pipe
log="${logs[0]}"
"$python" "$root/scripts/plot.py" log "$log" "$dir/worlds.svg"
grep -q 'player 3' "$dir/worlds.svg" || fail "worlds.svg lacks player 3's line"
# The same input, the same file.
cp "$dir/worlds.svg" "$dir/worlds-first.svg"
"$python" "$root/scripts/plot.py" log "$log" "$dir/worlds.svg"
cmp -s "$dir/worlds.svg" "$dir/worlds-first.svg" || fail "two runs drew different files"

# Bad input: exit 2 and one message.
echo '{"v":1,"event":"end"}' >"$dir/bad.jsonl"
set +e
"$python" "$root/scripts/plot.py" log "$dir/bad.jsonl" "$dir/bad.svg" 2>"$dir/err"
code=$?
set -e
[[ $code == 2 ]] || fail "a log without a start event exited $code"
grep -q "no start event" "$dir/err" || fail "no message for a log without a start event"
[[ ! -e "$dir/bad.svg" ]] || fail "a figure was written for bad input"
echo "plot test: passed"
