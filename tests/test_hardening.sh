# Hardening, round two (docs/reliability.md): -D, standard output, children,
# output file names, memory limits, printing and equality on shared values.
. "$(dirname "$0")/lib.sh"

status() { "$@" >/dev/null 2>&1; echo $?; }

# ---- -D: the last one wins, with no false warning; INT64_MIN ----
printf 'val n = param ("n", 1)\nval result = n\n' > "$TMP/param.pml"
"$PML" run "$TMP/param.pml" -D n=5 -D n=6 > "$TMP/d.out" 2> "$TMP/d.err"
expect_eq "-D n=5 -D n=6: the last -D wins" "val result = 6 : int" "$(head -1 "$TMP/d.out")"
expect_eq "-D n=5 -D n=6: no warning" "" "$(cat "$TMP/d.err")"
expect_eq "-D n=-9223372036854775808 is accepted" "val result = ~9223372036854775808 : int" \
    "$("$PML" run "$TMP/param.pml" -D n=-9223372036854775808 2>&1 | head -1)"
expect_eq "-D n=-9223372036854775809 is a usage error" 2 \
    "$(status "$PML" run "$TMP/param.pml" -D n=-9223372036854775809)"

# ---- printing: SML/NJ's print depth, length and string depth ----
# A result whose parts are shared: 2^60 leaves, 61 distinct values.
printf 'datatype t = L | N of t * t\nfun d 0 = L | d n = let val t = d (n - 1) in N (t, t) end\nval a = d 60\n' > "$TMP/d60.pml"
want='val a = N (N (N #,N #),N (N #,N #)) : t'
expect_eq "a shared result prints to depth 5, as SML/NJ does" "$want" \
    "$(limit 60 "$PML" run "$TMP/d60.pml" 2>&1 | head -1)"
# SML/NJ itself, at its default limits, on values past each limit
smlnj_vs_pml() { # NAME DECLS VALUE-EXPR
    printf '%s\nval result = %s;\n' "$2" "$3" > "$TMP/p.sml"
    printf '%s\nval result = %s\n' "$2" "$3" > "$TMP/p.pml"
    local want got
    want=$(sml "$TMP/p.sml" < /dev/null 2>&1 | tr '\n' ' ' | tr -s ' ' | grep -o 'val result = .*' | sed 's/ - $//')
    got=$("$PML" run "$TMP/p.pml" 2>&1 | head -1)
    expect_eq "prints as SML/NJ: $1" "$want" "$got"
}
if command -v sml >/dev/null; then
    smlnj_vs_pml "tree past depth 5" \
        'datatype t = L | N of t * t
fun e 0 = L | e n = let val t = e (n - 1) in N (t, t) end' 'e 40'
    smlnj_vs_pml "list past length 12" '' 'List.tabulate (30, fn i => i)'
    smlnj_vs_pml "list of 12" '' 'List.tabulate (12, fn i => i)'
    smlnj_vs_pml "nested lists" '' 'List.tabulate (3, fn i => [[[[[i]]]]])'
    smlnj_vs_pml "options past depth 5" '' 'SOME (SOME (SOME (SOME (SOME (SOME 1)))))'
    smlnj_vs_pml "tuples past depth 5" '' '(1, (2, (3, (4, (5, (6, 7))))))'
    smlnj_vs_pml "record past depth 5" '' '{a = 1, b = (2, (3, (4, (5, (6, 7)))))}'
    smlnj_vs_pml "string past 70" 'fun rep 0 = "" | rep n = "ab" ^ rep (n - 1)' 'rep 50'
    smlnj_vs_pml "string of 70" 'fun rep 0 = "" | rep n = "ab" ^ rep (n - 1)' 'rep 35'
else
    fail "prints as SML/NJ" "no sml to compare with"
fi
expect_eq "--print-depth, --print-length, --string-depth raise the limits" \
    'val result = ([[[[[[1]]]]]],[0,1,...],"abc#") : int list list list list list list * int list * string' \
    "$(printf 'val result = ([[[[[[1]]]]]], [0, 1, 2], "abcdef")\n' > "$TMP/lim.pml"
       "$PML" run "$TMP/lim.pml" --print-depth 9 --print-length 2 --string-depth 3 | head -1)"
expect_eq "--print-depth needs a number" 2 "$(status "$PML" run "$TMP/lim.pml" --print-depth x)"

