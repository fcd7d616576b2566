(* Comparisons of words are unsigned; Word.compare gives an order. *)
val result = (0w3 < 0w5, 0w5 <= 0w5, 0wxFF > 0w254, 0w1 >= 0w2,
              Word.compare (0w1, 0w2), Word.compare (0w9, 0w9), Word.compare (0w10, 0w2),
              0w5 = 0w5, 0w5 <> 0w6)
