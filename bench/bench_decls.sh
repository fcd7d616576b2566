#!/usr/bin/env bash
# The front end and the run against the number of declarations: `pml check`
# and `pml run` of programs from bench/gen_decls.py (every shape) at each
# size, with CPU time (user + system of the child, so the machine's load
# does not count), the time per declaration and the peak resident memory.
# Linear is a constant time per declaration down a column.  A run that
# stops with an error prints its message in place of its figures.  Figures
# only.
# Usage: bench/bench_decls.sh PML N1 N2 ...
set -eu
exec python3 - "$@" <<'PY'
import os, subprocess, sys, tempfile
sys.path.insert(0, "bench")
import gen_decls
pml, sizes = sys.argv[1], [int(a) for a in sys.argv[2:]]
def measure(cmd, path):
    child = subprocess.Popen([pml, cmd, path, "--max-nodes", "2000000000"] if cmd == "run" else [pml, cmd, path],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = child.stderr.read()
    _, status, ru = os.wait4(child.pid, 0)
    if status != 0:  # a figure too: say where and why it stopped
        return None, err.decode(errors="replace").split("\n")[0].split(" error: ")[-1][:150]
    return ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024
print("  %-7s %9s  %9s %9s %8s  %9s %9s %8s" % ("shape", "decls", "check s", "us/decl", "MiB", "run s", "us/decl", "MiB"))
with tempfile.TemporaryDirectory() as tmp:
    for shape in ["val", "fun", "let", "list", "struct"]:
        for n in sizes:
            path = os.path.join(tmp, "%s%d.pml" % (shape, n))
            with open(path, "w") as f:
                gen_decls.gen(shape, n, f.write)
            row = "  %-7s %9d " % (shape, n)
            for cmd in ["check", "run"]:
                t, m = measure(cmd, path)
                row += " %9.2f %9.2f %8.0f " % (t, t / n * 1e6, m) if t is not None else " %s failed: %s" % (cmd, m)
            print(row.rstrip())
            os.unlink(path)
PY
