(* A memoising functor: the table lives in the structure the application
   makes, keyed by any type with an equality and a hash *)
signature HASH_KEY = sig
  type t
  val hash : t -> int
  val same : t * t -> bool
end

functor MemoFn (K : HASH_KEY) = struct
  val buckets = 31
  val table = Array.array (buckets, [] : (K.t * int) list)
  val hits = ref 0
  fun lookup k =
    let val b = K.hash k mod buckets
    in case List.find (fn (k', _) => K.same (k, k')) (Array.sub (table, b)) of
           SOME (_, v) => (hits := !hits + 1; SOME v)
         | NONE => NONE
    end
  fun store (k, v) = let val b = K.hash k mod buckets in Array.update (table, b, (k, v) :: Array.sub (table, b)) end
  fun memo f k = case lookup k of SOME v => v | NONE => let val v = f k in store (k, v); v end
end

structure IntKey = struct type t = int fun hash n = abs n fun same (a : int, b) = a = b end
structure PairKey = struct type t = int * int fun hash (a, b) = abs (a * 7 + b) fun same (p : t, q) = p = q end

structure FibMemo = MemoFn (IntKey)
fun fib n = if n < 2 then n else FibMemo.memo fib (n - 1) + FibMemo.memo fib (n - 2)

(* lattice paths through a grid, memoised on the pair (row, column) *)
structure PathMemo = MemoFn (PairKey)
fun paths (0, _) = 1
  | paths (_, 0) = 1
  | paths (r, c) = PathMemo.memo paths (r - 1, c) + PathMemo.memo paths (r, c - 1)

val f40 = fib 40
val p = paths (10, 10)

val result = (f40, p, !FibMemo.hits, !PathMemo.hits > 0, fib 10)
