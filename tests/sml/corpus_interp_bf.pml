(* An interpreter for a Brainfuck-like tape language with loops, its
   output collected as a string; the tape is a pair of lists (a zipper) *)
fun run (prog, input) =
    let val code = Vector.fromList (explode prog)
        val n = Vector.length code
        fun matching (i, dir) =
            let fun go (j, depth) =
                    let val c = Vector.sub (code, j)
                        val d = if c = #"[" then depth + dir else if c = #"]" then depth - dir else depth
                    in if d = 0 then j else go (j + dir, d) end
            in go (i, 0) end
        fun step (pc, (l, x, r), inp, out, fuel) =
            if pc >= n orelse fuel = 0 then implode (rev out)
            else case Vector.sub (code, pc) of
                     #"+" => step (pc + 1, (l, (x + 1) mod 256, r), inp, out, fuel - 1)
                   | #"-" => step (pc + 1, (l, (x + 255) mod 256, r), inp, out, fuel - 1)
                   | #">" => (case r of [] => step (pc + 1, (x :: l, 0, []), inp, out, fuel - 1)
                                      | y :: r' => step (pc + 1, (x :: l, y, r'), inp, out, fuel - 1))
                   | #"<" => (case l of [] => step (pc + 1, ([], 0, x :: r), inp, out, fuel - 1)
                                      | y :: l' => step (pc + 1, (l', y, x :: r), inp, out, fuel - 1))
                   | #"." => step (pc + 1, (l, x, r), inp, chr x :: out, fuel - 1)
                   | #"," => (case inp of [] => step (pc + 1, (l, 0, r), [], out, fuel - 1)
                                        | c :: cs => step (pc + 1, (l, ord c, r), cs, out, fuel - 1))
                   | #"[" => if x = 0 then step (matching (pc, 1) + 1, (l, x, r), inp, out, fuel - 1)
                             else step (pc + 1, (l, x, r), inp, out, fuel - 1)
                   | #"]" => if x <> 0 then step (matching (pc, ~1) + 1, (l, x, r), inp, out, fuel - 1)
                             else step (pc + 1, (l, x, r), inp, out, fuel - 1)
                   | _ => step (pc + 1, (l, x, r), inp, out, fuel)
    in step (0, ([], 0, []), explode input, [], 20000) end

val hi = "++++++++[>+++++++++<-]>.<+++[>++++++++++<-]>+."
val echoUpper = ",[>++++[<-------->-]<.,]"
val add = ",>,[<+>-]<------------------------------------------------."
val result = (run (hi, ""), run (echoUpper, "abc"), run (add, "34"))
