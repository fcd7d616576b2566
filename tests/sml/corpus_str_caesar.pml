(* Caesar and Vigenere ciphers over letters, keeping case and other characters *)
fun shiftChar k c =
  if Char.isUpper c then chr ((ord c - ord #"A" + k) mod 26 + ord #"A")
  else if Char.isLower c then chr ((ord c - ord #"a" + k) mod 26 + ord #"a")
  else c

fun caesar k s = String.map (shiftChar k) s

fun vigenere sign key s =
  let val ks = map (fn c => ord (Char.toLower c) - ord #"a") (explode key)
      val n = List.length ks
      fun go ([], _) = []
        | go (c :: cs, i) =
            if Char.isAlpha c then shiftChar (sign * List.nth (ks, i mod n)) c :: go (cs, i + 1)
            else c :: go (cs, i)
  in implode (go (explode s, 0)) end

val msg = "Attack at Dawn, 5 o'clock!"
val c1 = caesar 3 msg
val c2 = vigenere 1 "LEMON" msg
val result = (c1, caesar ~3 c1, c2, vigenere ~1 "LEMON" c2, caesar 13 (caesar 13 msg) = msg)
