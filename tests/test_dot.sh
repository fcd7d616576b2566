#!/usr/bin/env bash
# pml dot and pml stats end to end (paper §4.2, docs/distill.md): on every
# example, the DOT (plain, raw, and at the high-water mark of df and bf on
# two processors) is accepted by Graphviz; stats prints the Table 1 counts
# and they agree with the DOT; --render writes images; failures (program
# errors, usage errors, Graphviz failing) leave no file behind and never
# clobber an existing one.
cd "$(dirname "$0")/.."
source tests/lib.sh
PML=${PML:-$PWD/pml}

# nodes in a DOT file written by pml dot
dot_nodes() { grep -cE '^  n[0-9]+ \[' "$1"; }

for f in examples/*.pml; do
    name=$(basename "$f" .pml)
    for s in none df bf; do
        args=(-D n=3)
        [ "$s" != none ] && args+=(--sched="$s" -p 2)
        t="dot_${name}_$s"
        if ! "$PML" dot "$f" "${args[@]}" -o "$TMP/$name.$s.dot" 2>"$TMP/err"; then
            fail "$t" "pml dot failed: $(head -c 300 "$TMP/err")"
        elif ! dot -Tsvg "$TMP/$name.$s.dot" -o "$TMP/$name.$s.svg" 2>"$TMP/err"; then
            fail "$t" "dot -Tsvg rejected it: $(head -c 300 "$TMP/err")"
        else
            pass "${t}_renders"
        fi
    done
    # the scheduled picture fills visited nodes black and names its step
    if grep -q 'fillcolor=black' "$TMP/$name.df.dot" 2>/dev/null &&
       grep -q 'step [0-9]* of [0-9]*, the high-water mark' "$TMP/$name.df.dot"; then
        pass "dot_${name}_df_marks_high_water_step"
    else
        fail "dot_${name}_df_marks_high_water_step" "no black node or no step in the caption"
    fi
    # stats: the Table 1 counts, consistent with the DOT
    if "$PML" stats "$f" -D n=3 > "$TMP/stats" 2>"$TMP/err"; then
        orig=$(awk '$1 == "original" { print $2 }' "$TMP/stats")
        dist=$(awk '$1 == "distilled" { print $2 }' "$TMP/stats")
        if [ -n "$orig" ] && [ -n "$dist" ] && [ "$dist" -le "$orig" ] && [ "$dist" -ge 1 ]; then
            pass "stats_${name}_prints_counts"
        else
            fail "stats_${name}_prints_counts" "$(tr '\n' ' ' < "$TMP/stats")"
        fi
        expect_eq "stats_${name}_agrees_with_dot" "$dist" "$(dot_nodes "$TMP/$name.none.dot")"
    else
        fail "stats_${name}_prints_counts" "pml stats failed: $(head -c 300 "$TMP/err")"
    fi
done

# --raw: every node of the original graph
"$PML" dot examples/fib.pml -D n=4 --raw -o "$TMP/raw.dot" 2>/dev/null
orig=$("$PML" stats examples/fib.pml -D n=4 --format csv 2>/dev/null | awk -F, 'NR == 2 { print $1 }')
expect_eq dot_raw_keeps_every_node "$orig" "$(dot_nodes "$TMP/raw.dot")"
if dot -Tsvg "$TMP/raw.dot" -o /dev/null 2>/dev/null; then pass dot_raw_renders; else fail dot_raw_renders "dot rejected it"; fi

# --fast-layout: heap edges leave the layout alone, and dot still accepts it
"$PML" dot examples/matmul.pml -D n=3 --sched=df -p 2 --fast-layout -o "$TMP/fast.dot" 2>/dev/null
if grep -q 'constraint=false' "$TMP/fast.dot" && dot -Tsvg "$TMP/fast.dot" -o /dev/null 2>/dev/null; then
    pass dot_fast_layout_renders
else
    fail dot_fast_layout_renders "no constraint=false edges or dot rejected it"
fi

f=examples/quicksort.pml
# --render: -o x.svg writes the image; -o x.dot --render svg writes both
"$PML" dot "$f" -D n=3 --sched=bf -p 2 -o "$TMP/img.svg" 2>/dev/null
if head -c 200 "$TMP/img.svg" 2>/dev/null | grep -q '<svg\|<?xml'; then pass dot_o_svg_renders_image
else fail dot_o_svg_renders_image "no SVG written"; fi
"$PML" dot "$f" -D n=3 -o "$TMP/both.dot" --render png 2>/dev/null
if [ -s "$TMP/both.dot" ] && head -c 8 "$TMP/both.png" 2>/dev/null | grep -q PNG; then
    pass dot_render_writes_dot_and_image
else
    fail dot_render_writes_dot_and_image "missing both.dot or both.png"
fi

# failures leave nothing half-written and keep existing files
mkdir -p "$TMP/fail"
printf 'val x = 1 div 0\n' > "$TMP/bad.pml"
echo old > "$TMP/fail/keep.dot"
"$PML" dot "$TMP/bad.pml" -o "$TMP/fail/new.dot" 2>/dev/null; rc=$?
expect_eq dot_program_error_exit_status 1 "$rc"
"$PML" dot "$TMP/bad.pml" -o "$TMP/fail/keep.dot" 2>/dev/null
PML_DOT=false "$PML" dot "$f" -D n=3 -o "$TMP/fail/gv.dot" --render svg 2>/dev/null; rc=$?
expect_eq dot_graphviz_failure_exit_status 1 "$rc"
PML_DOT=/nonexistent/dot "$PML" dot "$f" -D n=3 -o "$TMP/fail/gv.svg" 2>/dev/null
expect_eq dot_failures_leave_no_files "keep.dot" "$(ls -A "$TMP/fail" | tr '\n' ' ' | sed 's/ $//')"
expect_eq dot_failure_keeps_existing_file old "$(cat "$TMP/fail/keep.dot")"
"$PML" stats "$TMP/bad.pml" >/dev/null 2>&1; rc=$?
expect_eq stats_program_error_exit_status 1 "$rc"

# usage errors: exit status 2, nothing written
u=$TMP/fail/u
usage_case() { # name args...
    local name=$1; shift
    "$PML" dot "$@" >/dev/null 2>&1
    expect_eq "dot_usage_error_$name" 2 "$?"
}
usage_case no_file -o "$u.dot"
usage_case two_policies "$f" --sched=df,bf -p 2 -o "$u.dot"
usage_case p_without_sched "$f" -p 2 -o "$u.dot"
usage_case unknown_render_format "$f" --render gif -o "$u.dot"
usage_case render_disagrees_with_extension "$f" -o "$u.svg" --render png
usage_case unknown_option "$f" --bogus -o "$u.dot"
expect_eq dot_usage_errors_write_nothing "keep.dot" "$(ls -A "$TMP/fail" | tr '\n' ' ' | sed 's/ $//')"

# On every example, at the high-water mark of df and bf on 2 processors:
# the coalesced nodes' work adds up to the program's work, no edge joins a
# node to itself, and the black (root) heap edges' weights add up to the
# heap space at that step (the caption gives both).  The same with a small
# budget (--max-shown) on three examples at their default sizes: at most
# that many nodes, and still the same work and heap space.
check_distilled() {   # test-name FILE BUDGET(0: default) run-args...
    local t=$1 f=$2 budget=$3; shift 3
    local extra=(); [ "$budget" != 0 ] && extra=(--max-shown "$budget")
    if ! "$PML" dot "$f" "$@" "${extra[@]}" -o "$TMP/e.dot" 2>"$TMP/err"; then
        fail "$t" "$(head -c 200 "$TMP/err")"; return
    fi
    local work area selfe heap h b
    work=$("$PML" run "$f" "$@" | sed -n 's/^work \([0-9]*\) nodes.*/\1/p')
    area=$(grep -oE ', work [0-9]+' "$TMP/e.dot" | awk '{s += $3} END {print s}')
    expect_eq "${t}_area_equals_work" "$work" "$area"
    selfe=$(grep -cE '^ *(n[0-9]+) -> \1( |;|\[)' "$TMP/e.dot")
    expect_eq "${t}_has_no_self_edges" 0 "$selfe"
    heap=$(grep -o 'heap [0-9.]* words (black edges [0-9.]*' "$TMP/e.dot" | head -1)
    h=$(sed 's/heap \([0-9.]*\) .*/\1/' <<<"$heap"); b=$(sed 's/.*black edges \([0-9.]*\)/\1/' <<<"$heap")
    if [ -n "$h" ] && awk -v h="$h" -v b="$b" 'BEGIN {d = h - b; exit !(d < 0.01 && d > -0.01)}'; then
        pass "${t}_black_edges_sum_to_the_heap_space"
    else
        fail "${t}_black_edges_sum_to_the_heap_space" "caption: $heap"
    fi
}
for f in examples/*.pml; do
    name=$(basename "$f" .pml)
    for pol in df bf; do
        check_distilled "dot_${name}_${pol}_distilled" "$f" 0 -D n=3 --sched=$pol -p 2
    done
done
for name in matmul quicksort fib; do
    for pol in df bf; do
        t="dot_${name}_${pol}_budget_60"
        check_distilled "$t" "examples/$name.pml" 60 --sched=$pol -p 2
        shown=$(dot_nodes "$TMP/e.dot")
        if [ "$shown" -ge 1 ] && [ "$shown" -le 60 ]; then pass "${t}_shows_at_most_60_nodes"
        else fail "${t}_shows_at_most_60_nodes" "$shown nodes"; fi
    done
    shown=$("$PML" dot "examples/$name.pml" | grep -cE '^  n[0-9]+ \[')
    if [ "$shown" -le 250 ]; then pass "dot_${name}_default_budget_250"
    else fail "dot_${name}_default_budget_250" "$shown nodes"; fi
done
# --all lifts the budget and warns when the graph is big
"$PML" dot examples/matmul.pml --all -o "$TMP/all.dot" 2>"$TMP/err"
if [ "$(dot_nodes "$TMP/all.dot")" -gt 1000 ] && grep -q 'warning: --all draws all' "$TMP/err"; then
    pass dot_all_lifts_the_budget_with_a_warning
else
    fail dot_all_lifts_the_budget_with_a_warning "$(dot_nodes "$TMP/all.dot") nodes; $(head -c 200 "$TMP/err")"
fi
"$PML" dot examples/matmul.pml -D n=2 --all -o "$TMP/all.dot" 2>"$TMP/err"
expect_eq dot_all_on_a_small_graph_is_quiet "" "$(cat "$TMP/err")"
