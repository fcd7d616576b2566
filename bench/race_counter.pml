(* The race detector's dense benchmark (bench/run.sh): 64 parallel loops,
   each bumping one shared counter and moving values around one shared
   array, about 4 accesses every 31 nodes; it races (4 pairs of positions).
   About 10^7 nodes at n = 300000. *)
val n = param ("n", 300000)
val a = Array.array (64, 0)
val count = ref 0
fun bump k =
  if k = 0 then ()
  else (count := !count + 1;
        Array.update (a, k mod 64, Array.sub (a, (k + 1) mod 64) + 1);
        bump (k - 1))
fun par (k, d) = if d = 0 then bump k else (fn _ => ()) {par (k, d - 1), par (k, d - 1)}
val result = (par (n div 64, 6); !count)
