(* open applied to a functor's result: at top level, in a let and inside
   a local, the way client code brings a module's names into scope *)
signature STACK = sig
  type 'a t
  exception Empty
  val empty : 'a t
  val push : 'a * 'a t -> 'a t
  val pop : 'a t -> 'a * 'a t
  val isEmpty : 'a t -> bool
end

functor ListStack () : STACK = struct
  type 'a t = 'a list
  exception Empty
  val empty = []
  fun push (x, s) = x :: s
  fun pop [] = raise Empty
    | pop (x :: s) = (x, s)
  fun isEmpty s = null s
end

structure Stack = ListStack ()

(* reverse Polish evaluation, with the stack's names opened locally *)
local
  open Stack
in
  fun rpn tokens =
    let
      fun step (tok, s) =
        case Int.fromString tok of
            SOME n => push (n, s)
          | NONE =>
              let val (b, s1) = pop s
                  val (a, s2) = pop s1
              in push ((case tok of "+" => a + b | "-" => a - b | "*" => a * b | _ => a div b), s2) end
      val (v, rest) = pop (List.foldl step empty tokens)
    in
      if isEmpty rest then SOME v else NONE
    end
    handle Empty => NONE
end

fun depth l =
  let open Stack
      fun go (s, n) = if isEmpty s then n else go (#2 (pop s), n + 1)
  in go (List.foldl push empty l, 0) end

open Stack
val s = push (3, push (2, push (1, empty)))

val result = (rpn ["3", "4", "+", "2", "*"], rpn ["1", "+"], rpn ["5", "1", "2", "+", "4", "*", "+", "3", "-"],
              rpn ["1", "2"], depth [1, 2, 3, 4], #1 (pop s))
