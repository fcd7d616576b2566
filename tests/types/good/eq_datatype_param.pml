datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree
val t = Node (Leaf, 1, Leaf)
val result = t = Node (Leaf, 1, Leaf)
