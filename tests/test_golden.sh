# Output stability: `pml run --format json` and `pml schedule` of every
# example are byte-identical to the files recorded in tests/golden/ (cases
# listed in tests/golden/cases).  Speed work must not change a figure; a
# deliberate change of output is recorded with tests/golden/regen.sh.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."
PML=${PML:-$PWD/pml}

while read -r name cmd args; do
    # shellcheck disable=SC2086 # the arguments are words by design
    if ! "$PML" "$cmd" $args > "$TMP/out" 2> "$TMP/err"; then
        fail "golden $name: pml $cmd exits 0" "$(head -c 300 "$TMP/err")"
    elif [ ! -f "tests/golden/$name" ]; then
        fail "golden $name is recorded" "no tests/golden/$name (tests/golden/regen.sh)"
    elif cmp -s "tests/golden/$name" "$TMP/out"; then
        pass "golden $name: pml $cmd $args is byte-identical to the recorded output"
    else
        fail "golden $name: pml $cmd $args is byte-identical to the recorded output" \
            "$(diff "tests/golden/$name" "$TMP/out" | head -5 | tr '\n' ' ')"
    fi
done < <(grep -v '^#' tests/golden/cases)

# every recorded file has its case, so none is left unchecked
for f in tests/golden/*.json; do
    n=$(basename "$f")
    if grep -q "^$n " tests/golden/cases; then pass "golden $n has a case"; else fail "golden $n has a case" "stale file"; fi
done
