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
# Every command is timed with hyperfine (medians of R runs, default 5; the whole process);
# the table also gives each median minus the program's start-up (its median at n = 2) and
# the ratio SMCDEL incremental / kripkesim, both minus start-up.
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
    -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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

median() {  # $1: label; the rest: the command. Prints the median in seconds.
  local label="$1"; shift
  hyperfine -N -w 1 -r "$runs" --export-json "$work/times/$label.json" "$(printf '%q ' "$@")" >/dev/null 2>&1 ||
    { echo "compare-smcdel: '$*' failed" >&2; exit 1; }
  python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' "$work/times/$label.json"
}

echo "# $("$kripkesim" --version) and SMCDEL ($(git -C "$smcdel_src" log -1 --format='%h %cs' 2>/dev/null || echo 'version unknown')), $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg); medians of $runs runs (hyperfine -N, one warm-up)"
small="$(config 2)"
k_start="$(median k-start "$kripkesim" run "$small" --format jsonl)"
s_start="$(median s-start "$smcdel" incremental 2)"
printf '# start-up (n = 2): kripkesim %.1f ms, SMCDEL %.1f ms\n' "$(bc -l <<<"$k_start*1000")" "$(bc -l <<<"$s_start*1000")"
echo
echo "| n | kripkesim run | run --format jsonl | SMCDEL published | SMCDEL incremental | incremental / jsonl (minus start-up) |"
echo "|---:|---:|---:|---:|---:|---:|"
for n in "${counts[@]}"; do
  file="$(config "$n")"
  text="$(median "run-$n" "$kripkesim" run "$file")"
  jsonl="$(median "jsonl-$n" "$kripkesim" run "$file" --format jsonl)"
  if ((n <= 60)); then
    published="$(median "published-$n" "$smcdel" published "$n")"
  else
    published=""  # minutes per run past 60 children
  fi
  incremental="$(median "incremental-$n" "$smcdel" incremental "$n")"
  python3 - "$n" "$text" "$jsonl" "$published" "$incremental" "$k_start" "$s_start" <<'PY'
import sys
n, text, jsonl, published, incremental, k_start, s_start = sys.argv[1:]
ms = lambda s: f"{float(s) * 1000:.1f} ms" if s else "-"
work = (float(incremental) - float(s_start), float(jsonl) - float(k_start))
# Below a millisecond of work the difference of two medians is noise, not a ratio.
ratio = f"{work[0] / work[1]:.1f}" if min(work) >= 1e-3 else "within start-up"
print(f"| {n} | {ms(text)} | {ms(jsonl)} | {ms(published)} | {ms(incremental)} | {ratio} |")
PY
done
echo
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
