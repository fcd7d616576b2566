#!/usr/bin/env bash
# The Basis pass (docs/basis.md): every value and exception member of the
# 15 structures' signatures as SML/NJ 110.79 prints them
# (tests/basis/members.txt, from `signature X = INTEGER;` ...) either
# resolves in `pml check`, or stops at its use with the named error
# "'X.y' is not in the part of Standard ML's Basis PML has", or one
# that names the member and what to do instead (TextIO.openIn) — never an
# unbound-name error — and each one that stops is listed in
# docs/basis.md's "What is missing".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
PML=${PML:-$PWD/pml}

listed=$(sed -n '/^## What is missing/,$p' docs/basis.md | grep -o '`[A-Z][A-Za-z]*\.[^` ]*`' | tr -d '`' | sort -u)
n=0; present=0; other=(); unlisted=()
while read -r m; do
    [ -n "$m" ] || continue
    n=$((n + 1))
    printf 'val _ = %s\nval result = 1\n' "$m" > "$TMP/m.pml"
    if out=$(limit 30 "$PML" check "$TMP/m.pml" 2>&1); then
        present=$((present + 1))
    elif printf '%s\n' "$out" | grep -qF "1:9: error: '$m'"; then
        printf '%s\n' "$listed" | grep -qxF "$m" || unlisted+=("$m")
    else
        other+=("$m: $(printf '%s\n' "$out" | head -1)")
    fi
done < tests/basis/members.txt

if [ "$n" -lt 400 ]; then fail basis_members_read "only $n members in tests/basis/members.txt"
else pass basis_members_read; fi
if [ ${#other[@]} -eq 0 ]; then pass basis_missing_member_named_error
else fail basis_missing_member_named_error "${#other[@]} stop otherwise, e.g. ${other[0]}"; fi
if [ ${#unlisted[@]} -eq 0 ]; then pass basis_missing_members_in_docs
else fail basis_missing_members_in_docs "not in docs/basis.md: ${unlisted[*]}"; fi
# the bulk of each structure is there: at least 340 of the 403
if [ "$present" -ge 340 ]; then pass basis_members_present
else fail basis_members_present "$present of $n resolve"; fi
