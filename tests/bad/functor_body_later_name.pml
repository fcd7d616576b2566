(* a functor's body sees what was declared before the functor, not what
   is declared before its application *)
functor F (X : sig end) = struct val a = later + 1 end
val later = 1
structure S = F (struct end)
