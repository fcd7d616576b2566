# The invariants of docs/semantics.md on every example and test program: the computation graph is
# series-parallel with one initial and one final node, ids are a
# topological order, heap edges go backward to values, and Theorem 1 holds
# at every subexpression evaluated (pml run --check-invariants).
. "$(dirname "$0")/lib.sh"
for f in examples/*.pml tests/sml/*.pml tests/programs/*.pml; do
    [ -f "$f" ] || continue
    if out=$("$PML" run "$f" -D n=4 --check-invariants 2>&1 < "$(stdin_of "$f")") && grep -q '^invariants hold' <<<"$out"; then
        pass "invariants of $f"
    else
        fail "invariants of $f" "$(tail -3 <<<"$out" | tr '\n' ' ')"
    fi
done

# The evaluator's specialised codes (eval_rules.c, closure generation) make the
# graphs of the rules: with --check-invariants every expression is
# evaluated by code_checked, the rules behind one switch, and the graphs
# must be the same bytes.
n=0; bad=
for f in examples/*.pml tests/sml/*.pml tests/programs/*.pml; do
    [ -f "$f" ] || continue
    "$PML" graph "$f" -D n=4 --format binary -o "$TMP/fast.bin" < "$(stdin_of "$f")" > /dev/null 2>&1 || continue
    "$PML" graph "$f" -D n=4 --format binary --check-invariants -o "$TMP/rules.bin" < "$(stdin_of "$f")" > /dev/null 2>&1 ||
        { bad="$bad $f"; continue; }
    cmp -s "$TMP/fast.bin" "$TMP/rules.bin" || bad="$bad $f"
    n=$((n + 1))
done
if [ "$n" -ge 100 ]; then
    expect_eq "closure codes: the graphs of $n programs are those of the rules (--check-invariants' evaluation)" "" "$bad"
else
    fail "closure codes: the graphs of the rules" "only $n programs ran"
fi

# The 1-processor depth-first schedule visits nodes exactly in id order
# (docs/semantics.md): node ids are the 1DF order the interpreter promises.
for f in examples/*.pml tests/sml/*.pml; do
    [ -f "$f" ] || continue
    if "$PML" schedule "$f" -D n=4 --sched=df -p 1 -o "$TMP/s.json" 2>"$TMP/err" < "$(stdin_of "$f")" &&
       python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["step"]; sys.exit(0 if s==list(range(1,len(s)+1)) else 1)' "$TMP/s.json"; then
        pass "df with P=1 visits $f in id order"
    else
        fail "df with P=1 visits $f in id order" "$(head -c 300 "$TMP/err")"
    fi
done
