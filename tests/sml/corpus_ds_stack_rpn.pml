(* A stack-based RPN calculator over tokens of a string *)
exception StackUnderflow
exception BadToken of string

fun push (x, s) = x :: s
fun pop2 (b :: a :: s) = (a, b, s)
  | pop2 _ = raise StackUnderflow

fun step (tok, stack) =
  case tok of
      "+" => let val (a, b, s) = pop2 stack in push (a + b, s) end
    | "-" => let val (a, b, s) = pop2 stack in push (a - b, s) end
    | "*" => let val (a, b, s) = pop2 stack in push (a * b, s) end
    | "/" => let val (a, b, s) = pop2 stack in push (a div b, s) end
    | "dup" => (case stack of x :: s => x :: x :: s | [] => raise StackUnderflow)
    | "swap" => let val (a, b, s) = pop2 stack in a :: b :: s end
    | t => (case Int.fromString t of SOME n => push (n, stack) | NONE => raise BadToken t)

fun rpn s =
  (case foldl step [] (String.tokens Char.isSpace s) of
       [x] => "ok " ^ Int.toString x
     | st => "stack " ^ String.concatWith " " (map Int.toString st))
  handle StackUnderflow => "underflow"
       | BadToken t => "bad token " ^ t
       | Div => "division by zero"

val result = map rpn ["3 4 + 2 *", "5 1 2 + 4 * + 3 -", "1 +", "2 x *",
                      "7 0 /", "1 2 3", "4 dup * 2 swap -"]
