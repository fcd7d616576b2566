(* Exception declarations are generative (SML'97 §6.4): each evaluation of
 * `exception E` makes a new exception.  The handler of an outer call does
 * not catch the E of an inner call. *)
fun f n =
  let exception E
  in if n = 0 then raise E else (f (n - 1) handle E => 100 + n) end

val outer = (f 2) handle _ => ~1

(* a function called twice declares two exceptions *)
fun mk () =
  let exception Tag of int
  in (Tag, fn x => (case x of Tag n => SOME n | _ => NONE)) end

val (tag1, get1) = mk ()
val (tag2, get2) = mk ()
val same = get1 (tag1 5)
val other = get1 (tag2 6)
val other2 = get2 (tag1 7)

(* exception E = F names the same exception, even a fresh one *)
fun alias n =
  let exception A
      exception B = A
  in (raise B) handle A => n * 2 end

val aliased = alias 21

(* the names of fresh exceptions *)
fun named () = let exception Local of string in Local "x" end
val names = (exnName (named ()), exnName Div, exnMessage (named ()))

val result = (outer, same, other, other2, aliased, names)
