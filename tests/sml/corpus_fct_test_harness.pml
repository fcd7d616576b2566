(* A course-style test harness: each exercise module is checked by applying
   a functor that runs its test cases and prints one line per case *)
signature SOLUTION = sig
  val name : string
  type input
  eqtype output
  val solve : input -> output
  val cases : (input * output) list
  val show : output -> string
end

functor Check (S : SOLUTION) = struct
  fun run () =
    let
      fun one ((inp, want), (i, passed)) =
        let val got = S.solve inp
            val ok = got = want
            val _ = print (S.name ^ " #" ^ Int.toString i ^ (if ok then " ok" else " FAILED: got " ^ S.show got ^ ", want " ^ S.show want) ^ "\n")
        in (i + 1, if ok then passed + 1 else passed) end
      val (_, passed) = List.foldl one (1, 0) S.cases
    in (S.name, passed, List.length S.cases) end
end

structure Reverse = struct
  val name = "reverse"
  type input = int list
  type output = int list
  fun solve l = List.foldl op:: [] l
  val cases = [([1, 2, 3], [3, 2, 1]), ([], []), ([5], [5])]
  fun show l = "[" ^ String.concatWith "," (List.map Int.toString l) ^ "]"
end

structure Fizz = struct
  val name = "fizzbuzz"
  type input = int
  type output = string
  fun solve n = if n mod 15 = 0 then "FizzBuzz" else if n mod 3 = 0 then "Fizz"
                else if n mod 5 = 0 then "Buzz" else Int.toString n
  val cases = [(3, "Fizz"), (10, "Buzz"), (30, "FizzBuzz"), (7, "7"), (9, "Fizz!")]
  fun show s = "\"" ^ s ^ "\""
end

structure Palindrome = struct
  val name = "palindrome"
  type input = string
  type output = bool
  fun solve s = let val cs = List.filter Char.isAlpha (map Char.toLower (explode s)) in cs = rev cs end
  val cases = [("A man, a plan, a canal: Panama", true), ("abc", false), ("", true)]
  fun show b = if b then "true" else "false"
end

structure R1 = Check (Reverse)
structure R2 = Check (Fizz)
structure R3 = Check (Palindrome)

val result = [R1.run (), R2.run (), R3.run ()]
