#!/usr/bin/env bash
# The manual page and make install (docs/options.md, "The manual page and
# what is installed"): pml.1 is written by pml from the rows its --help
# prints (never kept in git), renders without a groff warning, has the
# sections a man page has, and holds every row of every command's --help;
# make install into a DESTDIR puts the binary, the page, the completion,
# the documents, the examples and the prelude under PREFIX, and the
# installed pml, run from another directory on an installed example, cites
# only paths that exist there.
cd "$(dirname "$0")/.."
source tests/lib.sh
PML=${PML:-$PWD/pml}
B=${B:-build}

# ---- the page is made, not kept ----
expect_eq "no man page is kept in git" "" "$(git ls-files '*.1' 2>/dev/null)"
"$PML" help --man > "$TMP/pml.1"
if [ -f "$B/pml.1" ]; then
    expect_eq "the build's $B/pml.1 is what pml help --man writes" "" "$(cmp "$B/pml.1" "$TMP/pml.1" 2>&1)"
fi
case $(make -n -W "$B/pml" "$B/pml.1" B="$B" 2>&1) in
    *"pml help --man"*) pass "the build writes $B/pml.1 with pml help --man";;
    *) fail "the build writes $B/pml.1 with pml help --man" "$(make -n -W "$B/pml" "$B/pml.1" 2>&1 | head -3)";;
esac

# ---- it renders, without a warning, with its sections ----
warn=$(groff -man -Tutf8 -ww -z "$TMP/pml.1" 2>&1); rc=$?
expect_eq "groff -man -Tutf8 -ww renders pml.1 without a warning" "0 " "$rc $warn"
groff -man -Tutf8 -rLL=250n -P-cbou "$TMP/pml.1" > "$TMP/man.txt" 2>&1
expect_eq "pml.1 has NAME, SYNOPSIS, DESCRIPTION, COMMANDS, OPTIONS, CONVENTIONS, ENVIRONMENT, EXIT STATUS, FILES, EXAMPLES, SEE ALSO in order" \
    "NAME SYNOPSIS DESCRIPTION COMMANDS OPTIONS CONVENTIONS ENVIRONMENT EXIT STATUS FILES EXAMPLES SEE ALSO" \
    "$(grep -E '^[A-Z][A-Z ]+$' "$TMP/man.txt" | tr '\n' ' ' | sed 's/ $//')"
if command -v man > /dev/null; then
    expect_eq "man -l renders pml.1" 0 "$(MANWIDTH=80 man -l "$TMP/pml.1" > /dev/null 2>&1; echo $?)"
fi

# ---- every row of every command's --help is in the page: in the
# command's own subsection, or in a shared group's that the subsection names ----
got=$(python3 - "$PML" "$TMP/man.txt" <<'PY'
import re, subprocess, sys
pml, man = sys.argv[1], open(sys.argv[2]).read()
norm = lambda s: " ".join(s.split())
usage = subprocess.run([pml, "help"], capture_output=True, text=True).stdout
cmds = re.findall(r"^  ([a-z]+)\s", usage, re.M)
# subsections: a line of 3 spaces and a title
parts = re.split(r"^   (\S.*)$", man.split("\nCONVENTIONS\n")[0], flags=re.M)
sections = {parts[i]: norm(parts[i + 1]) for i in range(1, len(parts) - 1, 2)}
shared = norm(" ".join(v for k, v in sections.items() if not k.startswith("pml ")))
bad, rows = [], 0
for c in cmds:
    own = sections.get("pml " + c)
    if own is None:
        bad.append("no subsection for pml " + c); continue
    text = subprocess.run([pml, c, "--help"], capture_output=True, text=True).stdout
    body = text.split("\nexample:")[0]
    for row in re.findall(r"^  (?:-|    --).*\n(?: {28}.*\n)*", body + "\n", re.M):
        rows += 1
        r = norm(row)
        if r not in own and r not in shared: bad.append("%s: %s" % (c, r[:60]))
    if norm(text.split("\nexample:\n")[1].split("\n")[0]) not in norm(man):
        bad.append(c + ": its example")
print("ok" if not bad and rows > 100 and len(cmds) >= 16 else "%d rows: %s" % (rows, "; ".join(bad[:6])))
PY
)
expect_eq "every row of every command's --help, and its example, is in pml.1" ok "$got"
worst=$(sed -n '/^   pml worst$/,/^   pml diff$/p' "$TMP/man.txt" | tr -s ' \n' ' ')
case $worst in *"--sched POLICY,... scheduling policies, of df|bf|ws (default every policy)"*"-p P,... processor counts (default 1,2,8)"*"Not taken (a usage error): --no-queue-space"*)
    pass "pml.1 gives worst's own defaults of --sched and -p and what it refuses";;
