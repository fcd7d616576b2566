#!/usr/bin/env bash
# Prints the time of `pml worst -p 64` against one `pml run --sched=df -p 64`
# on the same program of >= 10^6 nodes, and their ratio: CPU seconds (user +
# system, best of 3; steadier than wall-clock time on a shared machine) and
# wall-clock seconds.  Both include evaluating the program.  Figures only.
# Usage: bench/bench_worst.sh [PML [FILE [n]]]
set -eu
exec python3 - "${1:-./pml}" "${2:-examples/fib.pml}" "${3:-25}" "$(dirname "$0")" <<'PY'
import re, subprocess, sys
sys.path.insert(0, sys.argv[4]); sys.dont_write_bytecode = True
from best_of import best  # best of 3
pml, path, n = sys.argv[1], sys.argv[2], sys.argv[3]
out = subprocess.run([pml, "run", path, "-D", "n=" + n], capture_output=True, text=True, check=True).stdout
nodes = int(re.search(r"^work (\d+) nodes", out, re.M).group(1))
rc, rw = best([pml, "run", path, "-D", "n=" + n, "--sched=df", "-p", "64"])
wc, ww = best([pml, "worst", path, "-D", "n=" + n, "-p", "64"])
print("%s n=%s: %d nodes; pml run --sched=df -p 64: %.2f s CPU (%.2f wall); "
      "pml worst -p 64: %.2f s CPU (%.2f wall); ratio %.2f CPU (%.2f wall)"
      % (path, n, nodes, rc, rw, wc, ww, wc / max(rc, 1e-6), ww / max(rw, 1e-6)))
PY
