# pml exec (docs/exec.md): the program run for real on P threads under each
# runtime scheduler gives the value pml run gives, on every example and on
# the SML corpus programs that have parallel pairs; the measured high-water
# mark is never below the live size of the result; breadth-first's
# measured mark grows faster with n than depth-first's on matmul (one
# processor); bad options and program errors are reported as pml run
# reports them.
. "$(dirname "$0")/lib.sh"

# P = 1, 2, 4; under the sanitizers (much slower frames) P = 1, 2;
# under ThreadSanitizer (tests/run-tsan.sh) P = 2, where threads meet, and
# the collector does not collect, so the heap marks are not checked
PS=1,2,4 NRUNS=9
[ -n "${PML_SANITIZERS:-}" ] && PS=1,2 NRUNS=6
MARKS=1
[ -n "${PML_TSAN:-}" ] && PS=2 NRUNS=3 MARKS=

# value of `pml run`, and of every pml exec run (JSON), compared
check_values() { # FILE ARGS...
    local f=$1; shift
    local want in
    in=$(stdin_of "$f")
    want=$("$PML" run "$f" "$@" --format json < "$in" 2> "$TMP/e" | python3 -c 'import json,sys; print(json.load(sys.stdin)["value"])')
    "$PML" exec "$f" "$@" --sched=df,bf,ws -p $PS --sample 512 --format json < "$in" > "$TMP/x.json" 2> "$TMP/e" || { echo "exec failed on $f"; return; }
    python3 - "$TMP/x.json" "$want" "$f" "$NRUNS" "$MARKS" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
bad = []
if r["value"] != sys.argv[2]: bad.append("value %r, not %r" % (r["value"], sys.argv[2]))
if len(r["runs"]) != int(sys.argv[4]): bad.append("%d runs" % len(r["runs"]))
for x in r["runs"]:
    if not sys.argv[5]: continue
    if x["mark_words"] < x["result_words"]: bad.append("%s P=%d mark %d < result %d" % (x["policy"], x["P"], x["mark_words"], x["result_words"]))
    if x["samples"] < 1: bad.append("no sample")
    if len(x["busy_s"]) != x["P"]: bad.append("busy times")
print("; ".join(sys.argv[3:4] + bad) if bad else "ok")
PY
}

