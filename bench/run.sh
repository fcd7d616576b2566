#!/usr/bin/env bash
# Prints the benchmark figures (never pass/fail on time).  Set B for another
# build directory.
set -eu
cd "$(dirname "$0")/.."
B=${B:-build}
make -s "$B/bench/bench_sim"
echo "== simulator and space profile (bench/bench_sim.c)"
"$B/bench/bench_sim"
make -s "$B/bench/bench_eval"
echo "== interpreter and whole pipeline on real programs (bench/bench_eval.c)"
"$B/bench/bench_eval" examples/matmul.pml n=56
# fib 30 makes 35 M nodes, past the default --max-nodes on small machines
"$B/bench/bench_eval" examples/fib.pml n=30 --max-nodes 50000000
echo "== pml worst against one simulation (bench/bench_worst.sh; best of 3, evaluation included)"
bench/bench_worst.sh ./pml examples/fib.pml 25
bench/bench_worst.sh ./pml examples/matmul.pml 26
