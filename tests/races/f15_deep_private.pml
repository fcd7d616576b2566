(* Nested pairs, each leaf with a cell of its own.
   race: none *)
fun leaf k = let val c = ref k in c := !c * 2; !c end
val result = {{leaf 1, {leaf 2, leaf 3}}, {{leaf 4, leaf 5}, leaf 6}}
