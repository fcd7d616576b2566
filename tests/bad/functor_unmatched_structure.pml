functor F (structure K : sig val x : int end val y : int) = struct val z = K.x + y end
structure S = F (val y = 1)
