#!/usr/bin/env python3
"""High-water marks over sizes, for tests/test_findings.sh and
docs/examples-tables.sh.  Runs `pml run --format json` once per size (every
policy and P simulated on that one evaluation); sizes run two at a time.

  hwm.py measure FILE --sizes 8,16,32 [--sched df,bf,ws] [-p 1,2,4] [-- PML-ARGS]
      one line per (size, policy, P):  n policy P hwm queue hwm_step steps work
  hwm.py fit < "x y" lines
      least-squares slope of log y against log x (the growth exponent)
  hwm.py holders FILE -D n=N --sched S -p P --by use|alloc
      the holders at the high-water mark, largest first, one per line:
      rank kind space percent file:line text  (tab-separated; ":0" for the queue)
  hwm.py table FILE --sizes ... [-- PML-ARGS]
      a Markdown table of the hwm: one row per size, columns df/bf/ws x P=1,2,4,
      then a row with the fitted log-log exponent of each column

PML names the binary (default ./pml).  The ws seed is pml's default (0).
"""
import json
import math
import os
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

PML = os.environ.get("PML", "./pml")
POLICIES = ["df", "bf", "ws"]
PS = [1, 2, 4]


def run_json(args):
    out = subprocess.run([PML, "run"] + args + ["--format", "json"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def measure(path, sizes, sched, ps, extra):
    def one(n):
        d = run_json([path, "-D", "n=%d" % n, "--sched=" + ",".join(sched),
                      "-p", ",".join(map(str, ps)), "--top", "1"] + extra)
        return [(n, s["policy"], s["P"], s["hwm"], s["queue"], s["hwm_step"],
                 s["steps"], d["work"]) for s in d["schedules"]]
    # largest first, so the longest run does not end up last
    with ThreadPoolExecutor(max_workers=int(os.environ.get("JOBS", "2"))) as ex:
        results = dict(zip(sorted(sizes, reverse=True),
                           ex.map(one, sorted(sizes, reverse=True))))
    return [row for n in sorted(sizes) for row in results[n]]


def fit(points):
    xs = [math.log(x) for x, _ in points]
    ys = [math.log(y) for _, y in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx


def parse(argv):
    """FILE --sizes a,b --sched x,y -p 1,2 [-- extra]"""
    extra = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1:]
    path, opts = argv[0], {"--sizes": "", "--sched": "df,bf,ws", "-p": "1,2,4"}
    i = 1
    while i < len(argv):
        opts[argv[i]] = argv[i + 1]
        i += 2
    sizes = [int(s) for s in opts["--sizes"].split(",") if s]
    return (path, sizes, opts["--sched"].split(","),
            [int(p) for p in opts["-p"].split(",")], extra)


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    cmd, argv = sys.argv[1], sys.argv[2:]
    if cmd == "measure":
        for row in measure(*parse(argv)):
            print(" ".join(map(str, row)))
    elif cmd == "fit":
        pts = [tuple(map(float, l.split()[:2])) for l in sys.stdin if l.strip()]
        print("%.2f" % fit(pts))
    elif cmd == "holders":
        # the paper's holders are expressions (§4.1): grouped by site
        d = run_json(argv + ["--top", "0"] + ([] if "--group" in argv else ["--group", "site"]))
        for i, h in enumerate(d["schedules"][0]["holders"], 1):
            print("\t".join(str(x) for x in (
                i, h["kind"], "%.1f" % h["space"], "%.1f" % h["percent"],
                "%s:%d" % (os.path.basename(h["file"]), h["line"]), h["text"])))
    elif cmd == "table":
        path, sizes, _, _, extra = parse(argv)
        rows = measure(path, sizes, POLICIES, PS, extra)
        hwm = {(n, pol, p): h for n, pol, p, h, *_ in rows}
        work = {n: w for n, *_, w in rows}
        cols = [(pol, p) for pol in POLICIES for p in PS]
        print("| n | work | " + " | ".join("%s P=%d" % c for c in cols) + " |")
        print("|---:|---:|" + "---:|" * len(cols))
        for n in sizes:
            print("| %d | %d | " % (n, work[n])
                  + " | ".join(str(hwm[(n,) + c]) for c in cols) + " |")
        if len(sizes) >= 2:
            print("| *exponent* | %.2f | " % fit([(n, work[n]) for n in sizes])
                  + " | ".join("%.2f" % fit([(n, hwm[(n,) + c]) for n in sizes])
                               for c in cols) + " |")
    else:
        sys.exit("hwm.py: unknown command " + cmd)


if __name__ == "__main__":
    main()
