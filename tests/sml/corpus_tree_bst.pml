(* Binary search trees: insert, member, inorder, height, delete *)
datatype tree = Lf | Br of tree * int * tree

fun insert (x, Lf) = Br (Lf, x, Lf)
  | insert (x, t as Br (l, y, r)) =
      if x < y then Br (insert (x, l), y, r)
      else if x > y then Br (l, y, insert (x, r))
      else t

fun member (x, Lf) = false
  | member (x, Br (l, y, r)) = x = y orelse (if x < y then member (x, l) else member (x, r))

fun inorder Lf = []
  | inorder (Br (l, x, r)) = inorder l @ [x] @ inorder r

fun height Lf = 0
  | height (Br (l, _, r)) = 1 + Int.max (height l, height r)

fun minElt (Br (Lf, x, _)) = x
  | minElt (Br (l, _, _)) = minElt l
  | minElt Lf = raise Empty

fun delete (x, Lf) = Lf
  | delete (x, Br (l, y, r)) =
      if x < y then Br (delete (x, l), y, r)
      else if x > y then Br (l, y, delete (x, r))
      else case (l, r) of
               (Lf, _) => r
             | (_, Lf) => l
             | _ => let val m = minElt r in Br (l, m, delete (m, r)) end

val t = foldl insert Lf [50, 30, 70, 20, 40, 60, 80, 35, 45, 65]
val t2 = delete (30, delete (70, t))
val result = (inorder t, height t, member (45, t), member (46, t), inorder t2, height t2)
