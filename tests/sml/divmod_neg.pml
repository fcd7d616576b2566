(* div and mod round towards minus infinity (SML), for every sign combination. *)
val pairs = [(7, 2), (~7, 2), (7, ~2), (~7, ~2), (6, 3), (~6, 3), (0, ~5), (1, 1000)]
val result = map (fn (a, b) => (a div b, a mod b)) pairs
