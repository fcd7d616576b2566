signature MAPPER = sig val map : ('a -> 'b) -> 'a list -> 'b list end
functor Twice (M : MAPPER) = struct
  fun twice f xs = M.map f (M.map f xs)
end
structure T = Twice (struct fun map f [] = [] | map f (x :: xs) = f x :: map f xs end)
val result = (T.twice (fn x => x + 1) [1, 2], T.twice (fn s => s ^ "!") ["a"])
