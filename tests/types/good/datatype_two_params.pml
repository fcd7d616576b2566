datatype ('a, 'b) either = L of 'a | R of 'b
fun side (L _) = "left"
  | side (R _) = "right"
val result = (side (L 1), side (R "x"), [L 1, R "y"] = [L 1, R "y"])
