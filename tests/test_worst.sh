# pml worst: the command line (options, exit statuses, --fail-above,
# --witness in pml schedule's format, --format json), the bracket
# lower <= exact <= upper on small programs, and the witness checked
# against the graph's own edges (pml graph) and P.
. "$(dirname "$0")/lib.sh"

status() { "$@" >/dev/null 2>&1; echo $?; }

# a small program with parallelism: lists built in parallel branches
cat > "$TMP/par.pml" <<'EOF'
fun f 0 = [] | f n = n :: f (n - 1)
val (a, b) = {f 3, {f 2, f 1}}
val result = length (fromList a)
EOF

expect_eq "worst without FILE is a usage error (2)" 2 "$(status "$PML" worst)"
expect_eq "worst with an unknown option is a usage error (2)" 2 "$(status "$PML" worst "$TMP/par.pml" --bogus)"
expect_eq "worst --fail-above needs a number (2)" 2 "$(status "$PML" worst "$TMP/par.pml" --fail-above lots)"
expect_eq "worst --format csv is a usage error (2)" 2 "$(status "$PML" worst "$TMP/par.pml" --format csv)"
expect_eq "worst -p 0 is a usage error (2)" 2 "$(status "$PML" worst "$TMP/par.pml" -p 0)"
printf 'val result = 1 div 0\n' > "$TMP/div.pml"
expect_eq "worst on a failing program exits 1" 1 "$(status "$PML" worst "$TMP/div.pml")"
expect_eq "worst on a good program exits 0" 0 "$(status "$PML" worst "$TMP/par.pml" -p 1,2)"

# JSON: the bracket and the bounds' order, for every P, on a graph small
# enough to enumerate (59 nodes without the prelude)
cat > "$TMP/small.pml" <<'EOF'
fun f 0 = [] | f n = n :: f (n - 1)
val (a, b) = {f 2, {f 1, f 2}}
val result = case a of [] => 0 | (h :: _) => h
EOF
"$PML" worst "$TMP/small.pml" --no-prelude -p 1,2,3,8 --exact --format json > "$TMP/w.json"
check=$(python3 - "$TMP/w.json" <<'EOF'
import json, sys
w = json.load(open(sys.argv[1]))
bad = []
for r in w["procs"]:
    P, e = r["P"], r["exact"]
    if not e["ran"]: bad.append("exact did not run at P=%d" % P); continue
    if not (r["witness"] <= r["lower"] <= e["all"] <= w["M_inf"]): bad.append("bracket at P=%d" % P)
    if r["lower"] != e["all"]: bad.append("lower %d != exact %d at P=%d" % (r["lower"], e["all"], P))
    if not (r["busy_witness"] <= e["busy_leaves"] <= r["M_P"] <= w["M_inf"]): bad.append("busy-leaves at P=%d" % P)
    if e["greedy"] is not None and e["greedy"] > e["all"]: bad.append("greedy at P=%d" % P)
    for p in r["policies"]:
        if p["hwm"] > w["M_inf"] or p["hwm"] > e["all"]: bad.append("%s above the bounds" % p["policy"])
        if p["busy_leaves"] and p["hwm"] > r["M_P"]: bad.append("%s above M_P" % p["policy"])
        if p["policy"] in ("df", "bf") and e["greedy"] is not None and p["hwm"] > e["greedy"]: bad.append("%s above greedy" % p["policy"])
print("ok" if not bad else "; ".join(bad))
EOF
)
expect_eq "worst --exact: witness <= lower = exact <= M∞, busy-leaves witness <= busy-leaves exact <= M_P, policies within" ok "$check"

# --fail-above: exit 1 and say why; nothing when under
"$PML" worst "$TMP/par.pml" --format json > "$TMP/w.json"
minf=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['M_inf'])" "$TMP/w.json")
expect_eq "worst --fail-above at M∞ passes (0)" 0 "$(status "$PML" worst "$TMP/par.pml" --fail-above "$minf")"
expect_eq "worst --fail-above below the worst case fails (1)" 1 "$(status "$PML" worst "$TMP/par.pml" --fail-above 1)"
msg=$("$PML" worst "$TMP/par.pml" --fail-above 1 2>&1 >/dev/null)
case "$msg" in *"exceeds --fail-above 1"*) pass "worst --fail-above says what exceeds what";;
               *) fail "worst --fail-above says what exceeds what" "$msg";; esac

