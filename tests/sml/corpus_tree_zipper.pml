(* A list zipper and a binary-tree zipper: move, edit in place, rebuild *)
datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree
datatype 'a ctx = Top | L of 'a ctx * 'a * 'a tree | R of 'a tree * 'a * 'a ctx

fun left (Node (l, x, r), c) = (l, L (c, x, r))
  | left z = z
fun right (Node (l, x, r), c) = (r, R (l, x, c))
  | right z = z
fun up (t, L (c, x, r)) = (Node (t, x, r), c)
  | up (t, R (l, x, c)) = (Node (l, x, t), c)
  | up z = z
fun root (t, Top) = t
  | root z = root (up z)
fun modify f (Node (l, x, r), c) = (Node (l, f x, r), c)
  | modify f z = z

fun inorder Leaf = []
  | inorder (Node (l, x, r)) = inorder l @ x :: inorder r

val t = Node (Node (Leaf, 2, Node (Leaf, 3, Leaf)), 5, Node (Leaf, 8, Leaf))
val z1 = modify (fn x => x * 100) (right (left (t, Top)))
val t1 = root z1
val t2 = root (modify (fn x => x + 1) (right (t, Top)))

(* list zipper: (reversed prefix, suffix) *)
fun fromList l = ([], l)
fun fwd (p, x :: s) = (x :: p, s)
  | fwd z = z
fun back (x :: p, s) = (p, x :: s)
  | back z = z
fun insertHere y (p, s) = (p, y :: s)
fun toList (p, s) = rev p @ s

val lz = insertHere 99 (fwd (fwd (fromList [1, 2, 3, 4])))
val result = (inorder t1, inorder t2, toList lz, toList (back (back (back lz))), #2 (back lz))
