#!/usr/bin/env bash
# Usage: scripts/compare-smcdel.sh [--runs R] [--no-what-sum] [N ...]
#                                         (default N: 10 20 24 40 60 80 100)
#
# Runs kripkesim and SMCDEL (jrclogic/SMCDEL, Gattinger's symbolic model checker for DEL,
# on the CacBDD library through HasCacBDD) side by side.
# 1. The muddy children game, every child muddy: the father's announcement, then "nobody
#    knows" until the children know.
#   kripkesim      `kripkesim run` with the default engine, once with its transcript and
#                  once with the JSON Lines log (--format jsonl): what a user runs;
#   SMCDEL         scripts/compare-smcdel/MuddyChildren.hs, SMCDEL's S5 knowledge
#                  structures solved by its published method (one nested formula checked
#                  with evalViaBdd, as its bench/muddychildren.hs does) and incrementally
#                  (the structure updated with each announcement).
# 2. Models in a config (`kripkesim scenario`, default engine unless said):
#   the muddy children as a model, "nobody knows" written ~Kw{ci} mi and ~(K{ci} mi |
#   K{ci} ~mi) (n = the N above and 120), against SMCDEL's incremental method with Kw and
#   with K_i p | K_i ~p; What Sum at bound 500 (three numbers, one the sum of the others,
#   the four announcements of `kripkesim bench scenario-from-the-law`, true at 50, 20, 30)
#   and Russian cards (its bundled questions, on each engine of kripkesim) against
#   scripts/compare-smcdel/Models.hs, the same models as SMCDEL's examples write them.
#   What Sum runs once (SMCDEL takes one to three minutes); --no-what-sum leaves it out.
# Every command is timed with hyperfine (R runs, default 5; the whole process): each cell
# gives the CPU time (user + sys, the mean over the runs), which the machine's load hardly
# moves, and the median wall time after it. The ratio SMCDEL incremental / kripkesim is of
# CPU times minus each program's start-up (its CPU time at n = 2); the load is printed.
#
# SMCDEL is not a dependency of kripkesim and nothing here is copied into it. The script
# needs (and installs with apt-get when run as root): ghc, libghc-quickcheck2-dev,
# libghc-graphviz-dev, libghc-temporary-dev, libghc-tagged-dev, hyperfine. It builds
# SMCDEL's modules it needs with ghc directly (not cabal, whose other dependencies Debian
# does not package) from clones named by SMCDEL_SRC and HASCACBDD_SRC; when these are unset
# it clones https://github.com/jrclogic/SMCDEL and https://github.com/m4lvin/HasCacBDD into
# build/compare-smcdel/src (network needed once).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

