(* A structure of complex numbers over pairs of ints, opened locally *)
structure Complex = struct
  type t = int * int
  val zero = (0, 0)
  val i = (0, 1)
  fun add ((a, b), (c, d)) = (a + c, b + d)
  fun mul ((a, b), (c, d)) = (a * c - b * d, a * d + b * c)
  fun conj (a, b) = (a, ~b)
  fun norm2 (a, b) = a * a + b * b
  fun pow (z, 0) = (1, 0)
    | pow (z, n) = mul (z, pow (z, n - 1))
  fun toString (a, b) = Int.toString a ^ (if b < 0 then "-" else "+") ^ Int.toString (abs b) ^ "i"
end

val z = (3, 4)
val w = let open Complex in add (mul (z, i), conj z) end
val result = (Complex.toString w, Complex.norm2 z, Complex.toString (Complex.pow (Complex.i, 3)),
              map Complex.toString [Complex.pow ((1, 1), 4), Complex.mul (z, Complex.conj z)])
