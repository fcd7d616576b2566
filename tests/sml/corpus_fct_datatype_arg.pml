(* A functor over a structure that contains a datatype: an evaluator for any
   language of values that provides numbers and an apply function; the body
   matches on the argument's constructors *)
signature VALUE = sig
  datatype value = Num of int | Pair of value * value | Err of string
  val add : value * value -> value
  val show : value -> string
end

structure IntValue : VALUE = struct
  datatype value = Num of int | Pair of value * value | Err of string
  fun add (Num a, Num b) = Num (a + b)
    | add (Pair (a, b), Pair (c, d)) = Pair (add (a, c), add (b, d))
    | add (Err e, _) = Err e
    | add (_, Err e) = Err e
    | add _ = Err "type"
  fun show (Num n) = Int.toString n
    | show (Pair (a, b)) = "<" ^ show a ^ "," ^ show b ^ ">"
    | show (Err e) = "error: " ^ e
end

functor Eval (V : VALUE) = struct
  datatype exp = Lit of int | Plus of exp * exp | MkPair of exp * exp | Fst of exp | Snd of exp
  fun eval (Lit n) = V.Num n
    | eval (Plus (a, b)) = V.add (eval a, eval b)
    | eval (MkPair (a, b)) = V.Pair (eval a, eval b)
    | eval (Fst e) = (case eval e of V.Pair (a, _) => a | V.Err s => V.Err s | _ => V.Err "fst")
    | eval (Snd e) = (case eval e of V.Pair (_, b) => b | V.Err s => V.Err s | _ => V.Err "snd")
  fun run e = V.show (eval e)
end

structure E = Eval (IntValue)
open E

val progs = [Plus (Lit 1, Lit 2),
             MkPair (Lit 3, Plus (Lit 4, Lit 5)),
             Plus (MkPair (Lit 1, Lit 2), MkPair (Lit 10, Lit 20)),
             Fst (Snd (MkPair (Lit 0, MkPair (Lit 7, Lit 8)))),
             Plus (Lit 1, MkPair (Lit 2, Lit 3)),
             Snd (Lit 4)]

val result = (List.map run progs, eval (MkPair (Lit 1, Fst (MkPair (Lit 2, Lit 3)))))
