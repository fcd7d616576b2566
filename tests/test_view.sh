#!/usr/bin/env bash
# pml view (docs/view.md): the page is one self-contained file naming no
# URL, small (matmul at its default size under 2 MB), and, opened in
# Debian's chromium headless (tests/view_browser.py), shows per step the
# space `pml schedule` computes, at most P nodes running per step, T_P
# steps, a status line counting the schedule's busy processors and ready
# tasks, one y-scale for both charts, one colour per site everywhere, keys
# to each mark, a first screen that fits 1280x720, readable node labels; it
# makes no network request and raises no JavaScript error, also for a
# program whose text holds "<!--<script>" and "</script>".  The lessons
# (--lesson) are ready pages, made without any file beside pml.  Keeps
# screenshots at 1280x720 and 1920x1080 in tests/out/.
cd "$(dirname "$0")/.."
source tests/lib.sh
PML=${PML:-$PWD/pml}
mkdir -p tests/out

"$PML" view examples/matmul.pml --sched=df,bf -p 2 -o "$TMP/mm.html"
size=$(stat -c %s "$TMP/mm.html" 2>/dev/null || echo 0)
if [ "$size" -gt 0 ] && [ "$size" -le 2097152 ]; then pass view_matmul_default_page_under_2MB
else fail view_matmul_default_page_under_2MB "$size bytes"; fi
expect_eq view_page_names_no_url 0 "$(grep -ciE 'https?://|src=|href=' "$TMP/mm.html")"

# the lessons: listed, and each made from the programs compiled into pml
# (in an empty directory: no examples/ to read)
expect_eq view_lesson_list_names_three_lessons "df-vs-bf quicksort-join ws-vs-df" \
    "$("$PML" view --lesson list | awk '{print $1}' | tr '\n' ' ' | sed 's/ $//')"
mkdir -p "$TMP/empty"
(cd "$TMP/empty" && "$PML" view --lesson df-vs-bf -D n=2 -o lesson.html) &&
    grep -q 'examples/matmul.pml' "$TMP/empty/lesson.html" && pass view_lesson_needs_no_file_beside_pml ||
    fail view_lesson_needs_no_file_beside_pml "no page"

# --by and --group as pml run's: the page's data says which, and its
# holders' sites are the user's lines by default (caller), the prelude's
# expressions too with --group site
cat > "$TMP/hold.pml" <<'EOF'
fun build n = if n = 0 then [] else n :: build (n - 1)
val (a, b) = {map (fn x => x + 1) (build 20), rev (build 20)}
val result = length a + length b
EOF
sites() {
    "$PML" view "$TMP/hold.pml" --sched ws -p 2 -o "$TMP/hold.html" "$@" &&
    python3 - "$TMP/hold.html" <<'PY'
import json, re, sys
t = open(sys.argv[1]).read()
d = json.loads(re.search(r'id="pml-data">(.*?)</script>', t, re.S).group(1))
print(d["by"], d["group"], sorted({s["file"].split("/")[-1] for s in d["sites"] if s["file"]}))  # "": the queue, the result
PY
}
expect_eq view_holders_by_use_grouped_by_caller_by_default "use caller ['hold.pml']" "$(sites)"
expect_eq view_group_site_names_the_preludes_expressions "alloc site ['hold.pml', 'prelude.pml']" "$(sites --group site --by alloc)"

# in the browser: small programs (df and bf side by side, ws alone, the
# issue's fib on 4 processors) and the three lessons at their own sizes
run_schedules() {   # PAGE_NAME then "FILE -D … --sched=X -p N" per panel
    local name=$1; shift
    local i=0 files=()
    for spec in "$@"; do
        # shellcheck disable=SC2086
        "$PML" schedule $spec -o "$TMP/$name-$i.json" || { fail "view_${name}_schedules" "$spec"; return 1; }
        files+=("$TMP/$name-$i.json"); i=$((i + 1))
    done
    printf '%s\n' "${files[@]}"
}
browse() {          # PAGE_NAME then the panels' schedule specs
    local name=$1; shift
    mapfile -t files < <(run_schedules "$name" "$@")
    [ "${#files[@]}" -eq "$#" ] || return
    limit 600 python3 tests/view_browser.py "$TMP/$name.html" "tests/out/view-$name" "${files[@]}" |
        sed "s/^\(PASS\|FAIL\) view_/\1 view_${name//-/_}_/"
}
if [ -x "${PML_CHROMIUM:-/usr/bin/chromium}" ]; then
    "$PML" view examples/matmul.pml -D n=4 --sched=df,bf -p 2 -o "$TMP/matmul-n4.html" &&
        browse matmul-n4 "examples/matmul.pml -D n=4 --sched=df -p 2" "examples/matmul.pml -D n=4 --sched=bf -p 2"
    "$PML" view examples/quicksort.pml -D n=6 --sched=ws -p 3 -o "$TMP/quicksort-ws.html" &&
        browse quicksort-ws "examples/quicksort.pml -D n=6 --sched=ws -p 3"
    "$PML" view examples/fib.pml -D n=14 --sched=df,bf -p 4 -o "$TMP/fib-p4.html" &&
        browse fib-p4 "examples/fib.pml -D n=14 --sched=df -p 4" "examples/fib.pml -D n=14 --sched=bf -p 4"
    for l in df-vs-bf quicksort-join ws-vs-df; do
        "$PML" view --lesson "$l" -o "$TMP/lesson-$l.html" || fail "view_lesson_${l//-/_}_written" "pml view failed"
    done
    browse lesson-df-vs-bf "examples/matmul.pml -D n=8 --sched=df -p 2" "examples/matmul.pml -D n=8 --sched=bf -p 2"
    browse lesson-quicksort-join "examples/quicksort.pml -D n=32 --sched=df -p 1" \
        "examples/quicksort_join.pml -D n=32 --sched=df -p 1"
    browse lesson-ws-vs-df "examples/nqueens.pml -D n=6 --sched=df -p 8" "examples/nqueens.pml -D n=6 --sched=ws -p 8"
