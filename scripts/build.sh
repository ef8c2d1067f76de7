#!/usr/bin/env bash
# Usage: scripts/build.sh [preset] [--run-only]   (presets: default, debug, asan; see
# CMakePresets.json)
# Installs missing dependencies, configures build/<preset> if needed, and builds it.
# --run-only (what scripts/run.sh uses): install and build only what running kripkesim
# needs: no Catch2 or clang-format, only the kripkesim target, and a new build directory is
# configured with KRIPKE_BUILD_TESTS=OFF. Without it the test suite is built too, and a
# build directory configured without tests is switched to KRIPKE_BUILD_TESTS=ON.
set -euo pipefail
cd "$(dirname "$0")/.."

preset="default"
run_only=false
for arg in "$@"; do
  case "$arg" in
    --run-only) run_only=true ;;
    -*) echo "build: unknown option '$arg'" >&2; exit 2 ;;
    *) preset="$arg" ;;
  esac
done
build_dir="build/$preset"
jobs="$(nproc 2>/dev/null || echo 2)"

if $run_only; then
  bash scripts/install-deps.sh run
  tests=OFF
else
  bash scripts/install-deps.sh test
  tests=ON
fi

cache="$build_dir/CMakeCache.txt"
if [[ ! -f "$cache" ]]; then
  echo "build: configuring preset '$preset' in $build_dir (KRIPKE_BUILD_TESTS=$tests)" >&2
  cmake --preset "$preset" -DKRIPKE_BUILD_TESTS="$tests"
else
  # A cache made for another checkout (the repository was copied or moved) cannot be reused.
  cached_src="$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$cache")"
  if [[ -n "$cached_src" && "$(cd "$cached_src" 2>/dev/null && pwd -P)" != "$(pwd -P)" ]]; then
    echo "build: $build_dir was configured for $cached_src; reconfiguring from scratch" >&2
    cmake --preset "$preset" --fresh -DKRIPKE_BUILD_TESTS="$tests"
  elif ! $run_only && grep -q '^KRIPKE_BUILD_TESTS:BOOL=OFF' "$cache"; then
    echo "build: $build_dir was configured without the tests; turning them on" >&2
    cmake --preset "$preset" -DKRIPKE_BUILD_TESTS=ON
  fi
fi

if $run_only; then
  echo "build: building kripkesim (preset '$preset') with $jobs jobs" >&2
  cmake --build --preset "$preset" -j "$jobs" --target kripkesim
else
  echo "build: building preset '$preset' with $jobs jobs" >&2
  cmake --build --preset "$preset" -j "$jobs"
fi
