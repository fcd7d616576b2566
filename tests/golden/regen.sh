#!/usr/bin/env bash
# Rewrites the golden outputs tests/golden/*.json from the cases listed in
# tests/golden/cases, with the binary PML (default ./pml).  Run it only when
# the output is meant to change, and say in the commit why each changed file
# differs; tests/test_golden.sh then holds every later change to these bytes.
# Usage: tests/golden/regen.sh
set -eu
cd "$(dirname "$0")/../.."
PML=${PML:-$PWD/pml}
rm -f tests/golden/*.json
grep -v '^#' tests/golden/cases | while read -r name cmd args; do
    # shellcheck disable=SC2086 # the arguments are words by design
    "$PML" "$cmd" $args > "tests/golden/$name.new"
    mv "tests/golden/$name.new" "tests/golden/$name"
done
echo "$(ls tests/golden/*.json | wc -l) golden files written"
