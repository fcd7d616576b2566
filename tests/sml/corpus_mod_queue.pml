(* Queue implementations behind one signature; a structure with open and local helpers *)
signature QUEUE = sig
  type 'a t
  val empty : 'a t
  val enqueue : 'a t * 'a -> 'a t
  val dequeue : 'a t -> ('a * 'a t) option
end

structure ListQueue : QUEUE = struct
  type 'a t = 'a list
  val empty = []
  fun enqueue (q, x) = q @ [x]
  fun dequeue [] = NONE
    | dequeue (x :: q) = SOME (x, q)
end

structure TwoListQueue : QUEUE = struct
  type 'a t = 'a list * 'a list
  val empty = ([], [])
  local
    fun norm ([], b) = (rev b, [])
      | norm q = q
  in
    fun enqueue ((f, b), x) = norm (f, x :: b)
    fun dequeue ([], _) = NONE
      | dequeue (x :: f, b) = SOME (x, norm (f, b))
  end
end

fun drainL q = case ListQueue.dequeue q of NONE => [] | SOME (x, q') => x :: drainL q'
fun drainT q = case TwoListQueue.dequeue q of NONE => [] | SOME (x, q') => x :: drainT q'

val items = [5, 3, 8, 1]
val lq = foldl (fn (x, q) => ListQueue.enqueue (q, x)) ListQueue.empty items
val tq = foldl (fn (x, q) => TwoListQueue.enqueue (q, x)) TwoListQueue.empty items
val result = (drainL lq, drainT tq, drainL lq = drainT tq)
