datatype tree = Node of forest
withtype forest = tree list
val result = 1
