# pml sweep --shard I/K and pml merge (docs/sweep.md): the merged CSV is
# byte-identical to the one-process sweep for any K and any order of the
# parts, in the long and the wide form; a part is a plain CSV with its mark
# beside it (PART.shard); the GNU parallel recipe of the docs works as
# written, and a missing, repeated, foreign or cut part is an error, never
# a short CSV.
. "$(dirname "$0")/lib.sh"

MM=examples/matmul.pml
SW="-D n=2:12 --sched=df,bf,ws -p 1,2"
status() { "$@" >/dev/null 2>&1; echo $?; }

"$PML" sweep $MM $SW -j 2 -o "$TMP/whole.csv"
expect_eq "the one-process sweep exits 0" 0 $?

same_for_k() { # K: shards run one by one, merged in reverse order
    local k=$1 parts=()
    for i in $(seq "$k"); do
        "$PML" sweep $MM $SW --shard "$i/$k" -o "$TMP/k$k-$i.csv" || return 1
        parts=("$TMP/k$k-$i.csv" "${parts[@]}")
    done
    "$PML" merge "${parts[@]}" -o "$TMP/merged-$k.csv" && cmp -s "$TMP/merged-$k.csv" "$TMP/whole.csv"
}
for k in 1 2 3 5 11 13; do
    if same_for_k $k; then pass "K=$k shards merged in reverse order equal the one-process sweep"
    else fail "K=$k shards merged in reverse order equal the one-process sweep" "differs or failed"; fi
done

# shards deal the sizes round-robin from the largest: shard 1 of 3 has n=12, 9, 6, 3
sizes=$(awk -F, 'NR > 1 && $3 == "df" && $4 == 1 { print $2 }' "$TMP/k3-1.csv" | uniq | tr '\n' ' ')
expect_eq "shard 1/3 runs every third size from the largest down" "3 6 9 12 " "$sizes"
expect_eq "a shard's mark is beside its part" "pml sweep shard 1/3 rows=6" "$(head -1 "$TMP/k3-1.csv.shard" | cut -d' ' -f1-5)"
expect_eq "a part is a plain CSV: the sweep's header first" "$(head -1 "$TMP/whole.csv")" "$(head -1 "$TMP/k3-1.csv")"

# the wide form (--wide) merges too
for i in 1 2 3; do "$PML" sweep $MM $SW --wide --shard $i/3 -o "$TMP/w3-$i.csv"; done
"$PML" sweep $MM $SW --wide -o "$TMP/wide.csv"
"$PML" merge "$TMP"/w3-[312].csv -o "$TMP/w-merged.csv" && cmp -s "$TMP/w-merged.csv" "$TMP/wide.csv" &&
    pass "--wide: 3 shards merge to the one-process sweep, byte for byte" ||
    fail "--wide: 3 shards merge to the one-process sweep, byte for byte" "differs or failed"

# --- the GNU parallel recipe (docs/sweep.md), locally with -j 2 over K = 4 ---
if command -v parallel >/dev/null; then
    parallel --will-cite -j 2 "$PML" sweep $MM $SW --shard {}/4 -o "$TMP/part-{}.csv" ::: 1 2 3 4
    "$PML" merge "$TMP"/part-*.csv -o "$TMP/gnu.csv" --plot "$TMP/gnu.svg"
    expect_eq "GNU parallel -j 2 over 4 shards, then merge, exits 0" 0 $?
    if cmp -s "$TMP/gnu.csv" "$TMP/whole.csv"; then pass "GNU parallel's 4 shards merge to the one-process sweep, byte for byte"
    else fail "GNU parallel's 4 shards merge to the one-process sweep, byte for byte" "differs"; fi
    if command -v gnuplot >/dev/null; then
        "$PML" sweep $MM $SW -o "$TMP/ref.csv" --plot "$TMP/ref.svg"
        if cmp -s "$TMP/gnu.dat" "$TMP/ref.dat" && cmp -s "$TMP/gnu-holders.dat" "$TMP/ref-holders.dat" &&
           grep -q '</svg>' "$TMP/gnu.svg"; then
            pass "merge --plot draws the same data as sweep --plot"
        else
            fail "merge --plot draws the same data as sweep --plot" "plot data differ or no SVG"
        fi
    fi
else
    fail "GNU parallel is installed (make deps)" "parallel not found"
fi

