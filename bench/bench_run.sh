#!/usr/bin/env bash
# Whole `pml run` commands as a user waits for them, in M nodes per CPU
# second (user + system of the child, best of RUNS): the default (df,
# P = 1, the attribution at the mark) and --sched=df,bf,ws -p 1,4,64 (nodes
# times the nine schedules per CPU second), on fib, matmul and quicksort at
# about 10^7 nodes.  With a second binary BASE the two are alternated run by
# run, so that both see the same load.  Figures only.
# Usage: bench/bench_run.sh [PML] [BASE] [small]
set -eu
exec python3 - "${1:-./pml}" "${2:-}" "${3:-}" <<'PY'
import os, re, subprocess, sys
pml, base, small = sys.argv[1], sys.argv[2], sys.argv[3] == "small"
runs = int(os.environ.get("RUNS", "1" if small else "3"))
progs = [("fib", 8 if small else 28), ("matmul", 4 if small else 56), ("quicksort", 8 if small else 800)]
modes = [("default", []), ("9 schedules", ["--sched=df,bf,ws", "-p", "1,4,64"])]
bins = [("", pml)] + ([("base ", base)] if base else [])

def cpu(binary, args):
    child = subprocess.Popen([binary, "run"] + args + ["--max-nodes", "100000000"], stdout=subprocess.PIPE, text=True)
    out = child.stdout.read()
    _, status, ru = os.wait4(child.pid, 0)  # this child's own rusage
    if status != 0: sys.exit("bench_run: %s run %s failed" % (binary, " ".join(args)))
    return ru.ru_utime + ru.ru_stime, int(re.search(r"^work (\d+) nodes", out, re.M).group(1))

print("  %-10s %5s %-12s %-5s %10s %9s %12s" % ("program", "n", "schedules", "build", "nodes", "CPU s", "M nodes/s"))
for name, n in progs:
    for mode, extra in modes:
        args = ["examples/%s.pml" % name, "-D", "n=%d" % n] + extra
        best = {}
        for _ in range(runs):
            for tag, b in bins:  # alternated: both builds see the same load
                t, nodes = cpu(b, args)
                best[tag] = min(best.get(tag, t), t)
        per = 9 if extra else 1
        for tag, _ in bins:
            print("  %-10s %5d %-12s %-5s %10d %9.2f %12.1f" % (name, n, mode, tag or "this", nodes, best[tag],
                                                                 nodes * per / best[tag] / 1e6))
PY
