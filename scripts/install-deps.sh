#!/usr/bin/env bash
# Install the Debian/Ubuntu packages needed to build and test kripkesim, if any are missing.
# Quiet (and no apt-get, no sudo) when everything is already installed.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake g++ make libcli11-dev libfmt-dev nlohmann-json3-dev catch2 clang-format)

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  echo "install-deps: not a Debian-based system; make sure these are installed:" \
    "${packages[*]} (CMake >= 3.25, a C++20 compiler, CLI11, fmt, nlohmann_json, Catch2 v2)" >&2
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
