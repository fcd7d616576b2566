(* Signatures built by include: a collection signature extended to an
   ordered one, two structures ascribed to them, and client code written
   against each *)
signature COLLECTION = sig
  type coll
  val empty : coll
  val add : int * coll -> coll
  val toList : coll -> int list
end

signature SORTED = sig
  include COLLECTION
  val min : coll -> int option
end

structure Bag : COLLECTION = struct
  type coll = int list
  val empty = []
  fun add (x, c) = x :: c
  fun toList c = rev c
end

structure SortedList : SORTED = struct
  type coll = int list
  val empty = []
  fun add (x, []) = [x]
    | add (x, y :: ys) = if x <= y then x :: y :: ys else y :: add (x, ys)
  fun toList c = c
  fun min [] = NONE
    | min (x :: _) = SOME x
end

val items = [7, 2, 9, 4]
val b = foldl Bag.add Bag.empty items
val s = foldl SortedList.add SortedList.empty items
val result = (Bag.toList b, SortedList.toList s, SortedList.min s, SortedList.min SortedList.empty)
