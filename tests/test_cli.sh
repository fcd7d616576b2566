# The command line: exit statuses (0 ok, 1 program error, 2 usage error),
# error format FILE:LINE:COL: error: …, and files written whole or not at all.
. "$(dirname "$0")/lib.sh"

status() { "$@" >/dev/null 2>&1; echo $?; }

printf 'val result = 1 + 2\n' > "$TMP/ok.pml"
expect_eq "run of a good program exits 0" 0 "$(status "$PML" run "$TMP/ok.pml")"
expect_eq "run prints the value as SML does" "val result = 3 : int" "$("$PML" run "$TMP/ok.pml" | head -1)"
expect_eq "check of a good program exits 0" 0 "$(status "$PML" check "$TMP/ok.pml")"
expect_eq "no command is a usage error (2)" 2 "$(status "$PML")"
expect_eq "an unknown command is a usage error (2)" 2 "$(status "$PML" frobnicate x.pml)"
expect_eq "an unknown option is a usage error (2)" 2 "$(status "$PML" run "$TMP/ok.pml" --bogus)"
expect_eq "a malformed -D is a usage error (2)" 2 "$(status "$PML" run "$TMP/ok.pml" -D n)"
expect_eq "graph without -o writes the JSON to standard output" '"end": true' \
    "$("$PML" graph "$TMP/ok.pml" | tail -2 | head -1 | sed 's/^ *//')"

printf 'val x = 1\nval result = x + y\n' > "$TMP/unbound.pml"
expect_eq "an unbound name exits 1" 1 "$(status "$PML" run "$TMP/unbound.pml")"
expect_eq "an unbound name is reported at its position" \
    "$TMP/unbound.pml:2:18: error: unbound variable or constructor 'y'" \
    "$("$PML" run "$TMP/unbound.pml" 2>&1 | head -1)"

printf 'val result = 1 div 0\n' > "$TMP/div.pml"
expect_eq "division by zero is reported at the division" \
    "$TMP/div.pml:1:14: error: uncaught exception Div: division by zero" "$("$PML" run "$TMP/div.pml" 2>&1 | head -1)"

# graph -o: the file appears only when the run succeeds, and a failed run
# leaves an existing file alone
"$PML" graph "$TMP/ok.pml" -o "$TMP/g.json"
if grep -q '"end": true' "$TMP/g.json" 2>/dev/null; then pass "graph writes a complete JSON file"; else fail "graph writes a complete JSON file" "missing or cut"; fi
if python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$TMP/g.json" 2>/dev/null; then pass "graph JSON parses"; else fail "graph JSON parses" "invalid JSON"; fi
echo keep > "$TMP/keep.json"
"$PML" graph "$TMP/div.pml" -o "$TMP/keep.json" 2>/dev/null
expect_eq "a failed graph run leaves the existing file alone" keep "$(cat "$TMP/keep.json")"
"$PML" graph "$TMP/div.pml" -o "$TMP/new.json" 2>/dev/null
if [ -e "$TMP/new.json" ]; then fail "a failed graph run writes no file" "file exists"; else pass "a failed graph run writes no file"; fi
if ls "$TMP"/*.tmp.* >/dev/null 2>&1; then fail "no temporary files are left" "$(ls "$TMP")"; else pass "no temporary files are left"; fi

# deep recursion: 10^6 nested calls run on the big stack (10^5 under the
# sanitizers, whose frames are several times larger: tests/run-asan.sh)
deep=1000000
[ -n "${PML_SANITIZERS:-}" ] && deep=100000
printf 'fun build n = if n = 0 then [] else n :: build (n - 1)\nfun len [] = 0 | len (_ :: t) = 1 + len t\nval result = len (build %d)\n' $deep > "$TMP/deep.pml"
expect_eq "a 10^6-deep recursion runs to completion" "val result = $deep : int" "$("$PML" run "$TMP/deep.pml" --no-prelude 2>&1 | head -1)"
out=$("$PML" run "$TMP/deep.pml" --no-prelude --max-depth 100000 2>&1)
case "$out" in
*"error: recursion too deep"*"--max-depth"*) pass "past --max-depth a clear error names the limit" ;;
*) fail "past --max-depth a clear error names the limit" "$out" ;;
esac

# an interrupt while the output is being written leaves neither the output
# nor the temporary file, and an existing file keeps its contents
printf 'val v = tabulate (fn i => i, 20000)\nval result = length v\n' > "$TMP/big.pml"
echo keep > "$TMP/big.json"
"$PML" graph "$TMP/big.pml" -o "$TMP/big.json" & pid=$!
for _ in $(seq 50); do ls "$TMP"/pml.tmp.* >/dev/null 2>&1 && break; sleep 0.05; done
kill -INT $pid 2>/dev/null; wait $pid; rc=$?
if ls "$TMP"/*.tmp.* >/dev/null 2>&1; then fail "an interrupt leaves no temporary file" "$(ls "$TMP")"; else pass "an interrupt leaves no temporary file"; fi
if [ $rc -eq 0 ]; then pass "an interrupted write leaves the old file (the run had finished)";
else expect_eq "an interrupted write leaves the old file" keep "$(cat "$TMP/big.json")"; fi

# a program that never terminates stops under the default limits with an
# error naming --max-nodes (the node limit; on a small machine possibly the
# heap limit first, docs/reliability.md); not under the sanitizers, whose
# frames make it far slower
if [ -z "${PML_SANITIZERS:-}" ]; then
    printf 'fun loop n : int = loop (n + 1)\nval result = loop 0\n' > "$TMP/loop.pml"
    out=$("$PML" run "$TMP/loop.pml" 2>&1); rc=$?
    case "$rc $out" in
    "1 $TMP/loop.pml:1:"*"error: "*"--max-nodes N"*) pass "a non-terminating program stops at the default limits, naming --max-nodes" ;;
    *) fail "a non-terminating program stops at the default limits, naming --max-nodes" "exit $rc: $out" ;;
    esac
fi
