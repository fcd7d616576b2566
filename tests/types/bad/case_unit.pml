val result = case () of () => 1 | _ => "x"
