# The outputs shown in the README and docs/*.md are pml's, as it prints them
# now: a fenced block right after a line `<!-- output of: pml ARGS -->` must
# appear, line for line and contiguously, in what `pml ARGS` prints (run
# from the repository's root).  A changed figure fails here with both texts.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."
n=0
for doc in README.md docs/*.md; do
    python3 - "$doc" > "$TMP/blocks" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
for i, l in enumerate(lines):
    if l.startswith("<!-- output of: pml ") and l.endswith(" -->"):
        assert lines[i + 1].startswith("```"), "%s:%d: no block after the marker" % (sys.argv[1], i + 1)
        j = lines.index("```", i + 2)
        print("%d\t%s\t%s" % (i + 1, l[len("<!-- output of: pml "):-4], "\x01".join(lines[i + 2:j])))
PY
    while IFS=$'\t' read -r line args block; do
        n=$((n + 1))
        name="$doc:$line: the block is what 'pml $args' prints"
        # shellcheck disable=SC2086 # ARGS are words, as on the doc's command line
        "$PML" $args > "$TMP/out" 2>&1
        r=$(python3 - "$TMP/out" "$block" <<'PY'
import sys
out = open(sys.argv[1]).read().split("\n")
want = sys.argv[2].split("\x01")
ok = any(out[k:k + len(want)] == want for k in range(len(out) - len(want) + 1))
print("ok" if ok else "pml printed:\n" + "\n".join(out[:40]))
PY
)
        expect_eq "$name" ok "$r"
    done < "$TMP/blocks"
done
[ "$n" -ge 4 ] && pass "the docs mark $n output blocks" || fail "the docs mark their output blocks" "only $n"
