(* Extended Euclid, modular inverse, Chinese remaindering and fast
   modular exponentiation *)
fun egcd (a, 0) = (a, 1, 0)
  | egcd (a, b) = let val (g, x, y) = egcd (b, a mod b) in (g, y, x - (a div b) * y) end

exception NoInverse

fun inverse (a, m) =
    let val (g, x, _) = egcd (a, m) in if g <> 1 then raise NoInverse else x mod m end

fun crt [] = (0, 1)
  | crt ((r, m) :: rest) =
      let val (r2, m2) = crt rest
          val k = ((r2 - r) * inverse (m mod m2, m2)) mod m2
      in (r + m * k, m * m2) end

fun powmod (b, 0, m) = 1 mod m
  | powmod (b, e, m) =
      let val h = powmod (b, e div 2, m)
          val h2 = h * h mod m
      in if e mod 2 = 0 then h2 else h2 * (b mod m) mod m end

val result = (egcd (240, 46), inverse (3, 11), inverse (10, 17),
              (inverse (4, 8); true) handle NoInverse => false,
              crt [(2, 3), (3, 5), (2, 7)], powmod (2, 30, 1000), powmod (7, 222, 13))
