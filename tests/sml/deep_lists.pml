(* Long lists (20000 elements) and a deep non-tail recursion building one
   (kept inside let: SML/NJ is slow to print long top-level values). *)
fun upto (i, n) = if i > n then [] else i :: upto (i + 1, n)
fun sumTail ([], acc) = acc
  | sumTail (x :: xs, acc) = sumTail (xs, acc + x mod 7)
val result =
  let val l = upto (1, 20000)
  in (List.length l, sumTail (l, 0), List.nth (l, 19999),
      List.length (List.filter (fn x => x mod 3 = 0) l), List.take (rev l, 3))
  end
