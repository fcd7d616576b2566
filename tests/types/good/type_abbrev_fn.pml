type intop = int * int -> int
val add : intop = fn (a, b) => a + b
val result = add (2, 3)
