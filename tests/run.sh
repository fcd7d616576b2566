#!/usr/bin/env bash
# Runs every test: the unit-test programs built from tests/unit/test_*.c and
# the scripts tests/test_*.sh.  Each prints one line per check, "PASS name"
# or "FAIL name: why".  Test files run JOBS at a time (default: the number of
# cores); as each one ends, a progress line "[k/n] file: N passed, N failed
# (T s)" goes to standard error, so a long run is never silent.  Standard
# output ends with every FAIL line and the summary "N passed, N failed"; the
# exit status is non-zero if anything failed.  Set B for another build
# directory (the sanitizer run uses build-asan); PML names the binary under
# test; VERBOSE=1 prints every check.
set -u
cd "$(dirname "$0")/.."
B=${B:-build}
export PML=${PML:-$PWD/pml}
export B
JOBS=${JOBS:-$(nproc)}
out=$(mktemp -d)
started=$(date +%s)
trap 'rm -rf "$out"' EXIT

# the longest files start first, so the run ends sooner
files=()
slow="tests/test_sml_oracle.sh tests/test_invariants.sh tests/test_hardening.sh"
for t in $slow; do [ -f "$t" ] && files+=("$t"); done
for t in tests/test_*.sh; do
    [ -f "$t" ] && [[ " $slow " != *" $t "* ]] && files+=("$t")
done
for t in "$B"/tests/test_*; do [ -x "$t" ] && files+=("$t"); done
n=${#files[@]}

run_one() { # index file: runs one test file into $out/index.log
    local i=$1 t=$2 name start
    name=$(basename "$t")
    start=$(date +%s)
    local cmd=("$t"); [[ $t == *.sh ]] && cmd=(bash "$t")
    if ! "${cmd[@]}" > "$out/$i.log" 2> "$out/$i.err"; then
        # a crashed or failing runner counts as a failure of its own
        echo "FAIL $name: exited $? ($(tail -c 300 "$out/$i.err" | tr '\n' ' '))" >> "$out/$i.log"
    fi
    echo "$name: $(grep -c '^PASS' "$out/$i.log") passed, $(grep -c '^FAIL' "$out/$i.log") failed ($(( $(date +%s) - start )) s)" > "$out/$i.done"
}

done_count=0
report_done() { # prints the progress lines of files that have ended
    local f
    for f in "$out"/*.done; do
        [ -f "$f" ] || continue
        done_count=$((done_count + 1))
        echo "[$done_count/$n] $(cat "$f")" >&2
        mv "$f" "$f.seen"
    done
}
for i in "${!files[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; report_done; done
    run_one "$i" "${files[$i]}" &
done
wait
report_done

log="$out/all.log"
for i in "${!files[@]}"; do cat "$out/$i.log"; done > "$log"
grep -E '^FAIL' "$log" || true
passed=$(grep -c '^PASS' "$log")
failed=$(grep -c '^FAIL' "$log")
[ "${VERBOSE:-0}" = 1 ] && cat "$log"
echo "($n test files in $(( $(date +%s) - started )) s, $JOBS at a time)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
