(* Int.fmt of the smallest int does not overflow; Overflow from arithmetic. *)
val m = valOf Int.minInt
val result = (Int.fmt StringCvt.DEC m = Int.toString m, String.size (Int.fmt StringCvt.BIN m) > 30,
              (m - 1; false) handle Overflow => true, (abs m; false) handle Overflow => true,
              (~ m; false) handle Overflow => true)
