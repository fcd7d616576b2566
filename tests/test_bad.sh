# The bad-input corpus (tests/bad/): every NAME.expected holds the first
# line pml must print on stderr for tests/bad/NAME.pml after any warnings
# (a warning is its line, the source line and a caret), with FILE standing
# for the path (a final * matches any rest: figures that vary).  NAME.args adds options, NAME.env sets the environment.
# A missing NAME.pml is the missing-file case; directory.pml is a directory.
# Each case must exit 1 (not killed by a signal), print FILE:LINE:COL: error:
# and leave no output file behind.  A runtime error's backtrace follows as
# "note: called from FILE:L:C" lines; NAME.notes, where present, holds them.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/bad"

check_case() { # NAME
    local n=$1 f=$1.pml want got rc args="" envs=""
    [ -f "$n.args" ] && args=$(cat "$n.args")
    [ -f "$n.env" ] && envs=$(cat "$n.env")
    want=$(sed "s|FILE|$f|g" "$n.expected")
    # shellcheck disable=SC2086
    env $envs "$PML" graph "$f" $args -o "$TMP/$n.json" 2>"$TMP/err" >/dev/null
    rc=$?
    got=$(awk '/: warning: /{skip=3} skip>0{skip--; next} {print; exit}' "$TMP/err")
    if [ "$rc" -ne 1 ]; then
        fail "bad input $n exits 1" "exit $rc: $got"
    elif ! [[ $got =~ ^"$f":[0-9]+:[0-9]+:\ error:\  ]]; then
        fail "bad input $n is reported as FILE:LINE:COL: error:" "$got"
    elif [ "$got" != "$want" ] && ! [[ $want == *'*' && $got == "${want%'*'}"* ]]; then
        fail "bad input $n says what it should" "expected [$want] got [$got]"
    elif [ -f "$n.notes" ] && [ "$(grep '^note: ' "$TMP/err")" != "$(sed "s|FILE|$f|g" "$n.notes")" ]; then
        fail "bad input $n has its backtrace" "$(grep '^note: ' "$TMP/err")"
    elif [ -e "$TMP/$n.json" ] || ls "$TMP"/*.tmp.* >/dev/null 2>&1; then
        fail "bad input $n leaves no output file" "$(ls "$TMP")"
    else
        pass "bad input $n: $want"
    fi
}

count=0
for e in *.expected; do
    check_case "${e%.expected}"
    count=$((count + 1))
done
if [ "$count" -ge 60 ]; then pass "the bad-input corpus has $count cases"; else fail "the bad-input corpus has at least 60 cases" "$count"; fi
