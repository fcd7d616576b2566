(* A lexer functor applied twice: each application declares its own token
   datatype (same constructor names, new type), its own exception, and its
   own keyword table from the argument *)
signature LANG = sig
  val keywords : string list
  val symbols : char list
end

functor Lexer (L : LANG) = struct
  datatype token = Kw of string | Id of string | Num of int | Sym of char
  exception Bad of char
  fun isKw s = List.exists (fn k => k = s) L.keywords
  fun word s = if isKw s then Kw s else Id s
  fun lex cs =
    let
      fun take (p, cs) =
        let fun go (acc, c :: rest) = if p c then go (c :: acc, rest) else (implode (rev acc), c :: rest)
              | go (acc, []) = (implode (rev acc), [])
        in go ([], cs) end
      fun go [] = []
        | go (c :: rest) =
            if Char.isSpace c then go rest
            else if Char.isDigit c then
              let val (s, rest') = take (Char.isDigit, c :: rest) in Num (valOf (Int.fromString s)) :: go rest' end
            else if Char.isAlpha c then
              let val (s, rest') = take (Char.isAlphaNum, c :: rest) in word s :: go rest' end
            else if List.exists (fn s => s = c) L.symbols then Sym c :: go rest
            else raise Bad c
    in go (explode cs) end
  fun show (Kw s) = "KW(" ^ s ^ ")"
    | show (Id s) = s
    | show (Num n) = Int.toString n
    | show (Sym c) = str c
  fun run s = String.concatWith " " (List.map show (lex s)) handle Bad c => "bad char " ^ str c
  fun countIds s = List.length (List.filter (fn Id _ => true | _ => false) (lex s)) handle Bad _ => ~1
end

structure ML = Lexer (struct val keywords = ["let", "in", "end", "fun", "val"] val symbols = explode "=+*()" end)
structure Pascal = Lexer (struct val keywords = ["begin", "end", "var", "if", "then"] val symbols = explode ":=;+<" end)

val src = "let val x = 1 in x + begin end"
val mixed = (ML.lex "a : b"; "lexed") handle ML.Bad c => "ML.Bad " ^ str c | Pascal.Bad c => "Pascal.Bad " ^ str c

val result = (ML.run src, Pascal.run "var x := 10; if x < 3 then begin end",
              Pascal.run src, ML.countIds src, Pascal.countIds src, mixed,
              ML.lex "fun f 2", Pascal.lex "if 2")
