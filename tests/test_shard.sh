# pml sweep --shard I/K and pml merge (docs/sweep.md): the merged CSV is
# byte-identical to the one-process sweep for any K and any order of the
# parts, the GNU parallel recipe of the docs works as written, and a
# missing, repeated, foreign or cut part is an error, never a short CSV.
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
sizes=$(awk -F, 'NR > 2 && $3 == "df" && $4 == 1 { printf "%s ", $2 }' "$TMP/k3-1.csv")
expect_eq "shard 1/3 runs every third size from the largest down" "3 6 9 12 " "$sizes"
expect_eq "a shard's part starts with its mark line" "# pml sweep shard 1/3 rows=6" "$(head -1 "$TMP/k3-1.csv" | cut -d' ' -f1-6)"

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
expect_eq "--shard with --plot is a usage error (plot at merge)" 2 "$(status "$PML" sweep $MM $SW --shard 1/2 --plot x.svg)"
expect_eq "merge without parts is a usage error" 2 "$(status "$PML" merge)"