# --- bad parts are errors, and no output file is left ---
P="$TMP/k3"
expect_eq "a missing shard is an error" 1 "$(status "$PML" merge $P-1.csv $P-2.csv -o "$TMP/bad.csv")"
expect_eq "the error names the missing shard" "pml: error: merge: shard 3/3 is missing" \
    "$("$PML" merge $P-1.csv $P-2.csv 2>&1 >/dev/null)"
expect_eq "a shard given twice is an error" 1 "$(status "$PML" merge $P-1.csv $P-2.csv $P-2.csv $P-3.csv)"
expect_eq "shards of different K are an error" 1 "$(status "$PML" merge $P-1.csv $P-2.csv "$TMP/k2-2.csv" $P-3.csv)"
"$PML" sweep $MM -D n=2:12 --sched=df -p 1,2 --shard 3/3 -o "$TMP/other-3.csv"
expect_eq "a shard of another sweep is an error" 1 "$(status "$PML" merge $P-1.csv $P-2.csv "$TMP/other-3.csv")"
head -c -40 $P-2.csv > "$TMP/cut-2.csv"
expect_eq "a part cut inside a row is an error" 1 "$(status "$PML" merge $P-1.csv "$TMP/cut-2.csv" $P-3.csv)"
head -n -1 $P-2.csv > "$TMP/short-2.csv"
expect_eq "a part missing its last row is an error" 1 "$(status "$PML" merge $P-1.csv "$TMP/short-2.csv" $P-3.csv)"
expect_eq "a plain sweep CSV is not a part" 1 "$(status "$PML" merge "$TMP/whole.csv")"
expect_eq "no output file is left after a failed merge" "no" "$([ -e "$TMP/bad.csv" ] && echo yes || echo no)"
expect_eq "an unreadable part is an error" 1 "$(status "$PML" merge "$TMP/nonexistent.csv")"
expect_eq "--shard 0/3 is a usage error" 2 "$(status "$PML" sweep $MM $SW --shard 0/3)"
expect_eq "--shard 4/3 is a usage error" 2 "$(status "$PML" sweep $MM $SW --shard 4/3)"
for v in " 1/2" 1/+2 -1/2 1/4294967297 4294967297/4294967297 1/100001 1/2x; do
    expect_eq "--shard '$v' is a usage error" 2 "$(status "$PML" sweep $MM $SW --shard "$v")"
done
expect_eq "--shard with --plot is a usage error (plot at merge)" 2 "$(status "$PML" sweep $MM $SW --shard 1/2 --plot x.svg)"
expect_eq "--shard without -o FILE is a usage error (the mark goes beside the part)" 2 "$(status "$PML" sweep $MM $SW --shard 1/2)"
cp "$TMP/k3-3.csv" "$TMP/nomark-3.csv"
expect_eq "a part without its mark is an error naming the mark" \
    "pml: error: merge: $TMP/nomark-3.csv: not a part of a sharded sweep (no $TMP/nomark-3.csv.shard beside it; run pml sweep with --shard I/K)" \
    "$("$PML" merge $P-1.csv $P-2.csv "$TMP/nomark-3.csv" 2>&1 >/dev/null)"
expect_eq "merge without parts is a usage error" 2 "$(status "$PML" merge)"

# --- the mark line is read strictly: no crash, no wrapped number ---
# (shard 1/4294967296 once divided by zero, 4294967297/4294967297 was 1/1)
for ik in 1/4294967296 4294967297/4294967297 0/1 2/1 1/0 -1/2 +1/2 01/2 1/02 " 1/2" "1 /2" 1/100001 x/2 1/; do
    cp $P-1.csv "$TMP/ik.csv"; sed "1s|shard 1/3 |shard $ik |" $P-1.csv.shard > "$TMP/ik.csv.shard"
    msg=$("$PML" merge "$TMP/ik.csv" 2>&1 >/dev/null); rc=$?
    expect_eq "a mark saying shard '$ik' is refused" "1 pml: error: merge: $TMP/ik.csv.shard: the mark does not say which shard I/K it is (1 <= I <= K <= 100000)" "$rc $msg"
