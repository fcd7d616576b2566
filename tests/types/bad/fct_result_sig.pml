signature S = sig val get : unit -> int end
functor Make (val v : string) : S = struct
  fun get () = v
end
