# pml exec stops as pml run stops (docs/exec.md, "Limits and failures"):
# the node limit (nodes counted as the cost semantics makes them), the
# depth limit and the heap limit with pml run's messages; the first
# failure in program order cancels the branches after it; a task that can
# have no thread (an address-space limit) is an
# error with exit 1, not an abort; a task's stack is as deep as the main
# one.  Every run is under a time limit (`limit`), so a regression fails, not hangs.
. "$(dirname "$0")/lib.sh"

# generous limits, scaled for the sanitizer builds (tests/lib.sh's limit):
# the machine may be loaded
T=120
ALL="--sched=df,bf,ws -p 1,2"

# the node limit's message without the time it took (which varies), and
# without ASan's note on a longjmp off a big stack (its process id and
# addresses vary; the ASan build prints it under pml run and exec alike)
untimed() {
    sed -E -e 's/(reached the node limit, [0-9]+ nodes), in [0-9.]+ s;/\1, in T s;/' \
        -e '/ASan is ignoring requested __asan_handle_no_return/d' \
        -e '/^False positive error reports may follow$/d' -e '/google\/sanitizers\/issues\/189$/d'
}
# stderr and exit status of a command, under the time limit
run_err() { { limit "$T" "$@" 2>&1 >/dev/null; echo "rc=$?"; } | untimed; }
# the error line alone (the position may differ with the interleaving)
first_msg() { head -1 | sed 's/^[^ ]*: error: //' | untimed; }

cat > "$TMP/loop.pml" <<'PML'
fun loop x = loop (x + 1)
val result = loop 0
PML
cat > "$TMP/divloop.pml" <<'PML'
fun loop x = loop (x + 1)
val result = {1 div 0, loop 0}
PML
cat > "$TMP/loopdiv.pml" <<'PML'
fun loop x = loop (x + 1)
val result = {loop 0, 1 div 0}
PML
cat > "$TMP/nested.pml" <<'PML'
fun loop x = loop (x + 1)
fun f n = if n = 0 then 1 div 0 else #1 {f (n - 1), loop n}
val result = {{f 6, loop 0}, loop 1}
PML
cat > "$TMP/handled.pml" <<'PML'
fun loop x = if x > 3000 then x else loop (x + 1)
val result = ({1 div 0, loop 0} handle Div => (7, 7), {loop 5, 2})
PML

# ---- 1. limits ----
want=$({ "$PML" run "$TMP/loop.pml" --max-nodes 100000 2>&1 >/dev/null; echo "rc=$?"; } | untimed)
got=$(run_err "$PML" exec "$TMP/loop.pml" --max-nodes 100000)
expect_eq "exec --max-nodes: a runaway recursion stops with pml run's error, at its position (df, P = 1)" "$want" "$got"
bad=""
for s in df bf ws; do
    got=$(run_err "$PML" exec "$TMP/loop.pml" --max-nodes 100000 --sched=$s -p 2)
    [ "$got" = "$want" ] || bad="$bad $s:[$got]"
done
expect_eq "exec --max-nodes: the runaway recursion stops the same under df, bf, ws at P = 2" "" "$bad"

# fib 10 makes 2302 nodes: exec counts them exactly on one processor
work=$("$PML" run examples/fib.pml -D n=10 --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["work"])')
limit "$T" "$PML" exec examples/fib.pml -D n=10 --max-nodes "$work" > /dev/null 2>&1; rc=$?
want=$("$PML" run examples/fib.pml -D n=10 --max-nodes $((work - 1)) 2>&1 >/dev/null | untimed)
got=$(limit "$T" "$PML" exec examples/fib.pml -D n=10 --max-nodes $((work - 1)) 2>&1 >/dev/null | untimed)
expect_eq "exec: fib 10 runs within pml run's node count ($work) and stops, as pml run does, one node below it" "0 $want" "$rc $got"
want=$("$PML" run examples/fib.pml -D n=16 --max-nodes 20000 2>&1 >/dev/null | first_msg)
bad=""
for s in df bf ws; do
    got=$(limit "$T" "$PML" exec examples/fib.pml -D n=16 --max-nodes 20000 --sched=$s -p 2 2>&1 >/dev/null; echo "rc=$?")
    [ "$(echo "$got" | first_msg)" = "$want" ] && [ "${got##*rc=}" = 1 ] || bad="$bad $s:[$(echo "$got" | head -1) ${got##*rc=}]"
done
expect_eq "exec --max-nodes: parallel branches share the count and stop together (fib 16, df, bf, ws, P = 2)" "" "$bad"

want=$("$PML" run "$TMP/loop.pml" --max-depth 1000 2>&1 >/dev/null; echo "rc=$?")
got=$(run_err "$PML" exec "$TMP/loop.pml" --max-depth 1000 $ALL)
expect_eq "exec --max-depth: pml run's error" "$want" "$got"

