(* Fast exponentiation: integers modulo m, 2x2 matrices for Fibonacci, and modular inverses *)
fun powmod (b, 0, m) = 1 mod m
  | powmod (b, e, m) =
      let val h = powmod (b, e div 2, m) val h2 = h * h mod m
      in if e mod 2 = 0 then h2 else h2 * b mod m end
fun mmul ((a, b, c, d), (e, f, g, h), m) = ((a * e + b * g) mod m, (a * f + b * h) mod m, (c * e + d * g) mod m, (c * f + d * h) mod m)
fun mpow (x, 0, m) = (1, 0, 0, 1)
  | mpow (x, n, m) = let val h = mpow (x, n div 2, m) val h2 = mmul (h, h, m) in if n mod 2 = 0 then h2 else mmul (h2, x, m) end
fun fibmod (n, m) = #2 (mpow ((1, 1, 1, 0), n, m))
fun egcd (a, 0) = (a, 1, 0)
  | egcd (a, b) = let val (g, x, y) = egcd (b, a mod b) in (g, y, x - a div b * y) end
fun inverse (a, m) = let val (g, x, _) = egcd (a, m) in if g <> 1 then NONE else SOME (x mod m) end

val result = (powmod (2, 30, 1009), powmod (3, 200, 13), map (fn n => fibmod (n, 1000)) [10, 50, 100, 1000],
              inverse (3, 11), inverse (6, 9), inverse (17, 3120), egcd (240, 46))
