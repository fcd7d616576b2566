(* Input validation with exceptions carrying values, and a result type *)
exception Invalid of string * int
datatype 'a result = Ok of 'a | Err of string

fun parseAge s =
  case Int.fromString s of
      NONE => raise Invalid ("not a number", 0)
    | SOME n => if n < 0 then raise Invalid ("negative", n)
                else if n > 150 then raise Invalid ("too large", n) else n

fun parsePerson line =
  case String.fields (fn c => c = #",") line of
      [name, age] => if name = "" then raise Invalid ("empty name", 0) else (name, parseAge age)
    | fs => raise Invalid ("fields", List.length fs)

fun safe f x = Ok (f x) handle Invalid (m, k) => Err (m ^ " " ^ Int.toString k)

fun collect [] = ([], [])
  | collect (Ok v :: rs) = let val (g, b) = collect rs in (v :: g, b) end
  | collect (Err e :: rs) = let val (g, b) = collect rs in (g, e :: b) end

val lines = ["ann,34", "bob,x", "cy,-3", ",20", "dee,200", "eve,41,extra", "fay,0"]
val result = collect (map (safe parsePerson) lines)
