val result =
  case 3 of
    [] => 0
  | _ => 1
