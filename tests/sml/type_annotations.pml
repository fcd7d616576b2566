(* Type annotations on expressions and patterns are accepted and ignored
   (checked by SML). *)
datatype ('a, 'b) either = Left of 'a | Right of 'b
fun lefts ([] : ('a, 'b) either list) : 'a list = []
  | lefts (Left x :: rest) = x :: lefts rest
  | lefts (Right _ :: rest) = lefts rest
fun add (x : int, y : int) = (x + y : int)
val xs : (int, string) either list = [Left 1, Right "a", Left 2]
val result = (lefts xs, add (1, 2), (fn (s : string) => s ^ "!") "hi", [] : int list)
