(* Exceptions as non-local exits: the first solution of a subset-sum
   search escapes through a Found exception carrying it *)
exception Found of int list

fun subsetSum (target, xs) =
    let fun go (0, chosen, _) = raise Found (rev chosen)
          | go (_, _, []) = ()
          | go (t, chosen, x :: rest) =
              (if x <= t then go (t - x, x :: chosen, rest) else ();
               go (t, chosen, rest))
    in (go (target, [], xs); NONE) handle Found s => SOME s end

fun product xs =
    let exception Zero
        fun go [] = 1
          | go (0 :: _) = raise Zero
          | go (x :: r) = x * go r
    in go xs handle Zero => 0 end

val result = (subsetSum (15, [8, 6, 7, 5, 3, 10, 9]), subsetSum (2, [5, 7]),
              subsetSum (0, [1]), product [1, 2, 3, 4], product [5, 0, 9])
