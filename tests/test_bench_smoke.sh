# The benchmarks run to the end (bench/run.sh --smoke: each once at tiny
# sizes, built with the unit tests).  Nothing here is timed.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."
# The benchmarks are the normal build's (the sanitizer run shares them: its
# flags are not the benchmarks' concern, and they are not built with them).
if B=build PML="$PWD/pml" bench/run.sh --smoke > "$TMP/out" 2> "$TMP/err"; then
    pass "bench/run.sh --smoke runs every benchmark to the end"
else
    fail "bench/run.sh --smoke runs every benchmark to the end" "$(tail -c 300 "$TMP/err")"
fi
for what in "== machine:" "== simulator" "oracle:" "interpreter:" "peak resident memory" "B/node" "slope" "pml worst -p 64" "load average at the end" "== time bounds" "seconds of the bounds" "us/decl"; do
    if grep -q -- "$what" "$TMP/out"; then pass "bench smoke prints '$what'"; else fail "bench smoke prints '$what'" "missing"; fi
done
