datatype tree = Node of int * forest
withtype forest = tree list
fun size (Node (_, ts)) = 1 + foldl (fn (t, a) => a + size t) 0 ts
val result = size (Node (1, [Node (2, []), Node (3, [Node (4, [])])]))
