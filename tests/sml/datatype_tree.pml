(* A polymorphic recursive datatype: binary search trees, printed as values. *)
datatype 'a tree = L | N of 'a tree * 'a * 'a tree
fun insert (x, L) = N (L, x, L)
  | insert (x, t as N (l, y, r)) =
      if x < y then N (insert (x, l), y, r)
      else if x > y then N (l, y, insert (x, r))
      else t
fun inorder L = []
  | inorder (N (l, x, r)) = inorder l @ (x :: inorder r)
fun height L = 0
  | height (N (l, _, r)) = 1 + max (height l, height r)
val t = foldl insert L [5, 3, 8, 1, 4, 7, 9, 3]
val result = (t, inorder t, height t, SOME (N (L, 3, L)), N (L, "s", L))
