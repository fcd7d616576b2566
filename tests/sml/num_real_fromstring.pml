(* Real.fromString: an optional sign, digits, a fraction, an exponent; NONE otherwise. *)
val result = map Real.fromString ["3.5", "  ~2.5e3x", "1E", ".5", "abc", "-1.5", "12", "1e400"]
