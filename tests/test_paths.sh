# pml paths (docs/paths.md): the profile is byte-identical for k = 1, 2,
# 3, 5 workers; a function's path counts add up to its calls, which equal
# the applications the interpreter made of it; decoded branches name real
# branches of the source; bad options are usage errors.
. "$(dirname "$0")/lib.sh"

status() { "$@" >/dev/null 2>&1; echo $?; }

for prog in examples/quicksort.pml examples/nqueens.pml; do
    name=$(basename $prog .pml)
    for fmt in text json; do
        "$PML" paths $prog --top 0 --format $fmt > "$TMP/$name-1.$fmt"
        same=yes
        for k in 2 3 5; do
            "$PML" paths $prog --top 0 --format $fmt -k $k > "$TMP/$name-$k.$fmt" || same=no
            cmp -s "$TMP/$name-1.$fmt" "$TMP/$name-$k.$fmt" || same=no
        done
        expect_eq "$name: the $fmt profile is byte-identical for k = 1, 2, 3, 5" yes $same
    done
    out=$(python3 - "$TMP/$name-1.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
bad = []
src = {}
def line(f, l):
    if f not in src: src[f] = open(f, encoding="utf-8").read().split("\n")
    return src[f][l - 1]
want = {"if": "if", "case": "case", "fn": "fun"}
for f in d["functions"]:
    if sum(p["count"] for p in f["paths"]) != f["calls"]: bad.append("%s: counts do not add up to calls" % f["name"])
    if sum(p["work"] for p in f["paths"]) != f["work"]: bad.append("%s: work does not add up" % f["name"])
    if f["paths_total"] is not None and f["paths_taken"] > f["paths_total"]: bad.append("%s: more paths taken than exist" % f["name"])
    for p in f["paths"]:
        for b in p["branches"]:
            text = line(b["file"], b["line"])[b["col"] - 1:].lstrip("( ")
            k = b["kind"]
            if k in ("if", "case") and not text.startswith(want[k]): bad.append("%s:%d:%d is no %s: %r" % (b["file"], b["line"], b["col"], k, text[:20]))
            if k == "fn" and not (text.startswith("fun") or text.startswith("fn") or text.startswith(f["name"]) or text.startswith("op")): bad.append("%s:%d:%d is no fn: %r" % (b["file"], b["line"], b["col"], text[:20]))
print("; ".join(bad[:3]) if bad else "ok")
EOF
)
    expect_eq "$name: path counts and work add up per function, and every decoded branch is a real if, case or fun clause" ok "$out"
done

# quicksort's qsort: one call per element of the input ends in a [] or [x] clause or a partition
calls=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print([f["calls"] for f in d["functions"] if f["name"] == "qsort"][0])' "$TMP/quicksort-1.json")
expect_eq "quicksort at n=32: qsort is called 63 times (31 partitions, 32 leaves)" 63 "$calls"

# a hand-checked program: f 0..5 takes each path of its two ifs as counted by hand
cat > "$TMP/hand.pml" <<'EOF'
fun f n = (if n mod 2 = 0 then 1 else 2) + (if n < 2 then 10 else 20)
fun go 6 = 0 | go n = f n + go (n + 1)
val result = go 0
EOF
"$PML" paths "$TMP/hand.pml" --format json > "$TMP/hand.json"
got=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
f = [f for f in d["functions"] if f["name"] == "f"][0]
print(f["paths_total"], sorted((p["id"], p["count"]) for p in f["paths"]))' "$TMP/hand.json")
# n = 0 even,<2: id 0; n = 1 odd,<2: id 2; n = 2, 4 even,>=2: id 1; n = 3, 5 odd,>=2: id 3
expect_eq "f's four paths: ids 0..3 counted 1, 2, 1, 2 times (by hand)" "4 [(0, 1), (1, 2), (2, 1), (3, 2)]" "$got"

# the same f in a functor's body, applied twice: each application's f is
# a function of its own, with its own counts (functions in structures are
# profiled too)
cat > "$TMP/functor.pml" <<'EOF'
functor F (X : sig val k : int end) = struct
  fun f n = (if n mod 2 = 0 then 1 else 2) + (if n < X.k then 10 else 20)
end
structure A = F (val k = 2)
structure B = F (val k = 100)
fun go 6 = 0 | go n = A.f n + B.f n + go (n + 1)
val result = go 0
EOF
"$PML" paths "$TMP/functor.pml" --format json > "$TMP/functor.json"
got=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(sorted(sorted((p["id"], p["count"]) for p in f["paths"]) for f in d["functions"] if f["name"] == "f"))' "$TMP/functor.json")
expect_eq "a functor applied twice: its f is profiled once per application (k = 2 as by hand, k = 100 never >= k)" \
    "[[(0, 1), (1, 2), (2, 1), (3, 2)], [(0, 3), (2, 3)]]" "$got"

expect_eq "-k 0 is a usage error" 2 "$(status "$PML" paths examples/fib.pml -k 0)"
expect_eq "--format xml is a usage error" 2 "$(status "$PML" paths examples/fib.pml --format xml)"
expect_eq "a program error exits 1" 1 "$(status "$PML" paths tests/bad/apply_int.pml)"
expect_eq "a program error with -k 3 exits 1 and is reported once" 1 \
    "$("$PML" paths tests/bad/apply_int.pml -k 3 2>&1 >/dev/null | grep -c error:)"
expect_eq "--help exits 0" 0 "$(status "$PML" paths --help)"

# the stages of a curried clausal fun each have a stage number and the position of their own parameter
printf 'fun add a b c = if a > 0 then a + b + c else b\nval result = add 1 2 3 + add 0 1 2\n' > "$TMP/curried.pml"
got=$("$PML" paths "$TMP/curried.pml" --format json | python3 -c '
import json, sys
print(sorted((f["name"], f.get("stage"), f.get("stages"), f["line"], f["col"]) for f in json.load(sys.stdin)["functions"]))')
expect_eq "curried add a b c: three stages named apart, each at its parameter" \
    "[('add', 1, 3, 1, 9), ('add', 2, 3, 1, 11), ('add', 3, 3, 1, 13)]" "$got"
expect_eq "the text names the stage that branches" 1 \
    "$("$PML" paths "$TMP/curried.pml" | grep -c '^add (stage 3 of 3)  .*curried.pml:1:13')"
