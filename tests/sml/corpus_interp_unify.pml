(* First-order unification of terms with variables, as in a type checker
   or a Prolog interpreter; substitutions as association lists *)
datatype term = V of string | F of string * term list

exception Clash of string * string
exception Occurs of string

fun walk (s, V x) = (case List.find (fn (y, _) => y = x) s of
                         SOME (_, t) => walk (s, t)
                       | NONE => V x)
  | walk (s, t) = t

fun occurs (s, x, t) =
    case walk (s, t) of
        V y => x = y
      | F (_, args) => List.exists (fn a => occurs (s, x, a)) args

fun unify (s, a, b) =
    case (walk (s, a), walk (s, b)) of
        (V x, V y) => if x = y then s else (x, V y) :: s
      | (V x, t) => if occurs (s, x, t) then raise Occurs x else (x, t) :: s
      | (t, V x) => unify (s, V x, t)
      | (F (f, xs), F (g, ys)) =>
          if f <> g orelse List.length xs <> List.length ys then raise Clash (f, g)
          else ListPair.foldl (fn (x, y, s) => unify (s, x, y)) s (xs, ys)

fun resolve (s, t) = case walk (s, t) of
                         V x => V x
                       | F (f, args) => F (f, map (fn a => resolve (s, a)) args)

fun show (V x) = x
  | show (F (f, [])) = f
  | show (F (f, args)) = f ^ "(" ^ String.concatWith "," (map show args) ^ ")"

fun solve (a, b) =
    let val s = unify ([], a, b) in show (resolve (s, a)) end
    handle Clash (f, g) => "clash " ^ f ^ "/" ^ g
         | Occurs x => "occurs " ^ x

val result = map solve [
  (F ("f", [V "X", F ("g", [V "Y"])]), F ("f", [F ("a", []), F ("g", [V "X"])])),
  (F ("p", [V "X", V "X"]), F ("p", [F ("b", []), V "Z"])),
  (F ("f", [V "X"]), F ("g", [V "X"])),
  (V "X", F ("s", [V "X"])),
  (F ("cons", [V "H", V "T"]), F ("cons", [F ("1", []), F ("nil", [])]))
]
