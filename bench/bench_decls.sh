#!/usr/bin/env bash
# The front end and the run against the number of declarations: `pml check`
# and `pml run` of programs from bench/gen_decls.py (every shape) at each
# size, with CPU time (user + system of the child, so the machine's load
# does not count), the time per declaration and the peak resident memory.
# Linear is a constant time per declaration down a column.  Figures only.
# Usage: bench/bench_decls.sh PML N1 N2 ...
set -eu
exec python3 - "$@" <<'PY'
import os, subprocess, sys, tempfile, time
sys.path.insert(0, "bench")
import gen_decls
pml, sizes = sys.argv[1], [int(a) for a in sys.argv[2:]]
def measure(cmd, path):
    t0 = time.time()
    child = subprocess.Popen([pml, cmd, path, "--max-nodes", "2000000000"] if cmd == "run" else [pml, cmd, path],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = child.stderr.read()
    _, status, ru = os.wait4(child.pid, 0)
    if status != 0:
        sys.exit("bench_decls: pml %s %s failed: %s" % (cmd, path, err.decode()[-300:]))
    return ru.ru_utime + ru.ru_stime, time.time() - t0, ru.ru_maxrss / 1024
print("  %-7s %9s  %9s %9s %8s  %9s %9s %8s" % ("shape", "decls", "check s", "us/decl", "MiB", "run s", "us/decl", "MiB"))
with tempfile.TemporaryDirectory() as tmp:
    for shape in ["val", "fun", "let", "list", "struct"]:
        for n in sizes:
            path = os.path.join(tmp, "%s%d.pml" % (shape, n))
            with open(path, "w") as f:
                gen_decls.gen(shape, n, f.write)
            c, _, cm = measure("check", path)
            r, _, rm = measure("run", path)
            print("  %-7s %9d  %9.2f %9.2f %8.0f  %9.2f %9.2f %8.0f" % (shape, n, c, c / n * 1e6, cm, r, r / n * 1e6, rm))
            os.unlink(path)
PY