runs=5
what_sum=500  # the bound; the scenario's announcements are true at 50, 20, 30 there
counts=()
while (($#)); do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --no-what-sum) what_sum=""; shift ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    [0-9]*) counts+=("$1"); shift ;;
    *) echo "compare-smcdel: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
((${#counts[@]})) || counts=(10 20 24 40 60 80 100)

work="$root/build/compare-smcdel"
mkdir -p "$work/configs" "$work/times"

missing=()
command -v ghc >/dev/null || missing+=(ghc)
command -v hyperfine >/dev/null || missing+=(hyperfine)
for package in libghc-quickcheck2-dev libghc-graphviz-dev libghc-temporary-dev libghc-tagged-dev; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if ((${#missing[@]})); then
  if ((EUID != 0)); then
    echo "compare-smcdel: needs ${missing[*]}; run as root or: sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >&2
fi

source_of() {  # $1: variable name, $2: GitHub repository, $3: folder name
  local given="${!1:-}"
  if [[ -n "$given" ]]; then
    [[ -d "$given" ]] || { echo "compare-smcdel: $1=$given is not a folder" >&2; exit 1; }
    echo "$given"
    return
  fi
  local folder="$work/src/$3"
  if [[ ! -d "$folder" ]]; then
    echo "compare-smcdel: cloning https://github.com/$2 (set $1 to use a clone you have)" >&2
    git clone -q "https://github.com/$2" "$folder" >&2 || {
      echo "compare-smcdel: could not clone $2; set $1 to a clone of it" >&2
      exit 1
    }
  fi
  echo "$folder"
}
smcdel_src="$(source_of SMCDEL_SRC jrclogic/SMCDEL smcdel)"
cacbdd_src="$(source_of HASCACBDD_SRC m4lvin/HasCacBDD hascacbdd)"

smcdel="$work/muddy-children"
models="$work/models"
cacbdd="$work/cacbdd"
if [[ ! -f "$cacbdd/c/libCacBDD.a" ]]; then
  echo "compare-smcdel: building CacBDD" >&2
  rm -rf "$cacbdd" && cp -r "$cacbdd_src" "$cacbdd"
  make -s -C "$cacbdd/cpp" >&2 && make -s -C "$cacbdd/c" >/dev/null
fi
for program in muddy-children:MuddyChildren models:Models; do  # binary:module
  binary="$work/${program%%:*}" source="$root/scripts/compare-smcdel/${program#*:}.hs"
  if [[ ! -x "$binary" || "$source" -nt "$binary" ]]; then
    echo "compare-smcdel: building ${program#*:}.hs with SMCDEL's S5 modules (about a minute)" >&2
    ghc -O2 -v0 -outputdir "$work/ghc-${program%%:*}" -o "$binary" -i"$cacbdd/hs" \
      -i"$smcdel_src/src" "$source" -L"$cacbdd/c" -lCacBDD -lstdc++ >&2
  fi
done

bash scripts/build.sh default --run-only >&2
kripkesim="$root/build/default/kripkesim"

config() {  # the muddy children, n of them, every child muddy
  local file="$work/configs/muddy-$1.json"
  python3 -c 'import json, sys; n = int(sys.argv[1]); print(json.dumps({"game": "muddy", "rules": {"children": n}, "deal": {"muddy": list(range(1, n + 1))}}))' "$1" >"$file"
  echo "$file"
}

timed() {  # $1: label; the rest: the command. Prints "CPU,wall" in seconds (see --help).
  local label="$1"; shift
  local warm=(-w 1) count="$runs"
  if [[ "$label" == once-* ]]; then warm=() count=1; fi
  hyperfine -N "${warm[@]}" -r "$count" --export-json "$work/times/$label.json" "$(printf '%q ' "$@")" >/dev/null 2>&1 ||
    { echo "compare-smcdel: '$*' failed" >&2; exit 1; }
  python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))["results"][0]; print("%r,%r" % (r["user"] + r["system"], r["median"]))' "$work/times/$label.json"
}

# A table row: its first cell, then times ("CPU,wall" in seconds, or empty), then "--" and
# the ratio's numerator time, its start-up, the denominator time and its start-up.
row() {
  python3 - "$@" <<'PY'
import sys
args = sys.argv[1:]
cut = args.index("--")
cells, (num, num0, den, den0) = args[:cut], args[cut + 1:]
cpu = lambda t: float(t.split(",")[0])
def ms(t):  # "CPU ms (wall ms)"
    if not t:
        return "-"
    c, w = (float(x) * 1000 for x in t.split(","))
    return f"{c:.1f} ms ({w:.1f} ms)"
work = (cpu(num) - cpu(num0), cpu(den) - cpu(den0))
# Below a millisecond of work the difference of two times is noise, not a ratio.
ratio = f"{work[0] / work[1]:.1f}" if min(work) >= 1e-3 else "within start-up"
print("| " + " | ".join([cells[0]] + [ms(t) for t in cells[1:]] + [ratio]) + " |")
PY
}

echo "# $("$kripkesim" --version) and SMCDEL ($(git -C "$smcdel_src" log -1 --format='%h %cs' 2>/dev/null || echo 'version unknown')), $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg); $runs runs each (hyperfine -N, one warm-up): CPU time (mean), then the median wall time"
small="$(config 2)"
k_start="$(timed k-start "$kripkesim" run "$small" --format jsonl)"
s_start="$(timed s-start "$smcdel" incremental 2)"
python3 -c 'import sys; k, s = (float(x.split(",")[0]) * 1000 for x in sys.argv[1:]); print(f"# start-up (n = 2), CPU: kripkesim {k:.1f} ms, SMCDEL {s:.1f} ms")' "$k_start" "$s_start"
echo
echo "| n | kripkesim run | run --format jsonl | SMCDEL published | SMCDEL incremental | incremental / jsonl, CPU minus start-up |"
echo "|---:|---:|---:|---:|---:|---:|"
for n in "${counts[@]}"; do
  file="$(config "$n")"
  text="$(timed "run-$n" "$kripkesim" run "$file")"
  jsonl="$(timed "jsonl-$n" "$kripkesim" run "$file" --format jsonl)"
  if ((n <= 60)); then
    published="$(timed "published-$n" "$smcdel" published "$n")"
  else
    published=""  # minutes per run past 60 children
  fi
  incremental="$(timed "incremental-$n" "$smcdel" incremental "$n")"
  row "$n" "$text" "$jsonl" "$published" "$incremental" -- "$incremental" "$s_start" "$jsonl" "$k_start"
done

muddy_model() {  # $1: n; $2: kw or k. The muddy children as a model (every child muddy).
  local file="$work/configs/muddy-model-$1-$2.json"
  python3 - "$1" "$2" >"$file" <<'PY'
import json, sys
n, form = int(sys.argv[1]), sys.argv[2]
ms = [f"m{i}" for i in range(1, n + 1)]
agents = [{"name": f"c{i}", "observes": [m for m in ms if m != f"m{i}"]} for i in range(1, n + 1)]
def unknown(i):
    return f"~Kw{{c{i}}} m{i}" if form == "kw" else f"~(K{{c{i}}} m{i} | K{{c{i}}} ~m{i})"
nobody = " & ".join(unknown(i) for i in range(1, n + 1))
script = [{"announce": " | ".join(ms)}] + [{"announce": nobody}] * (n - 1)
script.append({"expect": " & ".join(f"K{{c{i}}} m{i}" for i in range(1, n + 1))})
print(json.dumps({"game": "model", "rules": {"variables": ms, "agents": agents,
                  "actual": {m: True for m in ms}}, "script": script}))
PY
  echo "$file"
}

what_sum_config() {  # $1: the bound. The actual world 50, 20, 30 (kripkesim's announcements are truthful).
  local file="$work/configs/what-sum-$1.json"
  python3 - "$1" >"$file" <<'PY'
import json, sys
b = int(sys.argv[1])
names = {"a": "Anne", "b": "Bill", "c": "Cath"}
print(json.dumps({"game": "model", "rules": {
    "variables": [{"name": v, "from": 1, "to": b} for v in "abc"],
    "law": "a = b + c | b = a + c | c = a + b",
    "agents": [{"name": names[v], "observes": [o for o in "abc" if o != v]} for v in "abc"],
    "actual": {"a": 50, "b": 20, "c": 30}},
    "script": [{"announce": "~Kv{Anne} a"}, {"announce": "~Kv{Bill} b"},
               {"announce": "~Kv{Cath} c"}, {"announce": "Kv{Anne} a"}]}))
PY
  echo "$file"
}

ratio_row() {  # label, kripkesim time, SMCDEL time, SMCDEL's start-up: a row with the CPU ratio minus start-ups
  row "$1" "$2" "$3" -- "$3" "$4" "$2" "$k_model_start"
}
echo
k_model_start="$(timed k-model-start "$kripkesim" scenario "$(muddy_model 2 kw)")"
m_start="$(timed m-start "$models" whatsum 2)"  # Models.hs's start-up: a law of 8 assignments
echo "# models: start-up, CPU: kripkesim scenario (n = 2) $(python3 -c 'import sys; print(" ms, Models.hs ".join("%.1f" % (float(t.split(",")[0]) * 1000) for t in sys.argv[1:]) + " ms")' "$k_model_start" "$m_start")"
echo
echo "| model | kripkesim scenario | SMCDEL | SMCDEL / kripkesim, CPU minus start-up |"
echo "|---|---:|---:|---:|"
for n in "${counts[@]}" 120; do
  ratio_row "muddy n = $n, ~Kw{ci} mi" "$(timed "model-kw-$n" "$kripkesim" scenario "$(muddy_model "$n" kw)")" \
    "$(timed "incremental-$n" "$smcdel" incremental "$n")" "$s_start"
  ratio_row "muddy n = $n, ~(K{ci} mi \| K{ci} ~mi)" "$(timed "model-k-$n" "$kripkesim" scenario "$(muddy_model "$n" k)")" \
    "$(timed "incremental-k-$n" "$smcdel" incremental-k "$n")" "$s_start"
done
cards="$root/configs/models/russian-cards.json"
russian="$(timed russian-smcdel "$models" russian)"
for engine in explicit symbolic; do
  ratio_row "Russian cards, $engine engine" "$(timed "russian-$engine" "$kripkesim" scenario "$cards" --engine "$engine")" "$russian" "$m_start"
done
if [[ -n "$what_sum" ]]; then
  ratio_row "What Sum, bound $what_sum (once)" "$(timed "once-what-sum-k" "$kripkesim" scenario "$(what_sum_config "$what_sum")")" \
    "$(timed "once-what-sum-s" "$models" whatsum "$what_sum")" "$m_start"
fi
echo
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
