(* The same body under a transparent and an opaque result signature: with
   ':' the representation shows through (clients may use lists directly),
   with ':>' only the signature's operations are visible *)
signature BAG = sig
  type 'a bag
  val empty : 'a bag
  val add : 'a * 'a bag -> 'a bag
  val count : ''a bag * ''a -> int
  val size : 'a bag -> int
end

functor ListBag () = struct
  type 'a bag = 'a list
  val empty = []
  fun add (x, b) = x :: b
  fun count (b, x) = List.length (List.filter (fn y => y = x) b)
  val size = List.length
  fun debug b = "bag of " ^ Int.toString (List.length b)
end

structure Clear : BAG = ListBag ()
structure Sealed :> BAG = ListBag ()

val c = Clear.add (1, Clear.add (2, Clear.add (1, Clear.empty)))
val s = Sealed.add (1, Sealed.add (2, Sealed.add (1, Sealed.empty)))

(* transparent: the bag is a list, so list functions apply *)
val asList = List.rev c @ [9]

val result = (Clear.count (c, 1), Sealed.count (s, 1), Clear.size c, Sealed.size s, asList,
              Sealed.count (Sealed.add ("x", Sealed.empty), "x"))
