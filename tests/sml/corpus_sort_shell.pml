(* Shell sort on a vector with the gap sequence n/2, n/4, ..., 1,
   written functionally: each gapped insertion sort builds a new vector *)
fun swap (v, i, j) =
    let val a = Vector.sub (v, i) val b = Vector.sub (v, j)
    in Vector.update (Vector.update (v, i, b), j, a) end

fun gapInsert (v, gap, i) =
    let fun sink (v, j) =
            if j >= gap andalso Vector.sub (v, j - gap) > Vector.sub (v, j)
            then sink (swap (v, j, j - gap), j - gap)
            else v
    in sink (v, i) end

fun gapSort (v, gap) =
    let fun loop (v, i) = if i >= Vector.length v then v else loop (gapInsert (v, gap, i), i + 1)
    in loop (v, gap) end

fun shellSort v =
    let fun loop (v, 0) = v
          | loop (v, gap) = loop (gapSort (v, gap), gap div 2)
    in loop (v, Vector.length v div 2) end

val data = Vector.fromList [23, 5, 91, 12, 5, 67, 0, ~4, 33, 18, 77, 2, 41, 9]
val sorted = shellSort data
fun vlist v = Vector.foldr (op ::) [] v
val result = (vlist sorted, Vector.length sorted, vlist (shellSort (Vector.fromList [])),
              vlist (shellSort (Vector.fromList [3, 2, 1])))