done
printf 'param,size\n' > "$TMP/nl.csv"; printf 'pml sweep shard \n1/1 rows=1 sizes=1\n' > "$TMP/nl.csv.shard"
expect_eq "a line end inside the shard line is no number" 1 "$(status "$PML" merge "$TMP/nl.csv")"
accepted=""
for field in rows=6 sizes=2,3,4,5,6,7,8,9,10,11,12 sched=df,bf,ws p=1,2 coarse=0 seed=0 by=use queue=1 units=words; do
    for bad in "" 9x -1 99999999999999999999 ","; do
        name=${field%%=*}
        # every part's mark alike, so the merge reads this one
        for i in 1 2 3; do cp $P-$i.csv "$TMP/dam-$i.csv"; sed "1s|\( $name=\)[^ ]*|\1$bad|" $P-$i.csv.shard > "$TMP/dam-$i.csv.shard"; done
        cmp -s "$TMP/dam-1.csv.shard" $P-1.csv.shard && continue    # the value was already that
        r=$(status "$PML" merge "$TMP"/dam-[123].csv)
        [ "$r" = 1 ] || accepted="$accepted $name='$bad' (exit $r)"
    done
done
expect_eq "a mark with an empty, signed, huge or foreign value in any field is an error (exit 1)" "" "$accepted"

# --- every option that changes a number is in the mark and checked ---
FIB=examples/fib.pml
FS="-D n=3:6 --sched=df,ws -p 1,2 --top 2"
"$PML" sweep $FIB $FS --shard 1/2 -o "$TMP/o-1.csv"
for opt in "--group site" "--fork-cost 2" "--steal-cost 3" "--seed 5" "--by alloc" "--units nodes" "--top 3" \
           "--coarse" "--no-queue-space" "-D unused=1" "--sched=df,bf" "-p 1,3" "--exec" "--wide"; do
    field=$(echo "$opt" | sed 's/^--//; s/ .*//; s/^-D/D/; s/^no-queue-space/queue/; s/^-p/p/; s/=.*//')
    "$PML" sweep $FIB $FS $opt --shard 2/2 -o "$TMP/o-2.csv" 2>/dev/null
    msg=$("$PML" merge "$TMP/o-1.csv" "$TMP/o-2.csv" 2>&1 >/dev/null); rc=$?
    case "$rc $msg" in
    "1 pml: error: merge: $TMP/o-1.csv and $TMP/o-2.csv are parts of different sweeps: $field="*) pass "parts made with and without $opt do not merge, and the message names $field" ;;
    *) fail "parts made with and without $opt do not merge, and the message names $field" "exit $rc: $msg" ;;
    esac
done
printf 'val n = param ("n", 3)\nval r = {n + 1, n + 2}\n' > "$TMP/plain.pml"
"$PML" sweep "$TMP/plain.pml" -D n=1:4 --shard 1/2 -o "$TMP/np-1.csv"
"$PML" sweep "$TMP/plain.pml" -D n=1:4 --no-prelude --shard 2/2 -o "$TMP/np-2.csv"
expect_eq "parts made with and without --no-prelude do not merge" 1 "$(status "$PML" merge "$TMP"/np-[12].csv)"
printf 'val n = param ("n", 3)\nval r = {n + 1, n + 3}\n' > "$TMP/plain2.pml"
cp "$TMP/plain.pml" "$TMP/keep.pml"; cp "$TMP/plain2.pml" "$TMP/plain.pml"
"$PML" sweep "$TMP/plain.pml" -D n=1:4 --shard 2/2 -o "$TMP/np-2.csv"
cp "$TMP/keep.pml" "$TMP/plain.pml"
msg=$("$PML" merge "$TMP"/np-[12].csv 2>&1 >/dev/null)
expect_eq "parts of a program edited between shards do not merge (its text is in the mark)" "source=" \
    "$(echo "$msg" | sed 's/.*different sweeps: \(source=\).*/\1/')"
"$PML" sweep $FIB $FS -D a=1 -D b=2 --shard 1/2 -o "$TMP/d-1.csv" 2>/dev/null
"$PML" sweep $FIB $FS -D b=2 -D a=1 --shard 2/2 -o "$TMP/d-2.csv" 2>/dev/null
expect_eq "-D in another order is the same sweep" 0 "$(status "$PML" merge "$TMP"/d-[12].csv)"

# --- each row is checked against its key: none missing, repeated or out of place ---
# in the wide form, W-1.csv: line 1 the header, 2-7 the rows of n=3 (df 1, df 2, bf 1, bf 2, ws 1, ws 2), …
W="$TMP/w3"
part() { awk "$1" $W-1.csv > "$TMP/$2-1.csv"; cp $W-1.csv.shard "$TMP/$2-1.csv.shard"; }
part 'NR == 3 { print prev; next } { print; prev = $0 }' dup
expect_eq "a row replaced by a copy of another: an error naming the file and line" \
    "pml: error: merge: $TMP/dup-1.csv:3: a second row for n=3 df P=1 (a duplicate)" \
    "$("$PML" merge "$TMP/dup-1.csv" $W-2.csv $W-3.csv 2>&1 >/dev/null)"
