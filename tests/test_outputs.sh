# Outputs never replace inputs, and make install takes any prefix
# (docs/reliability.md): every output option of every command that names
# one of the command's inputs (the program, standard input redirected from
# it, a merge's part), by any name (same device and inode), is a usage
# error (exit 2) and leaves the input alone; so is an output derived from
# one (a plot's X.dat); `make install` quotes its paths.
. "$(dirname "$0")/lib.sh"

cp examples/fib.pml "$TMP/prog.pml"
cp examples/fib.pml "$TMP/orig.pml"
intact() { cmp -s "$1" "$2" && echo intact || echo overwritten; }

# pml graph - -o prog.pml < prog.pml once replaced the program by its graph
"$PML" graph - -D n=3 -o "$TMP/prog.pml" < "$TMP/prog.pml" 2> "$TMP/stdin.err"
expect_eq "graph - -o F < F is a usage error, F intact" "2 intact" "$? $(intact "$TMP/prog.pml" "$TMP/orig.pml")"
expect_eq "…and says which input it is" \
    "pml: usage error: pml graph: -o $TMP/prog.pml would write over an input of this command ('standard input')" \
    "$(head -1 "$TMP/stdin.err")"
"$PML" graph - -D n=3 -o "$TMP/g.json" < "$TMP/prog.pml"
expect_eq "graph - -o another file < F still works" 0 $?

ln "$TMP/prog.pml" "$TMP/link.pml"
# each command that writes a file: its output options, each naming the program by another name
while IFS='|' read -r what args; do
    eval "set -- $args"
    "$PML" "$@" > /dev/null 2>&1
    expect_eq "$what naming the program is a usage error, the program intact" "2 intact" \
        "$? $(intact "$TMP/prog.pml" "$TMP/orig.pml")"
done <<EOF2
graph -o|graph "$TMP/prog.pml" -D n=3 -o "$TMP/./prog.pml"
graph -o (a hard link)|graph "$TMP/prog.pml" -D n=3 -o "$TMP/link.pml"
schedule -o|schedule "$TMP/prog.pml" -D n=3 -o "$TMP/prog.pml"
dot -o|dot "$TMP/prog.pml" -D n=3 -o "$TMP/prog.pml"
diff -o|diff "$TMP/prog.pml" -D n=3 --sched=df --vs --sched=bf -o "$TMP/prog.pml"
view -o|view "$TMP/prog.pml" -D n=3 -o "$TMP/prog.pml"
speedup -o|speedup "$TMP/prog.pml" -D n=3 -p 1:2 -o "$TMP/prog.pml"
sweep -o|sweep "$TMP/prog.pml" -D n=2:3 -o "$TMP/prog.pml"
worst --witness|worst "$TMP/prog.pml" -D n=3 --witness "$TMP/prog.pml"
EOF2
cp "$TMP/prog.pml" "$TMP/prog.svg"
"$PML" run "$TMP/prog.svg" -D n=3 --sched=df -p 1 --profile "$TMP/prog.svg" > /dev/null 2>&1
expect_eq "run --profile naming the program is a usage error, the program intact" "2 intact" \
    "$? $(intact "$TMP/prog.svg" "$TMP/orig.pml")"

# a merge's parts are its inputs, and so are the files a plot derives from its name
for i in 1 2; do "$PML" sweep examples/fib.pml -D n=2:5 --sched=df -p 1 --top 1 --shard $i/2 -o "$TMP/part-$i.csv"; done
cp "$TMP/part-2.csv" "$TMP/keep-2.csv"
"$PML" merge "$TMP/part-1.csv" "$TMP/part-2.csv" -o "$TMP/part-2.csv" 2> /dev/null
expect_eq "merge -o naming a part is a usage error, the part intact" "2 intact" \
    "$? $(intact "$TMP/part-2.csv" "$TMP/keep-2.csv")"
cp "$TMP/part-2.csv" "$TMP/space.dat"; cp "$TMP/part-2.csv.shard" "$TMP/space.dat.shard"
"$PML" merge "$TMP/part-1.csv" "$TMP/space.dat" -o "$TMP/m.csv" --plot "$TMP/space.svg" 2> "$TMP/dat.err"
expect_eq "merge --plot X.svg with a part X.dat: exit 2, the part intact" "2 intact" \
    "$? $(intact "$TMP/space.dat" "$TMP/keep-2.csv")"
expect_eq "…and the refusal names the part" \
    "pml: error: refusing to write '$TMP/space.dat': it is an input of this command ('$TMP/space.dat')" \
    "$(head -1 "$TMP/dat.err")"

# --- make install PREFIX with a space and a quote (it once failed, leaving empty directories here) ---
if [ -x ./pml ] && command -v make > /dev/null; then
    prefix="$TMP/pml's pre fix"
    # -o pml: install the pml built already, whatever build the suite runs on
    make -s -o pml install PREFIX="$prefix" DESTDIR="$TMP/dest dir" > "$TMP/install.log" 2>&1
    expect_eq "make install PREFIX='…pml's pre fix' DESTDIR='…dest dir' exits 0" 0 $?
    root="$TMP/dest dir$prefix"
    out=$("$root/bin/pml" run examples/fib.pml -D n=5 2>&1 | head -1)
    expect_eq "the installed pml runs" "val result = 5 : int" "$out"
    expect_eq "the man page and the completion are installed" "yes yes" \
        "$([ -f "$root/share/man/man1/pml.1" ] && echo yes) $([ -f "$root/share/bash-completion/completions/pml" ] && echo yes)"
    # unquoted, the words of the paths ("pre", "fix/bin") were made here
    expect_eq "make install leaves nothing in the source tree" "" "$(ls -d pre fix dir* 2> /dev/null)"
