#!/usr/bin/env bash
# What pml starts dies with it (src/out/child.h, docs/reliability.md):
# `pml view` killed by TERM, INT, HUP or KILL while Graphviz runs, and
# `pml paths -k 2` killed while its workers run, leave no process and no
# file behind — none in the output's directory, none in $TMPDIR (pml
# writes no temporary file outside the outputs' directories: Graphviz gets
# the graph on a pipe).
cd "$(dirname "$0")/.."
source tests/lib.sh
PML=${PML:-$PWD/pml}

# Starts pml with SIGINT at its default (a background job of a script
# ignores it, and pml leaves an ignored signal ignored).
start() {
    python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])' "$@" 2>/dev/null &
    pml_pid=$!
}
# gone PID...: 1 if every PID has ended within 10 s (scaled: lib.sh).
gone() {
    for _ in $(seq $(( 100 * TIME_SCALE ))); do
        local alive=0 p
        for p in "$@"; do kill -0 "$p" 2>/dev/null && alive=1; done
        [ $alive = 0 ] && { echo 1; return; }
        sleep 0.1
    done
    kill -KILL "$@" 2>/dev/null
    echo 0
}

# A stand-in for Graphviz that never ends; its arguments and then its pid
# are written to files.
printf '#!/bin/sh\necho "$@" > "%s/dot.args"\necho $$ > "%s/dot.pid"\nexec sleep 300\n' "$TMP" "$TMP" > "$TMP/slowdot"
chmod +x "$TMP/slowdot"
mkdir -p "$TMP/tmpdir"
for sig in TERM INT HUP KILL; do
    rm -rf "$TMP/dot.pid" "$TMP/v"; mkdir "$TMP/v"
    TMPDIR="$TMP/tmpdir" PML_DOT="$TMP/slowdot" start "$PML" view examples/fib.pml -D n=6 -o "$TMP/v/page.html"
    for _ in $(seq $(( 300 * TIME_SCALE ))); do [ -s "$TMP/dot.pid" ] && break; sleep 0.1; done
    child=$(cat "$TMP/dot.pid" 2>/dev/null)
    kill -$sig $pml_pid
    wait $pml_pid 2>/dev/null
    expect_eq "pml view killed by $sig: Graphviz dies too" "1" "$([ -n "$child" ] && gone "$child")"
    expect_eq "pml view killed by $sig: no file left (output directory, TMPDIR)" "" \
        "$(find "$TMP/v" "$TMP/tmpdir" -mindepth 1 | tr '\n' ' ')"
done
# (it once wrote the graph to /tmp/pml_view_XXXXXX for Graphviz to read)
expect_eq "pml view gives Graphviz the graph on a pipe, not in a file" "-Tsvg" "$(cat "$TMP/dot.args")"

# paths -k 2: a program that runs until the node limit, long enough to be killed
printf 'fun loop x = if x < 0 then 0 else loop (x + 1)\nval result = loop 0\n' > "$TMP/loop.pml"
for sig in TERM INT HUP KILL; do
    start "$PML" paths "$TMP/loop.pml" -k 2
    workers=""
    for _ in $(seq $(( 300 * TIME_SCALE ))); do
        workers=$(pgrep -P $pml_pid | tr '\n' ' ')
        [ "$(echo $workers | wc -w)" -ge 2 ] && break
        sleep 0.1
    done
    kill -$sig $pml_pid
    wait $pml_pid 2>/dev/null
    expect_eq "pml paths -k 2 killed by $sig: its 2 workers die too" "2 1" \
        "$(echo $workers | wc -w) $([ -n "$workers" ] && gone $workers)"
done