# ---- equality on shared values: linear in the shared structure ----
cat > "$TMP/eq.pml" <<'PML'
datatype t = L | N of t * t
fun d 0 = L | d n = let val t = d (n - 1) in N (t, t) end
val a = d 60
val b = d 60
val r = (a = b, a = a, d 59 = a, (a, [a]) = (b, [b]), a <> b)
PML
expect_eq "= on two shared 2^60-leaf values ends" "val r = (true,true,false,true,false) : bool * bool * bool * bool * bool" \
    "$(limit 60 "$PML" run "$TMP/eq.pml" 2>&1 | head -1)"
# sharing at alternate levels: 2^24 distinct pairs of parts from 2^12 values each
cat > "$TMP/eq2.pml" <<'PML'
datatype t = L | N of t * t
fun x 0 = L
  | x n = if n mod 2 = 0 then let val t = x (n - 1) in N (t, t) end else N (x (n - 1), x (n - 1))
fun y 0 = L
  | y n = if n mod 2 = 1 then let val t = y (n - 1) in N (t, t) end else N (y (n - 1), y (n - 1))
val r = x 24 = y 24
PML
"$PML" run "$TMP/eq2.pml" --max-nodes 1000000 > /dev/null 2> "$TMP/eq2.err"; rc=$?
expect_eq "= past the node limit in pairs compared exits 1" 1 "$rc"
expect_eq "= past the node limit says so" \
    "eq2.pml:6:9: error: '=' compared more than 1000000 pairs of values, the node limit; raise it with --max-nodes N" \
    "$(head -1 "$TMP/eq2.err" | sed 's|.*/||')"

# ---- memory: every limit from the memory available ----
# (not under the sanitizers: AddressSanitizer needs far more address space)
if [ -z "${PML_SANITIZERS:-}" ]; then
    printf 'fun t 0 = 1 | t n = t (n - 1) + t (n - 1)\nval r = t 40\n' > "$TMP/t40.pml"
    (ulimit -v 3000000; "$PML" run "$TMP/t40.pml" --max-nodes 4000000000 > /dev/null 2> "$TMP/t40.err"; echo $? > "$TMP/t40.rc")
    expect_eq "graph memory under an address-space limit: exit 1" 1 "$(cat "$TMP/t40.rc")"
    msg=$(head -1 "$TMP/t40.err")
    case $msg in
    *"error: out of memory: the cost graph ("*"MiB), the interpreter's heap ("*"MiB) and the evaluation stack ("*"passed 2/3 of the address-space limit of 2.9 GiB"*"raise it with ulimit -v"*)
        pass "graph memory: the message names the limit and how to raise it" ;;
    *) fail "graph memory: the message names the limit and how to raise it" "$msg" ;;
    esac
    (ulimit -v 2000000; "$PML" run "$TMP/d60.pml" --print-depth 100 > /dev/null 2> "$TMP/p.err"; echo $? > "$TMP/p.rc")
    expect_eq "printing past its share of memory: exit 1" 1 "$(cat "$TMP/p.rc")"
    msg=$(head -1 "$TMP/p.err")
    case $msg in
    *"d60.pml:3:1: error: out of memory: printing the result passed "*" MiB, 1/8 of the address-space limit of 1.9 GiB"*"--print-depth"*)
        pass "printing past its share of memory: the message names the limit" ;;
    *) fail "printing past its share of memory: the message names the limit" "$msg" ;;
    esac
fi

# ---- tabulate of a negative size raises Size, a real exception ----
printf 'val r = (tabulate (fn i => i, ~5) handle Size => fromList [7],\n         List.tabulate (~1, fn i => i) handle Size => [8])\n' > "$TMP/size.pml"
expect_eq "tabulate (f, ~5) raises Size, which a handler catches" "val r = (#[7],[8]) : int vector * int list" \
    "$(limit 60 "$PML" run "$TMP/size.pml" 2>&1 | head -1)"

# ---- standard output: a failed write is an error (exit 1) ----
fib=examples/fib.pml
for c in "run $fib" "graph $fib -o -" "schedule $fib -o -" "sweep $fib -D n=2:4 -o -" "stats $fib" "dot $fib -o -"; do
    $PML $c > /dev/full 2> "$TMP/full.err"; rc=$?
    expect_eq "pml $c > /dev/full exits 1" 1 "$rc"
    expect_eq "pml $c > /dev/full says so" 1 "$(grep -c 'writing standard output: No space left on device\|write: No space left on device' "$TMP/full.err")"
