# Output that embeds source text escapes it for its format, end to end: a
# program whose expressions hold quotes, backslashes, commas, braces,
# < > | &, a comment with a newline, a tab, an ESC byte and non-ASCII
# UTF-8, in a file whose name holds a quote, a comma and a space, goes
# through graph JSON, run's JSON and CSV, schedule JSON and DOT (read back
# by Graphviz); each output must parse and give back the source text.
. "$(dirname "$0")/lib.sh"

src="$TMP/we\"ird, name.pml"
printf '%s\n' \
  'fun tag (s, n) = if n = 0 then s else tag (s ^ "\"q\\b,{c}<d>|e&f", n - 1)' \
  'val result = { tag ("é😀	,\"", 3 (* a "comment",' \
  '  with a newline {} *)), size (tag ("x,y'$'\x1b''", 2)) }' > "$src"

# The source texts the outputs must give back, decoded (Python literals).
cat > "$TMP/want.py" <<'PY'
import json, sys
WANT = ['tag (s ^ "\\"q\\\\b,{c}<d>|e&f", n - 1)', '(* a "comment", with a newline {} *)',
        'tag ("\u00e9\U0001F600 ,\\"", 3', 'x,y\x1b', 'we"ird, name.pml']
def strings(x):
    if isinstance(x, str): yield x
    elif isinstance(x, dict):
        for v in x.values(): yield from strings(v)
    elif isinstance(x, list):
        for v in x: yield from strings(v)
def missing(texts, want=WANT):
    return [w for w in want if not any(w in t for t in texts)]
PY
py_check() { # NAME FILE PYTHON-CODE (with want.py loaded)
    if out=$(cd "$TMP" && python3 -c "from want import *
$3" "$2" 2>&1); then pass "$1"; else fail "$1" "$out"; fi
}

"$PML" graph "$src" -o "$TMP/g.json" 2>"$TMP/err" || fail "graph of the adversarial program runs" "$(cat "$TMP/err")"
py_check "graph JSON parses and gives back every annotation and the file name" "$TMP/g.json" '
m = missing(list(strings(json.load(open(sys.argv[1], encoding="utf-8")))))
assert not m, m'

"$PML" run "$src" --sched=df,bf -p 1,2 --top 50 --format json > "$TMP/r.json" 2>"$TMP/err"
py_check "run JSON parses and gives back the holders' source text" "$TMP/r.json" '
m = missing(list(strings(json.load(open(sys.argv[1], encoding="utf-8")))), WANT[:1] + WANT[4:])
assert not m, m'

"$PML" run "$src" --sched=df,bf -p 1,2 --top 50 --format csv > "$TMP/r.csv" 2>"$TMP/err"
py_check "run CSV parses: every row has the header's fields, text fields come back whole" "$TMP/r.csv" '
import csv
rows = list(csv.reader(open(sys.argv[1], newline="", encoding="utf-8")))
head, body = rows[0], rows[1:]
assert body and all(len(r) == len(head) for r in body), [len(r) for r in rows]
t = head.index("text"); f = head.index("file")
texts = [r[t] for r in body]
assert all(r[f] in ("", "lib/prelude.pml") or r[f].endswith("we\"ird, name.pml") for r in body), [r[f] for r in body]
m = missing(texts, WANT[:1])
assert not m, (m, texts)'


"$PML" schedule "$src" --sched=ws -p 2 -o "$TMP/s.json" 2>"$TMP/err"
py_check "schedule JSON parses" "$TMP/s.json" 'json.load(open(sys.argv[1], encoding="utf-8"))'

"$PML" dot "$src" --sched=bf -p 2 -o "$TMP/d.dot" 2>"$TMP/err"
if dot -Tsvg "$TMP/d.dot" -o "$TMP/d.svg" 2>"$TMP/dot.err" && [ ! -s "$TMP/dot.err" ]; then
    pass "Graphviz reads the DOT of the adversarial program without a warning"
else
    fail "Graphviz reads the DOT of the adversarial program without a warning" "$(head -3 "$TMP/dot.err")"
fi
# Graphviz's own reading of the tooltips (escString: \X is X, \n a line
# break, &amp; an entity) must give back the source text.
dot -Tjson "$TMP/d.dot" > "$TMP/d.gv.json" 2>/dev/null
py_check "Graphviz reads back the source text from the DOT tooltips" "$TMP/d.gv.json" '
import re, html
objs = json.load(open(sys.argv[1], encoding="utf-8")).get("objects", [])
def unesc(t): return html.unescape(re.sub(r"\\(.)", lambda m: "\n" if m.group(1) in "nlr" else m.group(1), t))
m = missing([unesc(o.get("tooltip", "")) for o in objs], WANT[:2] + WANT[4:])
assert not m, m'

# A file name is bytes, not always UTF-8: one holding ED A0 80 (a UTF-16
# surrogate, which strict UTF-8 forbids) or an overlong C0 AF must reach
# the JSON of `pml graph` and `pml run` as U+FFFD, so the JSON stays valid
# UTF-8 (Python's strict decoder rejects surrogates).
bad="$TMP/sur"$'\xed\xa0\x80'"-ov"$'\xc0\xaf'"-ok"$'\xc3\xa9'".pml"
printf 'fun f n = if n = 0 then [] else n :: f (n - 1)\nval x = f 5\n' > "$bad"
"$PML" graph "$bad" -o "$TMP/bad.json" 2>"$TMP/err" || fail "graph of a file with a non-UTF-8 name runs" "$(cat "$TMP/err")"
py_check "graph JSON of a file named with a surrogate and an overlong form is strict UTF-8, U+FFFD for each bad byte" "$TMP/bad.json" '
raw = open(sys.argv[1], "rb").read()
text = raw.decode("utf-8")
names = [s for s in strings(json.loads(text)) if s.endswith("-ok\u00e9.pml")]
assert names and all("sur\ufffd\ufffd\ufffd-ov\ufffd\ufffd-ok" in s for s in names), names'
"$PML" run "$bad" --format json --top 50 > "$TMP/badr.json" 2>"$TMP/err"
py_check "run JSON of that file is strict UTF-8 too" "$TMP/badr.json" '
text = open(sys.argv[1], "rb").read().decode("utf-8")
assert any(s.endswith("-ok\u00e9.pml") and "\ufffd" in s for s in strings(json.loads(text)))'

# Latin-1 bytes in a program's strings and comments (SML/NJ takes them):
# excerpts write '?' for each byte that is not UTF-8, so the JSON, CSV and
# DOT outputs stay strict UTF-8.
lat="$TMP/latin1.pml"
printf '(* caf\xe9 *)\nfun f s = s ^ "\xe9t\xe9"\nval x = f "na\xefve"\n' > "$lat"
"$PML" graph "$lat" -o "$TMP/lat.json" 2>"$TMP/err" || fail "graph of a Latin-1 program runs" "$(cat "$TMP/err")"
py_check "graph JSON of a program with Latin-1 strings is strict UTF-8, '?' for each Latin-1 byte" "$TMP/lat.json" '
text = open(sys.argv[1], "rb").read().decode("utf-8")
assert any("\"?t?\"" in s for s in strings(json.loads(text)))'
"$PML" run "$lat" --top 50 --format csv > "$TMP/lat.csv" 2>"$TMP/err"
py_check "run CSV of that program is strict UTF-8" "$TMP/lat.csv" '
open(sys.argv[1], "rb").read().decode("utf-8")'
