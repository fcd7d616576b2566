(* A value of an abstract type prints as - wherever it sits in the result,
 * as SML/NJ prints it: inside lists, records, tuples, options, refs,
 * vectors, arrays, constructors (infix ones too) and recursive datatypes,
 * whether the type is an abbreviation (type t = int) or a datatype, hidden
 * by :> or by an opaque functor result.  Beside it, values of the same
 * representation that are not abstract print in full. *)
structure N :> sig type t val mk : int -> t end = struct type t = int fun mk x = x end

datatype d = D of N.t | E of int * N.t | F
infixr 5 ++
datatype e = ++ of N.t * e | Z
datatype 'a tree = L | Nd of 'a tree * 'a * 'a tree

signature Q = sig type 'a q val empty : 'a q val push : 'a * 'a q -> 'a q end
structure Q :> Q = struct type 'a q = 'a list val empty = [] fun push (x, q) = x :: q end

functor Mk (X : sig type t val x : t end) :> sig type u val u : u val both : u * X.t end =
struct type u = X.t list val u = [X.x] val both = (u, X.x) end
structure M = Mk (struct type t = int val x = 3 end)

val result =
  ([N.mk 1, N.mk 2], {a = N.mk 3, b = 4}, SOME (N.mk 5), D (N.mk 6), E (7, N.mk 8), F,
   N.mk 1 ++ Z, ref (N.mk 9), Vector.fromList [N.mk 10], (N.mk 11, "x"),
   Nd (Nd (L, N.mk 1, L), N.mk 2, L), Array.fromList [N.mk 12],
   Q.push (1, Q.empty), M.both, [M.u], Nd (L, 5, L), [5])
