#!/usr/bin/env python3
# best_of.py — best(command): runs the command 3 times (its standard output
# discarded) and returns its best CPU seconds (user + system) and its best
# wall-clock seconds: CPU time is steadier than wall-clock time on a shared
# machine.  For the benchmarks that compare two pml commands
# (bench_worst.sh, bench_race.sh), which import it.
import os, subprocess, time

def best(command):
    cpu = wall = None
    for _ in range(3):
        t0 = time.time()
        before = os.times()
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
        after = os.times()
        w = time.time() - t0
        c = (after.children_user - before.children_user) + (after.children_system - before.children_system)
        cpu = c if cpu is None else min(cpu, c)
        wall = w if wall is None else min(wall, w)
    return cpu, wall
