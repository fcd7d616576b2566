(* 31 calls deep: the 6 newest, the 4 oldest, and the 21 between elided *)
fun down 0 = 1 div 0
  | down n = 1 + down (n - 1)
val r = down 30
