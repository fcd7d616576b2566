(* Church numerals and booleans encoded as functions, converted back *)
fun zero f x = x
fun succ n f x = f (n f x)
fun add m n f x = m f (n f x)
fun mul m n f = m (n f)
fun toInt n = n (fn k => k + 1) 0
fun fromInt 0 = zero
  | fromInt k = succ (fromInt (k - 1))

fun ctrue t f = t
fun cfalse t f = f
fun toBool b = b true false
fun cand a b = a b cfalse

fun two f = succ (succ zero) f
fun three f = add two (succ zero) f
val result = (toInt (mul three three), toInt (add (fromInt 4) (fromInt 5)),
              toBool (cand ctrue cfalse), toBool (cand ctrue ctrue),
              map (fn k => toInt (mul (fromInt k) two)) [0, 1, 2, 3])
