#!/usr/bin/env bash
# The values of small programs, asserted literally (each expected line is
# what SML/NJ 110.79 prints for the same program, checked by hand; the
# oracle test compares whole programs in tests/sml/ with SML/NJ itself).
# Also the regression test for records read as parallel pairs.
. "$(dirname "$0")/lib.sh"
PML=${PML:-$(cd "$(dirname "$0")/.." && pwd)/pml}

# value NAME PROGRAM EXPECTED-FIRST-LINE
value() {
    printf '%s\n' "$2" > "$TMP/p.pml"
    local got
    got=$("$PML" run "$TMP/p.pml" 2>&1 | head -n 1)
    expect_eq "$1" "$3" "$got"
}

# work NAME PROGRAM: the number of fork nodes in the program's graph
forks() {
    printf '%s\n' "$1" > "$TMP/p.pml"
    "$PML" graph "$TMP/p.pml" --no-prelude -o "$TMP/g.json" >/dev/null 2>&1 &&
        grep -o '"fork"' "$TMP/g.json" | wc -l
}

# ---- records (regression: {x = x, y = y} was a parallel pair of bools) ----
value record_not_parallel_pair 'fun point (x, y) = {x = x, y = y}
val result = point (1, 2)' 'val result = {x=1,y=2} : {x:int, y:int}'
value record_numeric_is_tuple 'val result = {1 = 3, 2 = 4}' 'val result = (3,4) : int * int'
value record_numeric_reordered 'val result = {2 = 3, 1 = 4}' 'val result = (4,3) : int * int'
value record_one_numeral 'val result = {1 = 3}' 'val result = {1=3} : {1:int}'
value record_empty_is_unit 'val result = {}' 'val result = () : unit'
value record_label_order 'val result = {b=1, a=2, 2=3, 10=4, B=5, a1=6}' \
    'val result = {2=3,10=4,B=5,a=2,a1=6,b=1} : {2:int, 10:int, B:int, a:int, a1:int, b:int}'
value record_select 'val r = {name = "ann", age = 7} val result = (#age r, #name r)' \
    'val result = (7,"ann") : int * string'
value record_select_fn 'val result = map #a [{a = 1, b = 2}, {a = 3, b = 4}]' 'val result = [1,3] : int list'
value record_pattern_pun 'fun f {x, y} = x - y val result = f {y = 1, x = 5}' 'val result = 4 : int'
value record_pattern_flex 'fun f ({x = a, ...} : {x : int, y : int, z : int}) = a val result = f {y = 1, x = 5, z = 0}' 'val result = 5 : int'
value record_pattern_numeric 'val {2 = b, 1 = a} = (1, 2) val result = (a, b)' 'val result = (1,2) : int * int'
value record_in_datatype 'datatype shape = Circle of {r : real} | Rect of {w : real, h : real}
fun area (Circle {r}) = 3.0 * r * r | area (Rect {w, h}) = w * h
val result = map area [Circle {r = 1.0}, Rect {w = 2.0, h = 3.0}]' 'val result = [3.0,6.0] : real list'
value record_equality '
val result = ({a = 1, b = "x"} = {b = "x", a = 1}, {a = 1, b = "x"} = {a = 2, b = "x"})' \
    'val result = (true,false) : bool * bool'
# A parallel pair is still a parallel pair, and one of comparisons needs
# parentheses (SML reads {a = b, ...} as a record).
value par_pair_of_equalities 'val result = {(1 = 1), (2 = 3)}' 'val result = (true,false) : bool * bool'
expect_eq record_has_no_fork "0" "$(forks 'val result = {x = 1, y = 2}')"
expect_eq par_pair_has_fork "1" "$(forks 'val result = {(1 = 1), 2}')"

