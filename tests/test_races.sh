# Determinacy races (docs/races.md): every program of the corpus
# tests/races/*.pml names in comments the races it must report, one line
# "race: A | B" per race (A and B the source text of the two accesses, as
# the JSON's "text" gives them) or "race: none"; pml race must report
# exactly those pairs, exit 0, and exit 1 with --races=error when there
# are any.  Then pml run's warnings, --races=error and --races=off, the
# text report's lines, and a program that stops with an error.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."

n=0 racy=0 pairs=0
for f in tests/races/*.pml; do
    name=$(basename "$f" .pml)
    "$PML" race "$f" --format json > "$TMP/$name.json" 2> "$TMP/$name.err"; rc=$?
    if [ $rc != 0 ]; then fail "race $name exits 0" "status $rc: $(head -3 "$TMP/$name.err")"; continue; fi
    "$PML" race "$f" --races=error > /dev/null 2>&1; erc=$?
    want=$(grep -c 'race: [^n]' "$f")
    expect_eq "race --races=error on $name exits 1 exactly when it races" $([ "$want" -gt 0 ] && echo 1 || echo 0) $erc
    n=$((n + 1)); [ "$want" -gt 0 ] && racy=$((racy + 1)); pairs=$((pairs + want))
done
python3 - "$TMP" tests/races/*.pml <<'PY'
import json, re, sys, os
tmp = sys.argv[1]
for f in sys.argv[2:]:
    name = os.path.basename(f)[:-4]
    out = os.path.join(tmp, name + ".json")
    if not os.path.exists(out) or os.path.getsize(out) == 0:
        continue
    src = open(f).read()
    want = sorted(tuple(sorted(s.strip() for s in m.split("|")))
                  for m in re.findall(r"race: (.*?)(?:\n| \*\))", src) if m.strip() != "none")
    d = json.load(open(out))
    got = sorted(tuple(sorted((r["access"]["text"], r["other"]["text"]))) for r in d["races"])
    sane = d["count"] == len(d["races"]) and all(
        r["access"]["kind"] == "write" or r["other"]["kind"] == "write" for r in d["races"])
    label = "race %s reports exactly its races (%d)" % (name, len(want))
    print("PASS " + label if want == got and sane else "FAIL %s: expected %s got %s" % (label, want, got))
PY
expect_eq "the corpus has at least 40 programs, racy and race-free" 1 $([ $n -ge 40 ] && [ $racy -ge 20 ] && [ $((n - racy)) -ge 20 ] && echo 1)
echo "# corpus: $n programs, $racy racy with $pairs races, $((n - racy)) race-free"

# the text: the warning's words, both positions with source line and caret,
# the call chain of each side, the summary
out=$("$PML" race tests/races/r23_call_chains.pml)
expect_eq "race text: the warning names the ref, its maker and the other side" \
    "tests/races/r23_call_chains.pml:4:13: warning: determinacy race on the ref made at 3:9: this write may run in parallel with another evaluation of itself" \
    "$(echo "$out" | head -1)"
expect_eq "race text: the source line and a caret under the access" "fun set v = r := v|            ^" \
    "$(echo "$out" | sed -n '2,3p' | paste -sd'|')"
expect_eq "race text: each side's call chain" 2 "$(echo "$out" | grep -c 'called from .*r23_call_chains.pml:7:')"
expect_eq "race text: a note at the other access" 1 "$(echo "$out" | grep -c '^tests/races/r23_call_chains.pml:4:13: note: the write it may run in parallel with')"
expect_eq "race text: the summary" "tests/races/r23_call_chains.pml: 1 determinacy race (2 accesses to 1 cell watched)" \
    "$(echo "$out" | tail -1)"
expect_eq "race text: read and write named, with the other's position" \
    "tests/races/r02_wr_pair.pml:4:23: warning: determinacy race on the ref made at 3:9: this read may run in parallel with the write at 4:15" \
    "$("$PML" race tests/races/r02_wr_pair.pml | head -1)"
expect_eq "race text: an array's element" 1 \
    "$("$PML" race tests/races/r18_array_index.pml | grep -c 'warning: determinacy race on element 0 of the array made at 3:9')"
expect_eq "race text: no races" "tests/races/f06_read_read.pml: no determinacy races (2 accesses to 1 cell watched)" \
    "$("$PML" race tests/races/f06_read_read.pml)"

# pml run: warnings on standard error, the report unchanged on standard output
"$PML" run tests/races/r01_ww_pair.pml > "$TMP/run.out" 2> "$TMP/run.err"; rc=$?
expect_eq "run of a racy program exits 0" 0 $rc
expect_eq "run warns on standard error" 1 "$(grep -c 'warning: determinacy race' "$TMP/run.err")"
expect_eq "run's report notes the races" 1 "$(grep -c '^note: 1 determinacy race' "$TMP/run.out")"
expect_eq "run --races=error exits 1" 1 "$("$PML" run tests/races/r01_ww_pair.pml --races=error >/dev/null 2>&1; echo $?)"
expect_eq "run --races=off does not look" "0 0" \
    "$("$PML" run tests/races/r01_ww_pair.pml --races=off 2>&1 | grep -c 'determinacy') $("$PML" run tests/races/r01_ww_pair.pml --races=off --format json | grep -c '"races"')"
expect_eq "run of a race-free program says nothing of races" 0 "$("$PML" run tests/races/f07_array_disjoint.pml 2>&1 | grep -c 'determinacy')"
expect_eq "run's JSON lists the races" 1 \
    "$("$PML" run tests/races/r16_three_writes.pml --format json 2>/dev/null | python3 -c 'import json,sys; print(int(len(json.load(sys.stdin)["races"]) == 3))')"
expect_eq "race on standard input names <stdin>" "<stdin>:1:32: warning" \
    "$(echo 'val r = ref 0 val x = {r := 1, r := 2}' | "$PML" race - | head -1 | cut -d: -f1-4)"

# a program that stops with an error: the error, status 1
printf 'val r = ref 0\nval result = {r := 1, 1 div 0}\n' > "$TMP/err.pml"
expect_eq "race of a failing program exits 1 with the error" "1 1" \
    "$("$PML" race "$TMP/err.pml" > /dev/null 2> "$TMP/e"; echo $?) $(grep -c 'error: uncaught exception Div' "$TMP/e")"
