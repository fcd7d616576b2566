#!/usr/bin/env bash
# pml diff (docs/diff.md): the sites' deltas add up to the difference of the
# marks, each side's mark is pml run's, a self-diff is empty, swapping the
# sides negates every delta, and usage errors exit 2 writing nothing.
cd "$(dirname "$0")/.."
source tests/lib.sh
PML=${PML:-$PWD/pml}

json_checks() {   # name A.json B-vs-A.json run.json
    python3 - "$@" <<'PY'
import json, sys
name, ab, ba, run = sys.argv[1:]
ab = json.load(open(ab)); ba = json.load(open(ba)); run = json.load(open(run))
def say(ok, what, why=""):
    print(("PASS %s_%s" % (name, what)) if ok else ("FAIL %s_%s: %s" % (name, what, why)))
s = sum(x["delta"] for x in ab["sites"])
say(abs(s - ab["difference"]) < 1e-6 and abs(ab["residual"]) < 1e-6,
    "site_deltas_sum_to_the_difference", "%r vs %r" % (s, ab["difference"]))
say(ab["difference"] == ab["b"]["hwm"] - ab["a"]["hwm"], "difference_is_b_minus_a")
marks = {(x["policy"], x["P"]): x["hwm"] for x in run["schedules"]}
say(marks.get((ab["a"]["policy"], ab["a"]["P"])) == ab["a"]["hwm"]
    and marks.get((ab["b"]["policy"], ab["b"]["P"])) == ab["b"]["hwm"], "marks_equal_pml_run", str(marks))
say(max(ab["a"]["curve"]) == ab["a"]["hwm"] and max(ab["b"]["curve"]) == ab["b"]["hwm"],
    "curves_peak_at_the_marks")
key = lambda x: (x["kind"], x["file"], x["line"], x["col"], x["text"])
fwd = {key(x): x["delta"] for x in ab["sites"]}
back = {key(x): x["delta"] for x in ba["sites"]}
say(fwd.keys() == back.keys() and all(back[k] == -v for k, v in fwd.items())
    and ba["difference"] == -ab["difference"], "swapping_the_sides_negates_it")
if name == "diff_matmul":  # bf holds far more than df here (docs/diff.md)
    say(len(ab["sites"]) > 0 and any(x["delta"] > 0 for x in ab["sites"]), "bf_grows_some_site")
PY
}

for f in matmul quicksort; do
    A=(--sched=df -p 2); B=(--sched=bf -p 2)
    "$PML" diff examples/$f.pml -D n=4 "${A[@]}" --vs "${B[@]}" --format json -o "$TMP/ab.json" &&
    "$PML" diff examples/$f.pml -D n=4 "${B[@]}" --vs "${A[@]}" --format json -o "$TMP/ba.json" &&
    "$PML" run examples/$f.pml -D n=4 --sched=df,bf -p 2 --format json > "$TMP/run.json" ||
        fail "diff_$f" "a command failed"
    json_checks "diff_$f" "$TMP/ab.json" "$TMP/ba.json" "$TMP/run.json"
    "$PML" diff examples/$f.pml -D n=4 "${A[@]}" --vs "${A[@]}" --format json -o "$TMP/self.json"
    expect_eq "diff_${f}_self_diff_is_empty" "0 0" \
        "$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(len(d["sites"]), int(d["difference"]))' "$TMP/self.json")"
    "$PML" diff examples/$f.pml -D n=4 "${A[@]}" --vs "${A[@]}" > "$TMP/self.txt"
    if grep -q 'no site holds a different amount' "$TMP/self.txt"; then pass "diff_${f}_self_diff_text_says_so"
    else fail "diff_${f}_self_diff_text_says_so" "$(tail -2 "$TMP/self.txt")"; fi
done

# text: the marks, the curve table and the sites
"$PML" diff examples/matmul.pml -D n=4 --sched=df -p 2 --vs --sched=bf -p 2 --top 3 > "$TMP/t.txt"
if grep -q '^A = df, P=2' "$TMP/t.txt" && grep -q '^B - A: +' "$TMP/t.txt" && grep -q 'sites grow from A to B' "$TMP/t.txt"; then
    pass diff_text_names_sides_and_growth
else
    fail diff_text_names_sides_and_growth "$(head -5 "$TMP/t.txt")"
fi

# usage errors: exit 2, nothing written
mkdir -p "$TMP/u"
for args in "--sched=df -p 2" "--sched=df,bf -p 2 --vs --sched=bf" "--sched=df --vs --sched=bf --units nodes" \
            "--sched=df --vs --sched=bf --format xml" "--sched=df --vs --vs --sched=bf"; do
    # shellcheck disable=SC2086
    "$PML" diff examples/fib.pml $args -o "$TMP/u/x" 2>/dev/null
    rc=$?
    expect_eq "diff_usage_error_exits_2 ($args)" "2 0" "$rc $(ls -A "$TMP/u" | wc -l)"
done

# --- --by and --group with pml run's defaults (use, caller) ---
MMD="examples/matmul.pml -D n=4 --sched=df -p 2 --vs --sched=bf -p 2 --top 0"
expect_eq "by default diff blames the user's calls, as pml run does: no holder in lib/prelude.pml" 0 \
    "$("$PML" diff $MMD | grep -c 'lib/prelude.pml')"
expect_eq "--group site names the prelude's expressions" yes \
    "$("$PML" diff $MMD --group site | grep -q 'lib/prelude.pml:55:14' && echo yes)"
for g in "--group caller" "--group site" "--group function" "--by alloc"; do
    out=$("$PML" diff $MMD $g --format json | python3 -c '
import json, sys
d = json.load(sys.stdin)
s = sum(x["delta"] for x in d["sites"])
print("ok" if abs(s + d["residual"] - d["difference"]) < 1e-6 and abs(d["residual"]) < 1e-6 else "sum %s != %s" % (s, d["difference"]))')
    expect_eq "diff $g: the deltas add up to the difference of the marks" ok "$out"
done
expect_eq "diff's JSON names its by and group" "use caller" \
    "$("$PML" diff $MMD --format json | python3 -c 'import json, sys; d = json.load(sys.stdin); print(d["by"], d["group"])')"
run_top=$("$PML" run examples/matmul.pml -D n=4 --sched=bf -p 2 --format json | python3 -c '
import json, sys; h = [x for x in json.load(sys.stdin)["schedules"][0]["holders"] if x["kind"] == "annotation"][0]; print("%s:%d:%d" % (h["file"], h["line"], h["col"]))')
expect_eq "diff's largest growth is pml run's largest holder of B (bf, P=2)" "$run_top" \
    "$("$PML" diff $MMD | awk '/^ +\+[0-9]/ && $4 != "scheduler" { print $4; exit }')"
