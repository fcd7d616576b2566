(* Math.pi and Math.e, and real code that uses them. *)
fun circleArea r = Math.pi * r * r
fun degToRad d = d * Math.pi / 180.0
val result = (Math.pi, Math.e, circleArea 2.0, Math.sin (degToRad 90.0),
              Math.ln Math.e, Real.round (Math.pi * 1000.0), Math.cos Math.pi)
