#!/usr/bin/env bash
# pml exec's figures (docs/exec.md, "Speed"): the work-stealing runtime's
# speedup from 1 to 2 threads, the sampling's cost at its defaults, and
# pml exec -p 1 against SML/NJ's native code on the same programs.
#
#   bench/bench_exec.sh PML [small]
#
# Each figure is the median of RUNS runs (default 3), the configurations
# compared taken in turn (P = 1, P = 2, P = 1, ...) so that a change in
# the machine's load falls on both.  Wall and CPU (user + system) seconds
# of the whole command.  SML/NJ: the program translated as the value
# oracle does (tests/test_sml_oracle.sh --translate: parallel pairs made
# sequential), compiled and run by `sml` at the size and at a tiny size;
# the difference is the run (the compilation, the same at both sizes,
# cancels).  SML/NJ's top level prints the value of every val: that
# printing is turned off (Control.Print.printDepth 0), or it is most of
# what is timed (nqueens 9: 1.8 of 2.1 s, matmul 64: 2.9 of 3.2 s, where
# the run takes under 0.02 s).  The comparison runs at larger sizes than
# the rest (sml_progs), where SML/NJ's run takes 0.03-1.2 s.  Figures, not
# tests: nothing here fails on time.
set -u
cd "$(dirname "$0")/.."
PML=${1:-./pml}
small=${2:-}
RUNS=${RUNS:-3}
NOSAMPLE="--sample 1099511627776"
if [ -n "$small" ]; then
    progs=("examples/fib.pml n=12" "examples/nqueens.pml n=5" "examples/matmul.pml n=8")
    sml_progs=("${progs[@]}" "examples/quicksort.pml n=20")
else
    progs=("examples/fib.pml n=28" "examples/nqueens.pml n=9" "examples/matmul.pml n=64")
    sml_progs=("examples/fib.pml n=32" "examples/nqueens.pml n=10" "examples/matmul.pml n=100"
               "examples/quicksort.pml n=2000")
fi

# "wall cpu" of one command (its output thrown away)
timed() {
    /usr/bin/time -o "$tmp/t" -f "%e %U %S" "$@" > /dev/null 2>&1
    awk '{printf "%.3f %.3f", $1, $2 + $3}' "$tmp/t"
}
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# RUNS runs of each of the commands given as strings, in turn; prints, per
# command, "wall cpu" (medians)
alternate() {
    local i c
    rm -f "$tmp"/[0-9]*
    for ((i = 0; i < RUNS; i++)); do
        c=0
        for cmd in "$@"; do
            # shellcheck disable=SC2086
            timed $cmd >> "$tmp/$c"
            echo >> "$tmp/$c"
            c=$((c + 1))
        done
    done
    for ((i = 0; i < c; i++)); do
        echo "$(cut -d' ' -f1 "$tmp/$i" | median) $(cut -d' ' -f2 "$tmp/$i" | median)"
    done
}

echo "-- ws, no sampling ($NOSAMPLE): P = 1 against P = 2 (medians of $RUNS, seconds)"
printf '%-24s %9s %9s %9s %9s %9s\n' program "wall P=1" "cpu P=1" "wall P=2" "cpu P=2" speedup
for pr in "${progs[@]}"; do
    set -- $pr
    r=$(alternate "$PML exec $1 -D $2 --sched=ws -p 1 $NOSAMPLE" "$PML exec $1 -D $2 --sched=ws -p 2 $NOSAMPLE" | tr '\n' ' ')
    set -- $pr $r
    printf '%-24s %9s %9s %9s %9s %9s\n' "$(basename "$1" .pml) $2" "$3" "$4" "$5" "$6" \
        "$(awk -v a="$3" -v b="$5" 'BEGIN {printf "%.2f", (b > 0 ? a / b : 0)}')"
done

echo "-- the sampling's cost at its defaults (ws): default against none (medians of $RUNS, seconds)"
printf '%-24s %3s %9s %9s %9s %9s %9s\n' program P "wall none" "cpu none" "wall dflt" "cpu dflt" "cpu ratio"
for pr in "${progs[@]}"; do
    for p in 1 2; do
        set -- $pr
        r=$(alternate "$PML exec $1 -D $2 --sched=ws -p $p $NOSAMPLE" "$PML exec $1 -D $2 --sched=ws -p $p" | tr '\n' ' ')
        set -- $pr $r
        printf '%-24s %3s %9s %9s %9s %9s %9s\n' "$(basename "$1" .pml) $2" "$p" "$3" "$4" "$5" "$6" \
            "$(awk -v a="$4" -v b="$6" 'BEGIN {printf "%.2f", (a > 0 ? b / a : 0)}')"
    done
done

echo "-- pml exec -p 1 (df, no sampling) against SML/NJ $(sml -h 2>&1 | head -1 | grep -o 'v[0-9.]*' || true) native code, the pairs sequential (medians of $RUNS, CPU seconds)"
if ! command -v sml > /dev/null; then
    echo "(no sml on PATH: skipped)"
    exit 0
fi
printf '%-24s %9s %9s %9s\n' program "pml exec" "SML/NJ" ratio
quiet() { sed -e 's/printDepth := [0-9]*/printDepth := 0/' -e 's/printLength := [0-9]*/printLength := 0/'; }
for pr in "${sml_progs[@]}"; do
    set -- $pr
    name=${2%%=*}
    tests/test_sml_oracle.sh --translate "$1" -D "$2" | quiet > "$tmp/big.sml"
    tests/test_sml_oracle.sh --translate "$1" -D "$name=1" | quiet > "$tmp/tiny.sml"
    r=$(alternate "$PML exec $1 -D $2 -p 1 $NOSAMPLE --max-nodes 4000000000" "sml $tmp/big.sml" "sml $tmp/tiny.sml" |
        cut -d' ' -f2 | tr '\n' ' ')
    set -- $pr $r
    # under 0.02 s SML/NJ's run is lost in its compilation's variation
    printf '%-24s %9s %9s %9s\n' "$(basename "$1" .pml) $2" "$3" \
        "$(awk -v a="$4" -v b="$5" 'BEGIN {d = a - b; if (d < 0.02) print "<0.02"; else printf "%.3f", d}')" \
        "$(awk -v a="$3" -v b="$4" -v c="$5" 'BEGIN {d = b - c; if (d < 0.02) printf ">%.0f", a / 0.02; else printf "%.1f", a / d}')"
done
