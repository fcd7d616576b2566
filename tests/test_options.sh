#!/usr/bin/env bash
# Options (docs/options.md): every option a command's --help lists changes
# what it does or is in docs/options.md's table of options that may not
# show (tests/options_audit.py, over every command); an option a command
# has no use for is a usage error naming it, the command and why; lists
# are taken whole (-p with 40 values, a ninth --sched entry) or refused
# past their limit with a usage error.
cd "$(dirname "$0")/.."
source tests/lib.sh
PML=${PML:-$PWD/pml}

# a small program: a parallel pair of list sums (the policies' marks
# differ), a structured value to print, the prelude's rev, a determinacy
# race when n > 5, and a nonexhaustive match (a warning)
cat > "$TMP/o.pml" <<'EOF'
fun fib n = if n < 2 then n else let val (a, b) = {fib (n - 1), fib (n - 2)} in a + b end
fun build n = if n = 0 then [] else n :: build (n - 1)
fun sum [] = 0 | sum (x :: xs) = x + sum xs
fun first (x :: _) = x
fun work n = if n < 2 then sum (build 8) else let val (a, b) = {work (n - 1), work (n - 2)} in a + b end
val n = param ("n", 5)
val cell = ref 0
val race = if n > 5 then {cell := 1, cell := 2} else (cell := 1, cell := 2)
val result = ({fib n, work n}, [[1, 2], [3]], "abcdefgh", rev (build 3))
EOF
python3 tests/options_audit.py "$PML" "$TMP/o.pml" docs/options.md

# ---- refused: exit 2, naming the option, the command and why ----
refused() { # NAME EXPECTED-MESSAGE ARGS...
    local name=$1 want=$2
    shift 2
    "$PML" "$@" > "$TMP/out" 2> "$TMP/err"
    expect_eq "$name" "2 pml: usage error: $want" "$? $(head -1 "$TMP/err")"
}
refused "stats --print-depth is refused: stats prints no value" \
    "pml stats: --print-depth has no effect here: pml stats prints no value" stats "$TMP/o.pml" --print-depth 3
refused "graph --sched is refused: graph simulates no schedule" \
    "pml graph: --sched has no effect here: pml graph simulates no schedule" graph "$TMP/o.pml" --sched=df
refused "check -D is refused: check runs nothing" \
    "pml check: -D has no effect here: pml check parses and resolves: it runs nothing" check "$TMP/o.pml" -D n=3
refused "merge --max-nodes is refused: merge runs no program" \
    "pml merge: --max-nodes has no effect here: pml merge runs no program" merge a.csv --max-nodes 5
for o in "--units nodes" --no-queue-space "--fork-cost 2" "--steal-cost 2"; do
    refused "exec ${o%% *} is refused" \
        "pml exec: ${o%% *} has no effect here: pml exec runs the program for real, on threads: no cost graph, no simulated schedule, the heap in words (docs/exec.md)" \
        exec "$TMP/o.pml" $o
done
refused "exec --coarse without --compare is refused: it shapes the prediction only" \
    "pml exec: --coarse has no effect without --compare: it simulates the prediction at the granularity of forks and joins (paper §4.1), where the runtime reschedules" \
    exec "$TMP/o.pml" --coarse
for c in bounds speedup; do
    refused "$c --units is refused: it counts steps" "pml $c: --units has no effect here: pml $c counts steps, not space" \
        $c "$TMP/o.pml" --units nodes
done
refused "worst --no-queue-space is refused" \
    "pml worst: --no-queue-space has no effect here: pml worst bounds heap space; the scheduler queue is never counted" \
    worst "$TMP/o.pml" --no-queue-space
refused "bounds --tasks without --static is refused" "pml bounds: --tasks and --latency go with --static K" \
    bounds "$TMP/o.pml" --tasks 3
refused "bounds --latency without --static is refused" "pml bounds: --tasks and --latency go with --static K" \
    bounds "$TMP/o.pml" --latency 3
refused "sweep --loglog without --plot is refused" "sweep: --loglog goes with --plot" sweep "$TMP/o.pml" -D n=2:3 --loglog
refused "dot --seed without --sched is refused" \
    "-p, --step, --coarse, --seed, --units, --no-queue-space, --fork-cost and --steal-cost need --sched=POLICY" \
    dot "$TMP/o.pml" --seed 3
expect_eq "a refused option is not in the command's --help" 0 "$("$PML" exec --help | grep -c -e '--units' -e '--no-queue-space')"

