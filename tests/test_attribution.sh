#!/usr/bin/env bash
# Holders grouped by call stack (docs/attribution.md): --group caller puts
# what the prelude holds on the user's call that led there, --group
# function on the function whose body made it; every grouping shares out
# the same high-water mark.  PML names the binary.
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
export PML=${PML:-$PWD/pml}

# holders FILE ARGS...: "file:line:col<TAB>space<TAB>text" per holder
# (the queue and the result as "-"), every holder (--top 0), from the JSON
holders() {
    "$PML" run "$@" --top 0 --format json | python3 -c '
import json, os, sys
d = json.load(sys.stdin)
for h in d["schedules"][0]["holders"]:
    where = "%s:%d:%d" % (os.path.basename(h["file"]), h["line"], h["col"]) if h["file"] else "-"
    print("%s\t%.6f\t%s" % (where, h["space"], h["text"]))'
}
total() { awk -F'\t' '{ s += $2 } END { printf "%.3f", s }' "$1"; }

# --- a program whose prelude work has one user caller -------------------
# squares 8 calls tabulate (prelude) at line 2, col 17: by caller, every
# word the prelude's expressions hold (by site) lands there, the user's own
# expressions (i * i, the fn) keep theirs, and nothing stays in the prelude.
cat > "$TMP/sq.pml" <<'EOF'
fun squares n = tabulate (fn i => i * i, n)
val v = squares 8
val result = sub (v, 7) + length v
EOF
for by in alloc use; do
    holders "$TMP/sq.pml" --by $by --group site > "$TMP/site.$by" || fail "run sq.pml --group site" "exit $?"
    holders "$TMP/sq.pml" --by $by --group caller > "$TMP/caller.$by" || fail "run sq.pml --group caller" "exit $?"
    holders "$TMP/sq.pml" --by $by > "$TMP/default.$by"
    expect_eq "by $by: caller and site share out the same total" "$(total "$TMP/site.$by")" "$(total "$TMP/caller.$by")"
    expect_eq "by $by: caller is the default grouping" "$(cat "$TMP/caller.$by")" "$(cat "$TMP/default.$by")"
    prelude=$(awk -F'\t' '$1 ~ /^prelude\.pml:/ { s += $2 } END { printf "%.3f", s }' "$TMP/site.$by")
    call=$(awk -F'\t' '$1 == "sq.pml:1:17" { printf "%.3f", $2 }' "$TMP/caller.$by")
    expect_eq "by $by: the prelude's share by site is the tabulate call's by caller" "$prelude" "$call"
    expect_eq "by $by: by caller nothing is held in the prelude" "" "$(awk -F'\t' '$1 ~ /^prelude/' "$TMP/caller.$by")"
    user_site=$(awk -F'\t' '$1 ~ /^sq\.pml:/' "$TMP/site.$by" | sort)
    user_caller=$(awk -F'\t' '$1 ~ /^sq\.pml:/ && $1 != "sq.pml:1:17"' "$TMP/caller.$by" | sort)
    expect_eq "by $by: the user's own expressions keep their holdings" "$user_site" "$user_caller"
done
expect_eq "by alloc: the holders by caller are the tabulate call, i * i, the queue and the fn" \
    "sq.pml:1:17 tabulate (fn i => i * i, n)|sq.pml:1:35 i * i|-|sq.pml:1:27 fn" \
    "$(awk -F'\t' '{ t = ($3 == "scheduler queue") ? "" : " " $3; printf "%s%s%s", (NR > 1) ? "|" : "", $1, t }' "$TMP/caller.alloc")"

# --- function: the enclosing function -----------------------------------
holders "$TMP/sq.pml" --by alloc --group function > "$TMP/fn"
expect_eq "by function: the same total" "$(total "$TMP/site.alloc")" "$(total "$TMP/fn")"
expect_eq "by function: i * i is held by the fn it is in" "1" \
    "$(awk -F'\t' '$1 == "sq.pml:1:27" && $3 == "fn" { n++ } END { print n + 0 }' "$TMP/fn")"
expect_eq "by function: tabulate's loop holds what it made" "1" \
    "$(awk -F'\t' '$1 ~ /^prelude/ && $3 == "fun loop [free vars f]" { n++ } END { print n + 0 }' "$TMP/fn")"

# --- --stack: the chain of calls under each holder ------------------------
out=$("$PML" run "$TMP/sq.pml" --by alloc --group function --stack)
chain=$(printf '%s\n' "$out" | awk '/fun loop \[free vars f\]/ { on = 1; next } on && /called from/ { print $3 } on && !/called from/ { on = 0 }' | sed 's|.*/||')
last=$(printf '%s\n' "$chain" | tail -1)
expect_eq "--stack: the loop's chain ends at the top-level call squares 8" "sq.pml:2:9" "$last"
expect_eq "--stack: the chain passes the user's tabulate call" "1" "$(printf '%s\n' "$chain" | grep -c '^sq.pml:1:17$')"

