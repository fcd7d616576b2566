datatype tree = Node of forest
withtype forest = tree list
val result = Node [1]
