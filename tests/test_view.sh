#!/usr/bin/env bash
# pml view (docs/view.md): the page is one self-contained file naming no
# URL, small (matmul at its default size under 2 MB), and, opened in
# Debian's chromium headless (tests/view_browser.py), shows per step the
# space `pml schedule` computes, at most P nodes running per step, T_P
# steps, jumps to the mark with one key, makes no network request and
# raises no JavaScript error, also for a program whose text holds
# "<!--<script>" and "</script>".  Keeps a screenshot in tests/out/.
cd "$(dirname "$0")/.."
source tests/lib.sh
PML=${PML:-$PWD/pml}
mkdir -p tests/out

"$PML" view examples/matmul.pml --sched=df,bf -p 2 -o "$TMP/mm.html"
size=$(stat -c %s "$TMP/mm.html" 2>/dev/null || echo 0)
if [ "$size" -gt 0 ] && [ "$size" -le 2097152 ]; then pass view_matmul_default_page_under_2MB
else fail view_matmul_default_page_under_2MB "$size bytes"; fi
expect_eq view_page_names_no_url 0 "$(grep -ciE 'https?://|src=|href=' "$TMP/mm.html")"

# a small program in the browser: df and bf side by side, and ws alone
"$PML" view examples/matmul.pml -D n=4 --sched=df,bf -p 2 -o "$TMP/v.html" &&
"$PML" schedule examples/matmul.pml -D n=4 --sched=df -p 2 -o "$TMP/df.json" &&
"$PML" schedule examples/matmul.pml -D n=4 --sched=bf -p 2 -o "$TMP/bf.json" &&
"$PML" view examples/quicksort.pml -D n=6 --sched=ws -p 3 -o "$TMP/q.html" &&
"$PML" schedule examples/quicksort.pml -D n=6 --sched=ws -p 3 -o "$TMP/ws.json" ||
    fail view_pages_written "a command failed"
if [ -x "${PML_CHROMIUM:-/usr/bin/chromium}" ]; then
    limit 180 python3 tests/view_browser.py "$TMP/v.html" tests/out/view-matmul-n4.png "$TMP/df.json" "$TMP/bf.json"
    limit 180 python3 tests/view_browser.py "$TMP/q.html" tests/out/view-quicksort-ws.png "$TMP/ws.json" |
        sed 's/^\(PASS\|FAIL\) view_/\1 view_quicksort_/'
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
    PML_VIEW_SOURCE_HAS='<!--<script> and </script> and <SCRIPT' timeout 180 python3 tests/view_browser.py \
        "$TMP/scr.html" "$TMP/scr.png" "$TMP/scr.json" | sed 's/^\(PASS\|FAIL\) view_/\1 view_script_text_/'
fi

# usage errors: exit 2, nothing written
mkdir -p "$TMP/u"
"$PML" view examples/fib.pml --sched=df 2>/dev/null; expect_eq view_without_o_is_a_usage_error 2 $?
"$PML" view examples/fib.pml --sched=df,bf,ws -o "$TMP/u/x.html" 2>/dev/null
expect_eq view_three_schedules_is_a_usage_error "2 0" "$? $(ls -A "$TMP/u" | wc -l)"
"$PML" view examples/fib.pml --sched=df,bf -p 1,2 -o "$TMP/u/x.html" 2>/dev/null
expect_eq view_four_schedules_is_a_usage_error "2 0" "$? $(ls -A "$TMP/u" | wc -l)"
