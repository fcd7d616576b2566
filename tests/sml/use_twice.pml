(* A file used twice is loaded twice, as in SML/NJ: its declarations run
 * again, each time seeing the bindings made before. *)
val loads = 0;
use "use/bump.sml";
use "use/bump.sml";
val result = loads