# ---- diff, view and worst honour the costs ----
"$PML" diff "$TMP/o.pml" --sched df -p 2 --vs --sched ws -p 2 --fork-cost 5 > "$TMP/d.txt"
grep -q 'ws, P=2, fork cost 5' "$TMP/d.txt" && pass "diff --fork-cost after --vs costs side B's schedule" ||
    fail "diff --fork-cost after --vs costs side B's schedule" "$(head -2 "$TMP/d.txt")"
"$PML" worst "$TMP/o.pml" --sched=df -p 2 --format json > "$TMP/w0.json"
"$PML" worst "$TMP/o.pml" --sched=df -p 2 --format json --fork-cost 50 > "$TMP/w1.json"
cmp -s "$TMP/w0.json" "$TMP/w1.json" && fail "worst --fork-cost changes its policies' schedules" "the same report" ||
    pass "worst --fork-cost changes its policies' schedules"

# ---- lists ----
ps=$(seq -s, 1 40)
expect_eq "run -p with 40 values runs 40 schedules" 40 \
    "$("$PML" run "$TMP/o.pml" --sched df -p "$ps" --format json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["schedules"]))')"
expect_eq "run with a ninth --sched entry runs nine schedules" "9 bf" \
    "$("$PML" run "$TMP/o.pml" --sched df,df,df,df,df,df,df,df,bf --format json | python3 -c 'import json,sys; s=json.load(sys.stdin)["schedules"]; print(len(s), s[-1]["policy"])')"
refused "-p with 4097 values is refused, saying the limit" "-p: at most 4096 processor counts" \
    run "$TMP/o.pml" -p "$(seq -s, 1 4097)"
refused "--sched with 65 entries is refused, saying the limit" "--sched: at most 64 policies" \
    run "$TMP/o.pml" --sched "$(printf 'df,%.0s' $(seq 65))df"
refused "exec with more runs than it takes says so" "pml exec: at most 256 runs (policies times processor counts), not 300" \
    exec "$TMP/o.pml" --sched df,bf,ws -p "$(seq -s, 1 100)"

# ---- help that matches the program: did you mean, ambiguity, where to look ----
refused "a misspelt option names the one close option" \
    "pml run: unknown option '--summery'; did you mean '--summary'?" run "$TMP/o.pml" --summery
refused "a misspelt option with a value names the one close option" \
    "pml run: unknown option '--prnt-depth=3'; did you mean '--print-depth'?" run "$TMP/o.pml" --prnt-depth=3
refused "an option one edit from two names suggests none (--shed: sched, seed)" \
    "pml run: unknown option '--shed=ws'" run "$TMP/o.pml" --shed=ws
refused "an option far from every name suggests none" \
    "pml run: unknown option '--frobnicate'" run "$TMP/o.pml" --frobnicate
refused "an ambiguous abbreviation lists its candidates" \
    "pml worst: option '--s' is ambiguous; possibilities: '--sched' '--seed' '--steal-cost'" worst "$TMP/o.pml" --s=df
refused "a misspelt command names the one close command" "unknown command 'wrost'; did you mean 'worst'?" wrost "$TMP/o.pml"
refused "an unknown command far from every command suggests none" "unknown command 'frobnicate'" frobnicate
"$PML" run "$TMP/o.pml" --summery 2> "$TMP/err"
expect_eq "a command's usage error points at its own --help" "(see 'pml run --help')" "$(tail -1 "$TMP/err")"
"$PML" frobnicate 2> "$TMP/err"
expect_eq "an unknown command's usage error points at pml help" "(see 'pml help')" "$(tail -1 "$TMP/err")"
printf 'fun fib n = if n < 2 then n else fibb (n - 1)\n' > "$TMP/u.pml"
"$PML" check "$TMP/u.pml" 2> "$TMP/err"
expect_eq "an unbound identifier names the one close name in scope" \
    "$TMP/u.pml:1:34: error: unbound variable or constructor 'fibb'; did you mean 'fib'?" "$(head -1 "$TMP/err")"
printf 'val abc = 1\nval abd = 2\nval z = abe\n' > "$TMP/u.pml"
"$PML" check "$TMP/u.pml" 2> "$TMP/err"
expect_eq "an unbound identifier one edit from two names suggests none" \
    "$TMP/u.pml:3:9: error: unbound variable or constructor 'abe'" "$(head -1 "$TMP/err")"
printf 'val z = lenght [1]\n' > "$TMP/u.pml"
"$PML" check "$TMP/u.pml" 2> "$TMP/err"
expect_eq "an unbound identifier a swap away from a prelude name names it" \
    "$TMP/u.pml:1:9: error: unbound variable or constructor 'lenght'; did you mean 'length'?" "$(head -1 "$TMP/err")"