# ---- exceptions ----
value exn_handle_div 'val result = (1 div 0) handle Div => 7' 'val result = 7 : int'
value exn_values_print 'exception E of int val result = [E 1, Div, Fail "x"]' 'val result = [E(-),Div(-),Fail(-)] : exn list'
value exn_reraise_unmatched 'exception E exception F
val result = ((raise E) handle F => 1) handle E => 2' 'val result = 2 : int'
# Across a parallel pair: both branches run, the pair raises at the join,
# the left branch's exception first (the sequential pair's).
value exn_par_left_first 'exception L exception R
val result = #1 {raise L, raise R} handle R => "right" | L => "left"' 'val result = "left" : string'
value exn_par_right 'fun f x = {2, 1 div x}
val result = f 0 handle Div => (0, 0)' 'val result = (0,0) : int * int'
expect_eq exn_par_both_branches_run "2" "$(printf '%s\n' 'exception L
val result = {raise L, 1 + 2} handle L => (0, 0)' > "$TMP/p.pml"; "$PML" graph "$TMP/p.pml" --no-prelude -o "$TMP/g.json" >/dev/null 2>&1 && python3 -c '
import json, sys
g = json.load(open(sys.argv[1]))
nodes = g["nodes"]
print(sum(1 for n in nodes if n["kind"] in ("fork", "join")))' "$TMP/g.json")"
value exn_theorem1 'exception E
fun f (x, y) = (if x > 0 then raise E else y) handle E => x + 1
val result = (f (1, 2), f (0, 5))' 'val result = (2,5) : int * int'
printf '%s\n' 'exception E
fun g n = if n = 0 then raise E else #2 {g (n - 1), n}
fun f (x, y) = (g x; y) handle E => x + y
val result = f (3, 4)' > "$TMP/t1.pml"
if "$PML" run "$TMP/t1.pml" --check-invariants >/dev/null 2>"$TMP/t1.err"; then pass exn_check_invariants
else fail exn_check_invariants "$(head -c 300 "$TMP/t1.err")"; fi

# ---- arrays: pml run's note on mutation covers Array.update ----
printf 'val a = Array.array (3, 0)\nval () = Array.update (a, 1, 7)\nval result = a\n' > "$TMP/arr.pml"
expect_eq array_update_noted 1 "$("$PML" run "$TMP/arr.pml" 2>&1 | grep -c '^note: the program assigns references (:=) or array elements (Array.update)')"
printf 'val a = Array.fromList [1, 2]\nval result = Array.sub (a, 1) + Array.length a\n' > "$TMP/arr2.pml"
expect_eq array_read_only_not_noted 0 "$("$PML" run "$TMP/arr2.pml" 2>&1 | grep -c '^note: the program assigns')"
if "$PML" run "$TMP/arr.pml" --check-invariants >/dev/null 2>"$TMP/arr.err"; then pass array_check_invariants
else fail array_check_invariants "$(head -c 300 "$TMP/arr.err")"; fi

# ---- functors (docs/semantics.md, Functors) ----
# An application makes the graph of the structure it expands to: the
# argument's declarations, then the body's, with X.x naming the argument's
# members (same nodes, sizes, edges and heap edges; only the annotations'
# spans differ).
printf '%s\n' 'functor F (X : sig val n : int val f : int -> int end) = struct
  datatype t = L | N of t * int
  exception E of int
  val a = X.f X.n
  fun build 0 = L | build k = N (build (k - 1), a + k)
  fun sum L = 0 | sum (N (t, x)) = if x > 100 then raise E x else x + sum t
  val s = (sum (build 3)) handle E k => k
end
structure S = F (struct val n = 2 fun f x = x * 10 end)
structure T = F (struct val n = 9 val f = fn x => x + 1 end)
val result = S.s + S.a + T.s' > "$TMP/fa.pml"
body='  datatype t = L | N of t * int
  exception E of int
  val a = X.f X.n
  fun build 0 = L | build k = N (build (k - 1), a + k)
  fun sum L = 0 | sum (N (t, x)) = if x > 100 then raise E x else x + sum t
  val s = (sum (build 3)) handle E k => k
end'
printf '%s\n' "structure S = struct
  structure X = struct val n = 2 fun f x = x * 10 end
$body
structure T = struct
  structure X = struct val n = 9 val f = fn x => x + 1 end