done
$PML run $fib >&- 2> "$TMP/closed.err"; rc=$?
expect_eq "pml run with standard output closed exits 1" 1 "$rc"
expect_eq "pml run with standard output closed says so" "pml: error: writing standard output: Bad file descriptor" "$(cat "$TMP/closed.err")"
$PML graph $fib -o "$TMP/g.json" >&- 2> "$TMP/closed.err"
expect_eq "with standard output closed, -o FILE is written and not taken for stdout" 1 \
    "$(python3 -c 'import json,sys; json.load(open(sys.argv[1])); print(1)' "$TMP/g.json" 2>&1)"

# ---- children die with pml: TERM, INT, HUP and KILL ----
# A stand-in for Graphviz that never ends; its pid is written to a file.
printf '#!/bin/sh\necho $$ > "%s/child.pid"\nexec sleep 300\n' "$TMP" > "$TMP/slowdot"
chmod +x "$TMP/slowdot"
for sig in TERM INT HUP KILL; do
    rm -f "$TMP/child.pid" "$TMP/k.dot" "$TMP/k.svg"
    # (a background job of a script ignores INT: python starts pml with it restored)
    PML_DOT="$TMP/slowdot" python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])' "$PML" dot examples/fib.pml -D n=3 -o "$TMP/k.dot" --render svg 2>/dev/null &
pml_pid=$!
    for _ in $(seq 100); do [ -s "$TMP/child.pid" ] && break; sleep 0.1; done
    child=$(cat "$TMP/child.pid" 2>/dev/null)
    kill -$sig $pml_pid
    wait $pml_pid 2>/dev/null
    gone=0
    for _ in $(seq 50); do
        if [ -n "$child" ] && ! kill -0 "$child" 2>/dev/null; then gone=1; break; fi
        sleep 0.1
    done
    [ -n "$child" ] && [ $gone = 0 ] && kill -KILL "$child" 2>/dev/null
    expect_eq "pml dot --render killed by $sig: Graphviz dies too" "1" "$gone"
    left=$(ls "$TMP" | grep -c '\.tmp')
    [ $sig = KILL ] || expect_eq "pml dot --render killed by $sig: no temporary file left" 0 "$left"
done

# ---- plots on a full disk (a file-size limit stands in for one) ----
# pml copies gnuplot's picture into the file and meets the limit itself.
mkdir -p "$TMP/sw"
"$PML" sweep examples/fib.pml -D n=2:6 -o "$TMP/sw/s.csv" --plot "$TMP/sw/s.svg" 2>/dev/null
cp "$TMP/sw/s.csv" "$TMP/s.csv.old"; cp "$TMP/sw/s.svg" "$TMP/s.svg.old"
(ulimit -f 16; "$PML" sweep examples/fib.pml -D n=2:7 -o "$TMP/sw/s.csv" --plot "$TMP/sw/s.svg" 2> "$TMP/sw.err"; echo $? > "$TMP/sw.rc")
expect_eq "sweep --plot on a full disk exits 1" 1 "$(cat "$TMP/sw.rc")"
expect_eq "sweep --plot on a full disk says so" "pml: error: cannot write '$TMP/sw/s.svg': File too large" "$(cat "$TMP/sw.err")"
cmp -s "$TMP/sw/s.csv" "$TMP/s.csv.old" && pass "sweep --plot on a full disk: the old CSV stays beside the old plots" \
    || fail "sweep --plot on a full disk: the old CSV stays beside the old plots" "the CSV changed"
cmp -s "$TMP/sw/s.svg" "$TMP/s.svg.old" && pass "sweep --plot on a full disk: the old plot stays whole" \
    || fail "sweep --plot on a full disk: the old plot stays whole" "the SVG changed"
expect_eq "sweep --plot on a full disk: no temporary file" "" "$(ls "$TMP/sw" | grep tmp)"
(ulimit -f 16; "$PML" run examples/fib.pml --sched=bf -p 2 --profile "$TMP/sw/p.svg" > /dev/null 2> "$TMP/pr.err"; echo $? > "$TMP/pr.rc")
expect_eq "run --profile on a full disk exits 1" 1 "$(cat "$TMP/pr.rc")"
expect_eq "run --profile on a full disk leaves no SVG" "" "$(ls "$TMP/sw" | grep -e 'p.svg' -e tmp)"

