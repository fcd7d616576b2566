(* A set structure over ordered integers with a signature and a client that opens it *)
signature INTSET = sig
  type set
  val empty : set
  val insert : int * set -> set
  val member : int * set -> bool
  val toList : set -> int list
  val union : set * set -> set
end

structure IntSet :> INTSET = struct
  datatype set = S of int list
  val empty = S []
  fun ins (x, []) = [x]
    | ins (x, y :: ys) = if x < y then x :: y :: ys else if x = y then y :: ys else y :: ins (x, ys)
  fun insert (x, S l) = S (ins (x, l))
  fun member (x, S l) = List.exists (fn y => y = x) l
  fun toList (S l) = l
  fun union (S a, S b) = S (foldl ins a b)
end

structure Client = struct
  open IntSet
  fun fromList l = foldl insert empty l
  val evens = fromList [0, 2, 4, 6, 8]
  val small = fromList [1, 2, 3, 4]
end

val result = (IntSet.toList (IntSet.union (Client.evens, Client.small)),
              IntSet.member (3, Client.small), IntSet.member (3, Client.evens), IntSet.toList Client.evens)
