(* Magic squares: the Siamese construction for odd n and a checker of rows,
   columns and diagonals *)
fun siamese n =
    let fun pos k = let val i = k - 1
                        val r = (i - i div n + n * n) mod n
                    in r end
        fun cell (r, c) =
            (* the value at (r, c) in the Siamese method, by formula *)
            n * ((r + c + 1 + n div 2) mod n) + ((r + 2 * c + n - n + 2 * n - 2 * (n div 2) - 1 + n * n) mod n) + 1
    in List.tabulate (n, fn r => List.tabulate (n, fn c => cell (r, c))) end

fun transpose ([] :: _) = []
  | transpose [] = []
  | transpose m = map hd m :: transpose (map tl m)

fun sum l = foldl op+ 0 l
fun isMagic m =
    let val n = List.length m
        val target = n * (n * n + 1) div 2
        val diag1 = sum (List.tabulate (n, fn i => List.nth (List.nth (m, i), i)))
        val diag2 = sum (List.tabulate (n, fn i => List.nth (List.nth (m, i), n - 1 - i)))
        val all = List.concat m
        val distinct = List.all (fn k => List.exists (fn x => x = k) all) (List.tabulate (n * n, fn i => i + 1))
    in distinct andalso List.all (fn r => sum r = target) m
       andalso List.all (fn c => sum c = target) (transpose m)
       andalso diag1 = target andalso diag2 = target
    end

val lo = [[2, 7, 6], [9, 5, 1], [4, 3, 8]]
val result = (siamese 3, isMagic lo, isMagic (siamese 3), isMagic (siamese 5), isMagic [[1, 2], [3, 4]])