# --witness: pml schedule's format, a valid P-processor schedule of this graph
"$PML" graph "$TMP/par.pml" -o "$TMP/g.json"
for P in 1 2 3; do
    rm -f "$TMP/s.json"
    "$PML" worst "$TMP/par.pml" -p "$P" --witness "$TMP/s.json" > /dev/null
    v=$(python3 - "$TMP/g.json" "$TMP/s.json" "$P" <<'EOF'
import json, sys
g, s, P = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), int(sys.argv[3])
step, proc = s["step"], s["proc"]
bad = []
if s["P"] != P or s["nodes"] != len(g["nodes"]) or len(step) != len(g["nodes"]): bad.append("shape")
for a, b in g["edges"]:
    if step[b - 1] <= step[a - 1]: bad.append("edge %d->%d" % (a, b)); break
per = {}
for t, p in zip(step, proc):
    if not (1 <= t <= s["steps"]) or not (0 <= p < P): bad.append("range"); break
    per.setdefault(t, set())
    if p in per[t]: bad.append("two nodes on one processor"); break
    per[t].add(p)
if max(s["heap"]) != s["hwm"] or len(s["heap"]) != s["steps"] + 1: bad.append("heap")
print("ok" if not bad else " ".join(bad))
EOF
)
    expect_eq "worst --witness at P=$P: pml schedule's format, edges respected, <= P a step" ok "$v"
done
"$PML" worst "$TMP/div.pml" --witness "$TMP/none.json" 2>/dev/null
if [ -e "$TMP/none.json" ]; then fail "a failed worst run writes no witness" "file exists"; else pass "a failed worst run writes no witness"; fi

# the bf example of docs/worst-case.md: a fork tree whose leaves allocate
# and then die; one-processor bf holds every leaf at once, M_1 does not
cat > "$TMP/tree.pml" <<'EOF'
fun t 0 = length (fromList [1, 2, 3])
  | t d = let val (a, b) = {t (d - 1), t (d - 1)} in a + b end
val result = t 4
EOF
"$PML" worst "$TMP/tree.pml" -p 1 --sched=df,bf,ws --format json > "$TMP/t.json"
v=$(python3 - "$TMP/t.json" <<'EOF'
import json, sys
w = json.load(open(sys.argv[1])); r = w["procs"][0]
pol = {p["policy"]: p for p in r["policies"]}
ok = (not pol["bf"]["busy_leaves"] and pol["bf"]["hwm"] > r["M_P"] and pol["df"]["busy_leaves"]
      and pol["ws"]["busy_leaves"] and pol["df"]["hwm"] <= r["M_P"] and pol["bf"]["hwm"] <= w["M_inf"])
print("ok" if ok else json.dumps(r))
EOF
)
expect_eq "worst: one-processor bf exceeds M_1 and is flagged as not busy-leaves; df and ws keep it" ok "$v"

# a holder table that repeats an earlier P's is printed once: each P has
# either its table or "the same holders as at P=X", and then the JSON
# worst points of the two P agree
"$PML" worst examples/fib.pml -D n=6 -p 1,2,4,8 > "$TMP/dedup.txt"
"$PML" worst examples/fib.pml -D n=6 -p 1,2,4,8 --format json > "$TMP/dedup.json"
got=$(python3 - "$TMP/dedup.txt" "$TMP/dedup.json" <<'PY'
import json, re, sys
t = open(sys.argv[1]).read()
d = {p["P"]: p["worst_point"] for p in json.load(open(sys.argv[2]))["procs"]}
blocks = re.split(r"^P=(\d+)$", t, flags=re.M)[1:]
bad, same = [], 0
for P, body in zip(blocks[0::2], blocks[1::2]):
    m = re.search(r"the same holders as at P=(\d+), above", body)
    if m:
        same += 1
        hp = lambda p: [(h["space"], h["file"], h["line"], h["col"]) for h in d[p]["holders"]]
        if hp(int(m.group(1))) != hp(int(P)): bad.append(P)
    elif "held by use, grouped by caller:" not in body: bad.append(P)
print("ok %d" % same if not bad and len(blocks) == 8 else "bad %r" % bad)
PY
)
expect_eq "pml worst -p 1,2,4,8 on fib n=6: the tables of P=4 and 8 repeat P=2's and are printed once" "ok 2" "$got"

