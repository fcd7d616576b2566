(* AVL trees: insertion with rotations keeps the height logarithmic *)
datatype tree = E | N of tree * int * tree * int

fun h E = 0
  | h (N (_, _, _, k)) = k
fun mk (l, x, r) = N (l, x, r, 1 + Int.max (h l, h r))
fun rotR (N (N (a, x, b, _), y, c, _)) = mk (a, x, mk (b, y, c))
  | rotR t = t
fun rotL (N (a, x, N (b, y, c, _), _)) = mk (mk (a, x, b), y, c)
  | rotL t = t
fun bal (l, x, r) =
  if h l > h r + 1 then
    (case l of N (ll, _, lr, _) => if h ll >= h lr then rotR (mk (l, x, r)) else rotR (mk (rotL l, x, r)) | E => mk (l, x, r))
  else if h r > h l + 1 then
    (case r of N (rl, _, rr, _) => if h rr >= h rl then rotL (mk (l, x, r)) else rotL (mk (l, x, rotR r)) | E => mk (l, x, r))
  else mk (l, x, r)
fun insert (x, E) = mk (E, x, E)
  | insert (x, t as N (l, y, r, _)) =
      if x < y then bal (insert (x, l), y, r) else if x > y then bal (l, y, insert (x, r)) else t
fun inorder E = []
  | inorder (N (l, x, r, _)) = inorder l @ x :: inorder r
fun balanced E = true
  | balanced (N (l, _, r, _)) = abs (h l - h r) <= 1 andalso balanced l andalso balanced r

val t = foldl insert E (List.tabulate (127, fn i => i))
val u = foldl insert E [50, 20, 80, 10, 30, 25, 27, 26]
val result = (h t, balanced t, List.take (inorder t, 5), inorder u, h u, balanced u)
