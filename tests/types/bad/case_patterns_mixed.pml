fun f x = case x of 0 => 1 | "a" => 2 | _ => 3
val result = 0
