datatype 'a tree = Lf | Nd of 'a tree * 'a * 'a tree
fun tmap f Lf = Lf
  | tmap f (Nd (l, x, r)) = Nd (tmap f l, f x, tmap f r)
fun toList Lf = []
  | toList (Nd (l, x, r)) = toList l @ [x] @ toList r
val result = toList (tmap Int.toString (Nd (Lf, 1, Nd (Lf, 2, Lf))))
