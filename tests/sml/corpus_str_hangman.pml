(* A hangman round played by a scripted guesser: the masked word, the
   misses left, and a printed transcript *)
fun mask (word, guessed) =
    implode (map (fn c => if List.exists (fn g => g = c) guessed then c else #"_") (explode word))

fun play (word, guesses, lives) =
    let fun go ([], guessed, lives) = (mask (word, guessed), lives, false)
          | go (g :: gs, guessed, lives) =
              let val hit = List.exists (fn c => c = g) (explode word)
                  val guessed' = g :: guessed
                  val lives' = if hit then lives else lives - 1
                  val shown = mask (word, guessed')
                  val _ = print (str g ^ (if hit then " hit  " else " miss ") ^ shown ^ " lives " ^ Int.toString lives' ^ "\n")
              in if shown = word then (shown, lives', true)
                 else if lives' = 0 then (shown, 0, false)
                 else go (gs, guessed', lives')
              end
    in go (guesses, [], lives) end

val result = (play ("standard", explode "etaoinsrdh", 4), play ("ml", explode "xyzq", 3),
              length (explode "standard"))
