# Sourced by tests/run-asan.sh and tests/run-tsan.sh.
# san_reports LABEL PATTERN FILE...: one FAIL line, with the report's first
# 30 lines, for each sanitizer log file holding a line that matches
# PATTERN; sets REPORTS to their count.
san_reports() {
    local label=$1 pattern=$2 f line
    shift 2
    REPORTS=0
    for f in "$@"; do
        [ -f "$f" ] || continue
        line=$(grep -m1 -E "$pattern" "$f") || continue
        echo "FAIL $label report ($(basename "$f")): $line"
        sed 's/^/    /' "$f" | head -30
        REPORTS=$((REPORTS + 1))
    done
}
