(* S-expressions: a reader, a printer, and an evaluator for a tiny Lisp *)
datatype sexp = Atom of string | Num of int | List of sexp list
exception Read of string

fun tokens s =
  String.tokens Char.isSpace (String.translate (fn #"(" => " ( " | #")" => " ) " | c => str c) s)

fun read (("(") :: ts) =
      let fun items (")" :: rest, acc) = (List (rev acc), rest)
            | items ([], _) = raise Read "missing )"
            | items (ts, acc) = let val (e, rest) = read ts in items (rest, e :: acc) end
      in items (ts, []) end
  | read (")" :: _) = raise Read "unexpected )"
  | read (t :: ts) = ((case Int.fromString t of SOME n => Num n | NONE => Atom t), ts)
  | read [] = raise Read "empty"

fun show (Atom a) = a
  | show (Num n) = Int.toString n
  | show (List es) = "(" ^ String.concatWith " " (map show es) ^ ")"

fun eval env (Num n) = Num n
  | eval env (Atom a) = (case List.find (fn (k, _) => k = a) env of SOME (_, v) => v | NONE => Atom a)
  | eval env (List [Atom "quote", e]) = e
  | eval env (List [Atom "if", c, t, e]) = (case eval env c of Num 0 => eval env e | _ => eval env t)
  | eval env (List [Atom "let", List [Atom x, e], body]) = eval ((x, eval env e) :: env) body
  | eval env (List (Atom f :: args)) =
      let val vs = map (eval env) args
          fun nums () = map (fn Num n => n | e => raise Read ("not a number: " ^ show e)) vs
      in case f of
             "+" => Num (foldl op+ 0 (nums ()))
           | "*" => Num (foldl op* 1 (nums ()))
           | "-" => (case nums () of [a] => Num (~a) | a :: bs => Num (foldl (fn (b, x) => x - b) a bs) | [] => Num 0)
           | "<" => (case nums () of [a, b] => Num (if a < b then 1 else 0) | _ => raise Read "<")
           | "list" => List vs
           | "car" => (case vs of [List (x :: _)] => x | _ => raise Read "car")
           | "cdr" => (case vs of [List (_ :: xs)] => List xs | _ => raise Read "cdr")
           | _ => raise Read ("unknown " ^ f)
      end
  | eval env (List _) = raise Read "bad form"

fun rep s = (case read (tokens s) of (e, []) => show (eval [] e) | _ => "trailing") handle Read m => "error: " ^ m
val result = map rep ["(+ 1 2 (* 3 4))", "(let (x 5) (if (< x 10) (- x) x))", "(car (cdr (list 1 2 3)))",
                      "(quote (a b c))", "(+ 1 (quote a))", "(+ 1", "(foo 1)"]
