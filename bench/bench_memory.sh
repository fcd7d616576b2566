#!/usr/bin/env bash
# Peak resident bytes per node of one whole `pml run --sched=df -p 1` (the
# interpreter, one schedule, its space profile and the attribution at the
# high-water mark) on every example, and the wall-clock time: getrusage's
# maxrss of the child divided by the graph's nodes.  Each example runs at
# two sizes, the larger about 10^7 nodes: what the process holds whatever
# the program (the collector's first 16 MiB, the binary) weighs on the
# smaller one.  Figures only.
# Usage: bench/bench_memory.sh [PML] [small]
set -eu
exec python3 - "${1:-./pml}" "${2:-}" <<'PY'
import os, re, subprocess, sys, time
pml, small = sys.argv[1], sys.argv[2] == "small"
sizes = [("barneshut", 256, 1024), ("fib", 25, 28), ("insertion_sort", 1000, 2000), ("matmul", 32, 56),
         ("mergesort", 20000, 40000), ("nqueens", 8, 9), ("quickhull", 5000, 10000), ("quicksort", 500, 800),
         ("quicksort_join", 500, 800), ("selection_sort", 200, 400), ("tabulate_reduce", 20000, 40000)]
print("  %-16s %7s %12s %9s %10s %8s" % ("example", "n", "nodes", "seconds", "peak MB", "B/node"))
runs = [(name, n) for name, a, b in sizes for n in (a, b)]
if small: runs = [(name, {"fib": 8, "nqueens": 4, "matmul": 4}.get(name, 8)) for name, _, _ in sizes]
for name, n in runs:
    t0 = time.time()
    child = subprocess.Popen([pml, "run", "examples/%s.pml" % name, "-D", "n=%d" % n, "--sched=df", "-p", "1",
                              "--max-nodes", "100000000"], stdout=subprocess.PIPE, text=True)
    out = child.stdout.read()
    _, status, ru = os.wait4(child.pid, 0)  # this child's own rusage
    dt = time.time() - t0
    if status != 0: sys.exit("bench_memory: pml run %s failed" % name)
    rss = ru.ru_maxrss * 1024  # Linux: kilobytes
    nodes = int(re.search(r"^work (\d+) nodes", out, re.M).group(1))
    print("  %-16s %7d %12d %9.2f %10.0f %8.1f" % (name, n, nodes, dt, rss / 1e6, rss / nodes))
PY
