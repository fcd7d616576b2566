(* Symbolic identifiers with every character SML allows, as parser
 * combinator and pipeline libraries name their operators. *)
infix 1 >>= |>
infix 4 <$> <?>
infixr 3 \/ /\

fun x |> f = f x
fun NONE >>= _ = NONE
  | (SOME x) >>= f = f x
fun f <$> NONE = NONE
  | f <$> (SOME x) = SOME (f x)
fun a <?> b = if a > b then a else b
fun a \/ b = a orelse b
fun a /\ b = a andalso b

val $ = fn s => "<" ^ s ^ ">"
fun ## n = n * n
fun ? x = x + 1
fun ` x = x - 1
val !! = fn x => x ^ "!"

fun safeDiv (a, b) = if b = 0 then NONE else SOME (a div b)

val pipeline = 10 |> ? |> ## |> Int.toString
val chained = SOME 100 >>= (fn x => safeDiv (x, 5)) >>= (fn y => safeDiv (y, 0))
val mapped = (fn x => x * 3) <$> SOME 7
val picked = 3 <?> 9
val logic = (true \/ false) /\ (false \/ true)
val sel = #2 (1, "two")
val ch = #"#"
val result = (pipeline, chained, mapped, picked, logic, $ "tag", ` 5, !! "hi", sel, ch)
