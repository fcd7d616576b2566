#!/usr/bin/env bash
# make test's runs, one after another: the suite on the normal build
# (tests/run.sh), then on the sanitizer build (tests/run-asan.sh), then
# pml exec's tests on the ThreadSanitizer build (tests/run-tsan.sh).  Each
# prints its FAIL lines and its own summary; this adds the time each took,
# the whole time, and ends with the sum "N passed, N failed".  The exit
# status is non-zero if any run failed.
set -u
cd "$(dirname "$0")/.."
start=$(date +%s)
passed=0 failed=0 times=""
for run in tests/run.sh tests/run-asan.sh tests/run-tsan.sh; do
    t0=$(date +%s)
    echo "== $run"
    out=$(bash "$run"); rc=$?
    echo "$out"
    last=$(tail -1 <<<"$out")
    if [[ $last =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
        passed=$((passed + BASH_REMATCH[1])); failed=$((failed + BASH_REMATCH[2]))
        [ "$rc" -eq 0 ] || [ "${BASH_REMATCH[2]}" -gt 0 ] || failed=$((failed + 1))
    else
        echo "FAIL $run: ended without a summary (exit $rc)"; failed=$((failed + 1))
    fi
    times="$times $(basename "$run" .sh) $(( $(date +%s) - t0 )) s,"
done
echo "(make test:${times%,}; $(( $(date +%s) - start )) s in all)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
