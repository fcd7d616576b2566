(* IntInf.toInt raises Overflow when the number does not fit in an int. *)
fun try i = SOME (IntInf.toInt i) handle Overflow => NONE
val result = (try (IntInf.fromInt 12345), try (IntInf.pow (2, 70)), try (~ (IntInf.pow (2, 70))),
              Int.toLarge 42, Int.fromLarge (IntInf.fromInt ~17))
