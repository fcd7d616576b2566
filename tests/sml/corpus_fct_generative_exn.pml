(* Exceptions declared in a functor's body are new at each application:
   a handler for A.NotFound does not catch B.NotFound *)
signature TABLE = sig
  exception NotFound of string
  val lookup : string -> int
  val size : int
end

functor Table (val entries : (string * int) list) : TABLE = struct
  exception NotFound of string
  fun lookup k =
    case List.find (fn (k', _) => k' = k) entries of
        SOME (_, v) => v
      | NONE => raise NotFound k
  val size = length entries
end

structure A = Table (val entries = [("one", 1), ("two", 2)])
structure B = Table (val entries = [("three", 3)])

fun tryA f = (f ()) handle A.NotFound k => ~ (String.size k)
fun tryBoth f = (f ()) handle A.NotFound _ => ~1 | B.NotFound _ => ~2

val r1 = tryA (fn () => A.lookup "two")
val r2 = tryA (fn () => A.lookup "seven")
val r3 = (tryA (fn () => B.lookup "seven")) handle B.NotFound k => 1000 + String.size k
val r4 = tryBoth (fn () => B.lookup "zero")
val r5 = tryBoth (fn () => A.lookup "zero")
val r6 = (A.lookup "x" handle e => (case e of B.NotFound _ => 1 | A.NotFound _ => 2 | _ => 3))

val result = [r1, r2, r3, r4, r5, r6, A.size + B.size]