# the same for the other names a program can misspell: types, structures,
# signatures, functors and constructors in patterns (where a capitalised
# variable one typo from a constructor is legal but warned of)
near() { # NAME EXPECTED-FIRST-LINE PROGRAM
    printf '%s\n' "$3" > "$TMP/u.pml"
    "$PML" check "$TMP/u.pml" > /dev/null 2> "$TMP/err"
    expect_eq "$1" "$TMP/u.pml:$2" "$(head -1 "$TMP/err")"
}
near "an unbound type names the one close type" "1:9: error: unbound type constructor: strin; did you mean 'string'?" \
    'val x : strin = "a"'
near "an unbound type names the user's close type" "2:9: error: unbound type constructor: tre; did you mean 'tree'?" \
    $'datatype tree = Leaf | Node of tree * tree\nval x : tre = Leaf'
near "an unbound type far from every type suggests none" "1:9: error: unbound type constructor: widget" \
    'val x : widget = 1'
near "an unknown structure names the one close structure" "2:1: error: unknown structure 'Geomtry'; did you mean 'Geometry'?" \
    $'structure Geometry = struct val x = 1 end\nstructure G = Geomtry'
near "open of an unknown structure names the close one" "2:1: error: unknown structure 'Geometri'; did you mean 'Geometry'?" \
    $'structure Geometry = struct val x = 1 end\nopen Geometri'
near "a member of a misspelt structure names the same member of the close one" \
    "2:9: error: unbound variable or constructor 'Geomtry.x'; did you mean 'Geometry.x'?" \
    $'structure Geometry = struct val x = 1 end\nval y = Geomtry.x'
near "a misspelt Basis member names the close one the program uses" \
    "2:9: error: 'List.lenght' is not in the part of Standard ML's Basis PML has; did you mean 'List.length'?" \
    $'val n = List.length [1]\nval m = List.lenght [2]'
near "an unknown signature names the one close signature" "2:15: error: unknown signature 'ORDR'; did you mean 'ORDER'?" \
    $'signature ORDER = sig val x : int end\nstructure S : ORDR = struct val x = 1 end'
near "an unknown functor names the one close functor" "2:15: error: unknown functor 'Makee'; did you mean 'Make'?" \
    $'functor Make (X : sig val x : int end) = struct val y = X.x end\nstructure S = Makee (struct val x = 1 end)'
near "a constructor pattern that is no constructor names the close one" "1:20: error: 'SOMEE' is not a constructor; did you mean 'SOME'?" \
    'fun f NONE = 0 | f (SOMEE x) = x'
near "a qualified constructor pattern names the close one" "2:7: error: 'S.Leef' is not a constructor; did you mean 'S.Leaf'?" \
    $'structure S = struct datatype t = Leaf | Node end\nfun f S.Leef = 1 | f _ = 0'
near "a capitalised variable pattern one typo from a constructor is warned of" \
    "2:7: warning: 'Leef' is a variable here, matching anything; did you mean the constructor 'Leaf'?" \
    $'datatype t = Leaf | Node\nfun f Leef = 1 | f Node = 0'
printf 'datatype t = Leaf | Node\nfun f leaf = 1\n' > "$TMP/u.pml"
expect_eq "a lower-case variable pattern close to a constructor is not warned of" "" "$("$PML" check "$TMP/u.pml" 2>&1 >/dev/null)"

# ---- a command's --help agrees with itself: the summary's defaults are its rows' ----
python3 tests/help_defaults.py "$PML"

# ---- check --help lists only what check takes; --top says what 0 does ----
flags=$("$PML" check --help | grep -oE '^ +(-., )?--?[a-z-]+' | grep -oE -- '--?[a-z-]+$' | grep -v -- '--help' | tr '\n' ' ')
ok=1
echo 'val x = {1 + 2, 3}' > "$TMP/c.pml"
for f in $flags; do "$PML" check "$TMP/c.pml" "$f" > /dev/null 2> "$TMP/err" || { ok=0; fail "check takes every option its --help lists" "$f: $(head -1 "$TMP/err")"; }; done
[ $ok = 1 ] && [ -n "$flags" ] && pass "check takes every option its --help lists ($flags)"
expect_eq "check --help claims no option of commands that run a program" "" \
    "$("$PML" check --help | grep 'runs a program\|max-nodes\|time-limit\|-D ')"
for c in run worst diff paths sweep; do
    row=$("$PML" $c --help | sed -n '/--top K/{N;p}' | tr -s ' \n' ' ')
    case $row in *"0 all"*|*"0: all"*|*"0: none"*) pass "$c --help says what --top 0 does" ;;
        *) fail "$c --help says what --top 0 does" "[$row]" ;; esac
done
