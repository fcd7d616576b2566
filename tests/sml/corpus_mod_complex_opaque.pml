(* A priority queue signature with a leftist-heap implementation sealed
   opaquely, used for a discrete-event simulation of a print queue *)
signature PQ = sig
  type 'a pq
  val empty : 'a pq
  val insert : int * 'a * 'a pq -> 'a pq
  val popMin : 'a pq -> ((int * 'a) * 'a pq) option
end

structure Heap :> PQ = struct
  datatype 'a pq = E | T of int * int * 'a * 'a pq * 'a pq
  val empty = E
  fun rank E = 0
    | rank (T (r, _, _, _, _)) = r
  fun mk (k, v, a, b) = if rank a >= rank b then T (rank b + 1, k, v, a, b) else T (rank a + 1, k, v, b, a)
  fun merge (h, E) = h
    | merge (E, h) = h
    | merge (h1 as T (_, k1, v1, a1, b1), h2 as T (_, k2, v2, a2, b2)) =
        if k1 <= k2 then mk (k1, v1, a1, merge (b1, h2)) else mk (k2, v2, a2, merge (h1, b2))
  fun insert (k, v, h) = merge (T (1, k, v, E, E), h)
  fun popMin E = NONE
    | popMin (T (_, k, v, a, b)) = SOME ((k, v), merge (a, b))
end

(* jobs: (arrival time, name, pages); one printer, one page per tick *)
val jobs = [(0, "report", 5), (1, "memo", 1), (2, "thesis", 9), (3, "flyer", 2), (10, "note", 1)]

fun simulate () =
    let val events = foldl (fn ((t, n, p), q) => Heap.insert (t, (n, p), q)) Heap.empty jobs
        fun run (q, clock, log) =
            case Heap.popMin q of
                NONE => rev log
              | SOME ((t, (name, pages)), q') =>
                  let val start = Int.max (clock, t)
                      val finish = start + pages
                  in run (q', finish, (name, start, finish, start - t) :: log) end
    in run (events, 0, []) end

val log = simulate ()
val result = (log, foldl (fn ((_, _, _, w), s) => s + w) 0 log)
