#!/usr/bin/env bash
# pml exec's speedup on a machine with many cores: the work-stealing
# runtime (--sched=ws) from 1 to 16 threads on fib, nqueens and matmul,
# with no sampling and with the default sampling; prints one table.
#
#   bench/exec-16core.sh [PML] [EXAMPLES]
#
# PML (default ./pml-static, else ./pml): a pml binary; `make static`
# builds ./pml-static, which needs nothing installed on the machine it
# runs on (libgc linked in).  EXAMPLES (default the examples/ folder next
# to this script's): where fib.pml, nqueens.pml and matmul.pml are.  So
# the files to copy are this script, the binary and the three programs:
#
#   scp bench/exec-16core.sh pml-static examples/{fib,nqueens,matmul}.pml host:x/
#   ssh host 'cd x && ./exec-16core.sh ./pml-static .'
#
# Environment: PS (default 1..16 and the number of cores, if more), RUNS
# (runs per figure, the median kept; default 3), FIB, NQUEENS, MATMUL (the
# sizes; defaults 30, 10, 96).  Wall seconds are pml exec's own wall_s
# (the program's run, not the start-up); CPU seconds are the process's
# user + system time.  Figures only: nothing here fails on time.
set -u
here=$(cd "$(dirname "$0")" && pwd)
PML=${1:-}
if [ -z "$PML" ]; then
    for c in ./pml-static "$here/../pml-static" ./pml "$here/../pml"; do
        [ -x "$c" ] && { PML=$c; break; }
    done
fi
EX=${2:-$here/../examples}
[ -x "${PML:-}" ] || { echo "exec-16core.sh: no pml binary (give its path)" >&2; exit 2; }
for f in fib nqueens matmul; do
    [ -f "$EX/$f.pml" ] || { echo "exec-16core.sh: no $EX/$f.pml (give the examples' folder)" >&2; exit 2; }
done
cores=$(nproc)
PS=${PS:-$(seq 1 16; [ "$cores" -gt 16 ] && echo "$cores")}
RUNS=${RUNS:-3}
progs=("fib n=${FIB:-30}" "nqueens n=${NQUEENS:-10}" "matmul n=${MATMUL:-96}")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

# "wall cpu" of one pml exec run (wall: its JSON's wall_s)
one() {
    /usr/bin/time -o "$tmp/t" -f "%U %S" "$PML" exec "$@" --format json > "$tmp/j" 2> /dev/null || { echo "0 0"; return; }
    local wall
    wall=$(grep -o '"wall_s": [0-9.e+-]*' "$tmp/j" | head -1 | cut -d' ' -f2)
    echo "$wall $(awk '{print $1 + $2}' "$tmp/t")"
}

echo "== pml exec --sched=ws on $cores cores ($(uname -m), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)"
echo "== $("$PML" --version 2>&1 | head -1); medians of $RUNS runs; speedup: wall at P = 1 over wall at P"
printf '%-12s %3s %10s %10s %8s %12s %10s\n' program P "wall(s)" "cpu(s)" speedup "sampled(s)" "sampled/x"
for pr in "${progs[@]}"; do
    set -- $pr
    base=
    for p in $PS; do
        : > "$tmp/w"; : > "$tmp/c"; : > "$tmp/s"
        for ((i = 0; i < RUNS; i++)); do
            r=$(one "$EX/$1.pml" -D "$2" --sched=ws -p "$p" --sample 1099511627776)
            echo "${r% *}" >> "$tmp/w"
            echo "${r#* }" >> "$tmp/c"
            r=$(one "$EX/$1.pml" -D "$2" --sched=ws -p "$p")
            echo "${r% *}" >> "$tmp/s"
        done
        w=$(median < "$tmp/w"); c=$(median < "$tmp/c"); s=$(median < "$tmp/s")
        [ -n "$base" ] || base=$w
        printf '%-12s %3s %10.3f %10.2f %8.2f %12.3f %10.2f\n' "$1 ${2#n=}" "$p" "$w" "$c" \
            "$(awk -v a="$base" -v b="$w" 'BEGIN {print (b > 0 ? a / b : 0)}')" "$s" \
            "$(awk -v a="$w" -v b="$s" 'BEGIN {print (a > 0 ? b / a : 0)}')"
    done
done
