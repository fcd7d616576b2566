(* Imperative style with refs and while loops: bubble sort of a list held
   in a ref, counting swaps and passes *)
fun bubble (input : int list) =
    let val xs = ref input
        val swaps = ref 0
        val passes = ref 0
        val changed = ref true
        fun pass [] = []
          | pass [x] = [x]
          | pass (x :: y :: r) =
              if x > y then (swaps := !swaps + 1; changed := true; y :: pass (x :: r))
              else x :: pass (y :: r)
    in
        while !changed do
            (changed := false;
             passes := !passes + 1;
             xs := pass (!xs));
        (!xs, !swaps, !passes)
    end

fun sumTo n = let val i = ref 0 val s = ref 0 in while !i < n do (i := !i + 1; s := !s + !i); !s end

val result = (bubble [5, 1, 4, 2, 8, 0], bubble [1, 2, 3], bubble [], sumTo 100)
