(* Splits a template at its {{name}} placeholders with Substring.position
 * and fills them from an association list. *)
val env = [("name", "pml"), ("what", "space profiler"), ("lang", "SML")]

fun fill s =
  let val (front, rest) = Substring.position "{{" s
  in if Substring.isEmpty rest then Substring.string front
     else
       let val (key, after) = Substring.position "}}" (Substring.triml 2 rest)
           val k = Substring.string key
           val v = case List.find (fn (n, _) => n = k) env of SOME (_, v) => v | NONE => "?" ^ k ^ "?"
       in Substring.string front ^ v ^ fill (Substring.triml 2 after) end
  end

val result = map (fill o Substring.full)
                 ["{{name}} is a {{what}} for {{lang}}", "no placeholders", "{{missing}}!", "{{name}}{{name}}"]
