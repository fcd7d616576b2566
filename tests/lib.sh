# Sourced by tests/test_*.sh: pass NAME, fail NAME WHY, and helpers.
# Every check prints one line, "PASS name" or "FAIL name: why".
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }
# expect_eq NAME EXPECTED ACTUAL
expect_eq() { if [ "$2" == "$3" ]; then pass "$1"; else fail "$1" "expected [$2] got [$3]"; fi; }
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
