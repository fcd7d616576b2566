(* nothing here *)
