(* Exceptions: Basis exceptions from arithmetic and lists, handled and re-raised *)
exception Negative of int

fun safeDiv (a, b) = SOME (a div b) handle Div => NONE
fun checkedSqrt n = if n < 0 then raise Negative n else
  let fun go k = if (k + 1) * (k + 1) > n then k else go (k + 1) in go 0 end

fun classify f x =
  (Int.toString (f x))
  handle Negative n => "negative " ^ Int.toString n
       | Div => "div"
       | Empty => "empty"
       | Subscript => "subscript"
       | Fail m => "fail " ^ m

fun nthOr (l, i, d) = List.nth (l, i) handle Subscript => d

val result = (map safeDiv [(10, 2), (1, 0), (~7, 2)],
              map (classify checkedSqrt) [16, 17, ~4],
              classify (fn l => hd l) [], classify (fn i => List.nth ([1, 2], i)) 5,
              classify (fn s => if s = 0 then raise Fail "zero" else 100 div s) 0,
              nthOr ([1, 2, 3], 1, 0), nthOr ([1, 2, 3], 9, 0),
              (raise Negative 3) handle Negative k => k * 10)
