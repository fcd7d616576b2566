#!/usr/bin/env bash
# Records SML/NJ's verdict on the ill-typed corpus: for each
# tests/types/bad/NAME.pml (or the files given), "NAME LINE" with the line
# of SML/NJ's first error, or "NAME none" where SML/NJ accepts the program
# (such a program does not belong in the corpus).
#   tests/types/smlnj-lines.sh > tests/types/bad.lines
cd "$(dirname "$0")/../.."
one() {
    local f=$1 n d out l
    n=$(basename "$f" .pml); d=$(mktemp -d)
    cp "$f" "$d/$n.sml"
    out=$(cd "$d" && timeout 60 sml "$n.sml" </dev/null 2>&1)
    l=$(printf '%s\n' "$out" | grep -m1 -E "^$n\.sml:[0-9]+\.[0-9]+(-[0-9.]+)? Error" |
        sed -E "s/^$n\.sml:([0-9]+)\..*/\1/")
    echo "$n ${l:-none}"
    rm -rf "$d"
}
if [ $# -eq 0 ]; then set -- tests/types/bad/*.pml; fi
for f in "$@"; do one "$f"; done | sort
