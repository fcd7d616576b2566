signature ID = sig val id : 'a -> 'a end
structure I : ID = struct
  fun id (x : int) = x
end
