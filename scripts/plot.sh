#!/usr/bin/env bash
# Usage: scripts/plot.sh [--format svg|png] results RESULTS.json OUT_PREFIX
#        scripts/plot.sh standings STANDINGS.json OUT.svg|OUT.png
#        scripts/plot.sh log LOG.jsonl OUT.svg|OUT.png
# Figures from a `kripkesim batch` results file, a tournament's standings or a game's log (scripts/plot.py says
# which). Installs Debian's python3-matplotlib if it is missing (scripts/install-deps.sh
# plot) and runs the plot with the system's Python, for which Debian installs it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/install-deps.sh" plot
python=/usr/bin/python3
if ! "$python" -c 'import matplotlib' 2>/dev/null; then
  echo "plot: $python cannot import matplotlib; install python3-matplotlib" >&2
  exit 2
fi
exec "$python" "$root/scripts/plot.py" "$@"
