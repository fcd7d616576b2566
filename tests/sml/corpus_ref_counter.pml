(* References and while loops: counters, accumulation, a memo table *)
val counter = ref 0
fun tick () = (counter := !counter + 1; !counter)

fun sumTo n =
  let val i = ref 1
      val s = ref 0
  in while !i <= n do (s := !s + !i; i := !i + 1); !s end

fun fibMemo n =
  let val memo = ref [(0, 0), (1, 1)]
      fun look k = case List.find (fn (j, _) => j = k) (!memo) of SOME (_, v) => SOME v | NONE => NONE
      fun fib k = case look k of
                      SOME v => v
                    | NONE => let val v = fib (k - 1) + fib (k - 2) in memo := (k, v) :: !memo; v end
  in fib n end

fun collatz n =
  let val x = ref n
      val steps = ref 0
  in while !x <> 1 do (x := (if !x mod 2 = 0 then !x div 2 else 3 * !x + 1); steps := !steps + 1);
     !steps end

val a = tick ()
val b = tick ()
val result = (a, b, tick (), sumTo 100, fibMemo 40, map collatz [1, 6, 27, 97])
