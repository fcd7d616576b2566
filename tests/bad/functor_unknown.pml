functor F (X : sig end) = struct val a = 1 end
structure S = G (struct end)
