(* The handler writes after the pair has raised at its join.
   race: none *)
exception E
val r = ref 0
val result = ((#1 {!r, raise E}) handle E => (r := 1; 0)) + !r