# --- closures are named as functions, list literals as lists ---------------
printf 'val f = let val a = 1 val b = 2 in fn x => x + a + b end\nval p = [f]\nval result = p\n' > "$TMP/names.pml"
"$PML" run "$TMP/names.pml" --by alloc --group site --top 0 > "$TMP/names"
expect_eq "a closure is 'fn [free vars a, b]'" "1" "$(grep -c 'names.pml:1:[0-9]*  fn \[free vars a, b\]$' "$TMP/names")"
expect_eq "a list literal is '[f]'" "1" "$(grep -c 'names.pml:2:9  \[f\]$' "$TMP/names")"

# --- every example: the groupings share out the same mark -----------------
bad=""
for f in examples/*.pml; do
    for g in caller function; do
        for by in use alloc; do
            a=$(holders "$f" -D n=8 --sched df -p 2 --by $by --group site | awk -F'\t' '{ s += $2 } END { printf "%.3f", s }')
            b=$(holders "$f" -D n=8 --sched df -p 2 --by $by --group $g | awk -F'\t' '{ s += $2 } END { printf "%.3f", s }')
            [ "$a" = "$b" ] || bad="$bad $(basename "$f") $g $by ($a vs $b)"
        done
    done
done
if [ -z "$bad" ]; then pass "every example: --group caller and function share out what --group site does (df P=2, by use and alloc)"
else fail "every example: the groupings share out the same total" "$bad"; fi

# --- matmul df P=2: by caller, the space is the user's --------------------
share() { # GROUP: matmul.pml's percent of the mark
    "$PML" run examples/matmul.pml --sched=df -p 2 --group "$1" --top 0 --format json | python3 -c '
import json, sys
s = json.load(sys.stdin)["schedules"][0]
print("%.1f" % (100 * sum(h["space"] for h in s["holders"] if h["file"].endswith("matmul.pml")) / s["hwm"]))'
}
site=$(share site); caller=$(share caller)
name="matmul df P=2: by caller examples/matmul.pml holds most of the mark ($caller% against $site% by site)"
if python3 -c "import sys; sys.exit(0 if $caller >= 90 and $site < 50 else 1)"; then pass "$name"
else fail "$name" "expected >= 90% by caller"; fi

# --- usage errors ----------------------------------------------------------
"$PML" run "$TMP/sq.pml" --group nowhere >/dev/null 2>"$TMP/err"
expect_eq "--group with an unknown grouping is a usage error (exit 2)" "2" "$?"
expect_eq "--group's error names the choices" "1" "$(grep -c 'caller, site or function' "$TMP/err")"

# --group function names the stages of a curried clausal fun by the fun's
# name, and no hidden argument (%1, %2) of a fun of several clauses shows
out=$("$PML" run examples/mergesort.pml --group function --top 0)
expect_eq "--group function: no %N temporaries in holder names" 0 "$(grep -c '%[0-9]' <<< "$out")"
expect_eq "--group function: foldl's later stages are named 'fun foldl (stage K of 3)'" 2 \
    "$(grep -c 'lib/prelude.pml:[0-9]*:[0-9]*  fun foldl (stage [23] of 3)' <<< "$out")"

# --- --group function --inclusive (perf's Children, GHC's inherited) ---
"$PML" run examples/mergesort.pml --group function --top 0 --format json > "$TMP/self.json"
"$PML" run examples/mergesort.pml --group function --inclusive --top 0 --format json > "$TMP/incl.json"
out=$(python3 - "$TMP/self.json" "$TMP/incl.json" <<'PY'
import json, sys
def fns(path):
    d = json.load(open(path))
    s = d["schedules"][0]
    return d, s["hwm"], {h["text"].split(" [")[0]: h["space"] for h in s["holders"] if h["kind"] == "annotation"}
ds, hwm, self_ = fns(sys.argv[1])
di, _, incl = fns(sys.argv[2])
bad = []
if di.get("inclusive") is not True or ds.get("inclusive") is not False: bad.append("the JSON's inclusive field")
for f, x in self_.items():
    if incl.get(f, 0) < x - 1e-9: bad.append("%s: inclusive %s < self %s" % (f, incl.get(f), x))
for f, x in incl.items():
    if x > hwm + 1e-9: bad.append("%s: inclusive %s > the mark %s (a recursion counted twice?)" % (f, x, hwm))
# msort calls split and merge, which call nothing of the program's own
want = self_["fun msort"] + self_["fun split"] + self_["fun merge"]
if abs(incl["fun msort"] - want) > 1e-6: bad.append("msort inclusive %s, not msort+split+merge %s" % (incl["fun msort"], want))
if abs(incl["fun split"] - self_["fun split"]) > 1e-6: bad.append("split (a leaf) inclusive != self")
print("; ".join(bad[:3]) if bad else "ok")
PY
)
expect_eq "--inclusive: every function >= its self share, <= the mark (recursion once); msort = msort + split + merge; a leaf = its self" ok "$out"
expect_eq "--inclusive without --group function is a usage error" 2 "$("$PML" run examples/mergesort.pml --inclusive >/dev/null 2>&1; echo $?)"
expect_eq "the text says the shares overlap" 1 "$("$PML" run examples/mergesort.pml --group function --inclusive | grep -c 'grouped by function, inclusive (each function with all it called: shares overlap)')"