bad=""
for f in examples/*.pml; do
    r=$(check_values "$f")
    [ "$r" = ok ] || bad="$bad $r;"
done
expect_eq "exec: every example's value equals pml run's under df, bf, ws with P = $PS; measured mark >= the result's live size" "" "$bad"

# the corpus programs with parallel pairs (tasks > 0 when run); under
# ThreadSanitizer, the first 8 of those whose text shows a pair
bad="" n=0
for f in tests/sml/*.pml; do
    if [ -n "${PML_TSAN:-}" ]; then
        [ "$n" -lt 8 ] && grep -q '{[^}=]*,' "$f" || continue
    fi
    # a program reading its standard input gets its FILE.stdin, every run
    # the same (the runs of several schedules replay it)
    t=$("$PML" exec "$f" --format csv 2>/dev/null < "$(stdin_of "$f")" | tail -1 | cut -d, -f11)
    [ "${t:-0}" != 0 ] || continue
    n=$((n + 1))
    r=$(check_values "$f")
    [ "$r" = ok ] || bad="$bad $r;"
done
if [ "$n" -ge 5 ]; then
    expect_eq "exec: the $n SML corpus programs with parallel pairs give pml run's value under every policy and P" "" "$bad"
else
    fail "exec: corpus programs with parallel pairs" "only $n found"
fi

# several runs and --compare's evaluation each read the same standard input
f=tests/sml/text_stdin_wordfreq.pml
want=$("$PML" run "$f" < "${f%.pml}.stdin" 2>/dev/null | grep '^val')
got=$("$PML" exec "$f" --sched=df,bf,ws -p 1,2 --compare < "${f%.pml}.stdin" 2>/dev/null | grep '^val')
expect_eq "exec: six runs and --compare of a program reading stdin all give pml run's value" "$want" "$got"

# breadth-first keeps far more live than depth-first as matmul grows (P = 1):
# the prediction's bf/df ratio doubles from n = 4 to n = 12 (2.7 to 5.5 in
# model units), the measured one grows by 1.9 (2.2 to 4.2); it grew by 3.6
# while suspended tasks' frames kept their tests' ints (docs/exec.md)
if [ -n "$MARKS" ]; then
mark() { "$PML" exec examples/matmul.pml -D n=$1 --sched=$2 -p 1 --sample 64 --format csv | tail -1 | cut -d, -f3; }
r=$(python3 -c "
d4, b4, d12, b12 = $(mark 4 df), $(mark 4 bf), $(mark 12 df), $(mark 12 bf)
print('ok' if b12 / d12 > 1.5 * (b4 / d4) else 'bf/df %.1f at n=4, %.1f at n=12' % (b4 / d4, b12 / d12))")
expect_eq "exec: matmul's measured bf/df ratio (model units) grows by more than 1.5 from n=4 to n=12 (predicted: 2.0)" ok "$r"
fi

# --compare prints the prediction beside each measurement
out=$("$PML" exec examples/fib.pml --sched=df,ws -p 2 --compare --format csv)
pred=$(echo "$out" | awk -F, 'NR > 1 { print $3 }' | tr '\n' ' ')
sim=$("$PML" run examples/fib.pml --sched=df,ws -p 2 --no-queue-space --top 1 --format csv | python3 -c '
import csv, sys
marks = {}
for r in csv.DictReader(sys.stdin): marks.setdefault((r["policy"], r["P"]), r["hwm"])
print(" ".join(marks.values()) + " ")')
expect_eq "exec --compare: the predicted marks are pml run's (no queue)" "$sim" "$pred"

# usage errors and program errors
"$PML" exec examples/fib.pml --sched=lifo > /dev/null 2> "$TMP/e"; rc=$?
expect_eq "exec: an unknown policy is a usage error" 2 "$rc"
"$PML" exec examples/fib.pml --sample 0 > /dev/null 2> "$TMP/e"; rc=$?
expect_eq "exec: --sample 0 is a usage error" 2 "$rc"
cat > "$TMP/raise.pml" <<'PML'
exception Boom
fun f n = if n = 0 then raise Boom else n
val r = {f 1, f 0}
PML
want=$("$PML" run "$TMP/raise.pml" 2>&1 >/dev/null; echo "rc=$?")
got=$("$PML" exec "$TMP/raise.pml" --sched=df,bf,ws -p 2 2>&1 >/dev/null; echo "rc=$?")
expect_eq "exec: an exception raised in a branch is reported as pml run reports it" "$want" "$got"
cat > "$TMP/handled.pml" <<'PML'
exception Boom of int
fun f n = if n = 0 then raise Boom 7 else n
val r = ({f 1, f 0} handle Boom k => (k, k))
PML
want=$("$PML" run "$TMP/handled.pml" | grep '^val')
got=$("$PML" exec "$TMP/handled.pml" --sched=bf -p 4 | grep '^val')
expect_eq "exec: an exception from a branch reaches the handler around the pair" "$want" "$got"

# pml sweep --exec: the rows end with the measured mark and its bound
"$PML" sweep examples/matmul.pml -D n=4:8:4 --sched=df,bf -p 1,2 --exec --sample 256 -o "$TMP/sw.csv" 2> "$TMP/e"
r=$(python3 - "$TMP/sw.csv" "$MARKS" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
bad = [r["policy"] + r["P"] for r in rows
       if not ((int(r["measured"]) > 0 or not sys.argv[2]) and int(r["measured_bound"]) >= 256)]
print("%d schedules%s" % (len({(r["size"], r["policy"], r["P"]) for r in rows}), " bad: " + " ".join(bad) if bad else ""))
PY
)
expect_eq "sweep --exec: every row of the 8 schedules has a measured mark and its bound" "8 schedules" "$r"
"$PML" sweep examples/matmul.pml -D n=4:8:4 -o "$TMP/plain.csv" 2> "$TMP/e"
expect_eq "sweep without --exec: no measured column" "0" "$(head -1 "$TMP/plain.csv" | grep -c measured)"
"$PML" sweep examples/matmul.pml -D n=4:8:4 --sample 64 -o "$TMP/x.csv" 2> "$TMP/e"; rc=$?
expect_eq "sweep: --sample without --exec is a usage error" 2 "$rc"

# --sample-error: the interval grows with the mark, and the bound stays
# within max(N, PCT% of the mark) + P*B
r=$("$PML" exec examples/matmul.pml -D n=12 --sched=bf,df -p 1 --sample 256 --sample-error 10 --format csv | python3 -c '
import csv, sys
bad = [r["policy"] for r in csv.DictReader(sys.stdin)
       if not (256 <= int(r["bound_words"]) <= max(256, int(r["mark_words"]) // 10) + 64)]
print("bad " + " ".join(bad) if bad else "ok")')
expect_eq "exec --sample-error 10: the bound is within max(N, 10% of the mark) + P*B" ok "$r"
"$PML" exec examples/fib.pml --sample-error 101 > /dev/null 2>&1; rc=$?
expect_eq "exec: --sample-error past 100 is a usage error" 2 "$rc"

# every policy runs on its P workers alone: a task suspended at a join
# holds no thread (P - 1 threads besides the main one, whatever the
# program), and every pair's two branches run (tasks = 2 per pair: bf's
# count on one processor)
r=$("$PML" exec examples/fib.pml -D n=14 --sched=bf,df,ws -p "$PS" --format json | python3 -c '
import json, sys
runs = json.load(sys.stdin)["runs"]
bad = ["%s P=%d threads %d tasks %d" % (x["policy"], x["P"], x["threads"], x["tasks"]) for x in runs
       if x["threads"] != x["P"] - 1 or x["tasks"] != runs[0]["tasks"]]
print("; ".join(bad) if bad else "ok")')
expect_eq "exec: P - 1 threads besides the main one under df, bf and ws, and 2 tasks per pair (fib 14, P = $PS)" ok "$r"

# the default sampling: the bound is the rule's, max(N, 25% of the mark) + P*B
# with N = 65536 and B = N/(8P); a measurement before and after the run at least
if [ -n "$MARKS" ]; then
r=$("$PML" exec examples/matmul.pml -D n=12 --sched=df,ws -p "$PS" --format json | python3 -c '
import json, sys
bad = []
for x in json.load(sys.stdin)["runs"]:
    b = max(65536, x["mark_words"] // 4) + x["P"] * (65536 // (8 * x["P"]))
    if not (0 < x["bound_words"] <= b) or x["samples"] < 2:
        bad.append("%s P=%d bound %d > %d or %d samples" % (x["policy"], x["P"], x["bound_words"], b, x["samples"]))
print("; ".join(bad) if bad else "ok")')
expect_eq "exec: the default sampling's bound is within max(65536, 25% of the mark) + P*B (matmul 12)" ok "$r"
fi
