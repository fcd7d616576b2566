(* One write reached through two different chains of calls.
   race: r := v | r := v *)
val r = ref 0
fun set v = r := v
fun viaA v = set v
fun viaB v = set (v + 1)
val result = {viaA 1, viaB 2}
