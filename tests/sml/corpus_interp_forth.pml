(* A Forth-like stack language: words separated by spaces, user definitions
   with : name ... ; , stack underflow reported by an exception *)
exception Underflow of string
exception UnknownWord of string

fun pop2 (name, a :: b :: rest) = (b, a, rest)
  | pop2 (name, _) = raise Underflow name

fun step (dict, stack, w) =
    case w of
        "+" => let val (a, b, r) = pop2 ("+", stack) in (a + b) :: r end
      | "-" => let val (a, b, r) = pop2 ("-", stack) in (a - b) :: r end
      | "*" => let val (a, b, r) = pop2 ("*", stack) in (a * b) :: r end
      | "dup" => (case stack of x :: r => x :: x :: r | [] => raise Underflow "dup")
      | "drop" => (case stack of _ :: r => r | [] => raise Underflow "drop")
      | "swap" => let val (a, b, r) = pop2 ("swap", stack) in a :: b :: r end
      | "over" => let val (a, b, r) = pop2 ("over", stack) in a :: b :: a :: r end
      | _ => (case Int.fromString w of
                  SOME n => n :: stack
                | NONE =>
                    (case List.find (fn (n, _) => n = w) dict of
                         SOME (_, body) => foldl (fn (x, s) => step (dict, s, x)) stack body
                       | NONE => raise UnknownWord w))

fun run src =
    let fun go (dict, stack, []) = stack
          | go (dict, stack, ":" :: name :: rest) =
              let fun body (acc, ";" :: r) = (rev acc, r)
                    | body (acc, x :: r) = body (x :: acc, r)
                    | body (acc, []) = (rev acc, [])
                  val (b, r) = body ([], rest)
              in go ((name, b) :: dict, stack, r) end
          | go (dict, stack, w :: rest) = go (dict, step (dict, stack, w), rest)
    in SOME (rev (go ([], [], String.tokens (fn c => c = #" ") src))) end
    handle Underflow w => (print ("underflow at " ^ w ^ "\n"); NONE)
         | UnknownWord w => (print ("unknown word " ^ w ^ "\n"); NONE)

val result = map run [
  "2 3 + 4 *",
  ": sq dup * ; 7 sq 2 sq +",
  ": cube dup sq * ; : sq dup * ; 3 cube",
  "1 2 swap over",
  "5 +",
  "1 2 frob"
]
