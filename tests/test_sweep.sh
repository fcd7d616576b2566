# pml sweep and pml run --profile (docs/sweep.md): the CSV agrees with
# pml run (the long form is its rows, after param and size; the wide form
# its figures and holders), does not depend on -j, plots are valid SVG with one series per
# line or layer, and an interrupted or failed sweep leaves no file.
. "$(dirname "$0")/lib.sh"

MM=examples/matmul.pml
status() { "$@" >/dev/null 2>&1; echo $?; }

# --- the CSV equals individual pml run calls ---
"$PML" sweep $MM -D n=2:4 --sched=df,bf,ws -p 1,2 -j 2 -o "$TMP/long.csv" 2>"$TMP/a.err"
expect_eq "a sweep exits 0" 0 $?
expect_eq "a sweep off a terminal prints nothing on stderr" "" "$(cat "$TMP/a.err")"
"$PML" sweep $MM -D n=2:4 --sched=df,bf,ws -p 1,2 -j 2 --wide -o "$TMP/a.csv"
expect_eq "--wide: one row per (size, policy, P), after the header" 19 "$(wc -l < "$TMP/a.csv")"
run_head=$("$PML" run $MM -D n=2 --format csv | head -1)
expect_eq "the long form's header is param, size and pml run --format csv's" "param,size,$run_head" "$(head -1 "$TMP/long.csv")"
same=ok
for n in 2 3 4; do
    for s in df bf ws; do
        "$PML" run $MM -D n=$n --sched=$s -p 1,2 --top 0 --format csv > "$TMP/run-$n-$s.csv"
        "$PML" run $MM -D n=$n --sched=$s -p 1,2 --top 8 --format csv | tail -n +2 > "$TMP/top8.csv"
        grep "^n,$n,$s," "$TMP/long.csv" | cut -d, -f3- | cmp -s - "$TMP/top8.csv" || same="n=$n $s differs"
    done
done
expect_eq "the long form's rows of each size are pml run --format csv --top 8's, after param and size" ok "$same"
out=$(python3 - "$TMP" <<'EOF'
import csv, sys
d = sys.argv[1]
bad = []
for row in csv.DictReader(open(d + "/a.csv", newline="")):
    ref = [r for r in csv.DictReader(open("%s/run-%s-%s.csv" % (d, row["size"], row["policy"]), newline=""))
           if r["P"] == row["P"]]
    where = "n=%s %s P=%s" % (row["size"], row["policy"], row["P"])
    for k in ["steps", "idle", "hwm", "hwm_step", "heap", "queue", "work", "span", "with_queue", "units", "by"]:
        if row[k] != ref[0][k]: bad.append("%s %s: %s vs %s" % (where, k, row[k], ref[0][k]))
    holders = [r for r in ref if r["kind"] in ("annotation", "result")]
    for i, h in enumerate(holders[:8]):
        got = (row["h%d_space" % (i + 1)], row["h%d_text" % (i + 1)], row["h%d_line" % (i + 1)])
        if got != (h["space"], h["text"], h["line"]): bad.append("%s holder %d: %s vs %s" % (where, i + 1, got, h))
    rest = sum(float(h["space"]) for h in holders[8:])
    if abs(float(row["others"]) - rest) > 1e-6 * max(1, rest): bad.append("%s others %s vs %s" % (where, row["others"], rest))
print("; ".join(bad[:3]) if bad else "ok")
EOF
)
expect_eq "sweep rows equal pml run's steps, idle, hwm, its step, heap, queue, work, span and holders" ok "$out"

# --- CSV rows end in LF, so the shell's own tools split them ---
expect_eq "sweep CSV: no CR anywhere (rows end in LF)" 0 "$(tr -cd '\r' < "$TMP/a.csv" | wc -c)"
expect_eq "run CSV: no CR anywhere (rows end in LF)" 0 "$(tr -cd '\r' < "$TMP/run-2-df.csv" | wc -c)"
expect_eq "awk reads the last field of a run CSV row as it is (no stray CR)" "2" \
    "$(awk -F, '$NF == "scheduler queue" { n++ } END { print n + 0 }' "$TMP/run-2-df.csv")"

