(* A discrete event simulation: customers arriving at one teller, average wait *)
fun lcg s = (s * 1103 + 12345) mod 65536
fun arrivals (0, _, _) = []
  | arrivals (k, t, s) =
      let val s1 = lcg s val s2 = lcg s1
          val gap = s1 mod 5 + 1 val service = s2 mod 4 + 1
      in (t + gap, service) :: arrivals (k - 1, t + gap, s2) end

fun simulate customers =
  let fun go ([], _, waits) = rev waits
        | go ((arrive, service) :: rest, free, waits) =
            let val start = Int.max (arrive, free)
            in go (rest, start + service, (start - arrive) :: waits) end
  in go (customers, 0, []) end

val cs = arrivals (20, 0, 42)
val waits = simulate cs
val total = foldl op+ 0 waits
val result = (List.take (cs, 5), waits, total, total div List.length waits,
              List.length (List.filter (fn w => w = 0) waits))
