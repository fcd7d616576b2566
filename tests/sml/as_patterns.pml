(* Layered patterns: name as pattern, at several depths. *)
fun dedup (l as x :: (rest as y :: _)) = if x = y then dedup rest else x :: dedup rest
  | dedup l = l
fun swapFirst (p as (a, b), q) = if a < b then (p, q) else ((b, a), q)
fun tag (whole as (n, s as _ :: _)) = (whole, n, List.length s)
  | tag (whole as (n, [])) = (whole, n, 0)
val result = (dedup [1, 1, 2, 3, 3, 3, 4, 1, 1], swapFirst ((2, 1), "q"),
              swapFirst ((1, 2), "r"), tag (7, ["a", "b"]), tag (8, []))
