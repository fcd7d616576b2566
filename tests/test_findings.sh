#!/usr/bin/env bash
# The paper's findings (§2, §6.1), reproduced from swept sizes with the
# simulator: each check measures the high-water mark (words, scheduler queue
# included, ws seed 0) over a range of n, fits the growth exponent on a
# log-log scale (least squares, tests/hwm.py fit) or compares ratios, and
# prints one line "PASS name" / "FAIL name: why", the name stating the
# finding and the measured numbers.  docs/examples.md explains each one.
# About 15 s on 2 cores.  PML names the binary; JOBS the parallel runs (2).
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
export PML=${PML:-$PWD/pml}
H="python3 tests/hwm.py"

# slope TSV POLICY P: the log-log exponent of hwm against n
slope() { awk -v pol="$2" -v p="$3" '$2 == pol && $3 == p { print $1, $4 }' "$1" | $H fit; }
# hwm TSV N POLICY P
hwm() { awk -v n="$2" -v pol="$3" -v p="$4" '$1 == n && $2 == pol && $3 == p { print $4 }' "$1"; }
# holds "PYTHON CONDITION" (true/false), variables as floats
holds() { python3 -c "import sys; sys.exit(0 if ($1) else 1)"; }
ratio() { python3 -c "print('%.2f' % ($1 / $2))"; }

# --- 1. matmul, P = 2: bf grows asymptotically faster than df and ws (§2, Fig. 2b, 10a)
$H measure examples/matmul.pml --sizes 8,16,32 -p 2 > "$TMP/mm" || fail matmul "pml run failed"
df=$(slope "$TMP/mm" df 2); bf=$(slope "$TMP/mm" bf 2); ws=$(slope "$TMP/mm" ws 2)
r16=$(ratio "$(hwm "$TMP/mm" 16 bf 2)" "$(hwm "$TMP/mm" 16 df 2)")
r32=$(ratio "$(hwm "$TMP/mm" 32 bf 2)" "$(hwm "$TMP/mm" 32 df 2)")
name="matmul P=2 breadth-first grows asymptotically faster than depth-first and work stealing (n=8..32, exponents bf $bf df $df ws $ws, bf/df $r16 at n=16 and $r32 at n=32)"
if holds "$bf >= $df + 0.5 and $bf >= $ws + 0.5 and $bf >= 2.5 and $r32 > 1.5 * $r16"; then pass "$name"
else fail "$name" "expected bf's exponent >= 2.5 and >= 0.5 above df's and ws's, bf/df growing"; fi

