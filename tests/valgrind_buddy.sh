#!/usr/bin/env bash
# Usage: tests/valgrind_buddy.sh KRIPKESIM SCENARIO...
# Plays the scenarios on the symbolic engine under valgrind: BuDDy is C, outside the
# sanitizers' sight. Fails when a scenario fails or the process crashes, on any invalid
# read or write, and on any use of memory never written inside BuDDy's garbage collector
# (bdd_mark, bdd_gbc): the stack of nodes under construction that BuddySession clears
# (include/kripke/symbolic/buddy_session.hpp), which crashed kripkesim on some heaps.
# One report is known and harmless: BuDDy's operator caches initialise only the first key
# of each entry, and a lookup whose first key matches an entry of another operation (which
# wrote fewer keys) compares the next key, unwritten, before the operation tells them
# apart. It shows as an uninitialised value in an unnamed function under bdd_apply.
set -uo pipefail
kripkesim="$1"
shift
command -v valgrind > /dev/null || { echo "valgrind is not installed"; exit 77; }
out="$(valgrind -q "$kripkesim" scenario --engine symbolic "$@" 2>&1)"
status=$?
echo "$out"
if (( status != 0 )); then
  echo "valgrind_buddy: the scenarios failed or crashed (exit $status)"
  exit 1
fi
if grep -qE 'Invalid (read|write)|by 0x[0-9A-F]+: bdd_gbc|at 0x[0-9A-F]+: bdd_mark' <<< "$out"; then
  echo "valgrind_buddy: BuDDy read or wrote memory it must not (see above)"
  exit 1
fi
echo "valgrind_buddy: no report in BuDDy's garbage collector, no invalid access"
