(* Exceptions specified in a parameter's signature: the functor raises and
   handles the argument's own exception, and a parameter passes an
   exception through from outside *)
signature CHECKED = sig
  exception Invalid of string
  val check : int -> int
end

functor Validate (C : CHECKED) = struct
  fun all l = List.map C.check l
  fun safe l = SOME (all l) handle C.Invalid _ => NONE
  fun firstError l = (ignore (all l); "none") handle C.Invalid msg => msg
  fun rethrow x = C.check x handle C.Invalid m => raise C.Invalid ("checked: " ^ m)
end

structure Positive = struct
  exception Invalid of string
  fun check n = if n > 0 then n else raise Invalid ("not positive: " ^ Int.toString n)
end

exception Outside of string
structure Small = struct
  exception Invalid = Outside
  fun check n = if n < 10 then n * 10 else raise Invalid (Int.toString n ^ " too big")
end

structure VP = Validate (Positive)
structure VS = Validate (Small)

val caught = (VS.rethrow 50; "no") handle Outside m => "outside caught " ^ m
val notCaught = (VP.rethrow 0; "no") handle Outside _ => "wrong" | Positive.Invalid m => m

val result = (VP.safe [1, 2, 3], VP.safe [1, ~2, 3], VP.firstError [4, 0, ~1], VS.safe [1, 2],
              VS.firstError [3, 12], caught, notCaught)
