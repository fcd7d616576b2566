(* A functor whose body holds nested structures, local helpers and a
   substructure re-exported through the result signature *)
signature NUM = sig
  type t
  val zero : t
  val one : t
  val add : t * t -> t
  val mul : t * t -> t
  val toString : t -> string
end

signature POLY = sig
  structure Coef : NUM
  structure Ops : sig
    val eval : Coef.t list -> Coef.t -> Coef.t
    val add : Coef.t list * Coef.t list -> Coef.t list
    val mul : Coef.t list * Coef.t list -> Coef.t list
  end
  structure Show : sig val show : Coef.t list -> string end
end

functor PolyFn (N : NUM) : POLY = struct
  structure Coef = N
  structure Ops = struct
    local
      fun scale (c, p) = List.map (fn x => N.mul (c, x)) p
    in
      fun eval p x = List.foldr (fn (c, acc) => N.add (c, N.mul (x, acc))) N.zero p
      fun add ([], q) = q
        | add (p, []) = p
        | add (a :: p, b :: q) = N.add (a, b) :: add (p, q)
      fun mul ([], _) = []
        | mul (a :: p, q) = add (scale (a, q), N.zero :: mul (p, q))
    end
  end
  structure Show = struct
    fun term (c, 0) = N.toString c
      | term (c, 1) = N.toString c ^ "x"
      | term (c, k) = N.toString c ^ "x^" ^ Int.toString k
    fun show p =
      let fun go (_, []) = []
            | go (k, c :: cs) = term (c, k) :: go (k + 1, cs)
      in String.concatWith " + " (go (0, p)) end
  end
end

structure IntPoly = PolyFn (struct type t = int val zero = 0 val one = 1 val add = op+ val mul = op*
                                   val toString = Int.toString end)
structure BoolPoly = PolyFn (struct type t = bool val zero = false val one = true
                                    fun add (a, b) = a orelse b fun mul (a, b) = a andalso b
                                    fun toString b = if b then "T" else "F" end)

val p = [1, 2, 3]
val q = [0, 1]
val pq = IntPoly.Ops.mul (p, q)
val _ = print (IntPoly.Show.show pq ^ "\n")
val _ = print (BoolPoly.Show.show (BoolPoly.Ops.mul ([true, false], [false, true])) ^ "\n")

val result = (pq, IntPoly.Ops.eval pq 2, IntPoly.Ops.add (p, pq), BoolPoly.Ops.eval [false, true] true,
              IntPoly.Coef.one)
