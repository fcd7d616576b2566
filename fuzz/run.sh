#!/usr/bin/env bash
# fuzz/run.sh NAME SECONDS — runs build-fuzz/fuzz/NAME for SECONDS on the
# corpus fuzz/out/NAME (kept between runs, not in git), seeded with every
# example, test program and bad input.  Crashing inputs go to
# fuzz/out/NAME-crashes/; the final statistics to fuzz/out/NAME.log.
set -u
cd "$(dirname "$0")/.."
name=$1 secs=$2
corpus=fuzz/out/$name crashes=fuzz/out/$name-crashes
mkdir -p "$corpus" "$crashes"
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
cp examples/*.pml tests/sml/*.pml tests/bad/*.pml "$seeds"/ 2>/dev/null
ASAN_OPTIONS=detect_leaks=0:detect_stack_use_after_return=0 \
UBSAN_OPTIONS=print_stacktrace=1 \
build-fuzz/fuzz/"$name" -max_total_time="$secs" -max_len=4096 -timeout=20 \
    -rss_limit_mb=4096 -dict=fuzz/pml.dict -print_final_stats=1 \
    -artifact_prefix="$crashes/" "$corpus" "$seeds" 2>&1 | tee "fuzz/out/$name.log" | \
    grep -E '^#[0-9]+ +(INITED|DONE|pulse)|^stat::|ERROR|SUMMARY|artifact' 
status=${PIPESTATUS[0]}
echo "$name: exit $status; corpus $(ls "$corpus" | wc -l) inputs; crashes $(ls "$crashes" | wc -l)"
exit "$status"
