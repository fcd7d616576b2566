(* How nested constructor values print: parentheses, negative numbers,
   strings, reals, lists and tuples as constructor arguments. *)
datatype t = A | B of int | C of t * t | D of string | E of real | F of int list
           | G of t list | H of t option
val result = [A, B ~3, B 4, C (A, B 1), C (C (A, A), B ~2), D "d\n", E ~1.5, F [1, ~2],
              F [], G [A, B 5], H (SOME (B 1)), H NONE, C (H (SOME A), G [])]
