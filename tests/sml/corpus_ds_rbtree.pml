(* Okasaki's red-black trees: insertion with balance, membership, invariants *)
datatype color = R | B
datatype tree = E | T of color * tree * int * tree

fun balance (B, T (R, T (R, a, x, b), y, c), z, d) = T (R, T (B, a, x, b), y, T (B, c, z, d))
  | balance (B, T (R, a, x, T (R, b, y, c)), z, d) = T (R, T (B, a, x, b), y, T (B, c, z, d))
  | balance (B, a, x, T (R, T (R, b, y, c), z, d)) = T (R, T (B, a, x, b), y, T (B, c, z, d))
  | balance (B, a, x, T (R, b, y, T (R, c, z, d))) = T (R, T (B, a, x, b), y, T (B, c, z, d))
  | balance (c, a, x, b) = T (c, a, x, b)

fun insert (x, s) =
  let fun ins E = T (R, E, x, E)
        | ins (s as T (c, a, y, b)) =
            if x < y then balance (c, ins a, y, b)
            else if x > y then balance (c, a, y, ins b)
            else s
  in case ins s of T (_, a, y, b) => T (B, a, y, b) | E => E end

fun member (x, E) = false
  | member (x, T (_, a, y, b)) = if x < y then member (x, a) else if x > y then member (x, b) else true

fun blackHeight E = SOME 1
  | blackHeight (T (c, a, _, b)) =
      (case (blackHeight a, blackHeight b) of
           (SOME h1, SOME h2) => if h1 = h2 then SOME (h1 + (if c = B then 1 else 0)) else NONE
         | _ => NONE)
fun noRedRed E = true
  | noRedRed (T (R, T (R, _, _, _), _, _)) = false
  | noRedRed (T (R, _, _, T (R, _, _, _))) = false
  | noRedRed (T (_, a, _, b)) = noRedRed a andalso noRedRed b
fun toList E = []
  | toList (T (_, a, x, b)) = toList a @ x :: toList b
fun depth E = 0
  | depth (T (_, a, _, b)) = 1 + Int.max (depth a, depth b)

val t = foldl insert E (List.tabulate (100, fn i => (i * 37) mod 101))
val result = (List.length (toList t), List.take (toList t, 10), blackHeight t, noRedRed t, depth t,
              member (37, t), member (100, t))
