(* Arbitrary-precision naturals as little-endian digit lists: add, multiply, factorial, powers *)
fun addD ([], [], 0) = []
  | addD ([], [], c) = [c]
  | addD (x :: xs, [], c) = addD (x :: xs, [0], c)
  | addD ([], y :: ys, c) = addD ([0], y :: ys, c)
  | addD (x :: xs, y :: ys, c) = let val s = x + y + c in s mod 10 :: addD (xs, ys, s div 10) end

fun mulSmall ([], 0, _) = []
  | mulSmall ([], c, _) = [c mod 10] @ (if c >= 10 then mulSmall ([], c div 10, 0) else [])
  | mulSmall (x :: xs, c, k) = let val p = x * k + c in p mod 10 :: mulSmall (xs, p div 10, k) end

fun mul (a, []) = []
  | mul (a, d :: ds) = addD (mulSmall (a, 0, d), 0 :: mul (a, ds), 0)

fun trim l = let fun drop (0 :: r) = drop r | drop r = r
                 val t = drop (rev l) in if null t then [0] else rev t end
fun fromInt 0 = [0]
  | fromInt n = let fun go 0 = [] | go k = k mod 10 :: go (k div 10) in go n end
fun toString l = String.concat (map Int.toString (rev (trim l)))

fun fact n = foldl (fn (k, acc) => trim (mulSmall (acc, 0, k))) [1] (List.tabulate (n, fn i => i + 1))
fun pow (b, 0) = [1]
  | pow (b, e) = trim (mul (b, pow (b, e - 1)))

val result = (toString (fact 25), toString (pow (fromInt 2, 100)), toString (mul (fromInt 123456789, fromInt 987654321)),
              toString (addD (fromInt 99999, fromInt 1, 0)), String.size (toString (fact 50)))
