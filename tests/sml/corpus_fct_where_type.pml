(* A result signature refined with where type: the opaque result keeps its
   representation hidden but its element type known, so clients can build
   sets of ints and read them back *)
signature SET = sig
  type elem
  type set
  val empty : set
  val insert : elem -> set -> set
  val fromList : elem list -> set
  val toList : set -> elem list
  val size : set -> int
end

signature EQ = sig type t val eq : t * t -> bool end

functor UnorderedSet (E : EQ) :> SET where type elem = E.t = struct
  type elem = E.t
  datatype set = Set of elem list
  val empty = Set []
  fun insert x (s as Set l) = if List.exists (fn y => E.eq (x, y)) l then s else Set (x :: l)
  fun fromList l = List.foldl (fn (x, s) => insert x s) empty l
  fun toList (Set l) = rev l
  fun size (Set l) = List.length l
end

structure IntEq = struct type t = int val eq = op= end
structure ModEq = struct type t = int fun eq (a, b) = a mod 5 = b mod 5 end

structure S = UnorderedSet (IntEq)
structure M = UnorderedSet (ModEq)

val xs = [3, 8, 3, 13, 4, 9, 8, 1]
val s = S.fromList xs
val m = M.fromList xs

val result = (S.toList s, M.toList m, S.size (S.insert 100 s), M.size (M.insert 18 m),
              List.map (fn x => x * 2) (S.toList (S.insert 7 S.empty)))
