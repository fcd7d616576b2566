#!/usr/bin/env bash
# The Basis pass (docs/basis.md): of the value and exception members of the
# 15 structures' signatures as SML/NJ 110.79 prints them
# (tests/basis/members.txt, from `signature X = INTEGER;` ...), every one
# not listed in docs/basis.md's "What is missing" resolves in `pml check`
# (one program naming them all), and every listed one stops at its use
# with an error that names it ("'X.y' is not in the part of Standard ML's
# Basis PML has", or what to do instead: TextIO.openIn) — never an
# unbound-name error, and never a listed member that is there after all.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
PML=${PML:-$PWD/pml}

sed -n '/^## What is missing/,$p' docs/basis.md | grep -o '`[A-Z][A-Za-z]*\.[^` ]*`' | tr -d '`' | sort -u > "$TMP/listed"
grep . tests/basis/members.txt | sort -u > "$TMP/all"
comm -23 "$TMP/all" "$TMP/listed" > "$TMP/present"
n=$(wc -l < "$TMP/all"); np=$(wc -l < "$TMP/present")

if [ "$n" -ge 400 ] && [ "$np" -ge 340 ]; then pass basis_members_read
else fail basis_members_read "$n members, $np not listed as missing"; fi

{ sed 's/^/val _ = /' "$TMP/present"; echo 'val result = 1'; } > "$TMP/present.pml"
if out=$(limit 120 "$PML" check "$TMP/present.pml" 2>&1); then pass basis_members_present
else fail basis_members_present "$(printf '%s\n' "$out" | head -1)"; fi

other=(); there=()
while read -r m; do
    grep -qxF "$m" "$TMP/all" || continue       # a member of another structure
    printf 'val _ = %s\nval result = 1\n' "$m" > "$TMP/m.pml"
    if out=$(limit 30 "$PML" check "$TMP/m.pml" 2>&1); then there+=("$m")
    elif ! printf '%s\n' "$out" | grep -qF "1:9: error: '$m'"; then
        other+=("$m: $(printf '%s\n' "$out" | head -1)")
    fi
done < "$TMP/listed"
if [ ${#other[@]} -eq 0 ]; then pass basis_missing_member_named_error
else fail basis_missing_member_named_error "${#other[@]} stop otherwise, e.g. ${other[0]}"; fi
if [ ${#there[@]} -eq 0 ]; then pass basis_missing_list_current
else fail basis_missing_list_current "listed as missing in docs/basis.md but there: ${there[*]}"; fi
