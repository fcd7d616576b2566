#!/usr/bin/env bash
# Runs every test: the unit-test programs built from tests/unit/test_*.c and
# the scripts tests/test_*.sh.  Each prints one line per check, "PASS name"
# or "FAIL name: why".  Ends with the summary line "N passed, N failed" and
# exits non-zero if anything failed.  Set B for another build directory
# (the sanitizer run uses build-asan); PML names the binary under test.
set -u
cd "$(dirname "$0")/.."
B=${B:-build}
export PML=${PML:-$PWD/pml}
export B
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
log="$out/all.log"
: > "$log"
run() { # name command...
    local name=$1; shift
    if ! "$@" >> "$log" 2>"$out/stderr"; then
        # a crashed or failing runner counts as a failure of its own
        echo "FAIL $name: exited $? ($(tail -c 300 "$out/stderr" | tr '\n' ' '))" >> "$log"
    fi
}
for t in "$B"/tests/test_*; do
    [ -x "$t" ] && run "$(basename "$t")" "$t"
done
for t in tests/test_*.sh; do
    [ -f "$t" ] && run "$(basename "$t")" bash "$t"
done
grep -E '^FAIL' "$log" || true
passed=$(grep -c '^PASS' "$log")
failed=$(grep -c '^FAIL' "$log")
[ "${VERBOSE:-0}" = 1 ] && cat "$log"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