# --- -j does not change the output ---
"$PML" sweep $MM -D n=2:5 --sched=df,ws -p 1,2 -j 1 -o "$TMP/j1.csv"
"$PML" sweep $MM -D n=2:5 --sched=df,ws -p 1,2 -j 2 -o "$TMP/j2.csv"
"$PML" sweep $MM -D n=2:5 --sched=df,ws -p 1,2 -j 3 -o "$TMP/j3.csv"
if cmp -s "$TMP/j1.csv" "$TMP/j2.csv" && cmp -s "$TMP/j1.csv" "$TMP/j3.csv"; then
    pass "-j 1, -j 2 and -j 3 give byte-identical CSV"
else
    fail "-j 1, -j 2 and -j 3 give byte-identical CSV" "files differ"
fi

# --- size ranges ---
sizes() { "$PML" sweep $MM --sched=df -p 1 --top 0 --wide -D "$1" | awk -F, 'NR > 1 { printf "%s ", $2 }'; }
expect_eq "A:B runs every size" "2 3 4 " "$(sizes n=2:4)"
expect_eq "A:B:STEP steps" "2 4 6 " "$(sizes n=2:7:2)"
expect_eq "A:B:xF multiplies" "1 2 4 8 " "$(sizes n=1:8:x2)"
expect_eq "a list is sorted, repeats dropped" "2 3 5 " "$(sizes n=5,2,3,2)"
expect_eq "an empty range is a usage error" 2 "$(status "$PML" sweep $MM -D n=4:2)"
expect_eq "a sweep without a range is a usage error" 2 "$(status "$PML" sweep $MM -D n=4)"
expect_eq "two ranges are a usage error" 2 "$(status "$PML" sweep $MM -D n=2:3 -D m=1:2)"
expect_eq "--plot without .svg, .png or .pdf is a usage error" 2 "$(status "$PML" sweep $MM -D n=2:3 --plot x.gif)"

# --- plots ---
svg_ok() { python3 -c "import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])" "$1" 2>/dev/null && echo valid; }
# series in an SVG written by gnuplot: groups gnuplot_plot_<k><panel letter>
series() { grep -o 'id="gnuplot_plot_[0-9]*[a-z]*"' "$1" | sort -u | wc -l; }
layers() { head -1 "$1" | tr -cd '|' | wc -c; }   # the data file's header: "# x | a | b ..."
mkdir -p "$TMP/p"
"$PML" sweep $MM -D n=2:5 --sched=df,bf,ws -p 1,2 -o "$TMP/p/d.csv" --plot "$TMP/p/space.svg" --loglog 2>"$TMP/p.err"
expect_eq "a sweep with --plot exits 0" 0 $?
for f in space.svg space.dat space.gp space-holders.svg space-holders.dat space-holders.gp; do
    if [ -s "$TMP/p/$f" ]; then pass "--plot writes $f"; else fail "--plot writes $f" "missing"; fi
done
expect_eq "the high-water mark plot is valid SVG" valid "$(svg_ok "$TMP/p/space.svg")"
expect_eq "the high-water mark plot has one line per (policy, P)" 6 "$(series "$TMP/p/space.svg")"
expect_eq "--loglog sets both axes logarithmic" 1 "$(grep -c '^set logscale xy' "$TMP/p/space.gp")"
expect_eq "the holders plot is valid SVG" valid "$(svg_ok "$TMP/p/space-holders.svg")"
nl=$(layers "$TMP/p/space-holders.dat")
expect_eq "the holders plot has 8 holders, other and the queue" 10 "$nl"
expect_eq "the holders plot has one panel per (policy, P), each with every layer" $((6 * nl)) "$(series "$TMP/p/space-holders.svg")"
expect_eq "the data files hold a row per size" 4 "$(grep -vc '^#' "$TMP/p/space.dat")"
(cd "$TMP/p" && rm -f space.svg && gnuplot space.gp 2>/dev/null)
expect_eq "the script redraws the plot in its directory" valid "$(svg_ok "$TMP/p/space.svg")"

