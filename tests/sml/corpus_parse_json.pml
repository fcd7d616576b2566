(* A small JSON-like parser: numbers, strings, booleans, null, arrays, objects; and a printer *)
datatype json = JNum of int | JStr of string | JBool of bool | JNull
              | JArr of json list | JObj of (string * json) list
exception Syntax of int

fun parse s =
  let val n = size s
      fun peek i = if i < n then String.sub (s, i) else #"\000"
      fun ws i = if i < n andalso Char.isSpace (peek i) then ws (i + 1) else i
      fun lit (w, v, i) = if i + size w <= n andalso substring (s, i, size w) = w then (v, i + size w) else raise Syntax i
      fun num (i, acc) = if Char.isDigit (peek i) then num (i + 1, acc * 10 + ord (peek i) - 48) else (JNum acc, i)
      fun strEnd i = if peek i = #"\"" then i else if i >= n then raise Syntax i else strEnd (i + 1)
      fun value i =
        let val i = ws i in
          case peek i of
              #"{" => members (ws (i + 1), [])
            | #"[" => elems (ws (i + 1), [])
            | #"\"" => let val j = strEnd (i + 1) in (JStr (substring (s, i + 1, j - i - 1)), j + 1) end
            | #"t" => lit ("true", JBool true, i)
            | #"f" => lit ("false", JBool false, i)
            | #"n" => lit ("null", JNull, i)
            | #"-" => (case num (i + 1, 0) of (JNum k, j) => (JNum (~k), j) | _ => raise Syntax i)
            | c => if Char.isDigit c then num (i, 0) else raise Syntax i
        end
      and elems (i, acc) =
        if peek i = #"]" then (JArr (rev acc), i + 1)
        else let val (v, j) = value i
                 val j = ws j
             in case peek j of #"," => elems (ws (j + 1), v :: acc)
                             | #"]" => (JArr (rev (v :: acc)), j + 1)
                             | _ => raise Syntax j end
      and members (i, acc) =
        if peek i = #"}" then (JObj (rev acc), i + 1)
        else case value i of
                 (JStr k, j) =>
                   let val j = ws j
                       val _ = if peek j = #":" then () else raise Syntax j
                       val (v, j) = value (j + 1)
                       val j = ws j
                   in case peek j of #"," => members (ws (j + 1), (k, v) :: acc)
                                   | #"}" => (JObj (rev ((k, v) :: acc)), j + 1)
                                   | _ => raise Syntax j end
               | (_, j) => raise Syntax j
      val (v, i) = value 0
  in if ws i = n then v else raise Syntax i end

fun show (JNum k) = Int.toString k
  | show (JStr s) = "\"" ^ s ^ "\""
  | show (JBool b) = if b then "true" else "false"
  | show JNull = "null"
  | show (JArr vs) = "[" ^ String.concatWith "," (map show vs) ^ "]"
  | show (JObj kvs) = "{" ^ String.concatWith "," (map (fn (k, v) => "\"" ^ k ^ "\":" ^ show v) kvs) ^ "}"

fun try s = show (parse s) handle Syntax i => "syntax error at " ^ Int.toString i
val result = map try ["{\"a\": [1, 2, {\"b\": null}], \"c\": true, \"d\": \"hi\"}",
                      "[ -5 , false , [] , {} ]", "{\"x\" 1}", "[1, 2", "42"]
