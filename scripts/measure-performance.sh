#!/usr/bin/env bash
# Usage: scripts/measure-performance.sh [--large]
# Reruns every measurement in docs/performance.md, in the order of its sections, on the
# Release build (built first if needed), and prints the machine's load before and after
# each part so a reader can tell an idle run from a shared one. Every row of the bench
# tables gives the CPU-time median (user + sys) and the wall-time median, min and max;
# whole commands are timed with /usr/bin/time (wall, user, sys, peak memory).
# --large adds the muddy children with 24 and 26 children (16.7 and 67 million worlds:
# 2 and 10 s, 0.1 and 0.45 GiB of memory).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

large=false
for arg in "$@"; do
  case "$arg" in
    --large) large=true ;;
    *) echo "measure-performance: unknown option '$arg'" >&2; exit 2 ;;
  esac
done

bash scripts/build.sh default --run-only >&2
[[ -x /usr/bin/time ]] || apt-get install -y time >&2
k="$root/build/default/kripkesim"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

load() { echo "-- load: $(cut -d' ' -f1-3 /proc/loadavg) ($1)"; }
timed() {  # a whole command, three times; its own output is dropped
  local label="$1"; shift
  for run in 1 2 3; do
    /usr/bin/time -o "$out/time" -f "$label run $run: wall %e s, user %U s, sys %S s, peak %M KiB" \
      "$@" >/dev/null 2>&1
    cat "$out/time"
  done
}

echo "kripkesim $("$k" --version) on $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"

load "muddy"
"$k" bench muddy-12 muddy-20 muddy-listed-20 muddy-scaling
if $large; then
  "$k" bench muddy-24
  "$k" bench muddy-26
fi

load "number"
"$k" bench number-build number-conditions number-all-deals
timed "number 68,040 games, 2 jobs" \
  "$k" batch configs/experiments/number-9-conditions.json --jobs 2 --out "$out/number.json"

load "clue"
"$k" bench clue-build clue-info-gain clue-random clue-10k
ig="$out/clue-ig.json"
python3 - configs/clue.json "$ig" <<'EOF'
import json, sys
config = json.load(open(sys.argv[1]))
config["agents"] = [{"strategy": "info-gain"}] * 3
json.dump(config, open(sys.argv[2], "w"))
EOF
for seed in 1 2 3; do
  /usr/bin/time -o "$out/time" -f "clue run, three info-gain players, seed $seed: wall %e s, peak %M KiB" \
    "$k" run "$ig" --seed "$seed" >/dev/null 2>&1
  cat "$out/time"
done

load "cluedo"
"$k" bench cluedo-grid-3 cluedo-grid-6 cluedo-careful cluedo-info-gain
timed "cluedo 1000 games of three info-gain players, 2 jobs" \
  "$k" batch configs/experiments/cluedo-speed.json --jobs 2 --out "$out/cluedo.json"

load "nine-card"
timed "nine-card 10,000 games, 2 jobs" \
  "$k" batch configs/experiments/nine-card-speed.json --jobs 2 --out "$out/nine.json"
"$k" bench nine-card-games nine-card-parts

load "sleuth"
"$k" bench sleuth-game sleuth-count sleuth-info-gain
timed "sleuth 1000 games, 2 jobs" \
  "$k" batch configs/experiments/sleuth-speed.json --jobs 2 --out "$out/sleuth.json"

load "models"
"$k" bench model-sum-and-product model-large scenario-sum-and-product

load "symbolic engine"
"$k" bench symbolic-muddy-12 symbolic-muddy-40 symbolic-muddy-100 symbolic-muddy-scaling \
  symbolic-sum-and-product scenario-sum-and-product-engines

load "what run costs"
"$k" bench run-muddy
echo "(SMCDEL side by side: scripts/compare-smcdel.sh, which builds SMCDEL first)"

load "the seat protocol"
"$k" bench arena-clue --repeat 21
"$k" bench arena-requests
"$k" bench python-clue

load "gossip (game language)"
"$k" bench gossip-lns-6 gossip-plan-6 gossip-sequences-4

load "tournaments"
timed "clue-arena tournament, 1008 games, 2 jobs" \
  "$k" tournament configs/tournaments/clue-arena.json --allow-programs --jobs 2 --no-progress \
  --out "$out/arena.json"
for shard in 1 2; do
  "$k" tournament configs/tournaments/clue-arena.json --allow-programs --jobs 2 --no-progress \
    --shard "$shard/2" --out "$out/arena-$shard.json" >/dev/null 2>&1
done
"$k" merge "$out/arena-1.json" "$out/arena-2.json" --out "$out/arena-merged.json" >/dev/null
python3 - "$out/arena.json" "$out/arena-merged.json" <<'PY'
import json, sys
whole, merged = (json.load(open(f)) for f in sys.argv[1:])
same = whole["games"] == merged["games"] and whole["standings"] == merged["standings"]
print("sharded and merged:", "the same games and standings" if same else "DIFFERENT")
PY

load "batch speed-up"
for jobs in 1 2; do
  timed "muddy batch, $jobs job(s)" \
    "$k" batch configs/experiments/muddy-batch-speed.json --jobs "$jobs" --out "$out/speed.json"
done
load "end"
