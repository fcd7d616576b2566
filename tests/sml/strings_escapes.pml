(* String literals with SML escapes, and how they print back. *)
val s = "tab\there\nnewline \"quoted\" back\\slash \065\066\067"
val t = "bell\a bs\b vt\v ff\f cr\r"
val result = (s, size s, t, size t, "" ^ "", size "")