mkdir -p "$TMP/ng"
PML_GNUPLOT=/nonexistent/gnuplot "$PML" sweep $MM -D n=2:3 -o "$TMP/ng/d.csv" --plot "$TMP/ng/s.svg" 2>"$TMP/ng.err"
expect_eq "without gnuplot the sweep still exits 0" 0 $?
if grep -q "not found" "$TMP/ng.err" && [ -s "$TMP/ng/s.dat" ] && [ -s "$TMP/ng/s.gp" ] && [ ! -e "$TMP/ng/s.svg" ]; then
    pass "without gnuplot: a note, the data and script kept, no SVG"
else
    fail "without gnuplot: a note, the data and script kept, no SVG" "$(cat "$TMP/ng.err"; ls "$TMP/ng")"
fi

# --- pml run --profile ---
"$PML" run $MM -D n=4 --sched=bf -p 2 --profile "$TMP/p/prof.svg" > "$TMP/prof.txt"
expect_eq "run --profile exits 0" 0 $?
expect_eq "the profile is valid SVG" valid "$(svg_ok "$TMP/p/prof.svg")"
nl=$(layers "$TMP/p/prof.dat")
expect_eq "the profile stacks one series per layer" "$nl" "$(series "$TMP/p/prof.svg")"
step=$(sed -n 's/.*high-water mark [0-9]* words at step \([0-9]*\).*/\1/p' "$TMP/prof.txt")
if grep -q "^set arrow 1 from $step," "$TMP/p/prof.gp" && grep -q "^$step " "$TMP/p/prof.dat"; then
    pass "the profile samples and marks the high-water step"
else
    fail "the profile samples and marks the high-water step" "step $step"
fi
samples=$(grep -vc '^#' "$TMP/p/prof.dat")
if [ "$samples" -le 201 ] && [ "$samples" -ge 100 ]; then pass "the profile samples at most 200 steps plus the mark"; else fail "the profile samples at most 200 steps plus the mark" "$samples"; fi
expect_eq "--profile with two schedules is a usage error" 2 "$(status "$PML" run $MM --sched=df,bf --profile "$TMP/x.svg")"

# --- failures and interrupts leave no file ---
mkdir -p "$TMP/f"
"$PML" sweep $MM -D n=2:6 --max-nodes 5000 -o "$TMP/f/d.csv" --plot "$TMP/f/s.svg" 2>/dev/null
expect_eq "a size that fails stops the sweep with status 1" 1 $?
expect_eq "a failed sweep writes no file" "" "$(ls "$TMP/f")"

mkdir -p "$TMP/i"
# (a background job of a script ignores INT, and pml leaves an ignored
# signal ignored: python starts pml with it restored)
python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])' "$PML" sweep $MM -D n=20:40:4 --sched=df,bf -p 1,2 -j 2 -o "$TMP/i/d.csv" --plot "$TMP/i/s.svg" 2>/dev/null &
pid=$!
for _ in $(seq 1 100); do
    [ -n "$(pgrep -P $pid)" ] && ls "$TMP/i"/pml.tmp.* >/dev/null 2>&1 && break
    sleep 0.05
done
sleep 0.2
workers=$(pgrep -P $pid | tr '\n' ' ')
kill -INT $pid
wait $pid
rc=$?
if [ $rc -ne 0 ]; then pass "an interrupted sweep exits non-zero"; else fail "an interrupted sweep exits non-zero" "status 0"; fi
expect_eq "an interrupted sweep leaves no file, not even a temporary one" "" "$(ls "$TMP/i")"
sleep 0.2
left=""
for w in $workers; do kill -0 "$w" 2>/dev/null && left="$left $w"; done
if [ -n "$workers" ] && [ -z "$left" ]; then pass "an interrupted sweep stops its workers"; else fail "an interrupted sweep stops its workers" "workers [$workers] left [$left]"; fi
