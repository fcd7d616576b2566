#!/usr/bin/env bash
# Prints the time of `pml race` against `pml run --races=off` (the run
# without race detection, with its default schedule, df on one processor)
# on the same program, and their ratio: CPU seconds (user + system, best
# of 3; steadier than wall-clock time on a shared machine) and wall-clock
# seconds.  Both include evaluating the program.  Figures only.
# Usage: bench/bench_race.sh [PML [FILE [n]]]
set -eu
exec python3 - "${1:-./pml}" "${2:-bench/race_fill.pml}" "${3:-131072}" "$(dirname "$0")" <<'PY'
import re, subprocess, sys
sys.path.insert(0, sys.argv[4]); sys.dont_write_bytecode = True
from best_of import best  # best of 3
pml, path, n = sys.argv[1], sys.argv[2], sys.argv[3]
out = subprocess.run([pml, "race", path, "-D", "n=" + n], capture_output=True, text=True, check=True).stdout
summary = out.strip().splitlines()[-1].split(": ", 1)[1]
rc, rw = best([pml, "run", path, "-D", "n=" + n, "--races=off"])
dc, dw = best([pml, "race", path, "-D", "n=" + n])
print("%s n=%s (%s); pml run --races=off: %.2f s CPU (%.2f wall); pml race: %.2f s CPU (%.2f wall); "
      "ratio %.2f CPU (%.2f wall)" % (path, n, summary, rc, rw, dc, dw, dc / max(rc, 1e-6), dw / max(rw, 1e-6)))
PY
