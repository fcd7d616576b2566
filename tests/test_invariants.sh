# SPEC §2.4 on every example and test program: the computation graph is
# series-parallel with one initial and one final node, ids are a
# topological order, heap edges go backward to values, and Theorem 1 holds
# at every subexpression evaluated (pml run --check-invariants).
. "$(dirname "$0")/lib.sh"
for f in examples/*.pml tests/sml/*.pml tests/programs/*.pml; do
    [ -f "$f" ] || continue
    if out=$("$PML" run "$f" -D n=4 --check-invariants 2>&1) && grep -q '^invariants hold' <<<"$out"; then
        pass "invariants of $f"
    else
        fail "invariants of $f" "$(tail -3 <<<"$out" | tr '\n' ' ')"
    fi
done