# --by and --group as pml run's (docs/attribution.md): the same rows in
# --help, the same defaults (caller: the user's lines, never the
# prelude's), site naming the prelude's expressions, alloc said
cat > "$TMP/hold.pml" <<'EOF2'
fun build n = if n = 0 then [] else n :: build (n - 1)
val (a, b) = {map (fn x => x + 1) (build 20), rev (build 20)}
val result = length a + length b
EOF2
# the rows of --by and --group with their continuation lines
rows() { "$PML" "$1" --help | python3 -c '
import re, sys
print("\n".join(re.findall(r"^ +--(?:by|group) .*\n(?: {28}.*\n)*", sys.stdin.read(), re.M)))'; }
r=$(rows run)
case $r in *"--by use|alloc"*"(default use)"*"--group caller|site|function"*"(default caller;"*)
    expect_eq "worst --help: the --by and --group rows are pml run's" "$r" "$(rows worst)";;
*) fail "worst --help: the --by and --group rows are pml run's" "run's rows not found: $r";; esac
holders() { "$PML" worst "$TMP/hold.pml" -p 2 --format json "$@" | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(d["by"], d["group"], sorted({h["file"].split("/")[-1] for p in d["procs"] for h in p["worst_point"]["holders"]}))'; }
expect_eq "worst by default: held by use, grouped by caller: the user's file only" "use caller ['hold.pml']" "$(holders)"
expect_eq "worst --group caller is the default" "$(holders)" "$(holders --group caller)"
expect_eq "worst --group site: the prelude's expressions hold" "use site ['hold.pml', 'prelude.pml']" "$(holders --group site)"
got=$("$PML" worst "$TMP/hold.pml" -p 2 --by alloc --group function | grep -c "held by allocation, grouped by function:")
expect_eq "worst --by alloc --group function: the table says so" 1 "$got"
expect_eq "worst --group nowhere is a usage error (2)" 2 "$(status "$PML" worst "$TMP/hold.pml" --group nowhere)"

# the heap-only figure and pml run's mark: each policy's line gives both,
# the first equal to run --no-queue-space's mark, the second to run's
"$PML" worst "$TMP/hold.pml" -p 1,2 --format json > "$TMP/wq.json"
"$PML" worst "$TMP/hold.pml" -p 1,2 > "$TMP/wq.txt"
for q in "" --no-queue-space; do
    "$PML" run "$TMP/hold.pml" --sched df,bf,ws -p 1,2 --format json $q > "$TMP/run$q.json"
done
got=$(python3 - "$TMP/wq.json" "$TMP/wq.txt" "$TMP/run.json" "$TMP/run--no-queue-space.json" <<'PY'
import json, re, sys
w, text = json.load(open(sys.argv[1])), open(sys.argv[2]).read()
run = {(s["policy"], s["P"]): s["hwm"] for s in json.load(open(sys.argv[3]))["schedules"]}
heap = {(s["policy"], s["P"]): s["hwm"] for s in json.load(open(sys.argv[4]))["schedules"]}
bad, differ = [], 0
for p in w["procs"]:
    for q in p["policies"]:
        k = (q["policy"], p["P"])
        if q["hwm"] != heap[k] or q["run_hwm"] != run[k]: bad.append("%s: %r" % (k, q))
        differ += q["hwm"] != q["run_hwm"]
lines = re.findall(r"^  (df|bf|ws) +(\d+) words heap, (\d+) with the queue \(pml run's mark\)", text, re.M)
if len(lines) != 6: bad.append("%d policy lines say both figures" % len(lines))
for pol, h, r in lines:
    if not any(int(r) == run[(pol, P)] and int(h) == heap[(pol, P)] for P in (1, 2)): bad.append(pol)
print("ok" if not bad and differ else "bad %r (%d differ)" % (bad, differ))
PY
)
expect_eq "worst: each policy's heap mark is run --no-queue-space's, its 'with the queue' figure run's mark, on the policy's line" ok "$got"
