#!/usr/bin/env bash
# Prints the benchmark figures (never pass/fail on time).  Set B for another
# build directory, PML for another binary.  With --smoke, every benchmark
# runs once at tiny sizes (make bench-smoke, and the test suite): it checks
# that they run to the end, and its figures mean nothing.
set -eu
cd "$(dirname "$0")/.."
B=${B:-build}
PML=${PML:-./pml}
smoke=0; [ "${1:-}" = --smoke ] && smoke=1
make -s "$B/bench/bench_sim" "$B/bench/bench_eval" "$B/bench/bench_bounds" "$B/bench/bench_race" "$B/bench/bench_types"
# the figures vary with what else runs: say what the machine was doing
echo "== machine: $(nproc) cores, $(awk '/^MemTotal/ {printf "%.0f", $2 / 1048576}' /proc/meminfo) GiB, load average $(cut -d' ' -f1-3 /proc/loadavg) at start, $(date -u +%FT%TZ)"
echo "== simulator and space profile (bench/bench_sim.c)"
if [ $smoke = 1 ]; then "$B/bench/bench_sim" 20000 2000; else "$B/bench/bench_sim"; fi
echo "== time bounds against one simulation (bench/bench_bounds.c)"
if [ $smoke = 1 ]; then "$B/bench/bench_bounds" 20000; else "$B/bench/bench_bounds"; fi
echo "== interpreter and whole pipeline on real programs (bench/bench_eval.c)"
if [ $smoke = 1 ]; then
    "$B/bench/bench_eval" examples/matmul.pml n=4
    "$B/bench/bench_eval" examples/fib.pml n=10
else
    "$B/bench/bench_eval" examples/matmul.pml n=56
    # fib 30 makes 35 M nodes, past the default --max-nodes on small machines
    "$B/bench/bench_eval" examples/fib.pml n=30 --max-nodes 50000000
fi
echo "== the graph-building interpreter alone, best of 3 (bench_eval --interpreter; docs/performance.md, The evaluator)"
if [ $smoke = 1 ]; then
    "$B/bench/bench_eval" examples/quicksort.pml n=20 --interpreter
else
    for p in "fib.pml n=28" "matmul.pml n=56" "quicksort.pml n=800"; do
        # shellcheck disable=SC2086
        "$B/bench/bench_eval" examples/$p --interpreter
    done
fi
echo "== the static semantics: the prelude, then every tests/sml program without infix or modules, each in a structure of its own (bench/bench_types.c)"
big=$(mktemp); i=0
for f in $(grep -L 'infix\|^[a-z(].*;[[:space:]]*$\|signature\|structure' tests/sml/*.pml); do
    i=$((i + 1)); printf 'structure S%d = struct\n' $i; cat "$f"; printf 'end\n'
    [ $smoke = 1 ] && [ $i -ge 3 ] && break
done > "$big"
"$B/bench/bench_types" "$big"; rm -f "$big"
echo "== pml run end to end, M nodes per CPU second: the default, and nine schedules (bench/bench_run.sh; BASE=binary alternates with another build)"
if [ $smoke = 1 ]; then RUNS=1 bench/bench_run.sh "$PML" "${BASE:-}" small; else bench/bench_run.sh "$PML" "${BASE:-}"; fi
echo "== peak resident bytes per node of one pml run --sched=df -p 1, every example (bench/bench_memory.sh)"
if [ $smoke = 1 ]; then bench/bench_memory.sh "$PML" small; else bench/bench_memory.sh "$PML"; fi
echo "== the largest runs end to end: fib at growing sizes, bytes per node and nodes per second (bench/fib37-16core.sh; each size skipped where it would not fit the memory available)"
if [ $smoke = 1 ]; then SIZES=10 bench/fib37-16core.sh "$PML"; else SIZES="33 36" bench/fib37-16core.sh "$PML"; fi
echo "== log-log slopes of time against nodes, per stage, over ~10x sizes (bench/bench_slopes.sh)"
if [ $smoke = 1 ]; then
    RUNS=1 bench/bench_slopes.sh "$B/bench/bench_eval" examples/fib.pml 6 10
else
    bench/bench_slopes.sh "$B/bench/bench_eval" examples/fib.pml 25 30 50000000
    bench/bench_slopes.sh "$B/bench/bench_eval" examples/matmul.pml 26 56
fi
echo "== pml worst against one simulation (bench/bench_worst.sh; best of 3, evaluation included)"
if [ $smoke = 1 ]; then
    bench/bench_worst.sh "$PML" examples/fib.pml 8
else
    bench/bench_worst.sh "$PML" examples/fib.pml 25
    bench/bench_worst.sh "$PML" examples/matmul.pml 26
fi
echo "== race detection: evaluation alone against evaluation + detection (bench/bench_race.c), pml race against pml run (bench/bench_race.sh)"
if [ $smoke = 1 ]; then
    "$B/bench/bench_race" bench/race_fill.pml n=64 --runs 1
    bench/bench_race.sh "$PML" bench/race_fill.pml 64
else
    "$B/bench/bench_race" bench/race_fill.pml n=131072
    "$B/bench/bench_race" examples/fib.pml n=27
    "$B/bench/bench_race" bench/race_counter.pml n=300000
    bench/bench_race.sh "$PML" bench/race_fill.pml 131072
fi
echo "== pml exec: ws speedup at 1 and 2 threads, the sampling's cost, against SML/NJ (bench/bench_exec.sh; bench/exec-16core.sh for 1-16 threads)"
if [ $smoke = 1 ]; then RUNS=1 bench/bench_exec.sh "$PML" small; else bench/bench_exec.sh "$PML"; fi
echo "== pml check and pml run against the number of declarations, CPU time per declaration (bench/bench_decls.sh)"
if [ $smoke = 1 ]; then bench/bench_decls.sh "$PML" 100 1000; else bench/bench_decls.sh "$PML" 10000 100000 1000000; fi
echo "== load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
