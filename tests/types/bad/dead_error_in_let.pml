fun f () =
  let val x = 1
      val y = x ^ "s"
  in x end
val result = 0
