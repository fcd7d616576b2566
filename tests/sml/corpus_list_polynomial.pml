(* Polynomials as coefficient lists: add, multiply, evaluate (Horner), differentiate, show *)
fun padd ([], q) = q
  | padd (p, []) = p
  | padd (a :: p, b :: q) = a + b :: padd (p, q)
fun pscale (k, p) = map (fn a => k * a) p
fun pmul ([], _) = []
  | pmul (a :: p, q) = padd (pscale (a, q), 0 :: pmul (p, q))
fun peval (p, x) = foldr (fn (a, acc) => a + x * acc) 0 p
fun pderiv [] = []
  | pderiv (_ :: p) = let fun go (_, []) = [] | go (k, a :: r) = k * a :: go (k + 1, r) in go (1, p) end
fun show p =
  let fun term (a, 0) = Int.toString a
        | term (a, 1) = Int.toString a ^ "x"
        | term (a, k) = Int.toString a ^ "x^" ^ Int.toString k
      val ts = List.filter (fn (a, _) => a <> 0) (ListPair.zip (p, List.tabulate (List.length p, fn i => i)))
  in if null ts then "0" else String.concatWith " + " (map term (rev ts)) end

val p = [1, 2, 3]
val q = [~1, 0, 1]
val result = (show (padd (p, q)), show (pmul (p, q)), map (fn x => peval (p, x)) [0, 1, 2, ~1],
              show (pderiv (pmul (p, q))), show (pmul ([1, 1], pmul ([1, 1], [1, 1]))))
