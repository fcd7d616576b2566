# Machine formats (docs/output-formats.md): every JSON document opens with
# "format" and "version"; every fractional number in JSON and CSV is the
# shortest text that reads back to the same double; the pandas one-liners
# in docs/output-formats.md load what the command above each one writes
# (a shell command line: it may redirect standard output to the file).
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/.." && pwd)

# checks.py KIND FILE: "ok" or what is wrong.  A number is too long when
# Python's repr (the shortest round-trip form) needs fewer digits.
cat > "$TMP/checks.py" <<'PY'
import csv, json, re, sys
kind, path = sys.argv[1], sys.argv[2]
bad = []
def digits(t):
    m = re.match(r"-?([0-9.]+)", t.lower())
    return len(m.group(1).replace(".", "").lstrip("0")) if m else 0
def number(t):
    x = float(t)
    if x == x and abs(x) != float("inf") and digits(t) > digits(repr(x)): bad.append(t)
    elif "e" in t.lower() and x == x and abs(x) < 1e16 and x == int(x): bad.append(t)   # 4e+01 for 40
    return x
text = open(path, encoding="utf-8").read()
if kind == "json":
    d = json.loads(text, parse_float=number)
    if not isinstance(d, dict) or list(d)[:2] != ["format", "version"]: bad.append("format and version do not come first")
    elif not str(d["format"]).startswith("pml-") or d["version"] != 1: bad.append("format %r version %r" % (d["format"], d["version"]))
else:
    for row in csv.reader(text.splitlines()[1:]):
        for f in row:
            if re.fullmatch(r"-?[0-9]*\.[0-9]+(e[-+]?[0-9]+)?|-?[0-9]+e[-+]?[0-9]+", f): number(f)
print("ok" if not bad else "; ".join(bad[:3]))
PY

check() {   # check NAME KIND pml ARGS...: the output of pml ARGS passes checks.py KIND
    local name=$1 kind=$2; shift 2
    if ! limit 120 "$@" > "$TMP/out" 2> "$TMP/err"; then fail "$name" "exit $?: $(head -c 200 "$TMP/err")"; return; fi
    expect_eq "$name" ok "$(python3 "$TMP/checks.py" "$kind" "$TMP/out" 2>&1 | tail -1)"
}

printf 'val a = ref 0\nval result = { (a := 1), !a }\n' > "$TMP/race.pml"
check "pml run --format json: format/version first, shortest numbers" json "$PML" run examples/mergesort.pml --sched=df,bf,ws -p 1,3,4 --format json
check "pml schedule: format/version first" json "$PML" schedule examples/fib.pml -D n=8 --sched ws -p 3
check "pml diff --format json: format/version first, shortest numbers" json "$PML" diff examples/mergesort.pml --sched=df -p 3 --vs --sched=bf -p 3 --format json
check "pml worst --format json: format/version first, shortest numbers" json "$PML" worst examples/fib.pml -D n=5 --format json
check "pml bounds --format json: format/version first, shortest numbers" json "$PML" bounds examples/fib.pml -D n=6 -p 3 --static 3 --latency 2 --tasks 4 --format json
check "pml paths --format json: format/version first, shortest numbers" json "$PML" paths examples/quicksort.pml --format json
check "pml race --format json: format/version first" json "$PML" race "$TMP/race.pml" --format json
check "pml stats --format json: format/version first" json "$PML" stats examples/fib.pml -D n=8 --format json
check "pml exec --format json: format/version first" json "$PML" exec examples/fib.pml -D n=10 -p 1,2 --format json
check "pml graph: format/version first" json "$PML" graph examples/fib.pml -D n=6
check "pml run --format csv: shortest numbers" csv "$PML" run examples/mergesort.pml --sched=df,bf,ws -p 1,3,4 --format csv
check "pml sweep: shortest numbers" csv "$PML" sweep examples/fib.pml -D n=4:8:2 --sched=df,ws -p 1,3
check "pml speedup: shortest numbers" csv "$PML" speedup examples/fib.pml -D n=8 -p 1:5

# the checker can fail: %.17g text and a document without format are caught
printf '{"format": "pml-x", "version": 1, "a": 0.59999999999999998}\n' > "$TMP/long.json"
expect_eq "the checker rejects 0.59999999999999998 (0.6 reads back the same)" 0.59999999999999998 "$(python3 "$TMP/checks.py" json "$TMP/long.json")"
printf '{"format": "pml-x", "version": 1, "a": 4e+01}\n' > "$TMP/exp.json"
expect_eq "the checker rejects 4e+01 (an integral value is written 40)" 4e+01 "$(python3 "$TMP/checks.py" json "$TMP/exp.json")"
printf '{"a": 1}\n' > "$TMP/nofmt.json"
expect_eq "the checker rejects JSON without format/version" "format and version do not come first" "$(python3 "$TMP/checks.py" json "$TMP/nofmt.json")"

# the pandas one-liners of docs/output-formats.md, each after the command it loads
PANDAS_PY=$(python_with pandas)
if [ -z "$PANDAS_PY" ]; then
    fail "pandas is installed (python3-pandas, TEST_DEBS)" "no python3 imports pandas"
else
    mkdir -p "$TMP/load" && ln -s "$ROOT/examples" "$TMP/load/examples"
    n=0
    while IFS=$'\t' read -r cmd code; do
        n=$((n + 1))
        ( cd "$TMP/load" && limit 120 bash -c "\"\$PML\" ${cmd#pml }" >/dev/null 2>"$TMP/err" ) || { fail "docs: $cmd" "$(head -c 200 "$TMP/err")"; continue; }
        got=$(cd "$TMP/load" && "$PANDAS_PY" -c "$code
print('rows' if len(df) > 0 and len(df.columns) > 1 else 'empty')" 2>&1 | tail -1)
        expect_eq "docs/output-formats.md: the pandas line loads the output of $cmd" rows "$got"
    done < <(python3 - "$ROOT/docs/output-formats.md" <<'PY'
import re, sys
s = open(sys.argv[1], encoding="utf-8").read()
for cmd, code in re.findall(r"<!-- loads the output of: (.*?) -->\n```python\n(.*?)\n```", s):
    print(cmd + "\t" + code)
PY
)
    expect_eq "docs/output-formats.md has a pandas line for each format (10: run's CSV and JSON, sweep's long, wide and shard CSV, speedup, bounds, schedule, paths, exec's CSV)" 10 "$n"
fi
