#!/usr/bin/env bash
# Runs the whole suite on the sanitizer build (make asan: build-asan/ and
# ./pml-asan, AddressSanitizer + UndefinedBehaviorSanitizer + LeakSanitizer;
# docs/reliability.md).  Every sanitizer report stops the process (exit
# 134), so the check that ran it fails; the reports go to log files, not to
# the stderr the checks compare, and each file holding a report is one more
# FAIL line.  (A longjmp out of deep recursion makes ASan print a warning,
# which is harmless: bigstack_unwound does the clean-up ASan declines.)
# Ends, like tests/run.sh, with "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
common="log_path=$logs/san:abort_on_error=1"
export ASAN_OPTIONS="$common:detect_leaks=1:detect_stack_use_after_return=0:allocator_may_return_null=1"
export UBSAN_OPTIONS="$common:print_stacktrace=1:halt_on_error=1"
export LSAN_OPTIONS="$common:suppressions=$PWD/tests/lsan.supp:print_suppressions=0"
export PML_SANITIZERS=1   # tests scale down what needs the big stack
export PML_TIME_SCALE=${PML_TIME_SCALE:-5}   # and allow 5 times the time (tests/lib.sh)
start=$(date +%s)
out=$(B=build-asan PML=$PWD/pml-asan tests/run.sh)
echo "$out" | sed '$d'
source tests/san-reports.sh
san_reports sanitizer 'ERROR: |runtime error:' "$logs"/san.*
reports=$REPORTS
summary=$(echo "$out" | tail -1)
passed=${summary%% passed*}
failed=${summary#*passed, }
failed=$(( ${failed%% failed*} + reports ))
echo "(sanitizer run: $(( $(date +%s) - start )) s, $reports sanitizer reports)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