else
    fail "make install with a space in PREFIX" "no ./pml or no make"
fi

# several schedules: a summary table first, one row per (policy, P), whose
# steps and high-water marks are those of the details below it
"$PML" run examples/mergesort.pml --sched=df,bf,ws -p 1,3 > "$TMP/summary.txt"
got=$(python3 - "$TMP/summary.txt" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
rows = re.findall(r"^(df|bf|ws) +(\d+) +(\d+) +[\d.]+ +\d+ +(\d+) +(\d+)$", t, re.M)
details = re.findall(r"^(df|bf|ws), P=(\d+): (\d+) steps.*\n.*\n  high-water mark (\d+) \w+ at step (\d+)", t, re.M)
first = t.index("\ndf, P=")
print("ok" if len(rows) == 6 and rows == details and t.index("policy ") < first else "rows %r details %r" % (rows, details))
PY
)
expect_eq "pml run with 6 schedules prints first a table that agrees with the details" ok "$got"
expect_eq "one schedule: no summary table" 0 "$("$PML" run examples/fib.pml -D n=8 | grep -c '^policy ')"
full=$("$PML" run examples/mergesort.pml --sched=df,bf,ws -p 1,3)
short=$("$PML" run examples/mergesort.pml --sched=df,bf,ws -p 1,3 --summary)
expect_eq "--summary prints the table alone: the full report's first lines, up to the table's end" \
    "$(sed -n '/^(high-water marks in/q;p' <<< "$full")" "$(sed '$d' <<< "$short")"
expect_eq "--summary: no holders" 0 "$(grep -c 'held by' <<< "$short")"

# --- run --chart: space over time as text; the legend line on a terminal ---
"$PML" run examples/fib.pml -D n=7 --sched=df,bf -p 2 --chart > "$TMP/chart.txt"
out=$(python3 - "$TMP/chart.txt" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
bad, n = [], 0
for sec in text.split("\n\n"):
    if not re.match(r"\w+, P=\d+: ", sec): continue
    m = re.search(r"P=\d+: (\d+) steps.*?high-water mark (\d+) words", sec, re.S)
    rows = [l for l in sec.splitlines() if re.match(r"^  +\d*[|^]", l)]
    axis = [l for l in sec.splitlines() if l.rstrip().endswith(">step")]
    if not m or len(rows) != 12 or len(axis) != 1: bad.append("no chart of 12 rows and an axis"); continue
    n += 1
    T, hwm = m.group(1), m.group(2)
    if not rows[0].strip().startswith(hwm + "^"): bad.append("top label %r, not the mark %s" % (rows[0], hwm))
    last = sec.splitlines()[sec.splitlines().index(axis[0]) + 1].split()
    if last != ["0", T]: bad.append("x axis %r, not 0..%s" % (last, T))
    body = [r.split("|" if "|" in r else "^", 1)[1] for r in rows]
    marks = [r.find("#") for r in body]
    if len(set(marks)) != 1 or marks[0] < 0: bad.append("the '#' column is not the full height")
    for r in range(1, 12):   # a bar is solid: a row's cells are set in every row below
        for k, ch in enumerate(body[r - 1]):
            if ch != " " and (k >= len(body[r]) or body[r][k] == " "): bad.append("a hole under row %d col %d" % (r, k))
print("; ".join(bad[:3]) if bad else "ok %d" % n)
PY
)
expect_eq "--chart: per schedule 12 rows, the mark as the top label, '#' the full height at the mark, the x axis 0..T, solid bars" "ok 2" "$out"
expect_eq "--chart with --format json is a usage error" 2 "$("$PML" run examples/fib.pml --chart --format json >/dev/null 2>&1; echo $?)"
expect_eq "no legend off a terminal" 0 "$("$PML" run examples/fib.pml -D n=6 -p 1,2 | grep -c '^  (share: ')"
if command -v script > /dev/null; then
    script -qec "\"$PML\" run examples/fib.pml -D n=6 -p 1,2" /dev/null > "$TMP/tty.txt" 2>&1
    expect_eq "on a terminal one legend line, under the first holder table" "1 1" \
        "$(grep -c '^  (share: of the high-water mark; held by use: .*delay: .*no-work: .*docs/attribution.md)' "$TMP/tty.txt") $(awk '/^  \(share: /{ print (prev ~ /^ +[0-9.]+% /) ? 1 : 0 } { prev = $0 }' "$TMP/tty.txt")"
    script -qec "\"$PML\" run examples/fib.pml -D n=6 -p 1,2 --by alloc" /dev/null > "$TMP/tty.txt" 2>&1
    expect_eq "by allocation the legend says so" 1 "$(grep -c '^  (share: of the high-water mark; held by allocation: ' "$TMP/tty.txt")"
    script -qec "\"$PML\" run examples/fib.pml -D n=6 -p 1,2 --quiet" /dev/null > "$TMP/tty.txt" 2>&1
    expect_eq "--quiet: no legend on a terminal" 0 "$(grep -c '(share: ' "$TMP/tty.txt")"
else
    fail "script (util-linux) is installed, to give pml a terminal" "not found"
fi
