#!/usr/bin/env bash
# Usage: scripts/install-deps.sh [run|test|draw|plot|python|fuzz]
# Installs the Debian/Ubuntu packages kripkesim needs, if any are missing: `run` what
# building and running it needs (compiler, CMake, ccache, CLI11, fmt, nlohmann/json, BuDDy for
# the symbolic engine, libedit for `kripkesim play`'s prompt); `draw`
# Graphviz, for `kripkesim draw --format svg|png`; `plot` Python's matplotlib, for
# scripts/plot.py; `python` pybind11 and Python's headers, for the Python module `kripke`;
# `test` (the default) all of these and the test suite's Catch2 and
# clang-format, since the tests render drawings and plots, and valgrind, under which they run
# the symbolic engine's crash reproducers; `fuzz` what the `fuzz` preset
# adds to `test` (clang and its libFuzzer runtime). Quiet (and no apt-get, no sudo)
# when everything is already installed.
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-test}"
packages=(cmake g++ make ccache libcli11-dev libfmt-dev nlohmann-json3-dev libbdd-dev libedit-dev)
case "$mode" in
  run) ;;
  python) packages=(pybind11-dev python3-dev) ;;
  draw) packages=(graphviz) ;;
  plot) packages=(python3-matplotlib) ;;
  test) packages+=(catch2 clang-format graphviz python3-matplotlib valgrind pybind11-dev python3-dev) ;;
  fuzz) packages+=(catch2 clang libclang-rt-14-dev) ;;
  *) echo "install-deps: unknown mode '$mode' (expected run, test, draw, plot, python or fuzz)" >&2; exit 2 ;;
esac

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  echo "install-deps: not a Debian-based system; make sure these are installed:" \
    "${packages[*]} (CMake >= 3.25, a C++20 compiler, CLI11, fmt, nlohmann_json, BuDDy, Catch2 v2)" >&2
  exit 0
fi

missing=()
for pkg in "${packages[@]}"; do
  status="$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)"
  if [[ "$status" != "install ok installed" ]]; then
    missing+=("$pkg")
  fi
done
if (( ${#missing[@]} == 0 )); then
  exit 0
fi

as_root=()
if (( EUID != 0 )); then
  if command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    echo "install-deps: missing packages: ${missing[*]}; run as root or install sudo" >&2
    exit 1
  fi
fi

echo "install-deps: installing ${missing[*]}" >&2
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y --no-install-recommends "${missing[@]}"
