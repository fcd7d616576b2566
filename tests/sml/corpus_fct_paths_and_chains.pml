(* Functor arguments given as structure paths (A.B), as another structure's
   alias, and as the result of another application: F (G (X)) *)
signature SHOW = sig type t val show : t -> string end

structure Lib = struct
  structure Ints = struct type t = int val show = Int.toString end
  structure Bools = struct type t = bool fun show b = if b then "yes" else "no" end
end

functor ListShow (S : SHOW) : SHOW = struct
  type t = S.t list
  fun show l = "[" ^ String.concatWith ", " (List.map S.show l) ^ "]"
end

functor OptShow (S : SHOW) : SHOW = struct
  type t = S.t option
  fun show NONE = "none"
    | show (SOME x) = "some " ^ S.show x
end

functor PairShow (structure Fst : SHOW structure Snd : SHOW) : SHOW = struct
  type t = Fst.t * Snd.t
  fun show (a, b) = "(" ^ Fst.show a ^ " & " ^ Snd.show b ^ ")"
end

structure I = Lib.Ints
structure IL = ListShow (Lib.Ints)
structure ILL = ListShow (ListShow (I))
structure OIL = OptShow (ListShow (Lib.Ints))
structure P = PairShow (structure Fst = OptShow (Lib.Bools) structure Snd = ILL)

val result = (IL.show [1, 2, 3], ILL.show [[1], [], [2, 3]], OIL.show (SOME [4, 5]), OIL.show NONE,
              P.show (SOME true, [[7, 8], [9]]))
