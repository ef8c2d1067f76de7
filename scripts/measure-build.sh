#!/usr/bin/env bash
# Usage: scripts/measure-build.sh [--no-ci] [--jobs N]
# Times the build of the committed HEAD in a fresh clone (docs/building.md lists the figures):
#   1. a cold build of the kripkesim target alone (what scripts/run.sh builds),
#   2. a cold build of everything (the CLI, the tests, the fuzz targets' corpus drivers),
#   3. the rebuild after touching one game's header (include/kripke/games/clue/rules.hpp),
#   4. the rebuild after touching one command (src/cli/run.cpp),
# all with ccache off (CCACHE_DISABLE=1), and then
#   5. `bash .ci/run` in another fresh clone with a warm ccache (the cache is filled by a
#      build of a third clone first), as CI runs it on a developer's machine (--no-ci skips it).
# Each line gives the wall time and the CPU time (user + sys of every compiler it ran), from
# /usr/bin/time, and the machine's load average before the step. Needs what scripts/test.sh
# installs, plus ccache for step 5.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

ci=true
jobs="$(nproc 2>/dev/null || echo 2)"
while (( $# > 0 )); do
  case "$1" in
    --no-ci) ci=false ;;
    --jobs) jobs="$2"; shift ;;
    *) echo "measure-build: unknown option '$1'" >&2; exit 2 ;;
  esac
  shift
done
[[ -x /usr/bin/time ]] || { echo "measure-build: needs /usr/bin/time (Debian's time package)" >&2; exit 2; }
bash "$root/scripts/install-deps.sh" test >&2

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
commit="$(git -C "$root" rev-parse --short=12 HEAD)"
echo "measure-build: commit $commit, $jobs jobs, $(nproc) cores, in $work" >&2

results=()
# step NAME COMMAND...: runs the command, timed, and records a line of results.
step() {
  local name="$1"; shift
  local load; load="$(cut -d' ' -f1-3 /proc/loadavg)"
  echo "measure-build: $name ..." >&2
  /usr/bin/time -f '%e %U %S' -o "$work/time" "$@" > "$work/log" 2>&1 || {
    tail -30 "$work/log" >&2; echo "measure-build: '$name' failed" >&2; exit 1; }
  read -r wall user sys < "$work/time"
  results+=("$(awk -v n="$name" -v w="$wall" -v c="$user + $sys" -v l="$load" \
    'BEGIN { split(c, p, " + "); printf "| %-44s | %6.0f s | %6.0f s | %s |", n, w, p[1] + p[2], l }')")
}

clone() { git clone -q "$root" "$1"; }

clone "$work/cold"
cd "$work/cold"
export CCACHE_DISABLE=1
cmake --preset default -DKRIPKE_BUILD_TESTS=ON > /dev/null
step "cold build of kripkesim alone" cmake --build --preset default -j "$jobs" --target kripkesim
rm -rf build/default
cmake --preset default -DKRIPKE_BUILD_TESTS=ON > /dev/null
step "cold build of everything" cmake --build --preset default -j "$jobs"
touch include/kripke/games/clue/rules.hpp
step "rebuild after touching games/clue/rules.hpp" cmake --build --preset default -j "$jobs"
touch src/cli/run.cpp
step "rebuild after touching src/cli/run.cpp" cmake --build --preset default -j "$jobs"
unset CCACHE_DISABLE

if $ci; then
  command -v ccache > /dev/null || { echo "measure-build: step 5 needs ccache" >&2; exit 2; }
  clone "$work/warm"
  (cd "$work/warm" && cmake --preset default -DKRIPKE_BUILD_TESTS=ON > /dev/null &&
    cmake --build --preset default -j "$jobs" > /dev/null)
  clone "$work/ci"
  cd "$work/ci"
  step "fresh clone, bash .ci/run, warm ccache" bash .ci/run
fi

echo
echo "Build times of $commit on $(nproc) cores, $jobs jobs ($(date -u +%Y-%m-%d)):"
echo
echo "| step | wall | CPU | load before (1, 5, 15 min) |"
echo "| --- | ---: | ---: | --- |"
printf '%s\n' "${results[@]}"
