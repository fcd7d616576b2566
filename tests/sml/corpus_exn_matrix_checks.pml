(* Matrix operations that check their arguments and raise exceptions with
   the offending dimensions; the caller reports each failure *)
exception Dim of string * (int * int) * (int * int)
exception Singular

fun dims m = (List.length m, case m of [] => 0 | r :: _ => List.length r)

fun add (a, b) =
    if dims a <> dims b then raise Dim ("add", dims a, dims b)
    else ListPair.map (fn (r, s) => ListPair.map op+ (r, s)) (a, b)

fun transpose ([] :: _) = []
  | transpose [] = []
  | transpose m = map hd m :: transpose (map tl m)

fun mul (a, b) =
    if #2 (dims a) <> #1 (dims b) then raise Dim ("mul", dims a, dims b)
    else map (fn r => map (fn c => ListPair.foldl (fn (x, y, s) => s + x * y) 0 (r, c)) (transpose b)) a

fun inverse2 [[a, b], [c, d]] =
      let val det = a * d - b * c in
          if det = 0 then raise Singular else (det, [[d, ~b], [~c, a]])
      end
  | inverse2 m = raise Dim ("inverse2", dims m, (2, 2))

fun try name f =
    (name, SOME (f ()))
    handle Dim (op', (r1, c1), (r2, c2)) =>
             (print (name ^ ": " ^ op' ^ " of " ^ Int.toString r1 ^ "x" ^ Int.toString c1 ^ " and "
                     ^ Int.toString r2 ^ "x" ^ Int.toString c2 ^ "\n"); (name, NONE))
         | Singular => (print (name ^ ": singular\n"); (name, NONE))

val a = [[1, 2], [3, 4]]
val b = [[1, 2, 3], [4, 5, 6]]
val result = (try "a+a" (fn () => add (a, a)), try "a+b" (fn () => add (a, b)), try "a*b" (fn () => mul (a, b)),
              try "b*a" (fn () => mul (b, a)), try "inv a" (fn () => #2 (inverse2 a)),
              try "inv s" (fn () => #2 (inverse2 [[2, 4], [1, 2]])), try "inv b" (fn () => #2 (inverse2 b)))
