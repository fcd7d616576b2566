structure S = struct
  functor F (X : sig end) = struct val a = 1 end
end