else
    fail view_in_the_browser "no chromium at ${PML_CHROMIUM:-/usr/bin/chromium} (make deps installs it)"
fi

# a source holding what would end or escape the page's <script> (HTML's
# script data states: "<!--<script>" once swallowed the rest of the page)
cat > "$TMP/scr.pml" <<'EOF'
(* a comment holding <!--<script> and </script> and <SCRIPT and </SCRIPT > *)
val s = "<!--<script>"
fun fib n = if n < 2 then n else let val (a, b) = {fib (n - 1), fib (n - 2)} in a + b end
val result = (fib 5, s ^ "</script><!--")
EOF
"$PML" view "$TMP/scr.pml" -o "$TMP/scr.html" && "$PML" schedule "$TMP/scr.pml" -o "$TMP/scr.json" ||
    fail view_script_page_written "a command failed"
expect_eq "view escapes <!--, <script and </script in the page's data" "<script type=\"application/json\" id=\"pml-data\"> </script> <script> </script>" \
    "$(grep -oiE '<script[^>]*>|</script' "$TMP/scr.html" | sed 's/^<\/script$/<\/script>/' | tr '\n' ' ' | sed 's/ $//')"
expect_eq "view.js and view.css hold no <!--, <script or </ (written as they are)" 0 \
    "$(grep -ciE '<!--|<script|</' src/out/view.js src/out/view.css | awk -F: '{ s += $2 } END { print s }')"
if [ -x "${PML_CHROMIUM:-/usr/bin/chromium}" ]; then
    PML_VIEW_SOURCE_HAS='<!--<script> and </script> and <SCRIPT' limit 180 python3 tests/view_browser.py \
        "$TMP/scr.html" "$TMP/scr.png" "$TMP/scr.json" | sed 's/^\(PASS\|FAIL\) view_/\1 view_script_text_/'
fi

# usage errors: exit 2, nothing written
mkdir -p "$TMP/u"
"$PML" view examples/fib.pml --sched=df 2>/dev/null; expect_eq view_without_o_is_a_usage_error 2 $?
"$PML" view examples/fib.pml --sched=df,bf,ws -o "$TMP/u/x.html" 2>/dev/null
expect_eq view_three_schedules_is_a_usage_error "2 0" "$? $(ls -A "$TMP/u" | wc -l)"
"$PML" view examples/fib.pml --sched=df,bf -p 1,2 -o "$TMP/u/x.html" 2>/dev/null
expect_eq view_four_schedules_is_a_usage_error "2 0" "$? $(ls -A "$TMP/u" | wc -l)"
"$PML" view -o "$TMP/u/x.html" 2>/dev/null
expect_eq view_without_file_or_lesson_is_a_usage_error "2 0" "$? $(ls -A "$TMP/u" | wc -l)"
"$PML" view --lesson nosuch -o "$TMP/u/x.html" 2>/dev/null
expect_eq view_unknown_lesson_is_a_usage_error "2 0" "$? $(ls -A "$TMP/u" | wc -l)"
"$PML" view --lesson df-vs-bf examples/fib.pml -o "$TMP/u/x.html" 2>/dev/null
expect_eq view_lesson_with_a_file_is_a_usage_error "2 0" "$? $(ls -A "$TMP/u" | wc -l)"
"$PML" view --lesson df-vs-bf --sched=ws -o "$TMP/u/x.html" 2>/dev/null
expect_eq view_lesson_with_sched_is_a_usage_error "2 0" "$? $(ls -A "$TMP/u" | wc -l)"
