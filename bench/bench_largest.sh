#!/usr/bin/env bash
# The largest run end to end: `pml run examples/fib.pml -D n=N --sched=df
# -p 1` (fib 36: 6.3*10^8 nodes), with its wall-clock and CPU time and its
# peak resident memory (getrusage of the child).  It needs about 11 GB; with
# less memory available it names the figure it could not take and skips it.
# Figures only.  Usage: bench/bench_largest.sh [PML] [N]
set -eu
exec python3 - "${1:-./pml}" "${2:-36}" <<'PY'
import os, re, subprocess, sys, time
pml, n = sys.argv[1], int(sys.argv[2])
need = 18 * 1.7 ** (n - 36) * 6.3e8  # bytes: about 17.6 per node, fib n's nodes
avail = next(int(l.split()[1]) * 1024 for l in open("/proc/meminfo") if l.startswith("MemAvailable"))
if avail < 1.3 * need:
    print("  skipped fib %d: needs about %.1f GB, %.1f GB available" % (n, need / 1e9, avail / 1e9))
    sys.exit(0)
t0 = time.time()
child = subprocess.Popen([pml, "run", "examples/fib.pml", "-D", "n=%d" % n, "--sched=df", "-p", "1",
                          "--max-nodes", "2000000000"], stdout=subprocess.PIPE, text=True)
out = child.stdout.read()
_, status, ru = os.wait4(child.pid, 0)
wall = time.time() - t0
if status != 0: sys.exit("bench_largest: pml run fib %d failed" % n)
nodes = int(re.search(r"^work (\d+) nodes", out, re.M).group(1))
rss = ru.ru_maxrss * 1024
print("  fib %d: %d nodes, %.1f s wall, %.1f s CPU (%.1f user + %.1f system), peak %.2f GB, %.1f B/node"
      % (n, nodes, wall, ru.ru_utime + ru.ru_stime, ru.ru_utime, ru.ru_stime, rss / 1e9, rss / nodes))
PY
