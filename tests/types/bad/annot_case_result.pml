val result = (case 1 of 1 => "a" | _ => "b") : int
