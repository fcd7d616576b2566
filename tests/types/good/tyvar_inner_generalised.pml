(* 'a is scoped at the inner val, whose right-hand side is a fn: generalised there *)
val result = let val id = fn (y : 'a) => y in (id 3, id "x") end
