(* A CSV reader with quoted fields ("a,b" and doubled quotes), then a
   column sum and a lookup by header *)
exception Unterminated of int

fun parseRow (lineNo, s) =
    let fun field (#"\"" :: cs, acc) = quoted (cs, acc)
          | field (cs, acc) = plain (cs, acc)
        and plain ([], acc) = (implode (rev acc), [])
          | plain (#"," :: cs, acc) = (implode (rev acc), #"," :: cs)
          | plain (c :: cs, acc) = plain (cs, c :: acc)
        and quoted ([], _) = raise Unterminated lineNo
          | quoted (#"\"" :: #"\"" :: cs, acc) = quoted (cs, #"\"" :: acc)
          | quoted (#"\"" :: cs, acc) = (implode (rev acc), cs)
          | quoted (c :: cs, acc) = quoted (cs, c :: acc)
        fun fields cs =
            let val (f, rest) = field (cs, [])
            in case rest of
                   #"," :: more => f :: fields more
                 | _ => [f]
            end
    in fields (explode s) end

val text = ["name,city,amount", "\"Smith, J\",Leeds,120", "Ng,\"New \"\"Old\"\" York\",75",
            "Ode,Paris,5"]
val rows = map (fn (i, l) => parseRow (i, l)) (ListPair.zip (List.tabulate (List.length text, fn i => i + 1), text))
val header = hd rows
fun column name =
    let fun index (_, []) = raise Fail ("no column " ^ name)
          | index (i, h :: hs) = if h = name then i else index (i + 1, hs)
        val k = index (0, header)
    in map (fn r => List.nth (r, k)) (tl rows) end

val total = foldl (fn (s, acc) => acc + valOf (Int.fromString s)) 0 (column "amount")
val bad = (parseRow (9, "a,\"open"); "parsed") handle Unterminated n => "unterminated quote on line " ^ Int.toString n
val result = (rows, column "city", total, bad, (column "zip"; []) handle Fail m => [m])
