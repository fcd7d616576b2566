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
