#!/usr/bin/env bash
# fuzz/run.sh NAME SECONDS — runs build-fuzz/fuzz/NAME for SECONDS on the
# corpus fuzz/out/NAME (kept between runs, not in git), seeded with
# fuzz/seeds/NAME if there is one (fuzz_merge: part files), else with every
# example, test program, bad input and race program; the dictionary is
# fuzz/NAME.dict if there is one, else fuzz/pml.dict.  Crashing inputs go to
# fuzz/out/NAME-crashes/; the final statistics to fuzz/out/NAME.log.
set -u
cd "$(dirname "$0")/.."
name=$1 secs=$2
corpus=fuzz/out/$name crashes=fuzz/out/$name-crashes
mkdir -p "$corpus" "$crashes"
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
if [ -d "fuzz/seeds/$name" ]; then cp "fuzz/seeds/$name"/* "$seeds"/
else cp examples/*.pml tests/sml/*.pml tests/bad/*.pml tests/races/*.pml "$seeds"/ 2>/dev/null; fi
dict=fuzz/$name.dict
[ -f "$dict" ] || dict=fuzz/pml.dict
ASAN_OPTIONS=detect_leaks=0:detect_stack_use_after_return=0 \
UBSAN_OPTIONS=print_stacktrace=1 \
build-fuzz/fuzz/"$name" -max_total_time="$secs" -max_len=4096 -timeout=20 \
    -rss_limit_mb=4096 -dict="$dict" -print_final_stats=1 \
    -artifact_prefix="$crashes/" "$corpus" "$seeds" 2>&1 | tee "fuzz/out/$name.log" | \
    grep -E '^#[0-9]+ +(INITED|DONE|pulse)|^stat::|ERROR|SUMMARY|artifact' 
status=${PIPESTATUS[0]}
echo "$name: exit $status; corpus $(ls "$corpus" | wc -l) inputs; crashes $(ls "$crashes" | wc -l)"
exit "$status"
