#!/usr/bin/env bash
# prints, for each NAME LINE of tests/types/bad.lines, how pml's first error compares
while read -r n l; do
    out=$("$PML" check "tests/types/bad/$n.pml" 2>&1 >/dev/null); rc=$?
    pl=$(printf '%s\n' "$out" | grep -m1 ": error:" | sed -E 's/^[^:]+:([0-9]+):.*/\1/')
    if [ $rc -eq 0 ]; then echo "MISSED $n"; elif [ "$pl" = "$l" ]; then echo "MATCH $n"; else echo "LINE $n sml=$l pml=$pl"; fi
done < tests/types/bad.lines
