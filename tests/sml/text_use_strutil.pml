(* An exercise track's test file: it uses the solution, runs its cases
 * and prints a report line per case. *)
use "use/strutil.sml";

val cases = [
  ("capitalize", capitalize "hELLO" = "Hello"),
  ("capitalize empty", capitalize "" = ""),
  ("titleCase", titleCase "the  old man and   the sea" = "The Old Man And The Sea"),
  ("palindrome", isPalindrome "A man, a plan, a canal: Panama"),
  ("not palindrome", not (isPalindrome "pml")),
  ("acronym", acronym "portable network graphics" = "PNG"),
  ("wrong on purpose", acronym "x y" = "xy")
]

val _ = List.app (fn (name, ok) => print ((if ok then "PASS " else "FAIL ") ^ name ^ "\n")) cases

val result = (List.length (List.filter #2 cases), List.length cases)
