# Time (docs/time.md): on every example, policy and P, with and without
# overhead costs, pml run's JSON satisfies P*T = work + idle + overhead
# exactly, idle = delay + no-work, greedy policies (df, bf) have no delay
# and no-work <= (P-1)*span, speedup = work/steps; CSV carries the same.
. "$(dirname "$0")/lib.sh"

for f in examples/*.pml; do
    b=$(basename "$f" .pml)
    "$PML" run "$f" --sched=df,bf,ws -p 1,2,3,4,16 --top 1 --format json > "$TMP/$b.json" || echo "run failed" > "$TMP/$b.json"
    "$PML" run "$f" --sched=df,bf,ws -p 1,3,16 --coarse --fork-cost 3 --steal-cost 2 --top 1 --format json \
        > "$TMP/$b-cost.json" || echo "run failed" > "$TMP/$b-cost.json"
done
out=$(python3 - "$TMP" <<'EOF'
import glob, json, sys
bad, n = [], 0
for path in sorted(glob.glob(sys.argv[1] + "/*.json")):
    try: r = json.load(open(path))
    except Exception as e: bad.append("%s: %s" % (path, e)); continue
    work, span = r["work"], r["span"]
    if abs(r["parallelism"] - work / span) > 1e-9: bad.append("%s parallelism" % path)
    for s in r["schedules"]:
        n += 1
        P, T, where = s["P"], s["steps"], "%s %s P=%d" % (path.split("/")[-1], s["policy"], s["P"])
        if P * T != work + s["idle"] + s["overhead"]: bad.append(where + " identity")
        if s["idle"] != s["delay"] + s["nowork"]: bad.append(where + " idle split")
        if abs(s["speedup"] - work / T) > 1e-9: bad.append(where + " speedup")
        if r["fork_cost"] == 0 and r["steal_cost"] == 0 and s["overhead"] != 0: bad.append(where + " overhead without cost")
        if s["policy"] != "ws":
            if s["delay"] != 0: bad.append(where + " greedy delay")
            if r["fork_cost"] == 0 and s["nowork"] > (P - 1) * span: bad.append(where + " no-work > (P-1) span")
print("; ".join(bad[:4]) if bad else "ok %d" % n)
EOF
)
case $out in ok*) pass "P*T = work + idle + overhead, idle = delay + no-work, speedup = work/T on every example, policy, P, with and without costs ($out schedules)";;
*) fail "time identity on the examples" "$out";; esac
out=$(python3 - "$TMP" <<'EOF'
import glob, json, sys
bad = 0
for path in glob.glob(sys.argv[1] + "/*.json"):
    r = json.load(open(path))
    for s in r["schedules"]:
        if s["policy"] != "ws" and s["delay"]: bad += 1
print(bad)
EOF
)
expect_eq "df and bf have zero delay on every example" 0 "$out"

# CSV: the new columns agree with JSON
"$PML" run examples/matmul.pml --sched=ws -p 4 --fork-cost 2 --steal-cost 3 --top 1 --format csv > "$TMP/mm.csv"
"$PML" run examples/matmul.pml --sched=ws -p 4 --fork-cost 2 --steal-cost 3 --top 1 --format json > "$TMP/mm.js"
out=$(python3 - "$TMP" <<'EOF'
import csv, json, sys
d = sys.argv[1]
row = next(csv.DictReader(open(d + "/mm.csv", newline="")))
s = json.load(open(d + "/mm.js"))["schedules"][0]
ok = all(int(row[k]) == s[k] for k in ["steps", "idle", "delay", "nowork", "overhead", "steals"])
ok = ok and abs(float(row["speedup"]) - s["speedup"]) < 1e-12 and row["fork_cost"] == "2" and row["steal_cost"] == "3"
print("ok" if ok else "differ: %s vs %s" % (row, s))
EOF
)
expect_eq "CSV delay, nowork, overhead, steals, speedup, costs equal JSON's" ok "$out"

# costs 0 change nothing; bad cost values are usage errors
a=$("$PML" run examples/quicksort.pml --sched=df,bf,ws -p 3 --format json)
b=$("$PML" run examples/quicksort.pml --sched=df,bf,ws -p 3 --fork-cost 0 --steal-cost 0 --format json)
expect_eq "--fork-cost 0 --steal-cost 0 is the default" "$a" "$b"
"$PML" run examples/fib.pml --fork-cost x >/dev/null 2>&1
expect_eq "--fork-cost x is a usage error" 2 $?
"$PML" run examples/fib.pml --steal-cost 99999999999 >/dev/null 2>&1
expect_eq "--steal-cost past 10^6 is a usage error" 2 $?

# pml speedup: the CSV's curves follow from its own columns (Acar et al. §2.3, §2.8)
"$PML" speedup examples/matmul.pml -p 1:8 --sched=df,ws --fork-cost 4 --steal-cost 2 -o "$TMP/sp.csv" --plot "$TMP/sp.svg" 2>/dev/null
expect_eq "pml speedup exits 0" 0 $?
out=$(python3 - "$TMP/sp.csv" <<'EOF'
import csv, sys
bad, n = [], 0
for r in csv.DictReader(open(sys.argv[1], newline="")):
    n += 1
    P, w, T, I, F, F1 = (int(r[k]) for k in ["P", "work", "steps", "idle", "overhead", "overhead_p1"])
    if P * T != w + I + F: bad.append("identity P=%d" % P)
    want = {"linear": P, "maximal": P * w / (w + F1), "idle_specific": P * w / (w + F1 + I),
            "inflation_specific": P * w / (w + F), "actual": w / T, "span_bound": w / int(r["span"])}
    for k, v in want.items():
        if abs(float(r[k]) - v) > 1e-9 * v: bad.append("%s P=%d" % (k, P))
print("; ".join(bad[:3]) if bad else "ok %d" % n)
EOF
)
expect_eq "speedup CSV: 16 rows, P*T = work + idle + overhead, each curve from its definition" "ok 16" "$out"
if ! command -v gnuplot >/dev/null; then pass "speedup --plot: no gnuplot here (data and script kept)"
elif [ -s "$TMP/sp.svg" ] && grep -q "</svg>" "$TMP/sp.svg"; then pass "speedup --plot draws an SVG"
else fail "speedup --plot draws an SVG" "$(head -c 200 "$TMP/sp.svg" 2>&1)"; fi

# pml bounds: lower <= each policy, profile <= Brent, optimum on a small program
out=$("$PML" bounds examples/matmul.pml -p 4 --static 4 2>&1)
echo "$out" | grep -q "lower bound" && echo "$out" | grep -q "p = min_A" 
expect_eq "pml bounds prints the bounds and the static bound" 0 $?
cat > "$TMP/small.pml" <<'EOF'
val r = { { 1 + 2, 3 + 4 }, 5 + 6 }
EOF
out=$("$PML" bounds "$TMP/small.pml" -p 2 --no-prelude 2>&1)
echo "$out" | grep -q "optimum  *[0-9]* (branch-and-bound"
expect_eq "pml bounds finds the optimum of a small program" 0 $?
"$PML" bounds examples/fib.pml --static 0 >/dev/null 2>&1
expect_eq "--static 0 is a usage error" 2 $?

"$PML" speedup examples/fib.pml -p 4:2 -o "$TMP/bad.csv" >/dev/null 2>&1
expect_eq "speedup -p 4:2 (empty range) is a usage error" 2 $?
[ ! -e "$TMP/bad.csv" ]
expect_eq "a rejected speedup leaves no CSV behind" 0 $?

# pml bounds' figures follow from pml run's work, span and steps: lower =
# max(ceil(T1/P), Tinf), Brent = floor((T1-Tinf)/P) + Tinf, lower <= profile
# <= Brent, each policy's steps, delay and no-work equal pml run's, its
# ratio is steps / lower, and it is flagged exactly when over the profile bound.
for f in examples/*.pml; do
    b=$(basename "$f" .pml)
    for P in 1 3 16; do
        "$PML" bounds "$f" -p $P > "$TMP/$b-b$P.txt" 2>&1 || echo "bounds failed" >> "$TMP/$b-b$P.txt"
        "$PML" run "$f" --sched=df,bf,ws -p $P --top 1 --format json > "$TMP/$b-r$P.json" 2>/dev/null
    done
done
out=$(python3 - "$TMP" <<'EOF'
import glob, json, re, sys
bad, n = [], 0
for path in sorted(glob.glob(sys.argv[1] + "/*-b[0-9]*.txt")):
    txt = open(path).read()
    r = json.load(open(re.sub(r"-b(\d+)\.txt$", r"-r\1.json", path)))
    P = int(re.search(r"-b(\d+)\.txt$", path).group(1))
    w, span = r["work"], r["span"]
    def fig(name):
        m = re.search(name + r".*?(\d+)\s*$", txt, re.M)
        return int(m.group(1)) if m else None
    lower, prof, brent = fig("lower bound"), fig("profile bound"), fig("Brent's bound")
    where = path.split("/")[-1]
    if lower != max(-(-w // P), span): bad.append("%s lower %s" % (where, lower)); continue
    if brent != (w - span) // P + span: bad.append("%s brent %s" % (where, brent))
    if prof is None or not (lower <= prof <= brent): bad.append("%s profile %s" % (where, prof))
    for s in r["schedules"]:
        n += 1
        m = re.search(r"^  %s\s+(\d+)\s+\S+\s+(\d+)\s+(\d+)\s+([0-9.]+)(.*)$" % s["policy"], txt, re.M)
        if not m: bad.append("%s %s row missing" % (where, s["policy"])); continue
        T, d, nw, ratio = int(m.group(1)), int(m.group(2)), int(m.group(3)), float(m.group(4))
        if (T, d, nw) != (s["steps"], s["delay"], s["nowork"]): bad.append("%s %s differs from pml run" % (where, s["policy"]))
        if T < lower or abs(ratio - T / lower) > 0.0006: bad.append("%s %s ratio %s" % (where, s["policy"], ratio))
        if ("a better schedule exists" in m.group(5)) != (T > prof): bad.append("%s %s flag" % (where, s["policy"]))
print("; ".join(bad[:4]) if bad else "ok %d" % n)
EOF
)
case $out in ok*) pass "pml bounds on every example, P = 1, 3, 16: lower and Brent from work and span, lower <= profile <= Brent, steps/delay/no-work as pml run's, ratio = steps/lower, flagged iff steps > profile ($out rows)";;
*) fail "pml bounds figures" "$out";; esac
