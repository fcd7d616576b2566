# Work and memory that grow with the program, not past it: the front end
# and the run are linear in the number of declarations, and a runaway
# recursion's stack counts against the memory limit (docs/performance.md,
# docs/reliability.md).  Nothing here is timed: a CPU-time limit (ulimit -t,
# which the machine's load does not consume) bounds work, 60x what a
# linear front end needs under the sanitizers and several times less than
# the quadratic one took.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."

# ---- 2*10^5 declarations of each shape, under 120 CPU seconds ----
# (quadratic, pml check of the val shape took 10 CPU s at 32,000
# declarations, so ~400 s here; linear it takes ~1 s, ~3 s under ASan)
N=200000
for shape in val let list struct; do
    python3 bench/gen_decls.py $shape $N > "$TMP/$shape.pml"
    (ulimit -t 120; "$PML" check "$TMP/$shape.pml" > "$TMP/$shape.out" 2> "$TMP/$shape.err"; echo $? > "$TMP/$shape.rc")
    expect_eq "front end: pml check of $N declarations ($shape) within 120 CPU s" \
        "0 $TMP/$shape.pml: ok" "$(cat "$TMP/$shape.rc") $(cat "$TMP/$shape.out")$(head -c 200 "$TMP/$shape.err")"
done
(ulimit -t 120; "$PML" run "$TMP/val.pml" > "$TMP/run.out" 2> "$TMP/run.err"; echo $? > "$TMP/run.rc")
expect_eq "pml run of $N top-level vals within 120 CPU s: the last one's value" \
    "0 val x$N = $N : int" "$(cat "$TMP/run.rc") $(grep -m1 '^val ' "$TMP/run.out")"
# a chain of 10^5 distinct functions, 10^5 calls deep when run (the call
# stacks' cut-back search walked each stack's depth: 44 s)
python3 bench/gen_decls.py fun 100000 > "$TMP/fun.pml"
(ulimit -t 120; "$PML" run "$TMP/fun.pml" > "$TMP/fun.out" 2> "$TMP/fun.err"; echo $? > "$TMP/fun.rc")
expect_eq "pml run of 10^5 chained funs within 120 CPU s: the value" \
    "0 val result = 100000 : int" "$(cat "$TMP/fun.rc") $(grep -m1 '^val ' "$TMP/fun.out")"
# errors found after many declarations still name their place
{ cat "$TMP/val.pml"; echo "val (y, y) = (1, 2)"; } > "$TMP/dup.pml"
"$PML" check "$TMP/dup.pml" 2> "$TMP/dup.err"
expect_eq "a pattern binding y twice after $N declarations: its position" \
    "$TMP/dup.pml:$((N + 1)):9: error: variable 'y' is bound twice in one pattern" "$(head -1 "$TMP/dup.err")"

# ---- the evaluation stack inside a memory cgroup's limit ----
# fun loop x = loop (x + 1) under a 1 GiB limit: the graph, the heap and the
# stack together stop at 2/3 of it with pml's error, not the kernel's OOM
# kill (before: 2.55 GB resident under 2 GiB, killed).  Needs a memory
# cgroup this user may make (root, v1 or v2 with the memory controller);
# a cgroup made here is removed at the end.
printf 'fun loop x = loop (x + 1)\nval r = loop 0\n' > "$TMP/loop.pml"
cg_v1=$(sed -n 's/^[0-9]*:\([^:]*,\)\{0,1\}memory\(,[^:]*\)\{0,1\}:\(.*\)$/\3/p' /proc/self/cgroup)
cg_v2=$(sed -n 's/^0:://p' /proc/self/cgroup)
CG= LIMIT_FILE= PEAK_FILE=
if [ -n "$cg_v1" ] && [ -d "/sys/fs/cgroup/memory$cg_v1" ]; then
    CG=/sys/fs/cgroup/memory${cg_v1%/}/pml_test_$$ LIMIT_FILE=memory.limit_in_bytes PEAK_FILE=memory.max_usage_in_bytes
elif [ -n "$cg_v2" ] && grep -qw memory "/sys/fs/cgroup${cg_v2%/}/cgroup.subtree_control" 2>/dev/null; then
    CG=/sys/fs/cgroup${cg_v2%/}/pml_test_$$ LIMIT_FILE=memory.max PEAK_FILE=memory.peak
