datatype 'a option2 = None2 | Some2 of 'a
fun get (Some2 x) = x
  | get None2 = 0
val result = (get (Some2 5), Some2 "a" = Some2 "a")
