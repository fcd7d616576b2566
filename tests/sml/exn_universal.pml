(* A universal type built from local exceptions, as a lecture writes it:
 * each call of `embed` makes a new exception, so a value injected by one
 * pair is never projected by another, even at the same type. *)
type univ = exn

fun embed () =
  let exception E of 'a
      fun inject x = E x
      fun project (E x) = SOME x
        | project _ = NONE
  in (inject, project) end

val (intIn, intOut) : (int -> univ) * (univ -> int option) = embed ()
val (intIn2, intOut2) : (int -> univ) * (univ -> int option) = embed ()
val (strIn, strOut) : (string -> univ) * (univ -> string option) = embed ()

val items : univ list = [intIn 1, strIn "two", intIn2 3, intIn 4]

val ints = List.mapPartial intOut items
val ints2 = List.mapPartial intOut2 items
val strs = List.mapPartial strOut items

(* exceptions in a structure, declared once at the top level *)
structure Stack = struct
  exception Empty
  fun pop [] = raise Empty
    | pop (x :: xs) = (x, xs)
end

val popped = (Stack.pop []; "no") handle Stack.Empty => "empty"
val notBasis = (Stack.pop []; "no") handle Empty => "basis" | _ => "other"

(* a counter whose failures are told apart per instance *)
fun counter (limit : int) =
  let exception Full
      val n = ref 0
      fun tick () = if !n >= limit then raise Full else (n := !n + 1; !n)
      fun safe f = f () handle Full => ~1
  in (tick, safe) end

val (t1, s1) = counter 1
val (t2, s2) = counter 5
val a = s1 t1
val b = s1 t1
val c = (s2 t1) handle _ => ~2

val result = (ints, ints2, strs, popped, notBasis, a, b, c)
