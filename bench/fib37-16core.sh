#!/usr/bin/env bash
# The largest run end to end (issue 31, point 4: 10^9 nodes, fib 37, in
# under 2 minutes at <= 16 bytes per node): the default `pml run` (df on
# one processor and the attribution at the high-water mark, races watched)
# of fib at growing sizes, each with its nodes, wall-clock and CPU time,
# peak resident memory, bytes per node and nodes per second; prints one
# table.  Figures only: nothing here fails on time.
#
#   bench/fib37-16core.sh [PML] [EXAMPLES]
#
# PML (default ./pml-static, else ./pml): a pml binary; `make static`
# builds ./pml-static, which needs nothing installed on the machine it
# runs on.  EXAMPLES (default the examples/ folder next to this script's):
# where fib.pml is.  So the files to copy are this script, the binary and
# one program:
#
#   make static
#   scp bench/fib37-16core.sh pml-static examples/fib.pml host:x/
#   ssh host 'cd x && ./fib37-16core.sh ./pml-static .'
#
# Environment: SIZES (default "33 35 37": each about 2.6x the one before,
# so the last lines show how the cost per node grows), BPN (bytes per node
# assumed when checking that a size fits the memory available, default
# 20: a size that would not fit is skipped and says so).  The times are
# /usr/bin/time's (else python3's wait4) for the whole process: start-up,
# evaluation, graph, schedule, mark and attribution.  `pml run` uses one
# core (the interpreter is sequential); the collector's marking may use
# more, so CPU time can exceed wall time.
set -u
here=$(cd "$(dirname "$0")" && pwd)
for c in ./pml-static "$here/../pml-static" ./pml "$here/../pml"; do [ -x "$c" ] && break; done
PML=${1:-$c} EX=${2:-$here/../examples}
if [ ! -x "$PML" ] || [ ! -f "$EX/fib.pml" ]; then
    echo "fib37-16core.sh: no pml binary at $PML or no $EX/fib.pml (usage: fib37-16core.sh [PML] [EXAMPLES])" >&2
    exit 2
fi
SIZES=${SIZES:-33 35 37}
BPN=${BPN:-20}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# "wall user sys maxrss_kib" of one command, its output in $tmp/out
measure() {
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -o "$tmp/t" -f "%e %U %S %M" "$@" > "$tmp/out" 2> "$tmp/err" || return 1
        cat "$tmp/t"
    elif command -v python3 > /dev/null; then
        python3 - "$tmp/out" "$@" 2> "$tmp/err" <<'PY' || return 1
import os, subprocess, sys, time
t0 = time.time()
child = subprocess.Popen(sys.argv[2:], stdout=open(sys.argv[1], "w"))
_, status, ru = os.wait4(child.pid, 0)
if status: sys.exit(1)
print("%.2f %.2f %.2f %d" % (time.time() - t0, ru.ru_utime, ru.ru_stime, ru.ru_maxrss))
PY
    else
        echo "fib37-16core.sh: needs /usr/bin/time or python3" >&2
        exit 2
    fi
}

# fib n's nodes, about: 6.28e8 at n = 36, x1.618 per n
nodes_of() { awk -v n="$1" 'BEGIN {printf "%.0f", 6.28e8 * 1.618 ^ (n - 36)}'; }
avail_kib=$(awk '/^MemAvailable/ {print $2}' /proc/meminfo)

echo "== pml run fib on $(nproc) cores ($(uname -m), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), $((avail_kib / 1048576)) GiB available of $(awk '/^MemTotal/ {print int($2 / 1048576)}' /proc/meminfo), load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)"
echo "== $("$PML" --version 2>&1 | head -1); one run per size; target: fib 37 (about 10^9 nodes) in < 120 s wall at <= 16 bytes per node"
printf '%-4s %12s %9s %9s %9s %9s %9s %9s %10s %10s\n' n nodes "wall(s)" "cpu(s)" "user(s)" "sys(s)" "peak(GB)" "B/node" "Mn/wall-s" "Mn/cpu-s"
for n in $SIZES; do
    est=$(nodes_of "$n")
    if awk -v e="$est" -v b="$BPN" -v a="$avail_kib" 'BEGIN {exit !(e * b > a * 1024)}'; then
        printf '%-4s skipped: needs about %.1f GB at %s B/node, %.1f GB available\n' "$n" \
            "$(awk -v e="$est" -v b="$BPN" 'BEGIN {print e * b / 1e9}')" "$BPN" "$(awk -v a="$avail_kib" 'BEGIN {print a * 1024 / 1e9}')"
        continue
    fi
    # --max-nodes: the default limit is one node per KiB of memory
    if ! r=$(measure "$PML" run "$EX/fib.pml" -D "n=$n" --max-nodes 2000000000); then
        echo "$n   failed: $(head -c 300 "$tmp/err")"
        continue
    fi
    nodes=$(sed -n 's/^work \([0-9]*\) nodes.*/\1/p' "$tmp/out")
    set -- $r
    awk -v n="$n" -v nodes="$nodes" -v wall="$1" -v u="$2" -v s="$3" -v kib="$4" 'BEGIN {
        cpu = u + s; rss = kib * 1024
        printf "%-4s %12d %9.1f %9.1f %9.1f %9.1f %9.2f %9.1f %10.1f %10.1f\n", n, nodes, wall, cpu, u, s,
               rss / 1e9, rss / nodes, nodes / wall / 1e6, nodes / cpu / 1e6 }'
done
