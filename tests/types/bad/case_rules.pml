fun f x =
  case x of
    0 => "zero"
  | _ => 1
val result = f 0
