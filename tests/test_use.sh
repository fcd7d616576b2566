#!/usr/bin/env bash
# use "file" (docs/semantics.md, "use"): files named relative to the using
# file, loaded at each use, errors reported in the used file with a note at
# each use that led there, and the errors for what use cannot do.  The
# oracle test (tests/sml/use_*.pml) compares values with SML/NJ.
. "$(dirname "$0")/lib.sh"
PML=${PML:-$(cd "$(dirname "$0")/.." && pwd)/pml}

mkdir -p "$TMP/ex/lib"
cd "$TMP/ex"
cat > lib/solution.sml <<'SML'
fun square x = x * x
fun nth2 l = List.nth (l, 2);
use "helpers.sml";
SML
cat > lib/helpers.sml <<'SML'
infix 5 +++
fun a +++ b = a + 2 * b
SML
cat > test.pml <<'SML'
use "lib/solution.sml";
val result = (square 7, nth2 [1, 2, 3], 1 +++ 2)
SML

# run FILE: "rc=N" then the first line of stdout and of stderr
out=$("$PML" run test.pml 2>&1 | head -n 1)
expect_eq use_relative_to_using_file "val result = (49,3,5) : int * int * int" "$out"
expect_eq use_fixity_carries_over "val result = (49,3,5) : int * int * int" "$out"
"$PML" check test.pml > /dev/null 2>&1
expect_eq use_check_accepts "0" "$?"
(cd lib && cd .. && cd / && "$PML" run "$TMP/ex/test.pml" > "$TMP/abs.out" 2>&1)
expect_eq use_from_other_cwd "val result = (49,3,5) : int * int * int" "$(head -n 1 "$TMP/abs.out")"

# a prelude function named only in a used file is kept (List.nth above);
# a file used twice runs twice
printf 'val n = n + 1\n' > lib/inc.sml
printf 'val n = 0;\nuse "lib/inc.sml";\nuse "lib/inc.sml";\nuse "lib/inc.sml";\nval result = n\n' > twice.pml
expect_eq use_twice_loads_twice "val result = 3 : int" "$("$PML" run twice.pml 2>&1 | head -n 1)"

# errors: in the used file, with a note at the use
printf 'val a = 1\nval b = a +\n' > lib/syntax.sml
printf 'use "lib/syntax.sml";\nval result = b\n' > e1.pml
"$PML" run e1.pml > /dev/null 2> "$TMP/e1"; rc=$?
expect_eq use_syntax_error_exit "1" "$rc"
expect_eq use_syntax_error_in_used_file "lib/syntax.sml:2:12: error: syntax error: unexpected end of file" \
    "$(head -n 1 "$TMP/e1")"
expect_eq use_syntax_error_note_at_use "e1.pml:1:1: note: 'lib/syntax.sml' is used here" \
    "$(grep note "$TMP/e1" | head -n 1)"

printf 'val x = 1\nval y = nope + x\n' > lib/unbound.sml
printf 'use "lib/unbound.sml";\n' > e2.pml
"$PML" check e2.pml > /dev/null 2> "$TMP/e2"
expect_eq use_resolve_error_in_used_file "lib/unbound.sml:2:9: error: unbound variable or constructor 'nope'" \
    "$(head -n 1 "$TMP/e2")"

printf 'fun f 0 = 1 div 0\n  | f n = n\n' > lib/runtime.sml
printf 'use "runtime.sml";\n' > lib/outer.sml
printf 'use "lib/outer.sml";\nval result = f 0\n' > e3.pml
"$PML" run e3.pml > /dev/null 2> "$TMP/e3"
expect_eq use_runtime_error_in_used_file "lib/runtime.sml:1:11: error: uncaught exception Div: division by zero" \
    "$(head -n 1 "$TMP/e3")"
expect_eq use_nested_notes "lib/outer.sml:1:1: note: 'lib/runtime.sml' is used here|e3.pml:1:1: note: 'lib/outer.sml' is used here" \
    "$(grep 'is used here' "$TMP/e3" | paste -sd '|')"

printf 'use "lib/nothere.sml";\n' > e4.pml
"$PML" run e4.pml > /dev/null 2> "$TMP/e4"; rc=$?
expect_eq use_missing_file "1:e4.pml:1:5: error: \`use\`: cannot open 'lib/nothere.sml': No such file or directory" \
    "$rc:$(head -n 1 "$TMP/e4")"

printf 'val f = "lib/inc.sml"\nval _ = use f\n' > e5.pml
"$PML" check e5.pml > /dev/null 2> "$TMP/e5"
expect_eq use_needs_literal "e5.pml:2:13: error: \`use\` needs a string literal naming a file" "$(head -n 1 "$TMP/e5")"

printf 'val r = let val _ = use "lib/inc.sml" in 1 end\n' > e6.pml
"$PML" check e6.pml > /dev/null 2> "$TMP/e6"
expect_eq use_only_top_level "e6.pml:1:21: error: \`use\` loads a file only as a top-level declaration, use \"file\"; (after an expression, a \`;\` must come before it)" \
    "$(head -n 1 "$TMP/e6")"

printf 'use "self.sml";\n' > lib/self.sml
printf 'use "lib/self.sml";\n' > e7.pml
limit 60 "$PML" check e7.pml > /dev/null 2> "$TMP/e7"; rc=$?
expect_eq use_self_stops "1:lib/self.sml:1:1: error: \`use\` nested more than 64 deep (does a file use itself?)" \
    "$rc:$(head -n 1 "$TMP/e7")"
expect_eq use_self_notes_bounded "8" "$(grep -c 'is used here' "$TMP/e7")"
