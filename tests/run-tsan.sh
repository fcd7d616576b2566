#!/usr/bin/env bash
# Runs pml exec's tests (tests/test_exec.sh, tests/test_exec_hardening.sh, tests/test_exec_space.sh)
# on the ThreadSanitizer build (make tsan: build-tsan/ and ./pml-tsan;
# docs/reliability.md, "ThreadSanitizer").  Every report stops the process
# (exit 66), so the check that ran it fails; the reports go to log files,
# and each file holding one is one more FAIL line.
#
# The collector cannot stop the world under TSan (its suspend signals are
# deferred by TSan until the thread enters an intercepted call, and an
# interpreter thread computing or waiting on the collector's lock never
# does: "Signals delivery fails constantly"), so it runs here with
# collection off (GC_DONT_GC=1; the test programs are small).  The heap
# marks, which need collections, are then not measured: PML_TSAN=1 tells
# the tests to skip the checks on them; the values, the errors, the limits
# and the runtime's synchronization are all checked.
# Ends, like tests/run.sh, with "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
export TSAN_OPTIONS="log_path=$logs/tsan:halt_on_error=1:exitcode=66:second_deadlock_stack=1"
export GC_DONT_GC=1
export PML_SANITIZERS=1 PML_TSAN=1
export PML_TIME_SCALE=${PML_TIME_SCALE:-5}   # tests/lib.sh's limits, as for ASan
export PML=$PWD/pml-tsan B=build-tsan
start=$(date +%s)
out=$(for t in tests/test_exec.sh tests/test_exec_hardening.sh tests/test_exec_space.sh; do bash "$t" 2>&1 || echo "FAIL $t: exited $?"; done)
echo "$out" | grep -E '^FAIL' || true
source tests/san-reports.sh
san_reports ThreadSanitizer 'WARNING: ThreadSanitizer|ERROR: ThreadSanitizer' "$logs"/tsan.*
reports=$REPORTS
passed=$(echo "$out" | grep -c '^PASS')
failed=$(( $(echo "$out" | grep -c '^FAIL') + reports ))
echo "(ThreadSanitizer run: $(( $(date +%s) - start )) s, $reports reports)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
