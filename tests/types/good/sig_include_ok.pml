signature BASE = sig type t val show : t -> string end
signature EXT = sig include BASE val make : int -> t end
structure E :> EXT = struct
  type t = int
  fun show n = "#" ^ Int.toString n
  fun make n = n
end
val result = E.show (E.make 7)
