(* the body lacks what the result signature specifies: found when applied *)
functor F (X : sig val x : int end) : sig val x : int val double : int end = struct val x = X.x end
structure S = F (struct val x = 4 end)
