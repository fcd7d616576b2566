functor F (X : sig val x : int end) = struct val y = X.x end
