#!/usr/bin/env bash
# The static semantics (lang/types.c, docs/semantics.md "Static types").
#
#   tests/types/bad/NAME.pml   ill-typed programs, each rejected by SML/NJ;
#                              tests/types/bad.lines holds "NAME LINE", the
#                              line of SML/NJ's first error (recorded with
#                              tests/types/smlnj-lines.sh).  pml must refuse
#                              each before running, its first error at LINE.
#   tests/types/good/NAME.pml  well-typed programs a naive checker gets wrong;
#                              accepted here, their values compared with
#                              SML/NJ's by tests/test_sml_oracle.sh.
#   tests/types/definition/    programs the Definition rejects and SML/NJ
#                              110.79 accepts (the escape rule, §4.11 rule 4).
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."
PML=${PML:-$PWD/pml}

# ---- ill-typed: refused before running, at SML/NJ's line ----
nbad=0; at_line=0
while read -r n line; do
    f=tests/types/bad/$n.pml
    nbad=$((nbad + 1))
    out=$("$PML" run "$f" 2>"$TMP/err"); rc=$?
    first=$(grep -m1 ': error: ' "$TMP/err")
    got=$(printf '%s\n' "$first" | sed -E 's/^[^:]+:([0-9]+):.*/\1/')
    if [ "$rc" -ne 1 ] || [ -n "$out" ]; then
        fail "ill-typed $n is refused before running" "exit $rc, output [$out]"
    elif ! [[ $first =~ ^"$f":[0-9]+:[0-9]+:\ error:\  ]]; then
        fail "ill-typed $n is reported as FILE:LINE:COL: error:" "$first"
    elif [ "$got" != "$line" ]; then
        fail "ill-typed $n is reported at SML/NJ's line $line" "$first"
    else
        at_line=$((at_line + 1))
        pass "ill-typed $n: line $line"
    fi
done < tests/types/bad.lines
if [ "$nbad" -ge 150 ]; then pass "the ill-typed corpus has $nbad programs ($at_line at SML/NJ's line)"
else fail "the ill-typed corpus has at least 150 programs" "$nbad"; fi
expect_eq "every ill-typed program has SML/NJ's line recorded" \
    "$(ls tests/types/bad/*.pml | wc -l)" "$nbad"

