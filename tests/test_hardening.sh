# Hardening, round two (docs/reliability.md): -D, standard output, children,
# output file names, memory limits, printing and equality on shared values.
. "$(dirname "$0")/lib.sh"

status() { "$@" >/dev/null 2>&1; echo $?; }

# ---- -D: the last one wins, with no false warning; INT64_MIN ----
printf 'val n = param ("n", 1)\nval result = n\n' > "$TMP/param.pml"
"$PML" run "$TMP/param.pml" -D n=5 -D n=6 > "$TMP/d.out" 2> "$TMP/d.err"
expect_eq "-D n=5 -D n=6: the last -D wins" "val result = 6" "$(head -1 "$TMP/d.out")"
expect_eq "-D n=5 -D n=6: no warning" "" "$(cat "$TMP/d.err")"
expect_eq "-D n=-9223372036854775808 is accepted" "val result = ~9223372036854775808" \
    "$("$PML" run "$TMP/param.pml" -D n=-9223372036854775808 2>&1 | head -1)"
expect_eq "-D n=-9223372036854775809 is a usage error" 2 \
    "$(status "$PML" run "$TMP/param.pml" -D n=-9223372036854775809)"