# --- 2. matmul, the holders at breadth-first's high-water mark (§2, Fig. 2b)
# By allocation: the scheduler queue is the largest holder; the two closures
# of reducei's application (fun loop [free vars id, g, v, f], reducei's
# loop; fn [free vars b], vv_mult's fn (i, x) => sub (b, i) * x) are held;
# and the queue plus what reducei's application allocated (its lines 52-66
# of the prelude, and fn [free vars b]) is most of
# the space.  By use: the top three holders are the queue and expressions
# of reducei.  (Depth-first's largest holder is tabulate's append instead.)
$H holders examples/matmul.pml -D n=16 --sched=bf -p 2 --by alloc > "$TMP/alloc" || fail matmul_holders "pml run failed"
$H holders examples/matmul.pml -D n=16 --sched=bf -p 2 --by use > "$TMP/use"
$H holders examples/matmul.pml -D n=16 --sched=df -p 2 --by alloc > "$TMP/dfalloc"
first=$(head -1 "$TMP/alloc" | cut -f2)
queue=$(awk -F'\t' '$2 == "queue" { print $4 }' "$TMP/alloc")
loopc=$(awk -F'\t' '$6 == "fun loop [free vars id, g, v, f]" && $5 == "prelude.pml:53" { print $1 }' "$TMP/alloc")
bclo=$(awk -F'\t' '$6 == "fn [free vars b]" && $5 == "matmul.pml:24" { print $1 }' "$TMP/alloc")
inred=$(awk -F'\t' '{ split($5, a, ":") }
    $2 == "queue" || (a[1] == "prelude.pml" && a[2] >= 52 && a[2] <= 66) || $6 == "fn [free vars b]" { s += $4 }
    END { printf "%.1f", s }' "$TMP/alloc")
top3=$(head -3 "$TMP/use" | awk -F'\t' '{ split($5, a, ":") }
    $2 == "queue" { q = 1 } a[1] == "prelude.pml" && a[2] >= 52 && a[2] <= 66 { r++ }
    END { print (q && r == 2) ? "yes" : "no" }')
dftop=$(head -1 "$TMP/dfalloc" | cut -f6)
name="matmul bf high-water mark held by the scheduler queue and closures of reducei (n=16 P=2, by alloc queue first with ${queue}%, [id,g,v,f] rank ${loopc:-none}, [b] rank ${bclo:-none}, queue+reducei ${inred}%, by use top 3 = queue and reducei $top3, df first holder $dftop)"
if [ "$first" = queue ] && [ -n "$loopc" ] && [ -n "$bclo" ] && [ "$top3" = yes ] \
   && holds "$inred >= 75" && [ "$dftop" = "append (#1 lr, #2 lr)" ]; then pass "$name"
else fail "$name" "expected the queue first, both closures held, queue+reducei >= 75%, by-use top 3 = queue + reducei, df's first = append"; fi

# --- 3. quicksort, reverse input, df, P = 1: quadratic; with a join point: linear (§6.1, Fig. 11)
$H measure examples/quicksort.pml --sizes 32,64,128,256 --sched df -p 1 > "$TMP/qs" || fail quicksort "pml run failed"
$H measure examples/quicksort_join.pml --sizes 32,64,128,256 --sched df -p 1 > "$TMP/qsj"
qs=$(slope "$TMP/qs" df 1); qsj=$(slope "$TMP/qsj" df 1)
rq=$(ratio "$(hwm "$TMP/qs" 256 df 1)" "$(hwm "$TMP/qs" 128 df 1)")
rj=$(ratio "$(hwm "$TMP/qsj" 256 df 1)" "$(hwm "$TMP/qsj" 128 df 1)")
name="quicksort reverse input df P=1 space grows quadratically (n=32..256, exponent $qs, x$rq from n=128 to 256)"
if holds "1.8 <= $qs <= 2.2"; then pass "$name"; else fail "$name" "expected an exponent near 2"; fi
name="quicksort_join reverse input df P=1 space grows linearly (n=32..256, exponent $qsj, x$rj from n=128 to 256)"
if holds "0.8 <= $qsj <= 1.2"; then pass "$name"; else fail "$name" "expected an exponent near 1"; fi

# --- 4. quickhull, circle, P = 2: ws needs more space than df and bf (§6.1, Fig. 13)
# A constant factor (all three grow linearly); it holds from n = 128 up.
$H measure examples/quickhull.pml --sizes 128,256,512 -p 2 > "$TMP/qh" || fail quickhull "pml run failed"
ok=1; msg=""
for n in 128 256 512; do
    d=$(hwm "$TMP/qh" $n df 2); b=$(hwm "$TMP/qh" $n bf 2); w=$(hwm "$TMP/qh" $n ws 2)
    msg="$msg, n=$n ws/df $(ratio "$w" "$d") ws/bf $(ratio "$w" "$b")"
    [ "$w" -gt "$d" ] && [ "$w" -gt "$b" ] || ok=0
done
name="quickhull circle P=2 work stealing needs more space than df and bf (${msg#, })"
if [ $ok = 1 ]; then pass "$name"; else fail "$name" "expected ws > df and ws > bf at every n"; fi

# --- 5. nqueens: bf grows faster than df and ws (§6.1, Fig. 14, 10d)
$H measure examples/nqueens.pml --sizes 4,5,6,7,8 -p 2 > "$TMP/nq" || fail nqueens "pml run failed"
df=$(slope "$TMP/nq" df 2); bf=$(slope "$TMP/nq" bf 2); ws=$(slope "$TMP/nq" ws 2)
rb=$(ratio "$(hwm "$TMP/nq" 8 bf 2)" "$(hwm "$TMP/nq" 4 bf 2)")
rd=$(ratio "$(hwm "$TMP/nq" 8 df 2)" "$(hwm "$TMP/nq" 4 df 2)")
rw=$(ratio "$(hwm "$TMP/nq" 8 ws 2)" "$(hwm "$TMP/nq" 4 ws 2)")
name="nqueens P=2 breadth-first grows faster than depth-first and work stealing (n=4..8, exponents bf $bf df $df ws $ws, from n=4 to 8 bf x$rb df x$rd ws x$rw)"
if holds "$bf >= $df + 1 and $bf >= $ws + 1 and $rb > 2 * $rd and $rb > 2 * $rw"; then pass "$name"
else fail "$name" "expected bf's exponent >= 1 above df's and ws's"; fi