$body
val result = S.s + S.a + T.s" > "$TMP/fb.pml"
graph_shape() { # FILE: the graph without its annotations
    "$PML" graph "$1" --no-prelude -o "$TMP/shape.json" >/dev/null 2>&1 && python3 -c '
import json, sys
g = json.load(open(sys.argv[1]))
for n in g["nodes"]: print(n["id"], n["kind"], n["value"], n["size"])
for e in g["edges"]: print("e", e)
for h in g["heap_edges"]: print("h", h["src"], h["dst"], h["kind"])' "$TMP/shape.json"
}
fa=$(graph_shape "$TMP/fa.pml"); fb=$(graph_shape "$TMP/fb.pml")
if [ -n "$fa" ] && [ "$fa" = "$fb" ]; then pass functor_application_graph_is_the_expanded_structures
else fail functor_application_graph_is_the_expanded_structures "$(diff <(echo "$fa") <(echo "$fb") | head -5)"; fi
if "$PML" run "$TMP/fa.pml" --check-invariants >/dev/null 2>"$TMP/fa.err"; then pass functor_check_invariants
else fail functor_check_invariants "$(head -c 300 "$TMP/fa.err")"; fi
value functor_body_scope_is_the_declarations 'val y = 1
functor F (X : sig end) = struct val z = y end
val y = 2
signature S = sig val w : int end
functor G (X : sig end) = struct structure A = F (X) val w = A.z + y end
structure Q = G (struct end)
val result = (Q.w, y)' 'val result = (3,2) : int * int'
value functor_exceptions_generative 'functor F () = struct exception E end
structure A = F () structure B = F ()
val result = (raise A.E) handle B.E => 1 | A.E => 2' 'val result = 2 : int'
value functor_argument_filtered_by_signature 'val x = 5
functor F (A : sig val y : int end) = struct open A val r = x + y end
structure S = F (struct val x = 100 val y = 1 end)
val result = S.r' 'val result = 6 : int'
value functor_empty_structure_argument 'structure E = struct end
functor F (X : sig end) = struct val k = 4 end
functor G (Y : sig end) = struct structure A = F (Y) structure B = F (E) val k = A.k + B.k end
structure T = E
structure S = G (T)
val result = S.k' 'val result = 8 : int'
value functor_spec_list_opened 'functor F (val x : int structure M : sig val y : int end) = struct val s = x + M.y end
structure S = F (val x = 1 structure M = struct val y = 2 end)
val result = S.s' 'val result = 3 : int'

# ---- Basis limits: PML's ints are 64-bit (SML/NJ's 31), lengths 32-bit ----
value int_max_min_64bit 'val result = (Int.maxInt, Int.minInt, Int.precision)' \
    'val result = (SOME 9223372036854775807,SOME ~9223372036854775808,SOME 64) : int option * int option * int option'
value basis_lengths 'val result = (Vector.maxLen, Array.maxLen, String.maxSize, Char.maxOrd)' \
    'val result = (4294967295,4294967295,268435456,255) : int * int * int * int'

# ---- TextIO: stdErr is the standard error stream, stdOut where print writes ----
printf 'val _ = TextIO.output (TextIO.stdErr, "to err\\n")\nval _ = TextIO.output (TextIO.stdOut, "to out\\n")\nval result = 1\n' > "$TMP/io.pml"
expect_eq textio_stderr_to_stderr "to err" "$("$PML" run "$TMP/io.pml" 2>&1 >/dev/null | head -n 1)"
expect_eq textio_stdout_before_report "to out|val result = 1 : int" "$("$PML" run "$TMP/io.pml" 2>/dev/null | head -n 2 | paste -sd '|')"
printf 'val result = (TextIO.inputLine TextIO.stdIn, TextIO.inputLine TextIO.stdIn)\n' > "$TMP/in.pml"
expect_eq textio_input_line_adds_newline_at_end 'val result = (SOME "ab\n",NONE) : string option * string option' \
    "$(printf 'ab' | "$PML" run "$TMP/in.pml" 2>&1 | head -n 1)"

# ---- exceptions made at each evaluation keep Theorem 1 ----
printf '%s\n' 'fun f n = let exception E of int in if n = 0 then raise E 1 else (f (n - 1) handle E k => k + n) end
val result = (f 3) handle _ => ~1' > "$TMP/gen.pml"
if "$PML" run "$TMP/gen.pml" --check-invariants >/dev/null 2>"$TMP/gen.err"; then pass exn_generative_check_invariants
else fail exn_generative_check_invariants "$(head -c 300 "$TMP/gen.err")"; fi
