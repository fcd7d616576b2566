(* exnName and exnMessage of the Basis exceptions and of a program's,
 * the Basis constructors under their structures' names, and the real
 * number tests Real.isNan, Real.isFinite, Real.==. *)
exception Parse of string
exception Stop

fun describe f =
  (f (); "no exception") handle e => exnName e ^ " / " ^ exnMessage e

val reports = map describe [
  fn () => ignore (1 div 0),
  fn () => ignore (hd ([] : int list)),
  fn () => ignore (valOf (NONE : int option)),
  fn () => raise Fail "bad input",
  fn () => raise Parse "line 3",
  fn () => raise Stop,
  fn () => ignore (String.sub ("abc", 5)),
  fn () => ignore (Array.array (~1, 0)),
  fn () => ignore (let val SOME x = (NONE : int option) in x end),
  fn () => ignore (case [1] of [] => 0)
]

val emptyQualified = (hd []; false) handle List.Empty => true
val opts = (Option.SOME 3, Option.NONE : int option, Option.getOpt (Option.NONE, 9))
val nan = 0.0 / 0.0
val inf = 1.0 / 0.0
val reals = (Real.isNan nan, Real.isNan 1.5, Real.isFinite inf, Real.isFinite ~2.0, Real.isFinite nan,
             Real.== (nan, nan), Real.== (1.5, 1.5), Real.!= (1.0, 2.0))
val result = (reports, emptyQualified, opts, reals)
