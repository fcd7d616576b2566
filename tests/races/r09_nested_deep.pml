(* The write and the read sit three pairs deep on either side.
   race: r := 4 | !r *)
val r = ref 0
val result = {{1, {2, {3, r := 4}}}, {{5, !r}, 6}}
