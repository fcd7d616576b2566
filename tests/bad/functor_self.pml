(* a functor is not in scope in its own body *)
functor F (X : sig end) = struct structure Y = F (X) end
structure S = F (struct end)
