(* Values of a type an opaque signature (:>) makes abstract print as -,
 * as SML/NJ prints them; the same datatype under a transparent signature
 * (:) or a signature that names its constructors prints in full. *)
signature QUEUE =
sig
  type 'a queue
  val empty : 'a queue
  val push : 'a * 'a queue -> 'a queue
  val toList : 'a queue -> 'a list
end

structure Opaque :> QUEUE =
struct
  datatype 'a queue = Q of 'a list * 'a list
  val empty = Q ([], [])
  fun push (x, Q (f, b)) = Q (f, x :: b)
  fun toList (Q (f, b)) = f @ rev b
end

structure Transparent : QUEUE =
struct
  datatype 'a queue = Q of 'a list * 'a list
  val empty = Q ([], [])
  fun push (x, Q (f, b)) = Q (f, x :: b)
  fun toList (Q (f, b)) = f @ rev b
end

signature SHAPE = sig datatype shape = Circle of int | Square of int val unit : shape end
structure Shape :> SHAPE = struct datatype shape = Circle of int | Square of int val unit = Square 1 end

functor Counter (val start : int) :> sig type counter val make : unit -> counter val value : counter -> int end =
struct
  datatype counter = C of int
  fun make () = C start
  fun value (C n) = n
end

structure C10 = Counter (val start = 10)

val q = Opaque.push (2, Opaque.push (1, Opaque.empty))

val result = (q, Opaque.toList q, [Opaque.empty, q], SOME q,
              Transparent.push (1, Transparent.empty), Shape.unit,
              C10.make (), C10.value (C10.make ()))
