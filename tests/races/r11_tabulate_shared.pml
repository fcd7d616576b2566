(* tabulate builds its halves in parallel: every f i writes one ref.
   race: r := i | r := i *)
val r = ref 0
val result = tabulate (fn i => (r := i; i), 4)