fi
if [ -n "$CG" ] && mkdir "$CG" 2>/dev/null; then
    trap 'rmdir "$CG" 2>/dev/null; rm -rf "$TMP"' EXIT
    if echo $((1 << 30)) > "$CG/$LIMIT_FILE" 2>/dev/null; then
        bash -c 'echo $$ > "$1/cgroup.procs" && exec "$2" run "$3"' _ "$CG" "$PML" "$TMP/loop.pml" \
            > /dev/null 2> "$TMP/loop.err"
        rc=$?
        expect_eq "runaway recursion under a 1 GiB cgroup: pml's error, exit 1 (not killed)" 1 "$rc"
        msg=$(grep -m1 " error: " "$TMP/loop.err")  # (ASan warns first of the deep longjmp)
        case "$msg" in
        "$TMP/loop.pml:1:"*": error: out of memory: the cost graph ("*" MiB), the interpreter's heap ("*" MiB) and the evaluation stack ("*" MiB) passed 2/3 of the cgroup v"*" memory limit of 1.0 GiB (raise it in $CG/$LIMIT_FILE)"*)
            pass "runaway recursion under a 1 GiB cgroup: the message counts the stack and names the limit" ;;
        *) fail "runaway recursion under a 1 GiB cgroup: the message counts the stack and names the limit" "$msg" ;;
        esac
        peak=$(cat "$CG/$PEAK_FILE" 2>/dev/null || echo 0)
        if [ "$peak" -gt 0 ] && [ "$peak" -lt $((1 << 30)) ]; then
            pass "runaway recursion under a 1 GiB cgroup: peak $((peak >> 20)) MiB, below the limit"
        else
            fail "runaway recursion under a 1 GiB cgroup: peak below the limit" "peak $peak bytes"
        fi
        # a large graph runs to the end while it and what the command's later
        # stages add a node fit, and stops with pml's error, not the
        # kernel's, past that: `run` of fib 30 (3.5*10^7 nodes) takes about
        # 500 MiB, of fib 31 800; `worst` of fib 27 (8.3*10^6 nodes) 1.1 GB
        # (killed before: the graph was counted as twice its capacity, the
        # later stages not).  Not under the sanitizers, whose shadow memory
        # counts too.
        if [ -z "${PML_SANITIZERS:-}" ]; then
            for c in "run 30" "run 31" "worst 27"; do
                set -- $c
                rmdir "$CG" && mkdir "$CG" && echo $((1 << 30)) > "$CG/$LIMIT_FILE" || break
                bash -c 'echo $$ > "$1/cgroup.procs" && exec "$2" "$3" examples/fib.pml -D n=$4 --max-nodes 2000000000' \
                    _ "$CG" "$PML" "$1" "$2" > "$TMP/fib.out" 2> "$TMP/fib.err"
                rc=$? peak=$(cat "$CG/$PEAK_FILE" 2>/dev/null || echo 0)
                if [ "$c" = "run 30" ]; then
                    expect_eq "pml $c under a 1 GiB cgroup: runs to its value" "0 val result = 832040 : int" \
                        "$rc $(grep -m1 '^val ' "$TMP/fib.out")"
                else
                    case "$rc $(head -1 "$TMP/fib.err")" in
                    "1 examples/fib.pml:"*": error: out of memory: the cost graph ("*" MiB), the interpreter's heap ("*"passed 2/3 of the cgroup v"*)
                        pass "pml $c under a 1 GiB cgroup: pml's error, exit 1 (not killed)" ;;
                    *) fail "pml $c under a 1 GiB cgroup: pml's error, exit 1 (not killed)" "rc $rc: $(head -c 300 "$TMP/fib.err")" ;;
                    esac
                fi
                if [ "$peak" -gt 0 ] && [ "$peak" -lt $((1 << 30)) ]; then
                    pass "pml $c under a 1 GiB cgroup: peak $((peak >> 20)) MiB, below the limit"
                else
                    fail "pml $c under a 1 GiB cgroup: peak below the limit" "peak $peak bytes"
                fi
            done
        fi
    else
        pass "stack in the memory limit: cannot set a cgroup's limit here (skipped)"
    fi
    rmdir "$CG" 2>/dev/null
else
    pass "stack in the memory limit: no memory cgroup this user may make (skipped; test_eval checks the budget)"
fi
