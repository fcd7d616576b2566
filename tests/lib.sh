# Sourced by tests/test_*.sh: pass NAME, fail NAME WHY, and helpers.
# Every check prints one line, "PASS name" or "FAIL name: why".
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }
# expect_eq NAME EXPECTED ACTUAL
expect_eq() { if [ "$2" == "$3" ]; then pass "$1"; else fail "$1" "expected [$2] got [$3]"; fi; }
# Time limits scale with the build: tests/run-asan.sh sets PML_TIME_SCALE,
# since the sanitizer build runs several times slower (and a loaded
# machine slower still).  `limit SECONDS CMD...` is timeout scaled so.
TIME_SCALE=${PML_TIME_SCALE:-1}
limit() { local s=$1; shift; timeout $(( s * TIME_SCALE )) "$@"; }
# stdin_of FILE.pml: the standard input a program reads (FILE.stdin, if any)
stdin_of() { if [ -f "${1%.pml}.stdin" ]; then echo "$PWD/${1%.pml}.stdin"; else echo /dev/null; fi; }
# python_with MODULE...: the python3 that imports them (Debian's, where
# another python3 comes first on PATH), or nothing
python_with() {
    local py m
    for py in python3 /usr/bin/python3; do
        m=$(IFS=,; echo "$*")
        if "$py" -c "import $m" 2>/dev/null; then echo "$py"; return; fi
    done
}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
