(* Each application of a functor evaluates its body again: two counters
   made by one functor keep separate state, and a value the body computes
   is computed once per application *)
signature COUNTER = sig
  val next : unit -> int
  val reset : unit -> unit
  val name : string
end

val created = ref 0

functor MakeCounter (val name : string val start : int val step : int) : COUNTER = struct
  val name = name
  val _ = created := !created + 1
  val id = !created
  val count = ref start
  fun next () = let val c = !count in count := c + step; c end
  fun reset () = count := start
end

structure Tickets = MakeCounter (val name = "tickets" val start = 100 val step = 1)
structure Evens = MakeCounter (val name = "evens" val start = 0 val step = 2)

fun take (f, 0) = []
  | take (f, n) = let val x = f () in x :: take (f, n - 1) end

val t1 = take (Tickets.next, 3)
val e1 = take (Evens.next, 4)
val t2 = Tickets.next ()
val _ = Evens.reset ()
val e2 = take (Evens.next, 2)

val result = (t1, e1, t2, e2, Tickets.name ^ "/" ^ Evens.name, !created)
