# The command line's conventions: every command's --help (exit 0, its
# options named), pml --version, '-' for standard input (errors name
# <stdin>), '--' ending the options, long options' values with '=' or
# apart, no colour without a terminal or with NO_COLOR, the man page, the
# bash completion, and make install into a PREFIX.
. "$(dirname "$0")/lib.sh"

cmds=$("$PML" help | sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p')
expect_eq "pml help lists the sixteen commands" 16 "$(echo $cmds | wc -w)"
for c in $cmds; do
    out=$("$PML" "$c" --help 2>&1); rc=$?
    expect_eq "$c --help exits 0" 0 "$rc"
    case $out in *"usage: pml $c"*"-h, --help"*"example:"*) pass "$c --help shows usage, options, example";;
                 *) fail "$c --help shows usage, options, example" "$(echo "$out" | head -3)";; esac
    expect_eq "$c -h is --help" "$out" "$("$PML" "$c" -h 2>&1)"
done
# each command's own options appear in its help
for pair in run:--by run:--profile exec:--sample-error graph:-o schedule:--plot dot:--render stats:--format \
            sweep:--shard merge:--loglog worst:--fail-above diff:--vs view:--max-shown paths:-k \
            bounds:--static speedup:--plot run:--sched run:--max-nodes run:--races race:--races race:--format; do
    c=${pair%%:*} o=${pair#*:}
    if "$PML" "$c" --help | grep -q -- "$o\b"; then pass "$c --help names $o"; else fail "$c --help names $o" "missing"; fi
done
# the names come from the tables: every policy in --sched's line
expect_eq "run --help names the policies" 1 "$("$PML" run --help | grep -c -- '--sched .*df|bf|ws')"

v=$("$PML" --version); rc=$?
expect_eq "--version exits 0" 0 "$rc"
case $v in "pml "[0-9]*"Boehm GC"*[0-9]*"re2c"*[0-9]*"Lemon"*[0-9]*) pass "--version names pml's and its dependencies' versions";;
           *) fail "--version names pml's and its dependencies' versions" "$v";; esac
expect_eq "--version finds gnuplot or says not found" 1 "$(echo "$v" | grep -c '^  gnuplot ')"

# standard input
expect_eq "FILE - reads the program from standard input" "val result = 42 : int" \
    "$(echo 'val result = 6 * 7' | "$PML" run - | head -1)"
expect_eq "check - names <stdin>" "<stdin>: ok" "$(echo 'val x = 1' | "$PML" check -)"
err=$(printf 'val x = 1\nval y = z\n' | "$PML" run - 2>&1 >/dev/null); rc=$?
expect_eq "an error read from standard input exits 1" 1 "$rc"
expect_eq "an error read from standard input names <stdin>:line:col" \
    "<stdin>:2:9: error: unbound variable or constructor 'z'" "$(echo "$err" | head -1)"
expect_eq "sweep reads standard input once for all its workers" 4 \
    "$(printf 'val n = param ("n", 3)\nval result = n * n\n' | "$PML" sweep - -D n=1:4 -j 2 | tail -n +2 | cut -d, -f2 | sort -u | wc -l)"

# -- and option forms
printf 'val result = param ("n", 1) + 1\n' > "$TMP/-odd.pml"
expect_eq "-- ends the options (a file named -odd.pml)" "val result = 2 : int" \
    "$(cd "$TMP" && "$PML" run -- -odd.pml | head -1)"
expect_eq "after --, -D is a FILE, not an option" 2 \
    "$(cd "$TMP" && "$PML" run -- -odd.pml -D n=5 >/dev/null 2>&1; echo $?)"
a=$("$PML" run examples/fib.pml -D n=8 --sched=ws -p 2 --seed=3 | tail -3)
b=$("$PML" run examples/fib.pml -D n=8 --sched ws -p2 --seed 3 | tail -3)
expect_eq "--sched=ws and --sched ws, -p 2 and -p2 agree" "$a" "$b"
expect_eq "options may come before FILE" "$a" "$("$PML" run --sched ws -p 2 --seed 3 -Dn=8 examples/fib.pml | tail -3)"
expect_eq "an unknown option names the command" "pml: usage error: pml run: unknown option '--bogus'" \
    "$("$PML" run examples/fib.pml --bogus 2>&1 | head -1)"
expect_eq "a missing value is a usage error" 2 "$("$PML" run examples/fib.pml --sched >/dev/null 2>&1; echo $?)"
expect_eq "stats --format json is JSON" 1 \
    "$("$PML" stats examples/fib.pml -D n=5 --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(int(d["nodes"] > 0 and d["distilled_nodes"] > 0))')"

# colour: none on a pipe, none with NO_COLOR even on a terminal, some on a terminal
printf 'val x = y\n' > "$TMP/bad.pml"
if "$PML" run "$TMP/bad.pml" 2>&1 | grep -q $'\033'; then fail "no colour on a pipe" "escape found"; else pass "no colour on a pipe"; fi
if command -v script >/dev/null; then
    tty=$(TERM=xterm script -qc "$PML run $TMP/bad.pml" /dev/null 2>&1)
    case $tty in *$'\033[1;31merror:'*) pass "errors are coloured on a terminal";; *) fail "errors are coloured on a terminal" "$tty";; esac
    tty=$(TERM=xterm NO_COLOR=1 script -qc "$PML run $TMP/bad.pml" /dev/null 2>&1)
    case $tty in *$'\033'*) fail "NO_COLOR: no colour on a terminal" "$tty";; *) pass "NO_COLOR: no colour on a terminal";; esac