*) fail "pml.1 gives worst's own defaults of --sched and -p and what it refuses" "$worst";; esac

# ---- make install into a DESTDIR, the installed pml run from elsewhere ----
prefix=/opt/pml-test
dest="$TMP/dest"
# -o pml: install the pml built already, whatever build the suite runs on
if ! make -s -o pml install PREFIX="$prefix" DESTDIR="$dest" > "$TMP/install.log" 2>&1; then
    fail "make install PREFIX DESTDIR" "$(tail -3 "$TMP/install.log")"
    exit 0
fi
root="$dest$prefix"
expect_eq "make install: binary, man page, completion, documents, pictures, examples, prelude" "yes yes yes yes yes yes yes" \
    "$(for f in bin/pml share/man/man1/pml.1 share/bash-completion/completions/pml share/doc/pml/README.md \
                share/doc/pml/img/matmul-n4-bf.svg share/pml/examples/fib.pml share/pml/prelude.pml; do
           [ -f "$root/$f" ] && echo yes || echo "no:$f"; done | tr '\n' ' ' | sed 's/ $//')"
expect_eq "make install: every document and example" "$(ls docs/*.md examples | wc -l)" \
    "$(ls "$root/share/doc/pml/"*.md "$root/share/pml/examples" | grep -vc README.md)"
mkdir -p "$TMP/elsewhere"
cd "$TMP/elsewhere" || exit 1
ipml="$root/bin/pml"
expect_eq "the installed pml runs an installed example from another directory" "val result = 55 : int" \
    "$("$ipml" run "$root/share/pml/examples/fib.pml" -D n=10 | head -1)"
# what it says about itself and its outputs: help, every --help, a usage
# error, a run's note, a plot's script, and the installed page
{
    "$ipml" help
    for c in $("$ipml" help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p'); do "$ipml" "$c" --help; done
    "$ipml" exec "$root/share/pml/examples/fib.pml" --coarse
    echo 'val r = ref 0  val result = {r := 1, r := 2}' | "$ipml" run -
    "$ipml" sweep "$root/share/pml/examples/fib.pml" -D n=2:4 -o s.csv --plot s.svg && cat s.gp
} > "$TMP/said.txt" 2>&1
got=$(python3 - "$TMP/said.txt" "$root" "$dest" "$root/share/man/man1/pml.1" <<'PY'
import os, re, sys
said, root, dest = open(sys.argv[1]).read(), sys.argv[2], sys.argv[3]
page = open(sys.argv[4]).read().replace("\\-", "-")
bad, n = [], 0
rel = set(re.findall(r"(?<![\w/.-])((?:docs|examples)/[\w.-]*\w)", said + page))
if rel: bad.append("relative citations: %s" % sorted(rel)[:4])
for p in re.findall(re.escape(root) + r"/share/[\w./-]*\w", said):
    n += 1
    if not os.path.exists(p): bad.append(p)
for p in re.findall(r"/opt/pml-test/share/[\w./-]*\w", page):
    n += 1
    if not os.path.exists(dest + p): bad.append("page: " + p)
print("ok" if not bad and n > 20 else "%d cited: %s" % (n, "; ".join(bad[:5])))
PY
)
expect_eq "the installed pml and its page cite only installed paths, and each exists" ok "$got"
