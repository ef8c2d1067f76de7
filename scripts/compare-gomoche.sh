#!/usr/bin/env bash
# Usage: scripts/compare-gomoche.sh [--runs R] [--test-data] [K:PROTOCOL ...]
#                                   (default: 3:lns 4:lns 3:cmo 3:pig)
#
# Counts a gossip protocol's successful and unsuccessful call sequences on every initial
# gossip graph of K agents (each agent knows its own secret and any set of numbers: 4^3 = 64
# graphs of 3 agents, 8^4 = 4,096 of 4), with kripkesim and with GoMoChe (m4lvin/GoMoChe,
# Gattinger's Haskell gossip model checker: its `statistics` over its `allInits`), checks
# that every count agrees, and times both (hyperfine, R runs, default 1; the whole process):
#   kripkesim   `kripkesim sequences` on a config per graph ("game": "gossip", calls seen
#               as a call, the protocol for every agent), all of them in one process;
#   GoMoChe     scripts/compare-gomoche/Statistics.hs over GoMoChe's modules, every graph in
#               one process.
# Protocols: lns (Learn New Secrets), cmo (GoMoChe's call-me-once, kripkesim's CO), pig
# (Possible Information Growth, epistemic: synchronous calls, the graph common knowledge).
# --test-data writes GoMoChe's counts to tests/data/gomoche/K-PROTOCOL.tsv, which the test
# suite compares kripkesim's with.
#
# GoMoChe (GPL) is not a dependency of kripkesim and nothing of it is copied into it. The
# script needs (and installs with apt-get when run as root): ghc, hyperfine. It builds the
# GoMoChe modules it needs with ghc directly from the clone GOMOCHE_SRC names; when unset it
# clones https://github.com/m4lvin/GoMoChe into build/compare-gomoche/src (network needed once).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

runs=1
test_data=0
cases=()
while (($#)); do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --test-data) test_data=1; shift ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    [0-9]:*) cases+=("$1"); shift ;;
    *) echo "compare-gomoche: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
((${#cases[@]})) || cases=(3:lns 4:lns 3:cmo 3:pig)

work="$root/build/compare-gomoche"
mkdir -p "$work/times"

missing=()
command -v ghc >/dev/null || missing+=(ghc)
command -v hyperfine >/dev/null || missing+=(hyperfine)
if ((${#missing[@]})); then
  if ((EUID != 0)); then
    echo "compare-gomoche: needs ${missing[*]}; run as root or: sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >&2
fi

gomoche_src="${GOMOCHE_SRC:-}"
if [[ -z "$gomoche_src" ]]; then
  gomoche_src="$work/src/gomoche"
  if [[ ! -d "$gomoche_src" ]]; then
    echo "compare-gomoche: cloning https://github.com/m4lvin/GoMoChe (set GOMOCHE_SRC to use a clone you have)" >&2
    git clone -q https://github.com/m4lvin/GoMoChe "$gomoche_src" >&2 || {
      echo "compare-gomoche: could not clone m4lvin/GoMoChe; set GOMOCHE_SRC to a clone of it" >&2
      exit 1
    }
  fi
fi
[[ -f "$gomoche_src/src/Gossip.hs" ]] || { echo "compare-gomoche: $gomoche_src has no src/Gossip.hs" >&2; exit 1; }

gomoche="$work/statistics"
if [[ ! -x "$gomoche" || "$root/scripts/compare-gomoche/Statistics.hs" -nt "$gomoche" ]]; then
  echo "compare-gomoche: building GoMoChe's modules (about ten seconds)" >&2
  ghc -O2 -v0 -outputdir "$work/ghc" -o "$gomoche" -i"$gomoche_src/src" \
    "$root/scripts/compare-gomoche/Statistics.hs" >&2
fi

bash scripts/build.sh default --run-only >&2
kripkesim="$root/build/default/kripkesim"

timed() {  # $1: label; the rest: the command, its output to $work/$label.out. Prints CPU seconds.
  local label="$1"; shift
  hyperfine -N -r "$runs" --export-json "$work/times/$label.json" --output=pipe "$(printf '%q ' "$@")" >/dev/null 2>&1 ||
    { echo "compare-gomoche: $label failed: run $1 by hand to see why" >&2; exit 1; }
  "$@" >"$work/$label.out"
  python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))["results"][0]; print("%r" % (r["user"] + r["system"]))' "$work/times/$label.json"
}

echo "# $("$kripkesim" --version) and GoMoChe ($(git -C "$gomoche_src" log -1 --format='%h %cs' 2>/dev/null || echo 'version unknown')), $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg); $runs run(s) each (hyperfine -N): CPU time (user + system, mean)"
echo
echo "| agents | protocol | graphs | counts agreeing | GoMoChe | kripkesim | GoMoChe / kripkesim |"
echo "|---:|---|---:|---:|---:|---:|---:|"
for c in "${cases[@]}"; do
  k="${c%%:*}"
  protocol="${c#*:}"
  g_cpu="$(timed "gomoche-$k-$protocol" "$gomoche" "$k" "$protocol")"
  configs="$work/configs/$k-$protocol"
  rm -rf "$configs" && mkdir -p "$configs"
  python3 - "$work/gomoche-$k-$protocol.out" "$configs" "$protocol" <<'PY'
import json, sys
lines, folder, protocol = sys.argv[1], sys.argv[2], sys.argv[3]
name = {"lns": "LNS", "cmo": "CO", "pig": "PIG", "any": "ANY"}[protocol]
for k, line in enumerate(open(lines)):
    graph = line.split("\t")[0]
    config = {"game": "gossip", "rules": {"graph": graph, "calls_seen": "as a call"},
              "agents": [{"protocol": name}], "max_turns": 100}
    json.dump(config, open(f"{folder}/{k:05d}.json", "w"))
PY
  k_cpu="$(timed "kripkesim-$k-$protocol" "$kripkesim" sequences --format json "$configs")"
  python3 - "$k" "$protocol" "$work/gomoche-$k-$protocol.out" "$work/kripkesim-$k-$protocol.out" "$g_cpu" "$k_cpu" <<'PY'
import json, sys
k, protocol, theirs, ours, g_cpu, k_cpu = sys.argv[1:]
theirs = [line.rstrip("\n").split("\t") for line in open(theirs)]
ours = [json.loads(line) for line in open(ours)]
agree = sum(1 for (g, s, u), o in zip(theirs, ours)
            if (int(s), int(u)) == (o["successful"], o["unsuccessful"]))
for (g, s, u), o in zip(theirs, ours):
    if (int(s), int(u)) != (o["successful"], o["unsuccessful"]):
        print(f"# differ on {g}: GoMoChe {s}/{u}, kripkesim {o['successful']}/{o['unsuccessful']}",
              file=sys.stderr)
g, c = float(g_cpu), float(k_cpu)
print(f"| {k} | {protocol} | {len(theirs)} | {agree} | {g:.2f} s | {c:.2f} s | {g / c:.1f} |")
if agree != len(theirs) or len(ours) != len(theirs):
    sys.exit(1)
PY
  if ((test_data)); then
    mkdir -p tests/data/gomoche
    cp "$work/gomoche-$k-$protocol.out" "tests/data/gomoche/$k-$protocol.tsv"
  fi
done
echo
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
