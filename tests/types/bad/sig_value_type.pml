structure B : sig val f : int -> int end = struct
  fun f x = x ^ "a"
end
