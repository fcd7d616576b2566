(* Base conversion: Int.fmt in every radix, digits by hand, and back with Int.scan. *)
fun toBase (b, 0) = "0"
  | toBase (b, n) =
      let fun go (0, acc) = acc
            | go (k, acc) = go (k div b, String.str (String.sub ("0123456789abcdefghijklmnopqrstuvwxyz", k mod b)) ^ acc)
      in go (n, "") end
val nums = [0, 5, 255, 1000, ~42]
val result = (map (Int.fmt StringCvt.BIN) nums, map (Int.fmt StringCvt.OCT) nums, map (Int.fmt StringCvt.HEX) nums,
              toBase (36, 123456), toBase (7, 100))
