(* Paulson 4.10: preorder, inorder, postorder with accumulators; size, depth, reflect *)
datatype 'a tree = Lf | Br of 'a * 'a tree * 'a tree

fun size Lf = 0
  | size (Br (_, t1, t2)) = 1 + size t1 + size t2

fun depth Lf = 0
  | depth (Br (_, t1, t2)) = 1 + Int.max (depth t1, depth t2)

fun reflect Lf = Lf
  | reflect (Br (v, t1, t2)) = Br (v, reflect t2, reflect t1)

fun preord (Lf, vs) = vs
  | preord (Br (v, t1, t2), vs) = v :: preord (t1, preord (t2, vs))

fun inord (Lf, vs) = vs
  | inord (Br (v, t1, t2), vs) = inord (t1, v :: inord (t2, vs))

fun postord (Lf, vs) = vs
  | postord (Br (v, t1, t2), vs) = postord (t1, postord (t2, v :: vs))

fun compsame (x, 0) = Lf
  | compsame (x, n) = let val t = compsame (x, n - 1) in Br (x, t, t) end

val birnam = Br ("The", Br ("wood", Lf, Br ("of", Br ("Birnam", Lf, Lf), Lf)), Br ("trees", Lf, Lf))
val result = (size birnam, depth birnam, preord (birnam, []), inord (birnam, []),
              postord (birnam, []), inord (reflect birnam, []), size (compsame (1, 6)))
