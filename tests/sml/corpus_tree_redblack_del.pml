(* Okasaki's red-black trees: insertion with balance, membership, and
   checks of the two invariants (no red-red edge, equal black heights) *)
datatype color = R | B
datatype tree = E | T of color * tree * int * tree

fun balance (B, T (R, T (R, a, x, b), y, c), z, d) = T (R, T (B, a, x, b), y, T (B, c, z, d))
  | balance (B, T (R, a, x, T (R, b, y, c)), z, d) = T (R, T (B, a, x, b), y, T (B, c, z, d))
  | balance (B, a, x, T (R, T (R, b, y, c), z, d)) = T (R, T (B, a, x, b), y, T (B, c, z, d))
  | balance (B, a, x, T (R, b, y, T (R, c, z, d))) = T (R, T (B, a, x, b), y, T (B, c, z, d))
  | balance (c, l, x, r) = T (c, l, x, r)

fun insert (x, t) =
    let fun ins E = T (R, E, x, E)
          | ins (s as T (c, l, y, r)) =
              if x < y then balance (c, ins l, y, r)
              else if x > y then balance (c, l, y, ins r)
              else s
    in case ins t of T (_, l, y, r) => T (B, l, y, r) | E => E end

fun member (x, E) = false
  | member (x, T (_, l, y, r)) = if x < y then member (x, l) else if x > y then member (x, r) else true

fun noRedRed E = true
  | noRedRed (T (R, T (R, _, _, _), _, _)) = false
  | noRedRed (T (R, _, _, T (R, _, _, _))) = false
  | noRedRed (T (_, l, _, r)) = noRedRed l andalso noRedRed r

exception Unbalanced
fun blackHeight E = 1
  | blackHeight (T (c, l, _, r)) =
      let val hl = blackHeight l val hr = blackHeight r
      in if hl <> hr then raise Unbalanced else hl + (if c = B then 1 else 0) end

fun toList E = []
  | toList (T (_, l, x, r)) = toList l @ x :: toList r

fun depth E = 0
  | depth (T (_, l, _, r)) = 1 + Int.max (depth l, depth r)

val t = foldl insert E (List.tabulate (40, fn i => (i * 17) mod 41))
val result = (toList t, noRedRed t, blackHeight t, depth t,
              member (17, t), member (40, t), member (99, t))
