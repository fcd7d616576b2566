datatype tree = Leaf | Node of tree * int * tree
fun sum Leaf = 0
  | sum (Node (l, x, r)) = sum l + x + sum r
val result = sum (Node (Leaf, 1))