cat > "$TMP/heap.pml" <<'PML'
fun big n = vector (n, 0)
val result = {1, length (big 10000000)}
PML
want=$(GC_MAXIMUM_HEAP_SIZE=40000000 "$PML" run "$TMP/heap.pml" 2>&1 >/dev/null | first_msg | sed "s/ at [0-9]* nodes.*//")
got=$(GC_MAXIMUM_HEAP_SIZE=40000000 run_err "$PML" exec "$TMP/heap.pml" $ALL)
expect_eq "exec: a branch that exhausts the heap stops with pml run's message, exit 1" "$want rc=1" \
    "$(echo "$got" | first_msg | sed "s/ at [0-9]* nodes.*//") ${got##*$'\n'}"

# ---- 2. failures cancel what follows them ----
want=$("$PML" run "$TMP/divloop.pml" 2>&1 >/dev/null; echo "rc=$?")
got=$(run_err "$PML" exec "$TMP/divloop.pml" $ALL)
expect_eq "exec: {1 div 0, loop 0} stops with pml run's Div error under every policy (the loop is cancelled)" "$want" "$got"
want=$("$PML" run "$TMP/nested.pml" 2>&1 >/dev/null; echo "rc=$?")
got=$(run_err "$PML" exec "$TMP/nested.pml" $ALL)
expect_eq "exec: a failure deep in left branches cancels every right branch after it" "$want" "$got"
# the right branch fails while the left runs forever: the left goes on
# (it may fail first), as in pml run, to the node limit
want=$("$PML" run "$TMP/loopdiv.pml" --max-nodes 200000 2>&1 >/dev/null | first_msg)
got=$(run_err "$PML" exec "$TMP/loopdiv.pml" --max-nodes 200000 $ALL)
expect_eq "exec: {loop 0, 1 div 0} stops at the node limit, as pml run does" "$want rc=1" "$(echo "$got" | first_msg) ${got##*$'\n'}"
want=$("$PML" run "$TMP/handled.pml" | grep '^val')
got=$(limit "$T" "$PML" exec "$TMP/handled.pml" $ALL | grep '^val')
expect_eq "exec: with a handler around the pair, the right branch still runs and the left's exception is caught" "$want" "$got"
# what the branches print, in order, and the error: on one processor df
# runs the branches on the parent's evaluation (no runtime, docs/exec.md)
# and ws in its deque; both as pml run, a failure's right branch unstarted
cat > "$TMP/printed.pml" <<'PML'
fun loop x = if x > 3000 then x else loop (x + 1)
val a = ({(print "left\n"; 1 div 0), (print "right\n"; loop 0)} handle Div => (print "handled\n"; (7, 7)))
val b = {(print "left again\n"; loop 0), (print "right again\n"; #1 {1 div 0, (print "never\n"; 0)})}
PML
want=$("$PML" run "$TMP/printed.pml" 2>&1; echo "rc=$?")
bad=""
for s in df ws; do
    got=$({ limit "$T" "$PML" exec "$TMP/printed.pml" --sched=$s -p 1 2>&1; echo "rc=$?"; } | untimed)
    [ "$got" = "$want" ] || bad="$bad $s: $(echo "$got" | tr '\n' '|')"
done
expect_eq "exec: at P = 1 under df and ws the branches print as under pml run, a handled exception waits for the right branch, a failure's right branch never starts" "" "$bad"

# ---- 3, 4. threads: P workers whatever the program; out of memory ----
# breadth-first suspends a task at every fork: fib 19 on one processor
# keeps some 1,700 suspended at once, which once needed a thread each (and
# met the limit of 1,024); on the pool its worker runs them on its stack
got=$(limit "$T" "$PML" exec examples/fib.pml -D n=19 --sched=bf,df -p 1 --format json | python3 -c '
import json, sys
r = json.load(sys.stdin)
print(r["value"], [x["threads"] for x in r["runs"]])')
expect_eq "exec: bf and df on fib 19 at P = 1 run on the program's thread alone (no thread per suspended task)" "4181 [0, 0]" "$got"

# an address-space limit (not under the sanitizers, which need terabytes of it)
if [ -z "${PML_SANITIZERS:-}" ]; then
    got=$( (ulimit -v 350000; limit "$T" "$PML" exec examples/fib.pml -D n=15 -p 64 --sched bf 2>&1 >/dev/null; echo "rc=$?") )
    r=$(echo "$got" | grep -c 'error: out of memory')
    expect_eq "exec under ulimit -v 350000: bf at P = 64 is out of memory for its workers, reported, exit 1 (not an abort)" "1 rc=1" "$r ${got##*$'\n'}"
    bad=""
    for v in 1500000 3000000; do
        for s in df bf ws; do
            got=$( (ulimit -v $v; limit "$T" "$PML" exec examples/fib.pml -D n=15 -p 2 --sched $s 2>&1 | grep '^val'; echo "rc=${PIPESTATUS[0]}") )
            [ "$got" = "val result = 610 : int"$'\n'"rc=0" ] || bad="$bad $s $v:[$got]"
        done
    done
    expect_eq "exec under ulimit -v 1.5 and 3 GB: df, bf, ws on fib 15 run" "" "$bad"
fi

# ---- 5. a task's stack is as deep as the main one ----
# 2*10^6 calls deep needs more than the 1 GiB task stacks had; the
# sanitizers' frames are larger, so a smaller depth there; under
# ThreadSanitizer smaller still (docs/reliability.md, "ThreadSanitizer":
# at 20,000 calls deep on a runtime thread the TSan build crashes in about
# half the runs, a SEGV with no report, as it did before the ws runtime;
# 5,000 passed 36 runs of 36)
n=2000000
[ -n "${PML_SANITIZERS:-}" ] && n=200000
[ -n "${PML_TSAN:-}" ] && n=5000
printf 'fun sum 0 = 0 | sum n = n + sum (n - 1)\nval result = {1, sum %d}\n' $n > "$TMP/deep.pml"
want=$(limit "$T" "$PML" exec "$TMP/deep.pml" -p 1 --sample 1099511627776 2>&1 | head -1)
got=$(limit "$T" "$PML" exec "$TMP/deep.pml" -p 2 --sample 1099511627776 2>&1 | head -1)
v="val result = (1,$((n * (n + 1) / 2))) : int * int"
expect_eq "exec: a $n-deep recursion in a right branch gives the same value on P = 2 as on P = 1" "$v|$v" "$want|$got"
# under bf the right branch below starts on a task stack of its own
# (exec_fiber.h), as large as a worker's: the left one forks, and its
# task leaves its stack at its join, since the right comes first in the
# FIFO
printf 'fun sum 0 = 0 | sum n = n + sum (n - 1)\nval result = {{1, 2}, sum %d}\n' $n > "$TMP/deep2.pml"
got=$(limit "$T" "$PML" exec "$TMP/deep2.pml" --sched=bf -p 1,2 --sample 1099511627776 2>&1 | head -1)
expect_eq "exec: a $n-deep recursion in a branch on a task stack of its own (bf, P = 1, 2) gives the value" "val result = ((1,2),$((n * (n + 1) / 2))) : (int * int) * int" "$got"
# a task stack smaller than the recursion (an address-space limit makes
# them 1/64 of it) stops with the evaluator's error, exit 1, not a crash
if [ -z "${PML_SANITIZERS:-}" ]; then
    rc=$( (ulimit -v 3000000; limit "$T" "$PML" exec "$TMP/deep2.pml" --sched=bf -p 1 --sample 1099511627776 2>"$TMP/deep2.err" >/dev/null; echo "rc=$?") )
    got="$(head -1 "$TMP/deep2.err") $rc"
    case "$got" in
    *"error: recursion too deep: the evaluation stack is exhausted"*"rc=1") pass "exec: a branch too deep for its task stack (bf, ulimit -v 3 GB) stops with the stack's error, exit 1" ;;
    *) fail "exec: a branch too deep for its task stack (bf, ulimit -v 3 GB) stops with the stack's error, exit 1" "got [$got]" ;;
    esac
fi
# the later task stacks (256 MiB) are carved 64 to a mapping with no
# guard page between them: the evaluator's limit stops a recursion before
# it reaches the stack below.  Under bf the last leaf of a tree of 64
# starts when some 60 tasks hold stacks, so on a carved one; 2*10^6 calls
# need more than 256 MiB (not under ThreadSanitizer: see above)
if [ -z "${PML_TSAN:-}" ]; then
    printf 'fun sum 0 = 0 | sum n = n + sum (n - 1)\nfun tree (0, k) = if k = 63 then sum 2000000 else k\n  | tree (d, k) = let val (a, b) = {tree (d - 1, 2 * k), tree (d - 1, 2 * k + 1)} in a + b end\nval result = tree (6, 0)\n' > "$TMP/deep3.pml"
    rc=$( (limit "$T" "$PML" exec "$TMP/deep3.pml" --sched=bf -p 1 --sample 1099511627776 2>"$TMP/deep3.err" >/dev/null; echo "rc=$?") )
    got="$(grep -m1 'error: ' "$TMP/deep3.err") $rc"  # (ASan may warn first, on the longjmp off the deep stack)
    case "$got" in
    *"error: recursion too deep: the evaluation stack is exhausted"*"rc=1") pass "exec: a branch too deep for a carved task stack (bf, the 64th leaf) stops with the stack's error, exit 1" ;;
    *) fail "exec: a branch too deep for a carved task stack (bf, the 64th leaf) stops with the stack's error, exit 1" "got [$got]" ;;
    esac
fi
