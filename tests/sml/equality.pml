(* Structural equality on lists, tuples, strings, datatypes, options. *)
datatype color = Red | Green | Blue of int
val result = ([1, 2] = [1, 2], [1, 2] = [2, 1], (1, "a") = (1, "a"),
              (1, "a") <> (1, "b"), Red = Red, Red = Green, Blue 3 = Blue 3,
              Blue 3 = Blue 4, SOME [Red, Blue 1] = SOME [Red, Blue 1],
              [[1], []] = [[1], []], "" = "", true <> false, NONE = SOME 1)
