# Pictures (src/out/plot.c, src/out/timeline.c): every --plot, --profile and
# --render writes the format its file name asks for (.svg, .png, .pdf:
# gnuplot's svg, pngcairo and pdfcairo terminals; Graphviz for pml dot), an
# unknown extension is a usage error that writes nothing, and pml schedule
# --plot draws the processor timeline whose boxes cover exactly the steps
# each processor was busy.
. "$(dirname "$0")/lib.sh"

if ! command -v gnuplot >/dev/null; then pass "pictures: no gnuplot here (skipped)"; exit 0; fi

# magic FILE FORMAT: 0 when FILE starts (or, for SVG, is) what FORMAT is
magic() {
    case $2 in
    svg) grep -q "<svg" "$1" && tail -c 64 "$1" | grep -q "</svg>";;
    png) [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ];;
    pdf) [ "$(head -c 5 "$1")" = "%PDF-" ] && tail -c 64 "$1" | grep -q "%%EOF";;
    esac
}

F=examples/fib.pml
for fmt in svg png pdf; do
    d="$TMP/$fmt"; mkdir -p "$d"
    "$PML" speedup $F -D n=8 -p 1:3 -o "$d/s.csv" --plot "$d/speedup.$fmt" 2>"$d/err"
    "$PML" run $F -D n=8 --sched=df -p 2 --profile "$d/profile.$fmt" >/dev/null 2>>"$d/err"
    "$PML" sweep $F -D n=4:7 --sched=df,ws -p 2 -o "$d/w.csv" --plot "$d/sweep.$fmt" 2>>"$d/err"
    "$PML" sweep $F -D n=4:7 --sched=df,ws -p 2 --shard 1/1 -o "$d/part.csv" 2>>"$d/err"
    "$PML" merge "$d/part.csv" -o "$d/m.csv" --plot "$d/merge.$fmt" 2>>"$d/err"
    "$PML" schedule $F -D n=6 --sched=ws -p 4 --plot "$d/timeline.$fmt" 2>>"$d/err"
    "$PML" dot $F -D n=3 --render $fmt -o "$d/dot.dot" 2>>"$d/err"
    bad=""
    for f in speedup profile sweep sweep-holders merge timeline dot; do
        magic "$d/$f.$fmt" $fmt || bad="$bad $f"
    done
    expect_eq "every --plot/--profile/--render writes a .$fmt picture with its magic bytes" "" "$bad$(head -c 200 "$d/err")"
    [ -s "$d/timeline.dat" ] && [ -s "$d/timeline.gp" ] && grep -q "datafile index" "$d/timeline.gp"
    expect_eq "the .$fmt timeline keeps its data and gnuplot script" 0 $?
done

# an unknown extension: a usage error, nothing written
for cmd in "speedup $F -p 1:2 --plot" "run $F --sched=df -p 2 --profile" "sweep $F -D n=4:5 -p 2 -o $TMP/x.csv --plot" \
           "schedule $F --plot"; do
    "$PML" $cmd "$TMP/pic.gif" > /dev/null 2> "$TMP/err"
    rc=$?
    grep -q "unknown picture format '$TMP/pic.gif' (give a file name ending in .svg, .png or .pdf)" "$TMP/err"
    expect_eq "pml ${cmd%% *} with a .gif picture: usage error naming the formats" "2 0" "$rc $?"
done
"$PML" merge "$TMP/svg/part.csv" --plot "$TMP/pic.jpeg" > /dev/null 2> "$TMP/err"
expect_eq "pml merge --plot pic.jpeg: usage error" 2 $?
"$PML" dot $F --render gif -o "$TMP/d.dot" > /dev/null 2> "$TMP/err"
expect_eq "pml dot --render gif: usage error" 2 $?
expect_eq "a rejected picture leaves no file behind" "" "$(cd "$TMP" && ls pic.* x.csv d.dot 2>/dev/null)"

# the timeline: per processor, the boxes cover as many steps as the
# processor visited nodes (no binning below 1500 steps), and every node
# belongs to one function of the legend; the JSON is not printed unless -o
for prog in "examples/fib.pml -D n=6" "examples/quicksort.pml -D n=8" "examples/matmul.pml -D n=3"; do
    for pol in df ws; do
        "$PML" schedule $prog --sched=$pol -p 4 -o "$TMP/s.json" --plot "$TMP/t.svg" > "$TMP/stdout"
        out=$(python3 - "$TMP" <<'EOF'
import json, sys
d = sys.argv[1]
s = json.load(open(d + "/s.json"))
if s["steps"] > 1500: print("too long for the check"); sys.exit()
busy = [0] * s["P"]
for p in s["proc"]: busy[p] += 1
cover, names = [0] * s["P"], 0
for line in open(d + "/t.dat"):
    if line.startswith("#"): names += 1; continue
    if not line.strip(): continue
    x0, x1, p = line.split()
    cover[int(float(p))] += round(float(x1) - float(x0))
print("ok" if cover == busy and names >= 2 else "busy %s, boxes cover %s" % (busy, cover))
EOF
)
        expect_eq "timeline of $prog $pol P=4: the boxes cover each processor's busy steps exactly" ok "$out"
    done
done
[ ! -s "$TMP/stdout" ]
expect_eq "pml schedule --plot -o FILE prints nothing on standard output" 0 $?
"$PML" schedule $F -D n=4 --plot "$TMP/t2.svg" > "$TMP/stdout"
[ ! -s "$TMP/stdout" ] && magic "$TMP/t2.svg" svg
expect_eq "pml schedule --plot without -o draws the timeline only" 0 $?
# more steps than columns: binned, every processor's boxes inside the run
"$PML" schedule examples/matmul.pml --sched=bf -p 3 --plot "$TMP/big.svg" 2>/dev/null
grep -q "a column is" "$TMP/big.gp" && magic "$TMP/big.svg" svg
expect_eq "a long schedule's timeline is binned (the x label says how many steps a column is)" 0 $?
