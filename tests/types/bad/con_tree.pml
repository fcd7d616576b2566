datatype tree = Leaf | Node of tree * int * tree
val result = Node (Leaf, "x", Leaf)