# ---- output file names ----
long=$(printf 'x%.0s' $(seq 245))
"$PML" graph examples/fib.pml -D n=3 -o "$TMP/$long.json" 2> "$TMP/long.err"; rc=$?
expect_eq "-o with a 250-character name works" "0 1" "$rc $(ls "$TMP" | grep -c "^$long.json$")"
cp examples/fib.pml "$TMP/self.pml"
"$PML" graph "$TMP/self.pml" -o "$TMP/self.pml" 2> "$TMP/self.err"; rc=$?
expect_eq "-o naming the input file is refused (a usage error)" 2 "$rc"
cmp -s "$TMP/self.pml" examples/fib.pml && pass "-o naming the input file leaves it alone" \
    || fail "-o naming the input file leaves it alone" "the source was overwritten"
expect_eq "-o naming the input file says so" "pml: usage error: pml graph: -o $TMP/self.pml would write over an input of this command ('$TMP/self.pml')" "$(head -1 "$TMP/self.err")"
mkfifo "$TMP/fifo"
timeout 20 cat "$TMP/fifo" > "$TMP/from_fifo" &
"$PML" graph examples/fib.pml -D n=3 -o "$TMP/fifo"; rc=$?
wait
expect_eq "-o naming a FIFO writes into it" "0 fifo" "$rc $([ -p "$TMP/fifo" ] && echo fifo)"
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$TMP/from_fifo" && pass "-o FIFO: the reader gets the JSON" \
    || fail "-o FIFO: the reader gets the JSON" "not JSON"

# ---- a file-size limit (SIGXFSZ) leaves no temporary file ----
mkdir -p "$TMP/xfsz"
(ulimit -f 4; "$PML" graph examples/fib.pml -o "$TMP/xfsz/g.json" 2> "$TMP/xfsz.err"; echo $? > "$TMP/xfsz.rc")
expect_eq "past the file-size limit: exit 1" 1 "$(cat "$TMP/xfsz.rc")"
expect_eq "past the file-size limit: the message" "pml: error: cannot write '$TMP/xfsz/g.json': File too large" "$(head -1 "$TMP/xfsz.err")"
expect_eq "past the file-size limit: no file, no temporary file" "" "$(ls "$TMP/xfsz")"

# ---- a pattern that does not fit the argument: a static type error at the
# call (where SML/NJ reports it), the argument as a note ----
printf 'fun f (x, y) = x\nval r = f 3\n' > "$TMP/callsite.pml"
"$PML" run "$TMP/callsite.pml" 2> "$TMP/callsite.err"
expect_eq "pattern error at the call site" "$TMP/callsite.pml:2:5: error: operator and operand do not agree [tycon mismatch]: operator domain: 'a * 'b, operand: int" "$(sed -n 1p "$TMP/callsite.err")"
expect_eq "pattern error: the argument as a note" "$TMP/callsite.pml:2:11: note: in this expression" "$(sed -n 4p "$TMP/callsite.err")"

# ---- a program that declares only types: one node, naming no expression ----
printf 'datatype t = A | B of int\nstructure S = struct end\n' > "$TMP/types_only.pml"
bad=""
for c in "graph" "dot" "stats" "schedule" "view" "worst" "paths" "exec" "race" "bounds -p 2" "run --format json"; do
    # shellcheck disable=SC2086 # a command and its options
    "$PML" $c "$TMP/types_only.pml" -o "$TMP/types_only.out" > /dev/null 2>&1 ||
    "$PML" $c "$TMP/types_only.pml" > /dev/null 2>&1 || bad="$bad $c (exit $?)"
done
expect_eq "every command runs a program that declares only types (graph crashed on its node's missing annotation)" "" "$bad"
python3 -c 'import json,sys; g=json.load(open(sys.argv[1])); assert len(g["nodes"]) == 1' "$TMP/types_only.out" 2>/dev/null
"$PML" graph "$TMP/types_only.pml" -o "$TMP/types_only.json" && python3 -c 'import json,sys; g=json.load(open(sys.argv[1])); sys.exit(0 if len(g["nodes"]) == 1 and g["nodes"][0]["annot"] == "" else 1)' "$TMP/types_only.json"
expect_eq "graph of a program that declares only types: one node with an empty annotation" 0 "$?"
