(* the body lacks what the result signature specifies: found at the
   declaration, applied or not *)
functor F (X : sig val x : int end) : sig val x : int val double : int end = struct val x = X.x end