# ---- well-typed: accepted, and never a run-time type error ----
# The evaluator's run-time type errors are internal assertions: with
# PML_ABORT_ON_TYPE_ERROR set, one aborts.  A program may fail for other
# reasons (an uncaught exception, a limit); only a type error counts.
never_type_error() {
    PML_ABORT_ON_TYPE_ERROR=1 "$PML" run "$1" >/dev/null 2>"$TMP/rt" < "$(stdin_of "$1")"
    local rc=$?
    [ "$rc" -ne 134 ] && ! grep -q 'run-time type error' "$TMP/rt"
}
ngood=0
for f in tests/types/good/*.pml; do
    n=$(basename "$f" .pml)
    ngood=$((ngood + 1))
    if ! "$PML" check "$f" >/dev/null 2>"$TMP/err"; then
        fail "well-typed $n is accepted" "$(head -1 "$TMP/err")"
    elif ! never_type_error "$f"; then
        fail "well-typed $n never meets a run-time type error" "$(grep -m1 'type error' "$TMP/rt")"
    else
        pass "well-typed $n is accepted"
    fi
done
if [ "$ngood" -ge 80 ]; then pass "the well-typed corpus has $ngood programs"
else fail "the well-typed corpus has at least 80 programs" "$ngood"; fi

# ---- the project's own programs all type-check ----
bad_corpus=""
for f in tests/sml/*.pml examples/*.pml; do
    "$PML" check "$f" >/dev/null 2>&1 || bad_corpus="$bad_corpus $f"
done
expect_eq "every tests/sml and examples program type-checks" "" "$bad_corpus"

# ---- ... and none of them meets a run-time type error ----
reached=""
for f in tests/sml/*.pml examples/*.pml; do
    never_type_error "$f" || reached="$reached $f"
done
expect_eq "no tests/sml or examples program meets a run-time type error (PML_ABORT_ON_TYPE_ERROR)" "" "$reached"

# ---- the Definition's escape rule ----
for f in tests/types/definition/escape_*.pml; do
    expect_eq "$(basename "$f" .pml): a local datatype must not escape its let" 1 \
        "$("$PML" check "$f" 2>"$TMP/err" >/dev/null; echo $?)"
    grep -q "escapes its scope" "$TMP/err" || fail "$(basename "$f" .pml) says the type escapes" "$(head -1 "$TMP/err")"
done

# ---- --types prints each binding as SML/NJ's top level does ----
cat > "$TMP/t.pml" <<'PML'
fun map f [] = [] | map f (x :: xs) = f x :: map f xs
fun member (x, []) = false | member (x, y :: ys) = x = y orelse member (x, ys)
val r = ref []
fun add (x, y) = x + y
val p = {b = "x", a = 1.5}
datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree
val t = Node (Leaf, (1, "a"), Leaf)
val pair = {1, 2}
PML
expect_eq "--types: the types of the bindings, as SML/NJ prints them" \
"val map : ('a -> 'b) -> 'a list -> 'b list
val member : ''a * ''a list -> bool
val r : ?.X1 list ref
val add : int * int -> int
val p : {a:real, b:string}
val t : (int * string) tree
val pair : int * int" "$("$PML" check --types "$TMP/t.pml" 2>/dev/null | grep '^val')"

# ---- every independent error, up to a limit ----
printf 'val a = 1 + "a"\nval b = "x" ^ 2\nfun f x = if x then 1 else "s"\n' > "$TMP/three.pml"
expect_eq "three independent errors are all reported" 3 \
    "$("$PML" check "$TMP/three.pml" 2>&1 | grep -c ': error: ')"
for i in $(seq 1 40); do echo "val x$i = $i + \"s\""; done > "$TMP/many.pml"
"$PML" check "$TMP/many.pml" >/dev/null 2>"$TMP/err"; rc=$?
expect_eq "40 errors: exit 1" 1 "$rc"
expect_eq "40 errors: 20 are shown, then a line says the rest are not" "20 1" \
    "$(grep -c ': error: ' "$TMP/err") $(grep -c 'the rest are not shown' "$TMP/err")"

# ---- the messages: SML/NJ's words, both types in SML syntax ----
printf 'fun len [] = 0 | len (_ :: xs) = 1 + len xs\nval result = len 5\n' > "$TMP/m.pml"
expect_eq "operator and operand: both types" \
    "$TMP/m.pml:2:5: error: operator and operand do not agree [tycon mismatch]: operator domain: 'a list, operand: int" \
    "$("$PML" check "$TMP/m.pml" 2>&1 | head -1)"
printf 'fun f x = f\n' > "$TMP/c.pml"
case $("$PML" check "$TMP/c.pml" 2>&1 | head -1) in
    *"[circularity]"*) pass "f x = f: circularity" ;;
    *) fail "f x = f: circularity" "$("$PML" check "$TMP/c.pml" 2>&1 | head -1)" ;;
esac
printf 'val r = ref []\nval _ = r := [1]\n' > "$TMP/vr.pml"
expect_eq "value restriction: ref [] at top level is a dummy type, as in SML/NJ" \
    "$TMP/vr.pml:2:5: error: operator and operand do not agree [tycon mismatch]: operator domain: ?.X1 list ref * ?.X1 list, operand: ?.X1 list ref * int list" \
    "$("$PML" check "$TMP/vr.pml" 2>&1 | grep -m1 ': error: ')"
expect_eq "value restriction: the dummy type is a warning at its declaration, as in SML/NJ" \
    "$TMP/vr.pml:1:1: warning: type vars not generalized because of value restriction are instantiated to dummy types (X1,X2,...)" \
    "$("$PML" check "$TMP/vr.pml" 2>&1 | head -1)"

# ---- warnings (lang/match.c): on stderr, the run goes on ----
cat > "$TMP/w.pml" <<'PML'
fun f [] = 0
  | f [x] = x
datatype c = R | G | B
val g = fn (R, R) => 1 | (G, _) => 2 | (_, B) => 3
val SOME z = SOME 3
val h = (fn x => x) handle Div => (fn x => x + 1)
val result = f [z] + g (R, B)
PML
out=$("$PML" run "$TMP/w.pml" 2>"$TMP/w.err" | head -1); rc=$?
expect_eq "warnings do not stop the run" "0 val result = 6 : int" "$rc $out"
expect_eq "the warnings of a program, in source order, with an unmatched value each" \
"$TMP/w.pml:1:5: warning: match nonexhaustive: _ :: _ :: _ is not matched
$TMP/w.pml:4:9: warning: match nonexhaustive: (B, R) is not matched
$TMP/w.pml:5:1: warning: binding not exhaustive: NONE is not matched" "$(grep ': warning: ' "$TMP/w.err")"
expect_eq "--no-warnings leaves them out" "" "$("$PML" check --no-warnings "$TMP/w.pml" 2>&1 >/dev/null)"
printf 'fun u (SOME _) = 1 | u NONE = 2 | u _ = 3\nval result = u NONE\n' > "$TMP/r.pml"
expect_eq "a redundant rule is an error, as in SML/NJ" \
    "1 $TMP/r.pml:1:5: error: match redundant: rule 3 is matched by no value the rules above it leave" \
    "$("$PML" run "$TMP/r.pml" >/dev/null 2>"$TMP/r.err"; echo $?) $(head -1 "$TMP/r.err")"

# ---- the result is printed with its type; an abstract one's value as - ----
printf 'structure S :> sig type t val x : t end = struct type t = int val x = 3 end\nval result = (S.x, [1, 2])\n' > "$TMP/res.pml"
expect_eq "the result carries its type; an abstract value inside it prints as -" "val result = (-,[1,2]) : S.t * int list" "$("$PML" run "$TMP/res.pml" | head -1)"
printf 'structure S :> sig type t val x : t end = struct type t = int val x = 3 end\nval result = S.x\n' > "$TMP/op.pml"
expect_eq "a value of an abstract type prints as -" "val result = - : S.t" "$("$PML" run "$TMP/op.pml" | head -1)"
expect_eq "JSON carries the type beside the value" '"value": "-", "type": "S.t"' \
    "$("$PML" run "$TMP/op.pml" --format json | grep -o '"value": "[^"]*", "type": "[^"]*"')"

# ---- every primitive of lang/prims.h has its type (an untyped one would
# be a free variable, a dummy type ?.X at top level) ----
grep -o '^ *X([A-Z_0-9]*, *"[^"]*"' lang/prims.h | sed 's/.*"\(.*\)"/\1/' |
    awk '{ if ($0 ~ /^[A-Za-z]/ && $0 !~ /^(div|mod|o|before)$/) printf "val p%d = %s\n", NR, $0
           else printf "val p%d = op %s\n", NR, $0 }' > "$TMP/prims.pml"
"$PML" check --types "$TMP/prims.pml" > "$TMP/prims.out" 2>&1
expect_eq "every primitive has a type" "$(wc -l < "$TMP/prims.pml") 0" \
    "$(grep -c '^val p[0-9]* : ' "$TMP/prims.out") $(grep -c '?\.X' "$TMP/prims.out")"
