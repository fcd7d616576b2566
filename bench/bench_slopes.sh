#!/usr/bin/env bash
# Log-log slopes of time against nodes for every stage (interpreter; sim +
# space per policy at P = 1, 4, 64; attribution) between two sizes of one
# program about 10x apart: slope 1 is linear.  Each figure is the median of
# RUNS runs of bench_eval (default 3; this machine is shared).  Figures only.
# Usage: bench/bench_slopes.sh BENCH_EVAL FILE SMALL LARGE [MAX_NODES]
set -eu
exec python3 - "$@" <<'PY'
import math, os, re, statistics, subprocess, sys
bench, path, small, large = sys.argv[1:5]
maxn = sys.argv[5] if len(sys.argv) > 5 else "100000000"
runs = int(os.environ.get("RUNS", "3"))
def once(n):
    out = subprocess.run([bench, path, "n=" + n, "--max-nodes", maxn], capture_output=True, text=True, check=True).stdout
    nodes = int(re.search(r"graph: (\d+) nodes", out).group(1))
    t = {"interpreter": float(re.search(r"interpreter: ([\d.]+) s", out).group(1))}
    for pol, p, rate, attr in re.findall(r"(\w+) P=(\d+)\s.*sim\+space\s+([\d.]+) M nodes/s\s+attribution ([\d.]+) s", out):
        t["%s P=%s" % (pol, p)] = nodes / (float(rate) * 1e6)
        t["attribution %s P=%s" % (pol, p)] = float(attr)
    return nodes, t
def median(n):
    res = [once(n) for _ in range(runs)]
    return res[0][0], {k: statistics.median(r[1][k] for r in res) for k in res[0][1]}
n1, t1 = median(small)
n2, t2 = median(large)
print("%s n=%s (%d nodes) and n=%s (%d nodes), x%.1f; medians of %d runs" % (path, small, n1, large, n2, n2 / n1, runs))
print("  %-22s %10s %10s %12s %12s %7s" % ("stage", "s small", "s large", "Mnodes/s sm", "Mnodes/s lg", "slope"))
for k in t1:
    a, b = max(t1[k], 1e-6), max(t2[k], 1e-6)
    print("  %-22s %10.3f %10.3f %12.1f %12.1f %7.2f" % (k, a, b, n1 / a / 1e6, n2 / b / 1e6, math.log(b / a) / math.log(n2 / n1)))
PY
