datatype color = Red | Green
datatype shape = Circle | Square
val result = [Red, Circle]
