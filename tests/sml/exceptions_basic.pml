exception E
exception F of int
exception G of int * string
exception H = F
fun safe_div (a, b) = a div b handle Div => 0
val a = safe_div (7, 0)
val b = (raise F 3) handle F n => n + 1
val c = (raise G (1, "x")) handle G (n, s) => s ^ Int.toString n
val d = (raise H 5) handle F n => n
val e = [E, F 1, Fail "x", Div]
val f = (raise E) handle F _ => 1 | E => 2
val h = (sub (fromList [1,2], 5)) handle Subscript => 99
val i = (case 3 of 4 => 1) handle Match => 42
fun unsome v = let val SOME x = v in x end
val j = unsome NONE handle Bind => 43
val k = (1 + valOf (SOME 2)) handle Option => 0
val l = (0 - 1) * 2 handle Overflow => 1
exception Found of string
fun find p [] = raise Fail "none" | find p (x :: xs) = if p x then raise Found x else find p xs
val m = find (fn s => size s > 2) ["a", "bb", "ccc", "dd"] handle Found s => s
val n = (((raise E) handle F x => x) handle E => 44)
val result = (a, b, c, d, e, f, h, i, j, k, l, m, n)
