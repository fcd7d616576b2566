(* One functor adding operations to any queue implementation, applied to a
   list queue and to a banker's (two-list) queue: both give the same answers *)
signature QUEUE = sig
  type 'a queue
  val empty : 'a queue
  val isEmpty : 'a queue -> bool
  val snoc : 'a queue * 'a -> 'a queue
  val head : 'a queue -> 'a
  val tail : 'a queue -> 'a queue
end

structure ListQueue : QUEUE = struct
  type 'a queue = 'a list
  val empty = []
  val isEmpty = null
  fun snoc (q, x) = q @ [x]
  val head = hd
  val tail = tl
end

structure BankersQueue : QUEUE = struct
  type 'a queue = 'a list * 'a list
  val empty = ([], [])
  fun isEmpty ([], _) = true
    | isEmpty _ = false
  fun check ([], r) = (rev r, [])
    | check q = q
  fun snoc ((f, r), x) = check (f, x :: r)
  fun head (x :: _, _) = x
    | head ([], _) = raise Empty
  fun tail (_ :: f, r) = check (f, r)
    | tail ([], _) = raise Empty
end

functor QueueOps (Q : QUEUE) = struct
  fun fromList l = List.foldl (fn (x, q) => Q.snoc (q, x)) Q.empty l
  fun toList q = if Q.isEmpty q then [] else Q.head q :: toList (Q.tail q)
  fun size q = List.length (toList q)
  (* the Josephus problem: every k-th person leaves the circle *)
  fun josephus (n, k) =
    let
      fun rotate (q, 0) = q
        | rotate (q, i) = rotate (Q.snoc (Q.tail q, Q.head q), i - 1)
      fun go (q, out) =
        if Q.isEmpty q then rev out
        else let val q' = rotate (q, k - 1) in go (Q.tail q', Q.head q' :: out) end
    in go (fromList (List.tabulate (n, fn i => i + 1)), []) end
  (* breadth-first numbering of a level order *)
  fun interleave (a, b) =
    let fun go (qa, qb, acc) =
          if Q.isEmpty qa andalso Q.isEmpty qb then rev acc
          else if Q.isEmpty qa then go (qb, qa, acc)
          else go (qb, Q.tail qa, Q.head qa :: acc)
    in go (fromList a, fromList b, []) end
end

structure L = QueueOps (ListQueue)
structure B = QueueOps (BankersQueue)

val result = (L.josephus (7, 3), B.josephus (7, 3), L.josephus (10, 2) = B.josephus (10, 2),
              B.interleave ([1, 3, 5, 7, 9], [2, 4]), L.size (L.fromList [1, 2, 3]),
              B.toList (BankersQueue.tail (B.fromList ["a", "b", "c"])))
