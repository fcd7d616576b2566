(* Okasaki's leftist heap as a functor over an ORDERED structure; heap sort
   of ints (min-first and, through a reversed order, max-first) and strings *)
signature ORDERED = sig
  type t
  val eq : t * t -> bool
  val lt : t * t -> bool
  val leq : t * t -> bool
end

signature HEAP = sig
  structure Elem : ORDERED
  type heap
  exception EMPTY
  val empty : heap
  val isEmpty : heap -> bool
  val insert : Elem.t * heap -> heap
  val merge : heap * heap -> heap
  val findMin : heap -> Elem.t
  val deleteMin : heap -> heap
end

functor LeftistHeap (Element : ORDERED) : HEAP = struct
  structure Elem = Element
  datatype heap = E | T of int * Elem.t * heap * heap
  exception EMPTY
  fun rank E = 0
    | rank (T (r, _, _, _)) = r
  fun makeT (x, a, b) = if rank a >= rank b then T (rank b + 1, x, a, b) else T (rank a + 1, x, b, a)
  val empty = E
  fun isEmpty E = true
    | isEmpty _ = false
  fun merge (h, E) = h
    | merge (E, h) = h
    | merge (h1 as T (_, x, a1, b1), h2 as T (_, y, a2, b2)) =
        if Elem.leq (x, y) then makeT (x, a1, merge (b1, h2)) else makeT (y, a2, merge (h1, b2))
  fun insert (x, h) = merge (T (1, x, E, E), h)
  fun findMin E = raise EMPTY
    | findMin (T (_, x, _, _)) = x
  fun deleteMin E = raise EMPTY
    | deleteMin (T (_, _, a, b)) = merge (a, b)
end

functor HeapSort (H : HEAP) = struct
  fun sort l =
    let fun drain h = if H.isEmpty h then [] else H.findMin h :: drain (H.deleteMin h)
    in drain (List.foldl H.insert H.empty l) end
end

structure IntElem = struct type t = int fun eq (a : int, b) = a = b fun lt (a : int, b) = a < b fun leq (a : int, b) = a <= b end
structure MaxElem = struct type t = int fun eq (a : int, b) = a = b fun lt (a : int, b) = a > b fun leq (a : int, b) = a >= b end
structure StrElem = struct type t = string val eq = op= fun lt (a : string, b) = a < b fun leq (a : string, b) = a <= b end

structure H = LeftistHeap (IntElem)
structure SortMin = HeapSort (H)
structure SortMax = HeapSort (LeftistHeap (MaxElem))
structure SortStr = HeapSort (LeftistHeap (StrElem))

val data = [5, 3, 9, 1, 7, 3, 8, 2]
val empty = (H.findMin H.empty; "no exception") handle H.EMPTY => "EMPTY raised"

val result = (SortMin.sort data, SortMax.sort data, SortStr.sort ["delta", "alpha", "charlie", "bravo"],
              H.findMin (H.merge (H.insert (4, H.empty), H.insert (2, H.empty))), empty)