fi

# the man page and the completion
if command -v man >/dev/null; then
    "$PML" help --man > "$TMP/pml.1"
    m=$(MANWIDTH=80 man -l "$TMP/pml.1" 2>&1); rc=$?
    expect_eq "man -l on pml help --man renders" 0 "$rc"
    case $m in *NAME*"pml - semantic space profiler"*SYNOPSIS*NO_COLOR*) pass "the man page has its sections";;
               *) fail "the man page has its sections" "$(echo "$m" | head -3)";; esac
fi
comp=$(bash -c '. docs/pml.bash; PATH='"$(dirname "$PML")"':$PATH
    COMP_WORDS=(pml ru); COMP_CWORD=1; _pml; echo "${COMPREPLY[*]}"
    COMP_WORDS=(pml run x.pml --sched ""); COMP_CWORD=4; _pml; echo "${COMPREPLY[*]}"
    COMP_WORDS=(pml dot --ren); COMP_CWORD=2; _pml; echo "${COMPREPLY[*]}"
    COMP_WORDS=(pml worst x.pml --group ""); COMP_CWORD=4; _pml; echo "${COMPREPLY[*]}"
    COMP_WORDS=(pml help --m); COMP_CWORD=2; _pml; echo "${COMPREPLY[*]}"')
expect_eq "bash completion: commands, policies, options, --group's values, help's --man" "run
df bf ws
--render
caller site function
--man" "$comp"

# make install into a PREFIX, then the installed pml runs an example from elsewhere
# the normal build (the sanitizer run sets B for its own build directory)
if env -u B -u SANFLAGS make -s install PREFIX="$TMP/inst" >/dev/null 2>&1; then
    expect_eq "make install puts pml, its man page and completion under PREFIX" 3 \
        "$(ls "$TMP/inst/bin/pml" "$TMP/inst/share/man/man1/pml.1" "$TMP/inst/share/bash-completion/completions/pml" 2>/dev/null | wc -l)"
    cp examples/fib.pml "$TMP/fib.pml"
    expect_eq "the installed pml runs an example from another directory" "val result = 55 : int" \
        "$(cd / && "$TMP/inst/bin/pml" run "$TMP/fib.pml" -D n=10 | head -1)"
else
    fail "make install PREFIX=..." "failed"
fi

# --- a run that may not end: --time-limit stops it, saying so first; on a
# terminal a progress line shows after 2 s, cleared before the message ---
printf 'fun loop n = loop (n + 1)\nval result = loop 0\n' > "$TMP/loop.pml"
limit 60 "$PML" run "$TMP/loop.pml" --time-limit 0.5 --max-nodes 4000000000 > /dev/null 2> "$TMP/tl.err"; rc=$?
expect_eq "--time-limit 0.5 stops a loop: exit 1" 1 "$rc"
expect_eq "…saying first that the program may not terminate, with the limit and the nodes" \
    "error: the program may not terminate: it ran past the time limit, 0.5 s, with N nodes in its cost graph; if it does end, raise the limit with --time-limit SECONDS" \
    "$(grep -m1 ': error: ' "$TMP/tl.err" | sed 's/^[^ ]* //; s/with [0-9]* nodes/with N nodes/')"
expect_eq "off a terminal there is no progress line" 0 "$(grep -c 'evaluating:' "$TMP/tl.err")"
limit 60 "$PML" exec "$TMP/loop.pml" --time-limit 0.5 > /dev/null 2> "$TMP/tle.err"
expect_eq "pml exec honours --time-limit" "it ran past the time limit, 0.5 s" "$(grep -m1 -o 'it ran past the time limit, 0.5 s' "$TMP/tle.err")"
for v in 0 -1 x nan inf 1e8; do
    expect_eq "--time-limit $v is a usage error" 2 "$("$PML" run "$TMP/loop.pml" --time-limit "$v" >/dev/null 2>&1; echo $?)"
done
if command -v script > /dev/null; then
    PML="$PML" limit 60 script -qec "\"\$PML\" run \"$TMP/loop.pml\" --time-limit 4 --max-nodes 4000000000" /dev/null > "$TMP/tty.out" 2>&1
    tr '\r' '\n' < "$TMP/tty.out" > "$TMP/tty.txt"
    expect_eq "on a terminal a run past 2 s shows a progress line with its nodes and seconds" 1 \
        "$(grep -cm1 '^pml: evaluating: [0-9]* nodes (limit 4000000000), [0-9]* s' "$TMP/tty.txt")"
    expect_eq "…and erases it (to the end of the line) before the error" "1 1" \
        "$(grep -c $'^\033\\[K' "$TMP/tty.txt") $(sed -n $'/^\033\\[K/,$p' "$TMP/tty.txt" | grep -c 'error:.*may not terminate')"
else
    fail "script (util-linux) is installed, to give pml a terminal" "not found"
fi
