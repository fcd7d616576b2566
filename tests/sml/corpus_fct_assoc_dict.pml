(* A dictionary as an association list, from a functor over keys that have
   only an equality (no order): a phone book and a symbol table with scopes *)
signature EQKEY = sig
  type key
  val same : key * key -> bool
  val show : key -> string
end

signature DICT = sig
  type key
  type 'a dict
  exception Missing of string
  val empty : 'a dict
  val bind : 'a dict * key * 'a -> 'a dict
  val lookup : 'a dict * key -> 'a
  val lookupOpt : 'a dict * key -> 'a option
  val keys : 'a dict -> key list
end

functor AssocDict (K : EQKEY) : DICT where type key = K.key = struct
  type key = K.key
  type 'a dict = (key * 'a) list
  exception Missing of string
  val empty = []
  fun bind (d, k, v) = (k, v) :: List.filter (fn (k', _) => not (K.same (k, k'))) d
  fun lookupOpt (d : 'a dict, k) = Option.map #2 (List.find (fn (k', _) => K.same (k, k')) d)
  fun lookup (d, k) = case lookupOpt (d, k) of SOME v => v | NONE => raise Missing (K.show k)
  fun keys (d : 'a dict) = List.map #1 d
end

structure Caseless = AssocDict (struct
  type key = string
  fun same (a, b) = String.map Char.toLower a = String.map Char.toLower b
  fun show s = s
end)

structure Vars = AssocDict (struct type key = string * int fun same (a : key, b) = a = b
                                  fun show (s, n) = s ^ "#" ^ Int.toString n end)

val book = List.foldl (fn ((k, v), d) => Caseless.bind (d, k, v)) Caseless.empty
             [("Ann", "555-0101"), ("bob", "555-0199"), ("ANN", "555-0102"), ("Cy", "555-0150")]

val syms = Vars.bind (Vars.bind (Vars.bind (Vars.empty, ("x", 0), 1.5), ("x", 1), 2.5), ("y", 0), 0.5)

val missing = (Vars.lookup (syms, ("z", 3)); "found") handle Vars.Missing k => "missing " ^ k

val result = (Caseless.lookup (book, "ann"), Caseless.lookupOpt (book, "Dave"), Caseless.keys book,
              Vars.lookup (syms, ("x", 1)), Vars.keys syms, missing)
