#!/usr/bin/env bash
# Draws the pictures of docs/time.md into docs/img/ from pml's own output
# (pml graph, pml schedule, pml bounds, pml speedup) with gnuplot.
# Run from the top of the tree after `make pml`:  docs/time-pictures.sh
# Each picture's data (.dat) and gnuplot script (.gp) are kept beside it.
set -eu
cd "$(dirname "$0")/.."
PML=${PML:-./pml}
IMG=docs/img
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

# 1. The parallelism profile of fib 6 and its level schedule on P = 2.
"$PML" graph examples/fib.pml -D n=6 -o "$T/fib6.json"
"$PML" bounds examples/fib.pml -D n=6 -p 2 --no-exact > "$T/fib6-bounds.txt"
# 2. Where ws loses time on fib 6, P = 4: busy, delay and no-work per step.
"$PML" schedule examples/fib.pml -D n=6 --sched=ws -p 4 -o "$T/fib6-ws4.json"
"$PML" run examples/fib.pml -D n=6 --sched=ws -p 4 --top 1 --format json > "$T/fib6-ws4-run.json"
python3 - "$T" "$IMG" <<'EOF'
import json, re, sys
T, IMG = sys.argv[1], sys.argv[2]
g = json.load(open(T + "/fib6.json"))
n = g["work"]
parents = {v: [] for v in range(1, n + 1)}
for a, b in g["edges"]: parents[b].append(a)
level = {}
for v in range(1, n + 1):  # ids are a topological order
    level[v] = 1 + max((level[p] for p in parents[v]), default=0)
L = max(level.values())
q = [0] * (L + 1)
for v in level.values(): q[v] += 1
P = 2
prof = sum(-(-x // P) for x in q[1:])
txt = open(T + "/fib6-bounds.txt").read()
said = int(re.search(r"profile bound.*?(\d+)\s*$", txt, re.M).group(1))
assert said == prof, (said, prof)  # the picture shows what pml bounds computes
with open(IMG + "/time-levels.dat", "w") as f:
    f.write("# level  nodes  steps_on_P=2\n")
    for l in range(1, L + 1): f.write("%d %d %d\n" % (l, q[l], -(-q[l] // P)))
with open(IMG + "/time-levels.gp", "w") as f:
    f.write("""# Written by docs/time-pictures.sh.  Redraw with: gnuplot time-levels.gp
set terminal svg size 760,400 dynamic noenhanced font 'Helvetica,11' background '#ffffff'
set output 'time-levels.svg'
set title 'fib 6: the parallelism profile (%d nodes, span %d); level schedule on P = 2 takes %d steps, lower bound %d'
set xlabel 'level (the step at which unboundedly many processors visit the node)'
set ylabel 'nodes'
set style fill solid 0.8 border rgb '#1f5fa8'
set boxwidth 0.8
set key outside bottom center horizontal
set yrange [0:*]
set offsets 0, 0, 1, 0
plot 'time-levels.dat' using 1:2 with boxes lc rgb '#9ecae1' title 'q_l: nodes at level l', \\
     '' using 1:3 with histeps lc rgb '#c8281e' lw 2 title 'ceil(q_l / 2): steps of level l on 2 processors', \\
     %d with lines dt 2 lc rgb '#555555' title 'P = 2'
""" % (n, L, prof, max(-(-n // P), L), P))

s = json.load(open(T + "/fib6-ws4.json"))
run = json.load(open(T + "/fib6-ws4-run.json"))["schedules"][0]
P, steps = s["P"], s["steps"]
step = [0] + s["step"]
busy, ready = [0] * (steps + 1), [0] * (steps + 1)
for v in range(1, n + 1):
    busy[step[v]] += 1
    # ready from the step after its last parent ran until the step it runs
    first = 1 + max((step[p] for p in parents[v]), default=0)
    for t in range(first, step[v] + 1): ready[t] += 1
delay = [min(P - busy[t], ready[t] - busy[t]) for t in range(steps + 1)]
nowork = [P - busy[t] - delay[t] for t in range(steps + 1)]
assert sum(delay[1:]) == run["delay"] and sum(nowork[1:]) == run["nowork"], (sum(delay), run)
with open(IMG + "/time-idle.dat", "w") as f:
    f.write("# step busy delay nowork (fib 6, ws, P = 4)\n")
    for t in range(1, steps + 1): f.write("%d %d %d %d\n" % (t, busy[t], delay[t], nowork[t]))
with open(IMG + "/time-idle.gp", "w") as f:
    f.write("""# Written by docs/time-pictures.sh.  Redraw with: gnuplot time-idle.gp
set terminal svg size 760,300 dynamic noenhanced font 'Helvetica,11' background '#ffffff'
set output 'time-idle.svg'
set title 'fib 6, ws, P = 4: %d steps; 4 x %d = %d work + %d delay + %d no-work'
set xlabel 'step'
set ylabel 'processors'
set yrange [0:4.6]
set ytics 1
set style fill solid 1.0 noborder
set boxwidth 1.0
set key outside bottom center horizontal
plot 'time-idle.dat' using 1:($2+$3+$4) with boxes lc rgb '#bdbdbd' title 'no-work (nothing ready)', \\
     '' using 1:($2+$3) with boxes lc rgb '#c8281e' title 'delay (idle, work ready)', \\
     '' using 1:2 with boxes lc rgb '#1f5fa8' title 'busy'
""" % (steps, steps, n, run["delay"], run["nowork"]))
EOF
(cd "$IMG" && gnuplot time-levels.gp && gnuplot time-idle.gp)
# 3. The factored speedup of matmul (default size), without and with a fork cost.
for c in 0 10; do
    "$PML" speedup examples/matmul.pml -p 1:16 --sched=df,bf,ws --fork-cost $c \
        -o "$IMG/time-speedup-matmul-fork$c.csv" --plot "$IMG/time-speedup-matmul-fork$c.svg"
done
