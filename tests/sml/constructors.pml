(* Constructors as first-class functions, constructors with a tuple
   argument matched as a whole, and constructors with a tuple-typed value. *)
datatype t = Q of int * int | P of (int * string) | U | W of t list
val pairs = [(1, 2), (3, 4)]
val qs = map Q pairs
fun whole (Q p) = p
  | whole _ = (0, 0)
fun fst (Q (a, _)) = a
  | fst (P (a, _)) = a
  | fst _ = ~1
val p = (7, "seven")
val result = (qs, map whole qs, map fst [Q (5, 6), P p, U], map SOME [1, 2],
              W (map Q [(0, 0)]), Q (1, 2) = Q (1, 2), P p = P (7, "seven"),
              (fn f => f (8, 9)) Q)
