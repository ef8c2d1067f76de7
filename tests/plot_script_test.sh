#!/usr/bin/env bash
# Usage: tests/plot_script_test.sh KRIPKESIM SCRATCH_DIR
# scripts/plot.py on a small batch's results, a tournament's standings and one game's log: each figure is written,
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
# The output folder does not exist yet: plot.py makes it.
"$python" "$root/scripts/plot.py" results "$dir/results.json" "$dir/figures/new/clue"
for figure in wins strategies rounds; do
  [[ -s "$dir/figures/new/clue-$figure.svg" ]] || fail "no clue-$figure.svg"
  grep -q '<svg' "$dir/figures/new/clue-$figure.svg" || fail "clue-$figure.svg is not SVG"
  mv "$dir/figures/new/clue-$figure.svg" "$dir/clue-$figure.svg"
done
# The wins' title gives the conditions' game counts as they are: a range when they differ.
"$python" - "$dir/results.json" "$dir/uneven.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))
for k, c in enumerate(results["summary"]["conditions"]):
    c["games"] = 63 if k == 0 else 15
json.dump(results, open(sys.argv[2], "w"))
PY
"$python" "$root/scripts/plot.py" results "$dir/uneven.json" "$dir/uneven"
grep -q "15–63 games per condition" "$dir/uneven-wins.svg" || fail "the wins' title miscounts games"
grep -q "(63)" "$dir/uneven-wins.svg" || fail "the first condition's label lacks its count"
logs=("$dir"/logs/*.jsonl)  # a glob, not ls | head: head's early exit would fail the pipe
log="${logs[0]}"
"$python" "$root/scripts/plot.py" log "$log" "$dir/worlds.svg"
grep -q 'player 3' "$dir/worlds.svg" || fail "worlds.svg lacks player 3's line"
# The same input, the same file.
cp "$dir/worlds.svg" "$dir/worlds-first.svg"
"$python" "$root/scripts/plot.py" log "$log" "$dir/worlds.svg"
cmp -s "$dir/worlds.svg" "$dir/worlds-first.svg" || fail "two runs drew different files"

# PNG, for image viewers: a log's figure named *.png, and --format png for a batch's.
"$python" "$root/scripts/plot.py" log "$log" "$dir/worlds.png"
head -c 8 "$dir/worlds.png" | od -An -c | grep -q 'P   N   G' || fail "worlds.png is not a PNG"
"$python" "$root/scripts/plot.py" --format png results "$dir/results.json" "$dir/png/clue"
for figure in wins strategies rounds; do
  head -c 8 "$dir/png/clue-$figure.png" | od -An -c | grep -q 'P   N   G' ||
    fail "clue-$figure.png is not a PNG"
done
cp "$dir/worlds.png" "$dir/worlds-first.png"
"$python" "$root/scripts/plot.py" log "$log" "$dir/worlds.png"
cmp -s "$dir/worlds.png" "$dir/worlds-first.png" || fail "two runs drew different PNG files"

# A tournament's standings: every entrant named, from the standings or the results file.
"$kripkesim" tournament "$root/configs/tournaments/clue-strategies.json" --rounds 1 \
  --no-progress --standings "$dir/standings.json" --out "$dir/tournament.json" >/dev/null
for source in standings tournament; do
  "$python" "$root/scripts/plot.py" standings "$dir/$source.json" "$dir/$source.svg"
  for entrant in info-gain reasoning not-own random; do
    grep -q ">$entrant<" "$dir/$source.svg" || fail "$source.svg lacks $entrant"
  done
done

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
