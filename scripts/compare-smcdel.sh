#!/usr/bin/env bash
# Usage: scripts/compare-smcdel.sh [--runs R] [N ...]      (default N: 10 20 24 40 60 80 100)
#
# Runs kripkesim and SMCDEL (jrclogic/SMCDEL, Gattinger's symbolic model checker for DEL,
# on the CacBDD library through HasCacBDD) side by side on the muddy children with every
# child muddy: the father's announcement, then "nobody knows" until the children know.
#   kripkesim      `kripkesim run` with the default engine, once with its transcript and
#                  once with the JSON Lines log (--format jsonl): what a user runs;
#   SMCDEL         scripts/compare-smcdel/MuddyChildren.hs, SMCDEL's S5 knowledge
#                  structures solved by its published method (one nested formula checked
#                  with evalViaBdd, as its bench/muddychildren.hs does) and incrementally
#                  (the structure updated with each announcement).
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
counts=()
while (($#)); do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
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
if [[ ! -x "$smcdel" || "$root/scripts/compare-smcdel/MuddyChildren.hs" -nt "$smcdel" ]]; then
  echo "compare-smcdel: building CacBDD and SMCDEL's S5 modules (about a minute)" >&2
  cacbdd="$work/cacbdd"
  rm -rf "$cacbdd" && cp -r "$cacbdd_src" "$cacbdd"
  make -s -C "$cacbdd/cpp" >&2 && make -s -C "$cacbdd/c" >/dev/null
  ghc -O2 -v0 -outputdir "$work/ghc" -o "$smcdel" -i"$cacbdd/hs" -i"$smcdel_src/src" \
    "$root/scripts/compare-smcdel/MuddyChildren.hs" -L"$cacbdd/c" -lCacBDD -lstdc++ >&2
fi

bash scripts/build.sh default --run-only >&2
kripkesim="$root/build/default/kripkesim"

config() {  # the muddy children, n of them, every child muddy
  local file="$work/configs/muddy-$1.json"
  python3 -c 'import json, sys; n = int(sys.argv[1]); print(json.dumps({"game": "muddy", "rules": {"children": n}, "deal": {"muddy": list(range(1, n + 1))}}))' "$1" >"$file"
  echo "$file"
}

timed() {  # $1: label; the rest: the command. Prints "CPU,wall" in seconds (see --help).
  local label="$1"; shift
  hyperfine -N -w 1 -r "$runs" --export-json "$work/times/$label.json" "$(printf '%q ' "$@")" >/dev/null 2>&1 ||
    { echo "compare-smcdel: '$*' failed" >&2; exit 1; }
  python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))["results"][0]; print("%r,%r" % (r["user"] + r["system"], r["median"]))' "$work/times/$label.json"
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
  python3 - "$n" "$text" "$jsonl" "$published" "$incremental" "$k_start" "$s_start" <<'PY'
import sys
n, text, jsonl, published, incremental, k_start, s_start = sys.argv[1:]
cpu = lambda t: float(t.split(",")[0])
def ms(t):  # "CPU ms (wall ms)"
    if not t:
        return "-"
    c, w = (float(x) * 1000 for x in t.split(","))
    return f"{c:.1f} ms ({w:.1f} ms)"
work = (cpu(incremental) - cpu(s_start), cpu(jsonl) - cpu(k_start))
# Below a millisecond of work the difference of two times is noise, not a ratio.
ratio = f"{work[0] / work[1]:.1f}" if min(work) >= 1e-3 else "within start-up"
print(f"| {n} | {ms(text)} | {ms(jsonl)} | {ms(published)} | {ms(incremental)} | {ratio} |")
PY
done
echo
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