part 'NR != 4' miss
expect_eq "a row left out: an error naming the file, the line and the row" \
    "pml: error: merge: $TMP/miss-1.csv:4: no row for n=3 bf P=1 (this is the row for n=3 bf P=2)" \
    "$("$PML" merge "$TMP/miss-1.csv" $W-2.csv $W-3.csv 2>&1 >/dev/null)"
part 'NR == 3 { l = $0; next } NR == 4 { print; print l; next } { print }' swap
expect_eq "two rows swapped: an error" 1 "$(status "$PML" merge "$TMP/swap-1.csv" $W-2.csv $W-3.csv)"
part '{ print } END { while ((getline l < FILENAME) > 0) if (++n == 2) print l }' extra
expect_eq "a row added at the end: an error naming its line" \
    "pml: error: merge: $TMP/extra-1.csv:26: a second row for n=3 df P=1 (a duplicate)" \
    "$("$PML" merge "$TMP/extra-1.csv" $W-2.csv $W-3.csv 2>&1 >/dev/null)"
{ cat $W-1.csv; sed -n 2p $W-2.csv; } > "$TMP/foreign-1.csv"; cp $W-1.csv.shard "$TMP/foreign-1.csv.shard"
expect_eq "a row of another shard's size: an error" 1 "$(status "$PML" merge "$TMP/foreign-1.csv" $W-2.csv $W-3.csv)"
part '{ if (NR == 2) sub(/^n,3,df,1,0,0,/, "n,3,df,1,0,7,"); print }' seed
expect_eq "a row whose seed is not the mark's: an error" 1 "$(status "$PML" merge "$TMP/seed-1.csv" $W-2.csv $W-3.csv)"
# in the long form a schedule's rows are ranked 1, 2, … then others: a
# holder's row repeated or left out breaks the ranks
L="$TMP/k3"
awk 'NR == 3 { print prev; next } { print; prev = $0 }' $L-1.csv > "$TMP/ldup-1.csv"; cp $L-1.csv.shard "$TMP/ldup-1.csv.shard"
expect_eq "long form: a holder's row repeated: an error naming the file, line and schedule" \
    "pml: error: merge: $TMP/ldup-1.csv:3: a row for n=3 df P=1 out of its schedule's rank order (a duplicate?)" \
    "$("$PML" merge "$TMP/ldup-1.csv" $L-2.csv $L-3.csv 2>&1 >/dev/null)"
awk 'NR != 3' $L-1.csv > "$TMP/lmiss-1.csv"; cp $L-1.csv.shard "$TMP/lmiss-1.csv.shard"
expect_eq "long form: a holder's row left out: an error" 1 "$(status "$PML" merge "$TMP/lmiss-1.csv" $L-2.csv $L-3.csv)"
awk -F, '!($3 == "bf" && $4 == 2 && $2 == 3)' $L-1.csv > "$TMP/lsched-1.csv"; cp $L-1.csv.shard "$TMP/lsched-1.csv.shard"
expect_eq "long form: a schedule's rows left out: an error naming the schedule" "no row for n=3 bf P=2" \
    "$("$PML" merge "$TMP/lsched-1.csv" $L-2.csv $L-3.csv 2>&1 >/dev/null | sed 's/.*: \(no row for [^(]*\) (.*/\1/')"

# --- a program path with a line end, a comma, '=', a backslash and spaces ---
odd="$TMP/odd
dir, x=1 \\q"
mkdir -p "$odd"
cp $MM "$odd/m m.pml"
"$PML" sweep "$odd/m m.pml" -D n=2:5 --sched=df -p 1 --top 2 -o "$TMP/odd-whole.csv"
for i in 1 2; do "$PML" sweep "$odd/m m.pml" -D n=2:5 --sched=df -p 1 --top 2 --shard $i/2 -o "$TMP/odd-$i.csv"; done
expect_eq "a path with a line end keeps the mark on one line" 1 "$(grep -c . "$TMP/odd-1.csv.shard")"
"$PML" merge "$TMP"/odd-[12].csv -o "$TMP/odd-merged.csv"
expect_eq "shards of a program whose path has a line end merge" 0 $?
cmp -s "$TMP/odd-merged.csv" "$TMP/odd-whole.csv" && pass "…to the one-process sweep, byte for byte" \
    || fail "…to the one-process sweep, byte for byte" "differs"
