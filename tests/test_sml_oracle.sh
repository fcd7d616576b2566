#!/usr/bin/env bash
# SML/NJ as an oracle for values (docs/semantics.md, Invariants: "the
# interpreter's value equals SML/NJ's for programs without {...}").
#
# For every tests/sml/*.pml (plain SML programs that are also PML programs),
# tests/types/good/*.pml (well-typed programs a naive type checker gets wrong)
# and every examples/*.pml (translated: parallel pairs made sequential), run
# SML/NJ and `$PML run`, and compare the value of the last `val result`.
# Prints one "PASS name" / "FAIL name: why" line per program, plus
# "prelude_vs_basis" (the prelude's list functions against SML's Basis, run
# in SML alone).
#
#   tests/test_sml_oracle.sh                  all checks
#   tests/test_sml_oracle.sh FILE.pml ...     only these programs
#   tests/test_sml_oracle.sh --translate FILE.pml [-D n=N]...
#                                             print the SML text the oracle runs
#   tests/test_sml_oracle.sh --sml FILE.pml [-D n=N]...
#                                             print SML/NJ's value only
#
# The translation (python3, below) — what it does and its limits:
#   * The braces of a parallel pair {e1, e2} (outside strings and
#     comments) become ( and ): a parallel pair has the value of the
#     sequential pair.  Record braces stay: those PML's lexer reads as a
#     record ({ followed by } or `label =`), a record type or pattern whose
#     first row is `label :` or which has a `...` row, and a pattern of bare
#     names ({x, y} followed, before any |, of, then, in, ..., by the = or
#     => that ends a pattern: fun f ({x, y} :: r) = ...).  An oracle program
#     writes a parallel pair of two bare variables only where an expression
#     ends before the next = or =>.
#   * The prelude's declarations are split at lines starting in column 0
#     (its layout rule).  A declaration of a name SML's Basis already has is
#     dropped, so the Basis version is the oracle: every long name (List.nth,
#     Math.sqrt: SML would not accept `fun List.nth` anyway) and the
#     top-level names in SML_TOPLEVEL below.  The rest (tabulate, reducei,
#     filter, ...) is kept.  A prelude name SML binds at top level but missing
#     from SML_TOPLEVEL is merely kept, shadowing SML's.
#   * `param` is generated from the -D options (else it returns the default);
#     tests/sml/prims.sml defines the other PML primitives.
#   * length: SML's is Vector.length here (the shim's), unless the program
#     calls none of PML's top-level vector primitives (vector, sub,
#     fromList, tabulate, ...): then it is List.length, as textbook code
#     means it.
#   * Not translated, so programs meant for the oracle avoid them: length on
#     lists in a program that also uses top-level vector primitives (use
#     List.length there), min/max
#     on reals, anything SML's type checker rejects (PML is dynamically
#     typed), integers of 2^30 or more (SML/NJ's int has 31 bits).
#
# A program reads FILE.stdin as its standard input, in both, if there is
# one (else /dev/null).  TextIO.output (output1, outputSubstr) writes where print does in both; a
# program for the oracle writes nothing to TextIO.stdErr.
#
# SML/NJ's output: the line `val result = VALUE : TYPE` (with
# Control.Print.linewidth raised so that VALUE is not broken; continuation
# lines are joined anyway), VALUE is what precedes the last " : " (types
# never contain " : ").  PML's: the first line of `$PML run FILE`, which is
# `val result = VALUE : TYPE` in SML/NJ's notation, with the same print
# limits.  The value must be SML/NJ's; so must the type (its spaces
# normalised: SML/NJ may break a long one) where it names only the Basis's
# types (basis_type, below).
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
PML=${PML:-$PWD/pml}
ROOT=$PWD
TIMEOUT=$(( ${ORACLE_TIMEOUT:-120} * TIME_SCALE ))
# SML/NJ's answers are kept by the hash of the program it ran, so the
# sanitizer run (and any later run) asks SML/NJ only about what changed.
CACHE=${ORACLE_CACHE:-$ROOT/build/oracle-cache}
mkdir -p "$CACHE" 2>/dev/null || CACHE=$TMP
# ORACLE_KEEP=DIR keeps the translated programs and SML/NJ's output there.
if [ -n "${ORACLE_KEEP:-}" ]; then
    rm -rf "$TMP"; trap - EXIT; mkdir -p "$ORACLE_KEEP" && TMP=$(cd "$ORACLE_KEEP" && pwd)
fi

# Sizes for the examples: small enough to be quick in both SML/NJ and PML.
declare -A SIZES=(
  [matmul]="-D n=4"
  [quicksort]="-D n=12"
  [quicksort_join]="-D n=12"
  [mergesort]="-D n=20"
  [selection_sort]="-D n=12"
  [insertion_sort]="-D n=12"
  [quickhull]="-D n=16"
  [nqueens]="-D n=5"
  [fib]="-D n=10"
  [tabulate_reduce]="-D n=10"
  [barneshut]="-D n=10"
)

cat > "$TMP/pml2sml.py" <<'PY'
import re, sys

SML_TOPLEVEL = {
    "null", "hd", "tl", "@", "rev", "map", "foldl", "foldr", "app", "length",
    "concat", "valOf", "isSome", "getOpt", "real", "floor", "round", "trunc",
    "ceil", "not", "size", "abs", "vector", "ignore", "print", "explode",
    "implode", "str", "substring", "chr", "ord", "o", "before",
}

def blank_comments(src):
    """src with every (nested) comment replaced by spaces (newlines kept);
    also returns a mask: True at code characters (not in strings)."""
    out = []
    code = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("(*", i):
            depth, j = 0, i
            while j < n:
                if src.startswith("(*", j):
                    depth += 1; j += 2
                elif src.startswith("*)", j):
                    depth -= 1; j += 2
                    if depth == 0:
                        break
                else:
                    j += 1
            for ch in src[i:j]:
                out.append("\n" if ch == "\n" else " "); code.append(False)
            i = j
        elif c == '"':
            j = i + 1
            while j < n and src[j] != '"':
                if src[j] == "\\":
                    if j + 1 < n and src[j + 1].isspace():
                        # a gap: \ whitespace... \ 
                        j += 1
                        while j < n and src[j] != "\\":
                            j += 1
                        j += 1
                    else:
                        j += 2
                else:
                    j += 1
            j = min(j + 1, n)
            out.extend(src[i:j]); code.extend([False] * (j - i))
            i = j
        else:
            out.append(c); code.append(True)
            i += 1
    return "".join(out), code

LABEL = re.compile(r"\s*(?:[A-Za-z][A-Za-z0-9_']*|[1-9][0-9]*)\s*(=(?!>)|:)")

def is_record(text, code, k):
    """Is the { at text[k] a record (expression, pattern or type)?  PML's
    lexer rule: { followed by } or by `label =`.  Also a record pattern or
    type: `label :` first, a `...` row, or rows that are all bare names
    with = or => after the closing brace (fun f {x, y} = ...)."""
    rest = text[k + 1:]
    if rest.lstrip().startswith("}") or LABEL.match(rest):
        return True
    depth, j, n = 0, k + 1, len(text)
    while j < n:
        c = text[j]
        if code[j] and c in "([{":
            depth += 1
        elif code[j] and c in ")]}":
            if depth == 0:
                break
            depth -= 1
        j += 1
    inner = text[k + 1:j]
    if depth == 0 and re.search(r"\.\.\.", inner):
        return True
    rows = [r.strip() for r in inner.split(",")]
    if not all(re.fullmatch(r"[A-Za-z][A-Za-z0-9_']*", r) for r in rows):
        return False
    return in_pattern(text, code, j + 1)

TOKEN = re.compile(r"=>|[A-Za-z_][A-Za-z0-9_']*|\S")
ENDS_EXP = {"|", "of", "then", "else", "in", "end", "val", "fun", "let",
            ";", "handle", "andalso", "orelse", "if", "case", "and", "do"}

def in_pattern(text, code, k):
    """Is text[k:] the rest of a pattern, that is, does an = or => come
    before anything that ends an expression (|, of, then, in, ...)?  A
    pattern {x, y} of bare names (a record in PML) is told from a parallel
    pair {x, y} of two variables this way: ({x, y} :: rest) = ..."""
    window = "".join(c if code[k + i] else " "
                     for i, c in enumerate(text[k:k + 4000]))
    depth = 0
    for tok in TOKEN.findall(window):
        if tok in "([{":
            depth += 1
        elif tok in ")]}":
            depth -= 1
        elif depth <= 0 and tok in ("=", "=>"):
            return True
        elif depth <= 0 and tok in ENDS_EXP:
            return False
    return False

def braces(src):
    """Parallel pairs {e1, e2} become (e1, e2); record braces stay."""
    text, code = blank_comments(src)
    out, stack = [], []
    for k, ch in enumerate(text):
        if code[k] and ch == "{":
            stack.append(is_record(text, code, k))
            out.append("{" if stack[-1] else "(")
        elif code[k] and ch == "}":
            rec = stack.pop() if stack else False
            out.append("}" if rec else ")")
        else:
            out.append(ch)
    return "".join(out)

DECL = re.compile(r"^(fun|val|datatype|local|exception|type)\b", re.M)
NAME = re.compile(r"^fun\s+(?:op\s+)?([^\s(]+)")

def prelude(src):
    text = braces(src)
    starts = [m.start() for m in DECL.finditer(text)] + [len(text)]
    kept = [text[:starts[0]]]
    for a, b in zip(starts, starts[1:]):
        decl = text[a:b]
        m = NAME.match(decl)
        name = m.group(1) if m else None
        if name and ("." in name or name in SML_TOPLEVEL):
            kept.append("(* dropped: SML has %s *)\n" % name)
        else:
            kept.append(decl.rstrip() + ";\n")
    return "".join(kept)

VECTOR_PRIMS = re.compile(r"(?<![.\w'])(vector|sub|fromList|toList|tabulate|append|update|"
                          r"reduce|reducei|mapv|mapreduce)(?![\w'])")

def uses_vectors(src):
    """Does the program call PML's top-level vector primitives (whose
    length SML's shim defines as Vector.length)?"""
    text, code = blank_comments(src)
    return any(code[m.start()] for m in VECTOR_PRIMS.finditer(text))

def param_fun(defs):
    arms = "".join('"%s" => %s | ' % (k, v) for k, v in defs)
    return ("fun param (name : string, default : int) : int =\n"
            "  case name of %s_ => default;\n" % arms)

def main(argv):
    # pml2sml.py PRIMS PRELUDE PROGRAM [name=N ...]
    # a program's bytes that are not UTF-8 (Latin-1) pass through unchanged
    sys.stdout.reconfigure(errors="surrogateescape")
    prims, pre, prog = argv[1:4]
    defs = []
    for d in argv[4:]:
        k, v = d.split("=", 1)
        v = v.strip()
        defs.append((k, ("~" + v[1:]) if v.startswith("-") else v))
    sys.stdout.write(
        "Control.Print.printDepth := 1000; Control.Print.printLength := 100000;\n"
        "Control.Print.stringDepth := 100000; Control.Print.linewidth := 1000000;\n")
    # print collects the program's output, written out between markers at
    # the end, apart from the REPL's echo of the declarations
    sys.stdout.write("val pml_real_print = TextIO.print;\n"
                     "val pml_out = ref ([] : string list);\n"
                     "fun pml_print (s : string) = pml_out := s :: !pml_out;\n"
                     "val print = pml_print;\n"
                     "structure TextIO = struct open TextIO val print = pml_print\n"
                     "  fun output (_ : outstream, s) = pml_print s\n"
                     "  fun output1 (_ : outstream, c) = pml_print (str c)\n"
                     "  fun outputSubstr (_ : outstream, s) = pml_print (Substring.string s) end;\n")
    sys.stdout.write(param_fun(defs))
    sys.stdout.write(open(prims).read() + "\n")
    sys.stdout.write("(* ---- the prelude, translated ---- *)\n")
    sys.stdout.write(prelude(open(pre).read()) + "\n")
    sys.stdout.write("(* ---- the program, translated ---- *)\n")
    text = open(prog, errors="surrogateescape").read()
    if not uses_vectors(text):
        # PML's length takes lists too; a program without vectors means List.length
        sys.stdout.write("val length = List.length;\n")
    sys.stdout.write(braces(text) + "\n;\n")
    sys.stdout.write('val _ = pml_real_print ("\\n<<PML-PRINTED>>" ^ String.concat (List.rev (!pml_out)) ^ "<<PML-END>>\\n");\n')

main(sys.argv)
PY

# dflags "-D n=4 -D m=2" -> "n=4 m=2"
dflags() { local out=() a; set -- $1; while [ $# -gt 0 ]; do
    if [ "$1" = -D ]; then out+=("$2"); shift 2; else shift; fi; done
    echo "${out[@]:-}"; }

translate() { # FILE DFLAGS
    python3 "$TMP/pml2sml.py" tests/sml/prims.sml lib/prelude.pml "$1" $(dflags "$2")
}

# sml_cached PROGRAM.sml OUT [DIR]: SML/NJ's output for the program, run in DIR (from the
# cache when it ran this text before; a run that timed out is not kept)
sml_cached() {
    local key dir=${3:-.} input=${4:-/dev/null}
    # the files its `use "..."`s name (from DIR, where SML/NJ runs) and
    # its standard input are part of what it runs
    key=$CACHE/$( { cat "$1" "$input"; grep -o 'use "[^"]*"' "$1" | sed 's/^use "//; s/"$//' |
                   (cd "$dir" && xargs -r -d '\n' cat 2>/dev/null); } | sha1sum | cut -c1-40).out
    if [ -f "$key" ]; then cp "$key" "$2"; return; fi
    (cd "$dir" && timeout "$TIMEOUT" sml "$1" < "$input" > "$2" 2>&1) && cp "$2" "$key.$$" && mv -f "$key.$$" "$key"
    return 0
}

# sml_value FILE DFLAGS: prints VALUE, or returns 1 with the reason on stdout
sml_value() {
    local f=$1 flags=$2 base
    base=$TMP/$(basename "$f" .pml)
    translate "$f" "$flags" > "$base.sml" || { echo "translation failed"; return 1; }
    # in the program's folder: SML/NJ's use names files from there
    sml_cached "$base.sml" "$base.smlout" "$(dirname "$f")" "$(stdin_of "$f")"
    if grep -qE 'Error:|uncaught exception|Fatal error' "$base.smlout"; then
        echo "SML/NJ: $(grep -m1 -iE 'error|uncaught exception' "$base.smlout" | tr -s ' ' | cut -c1-200)"
        return 1
    fi
    python3 - "$base.smlout" "$base.printed" <<'PY' || return 1
import sys
out = open(sys.argv[1], errors="surrogateescape").read()
printed = ""
if "<<PML-PRINTED>>" in out:
    a = out.rindex("<<PML-PRINTED>>")
    b = out.index("<<PML-END>>", a)
    printed = out[a + len("<<PML-PRINTED>>"):b]
    out = out[:a]
if printed and not printed.endswith("\n"):
    printed += "\n"   # pml ends an open line before its report
open(sys.argv[2], "w", errors="surrogateescape").write(printed)
lines = out.split("\n")
start = None
for k, l in enumerate(lines):
    if l.startswith("val result = "):
        start = k
if start is None:
    print("SML/NJ printed no `val result`"); sys.exit(1)
text = lines[start]
for l in lines[start + 1:]:
    if l[:1] in (" ", "\t") and l.strip():
        text += " " + l.strip()
    else:
        break
text = text[len("val result = "):]
if " : " not in text:
    print("SML/NJ's result line has no type: " + text[:100]); sys.exit(1)
print(text)
PY
}

# basis_type TYPE: true when TYPE names only the Basis's types (and type
# variables).  pml prints a type with its abbreviations expanded and a
# structure's datatype by its own name (t, not S.t), where SML/NJ keeps
# the abbreviation's and the path's names (IntOrd.t for int): the types of
# the others are not compared.
basis_type() {
    local w
    for w in $(printf '%s' "$1" | grep -oE "(^|[^'A-Za-z0-9_])[A-Za-z][A-Za-z0-9_'.]*" | grep -oE "[A-Za-z][A-Za-z0-9_'.]*"); do
        case " int real string char bool unit list option ref array vector order exn word " in
        *" $w "*) ;;
        *) return 1 ;;
        esac
    done
}

# check NAME FILE DFLAGS
check() {
    local name=$1 f=$2 flags=$3 want got out rc
    if ! want=$(sml_value "$f" "$flags"); then fail "$name" "$want"; return; fi
    if [ ! -x "$PML" ]; then fail "$name" "no interpreter at $PML (SML/NJ says: $want)"; return; fi
    out=$(timeout "$TIMEOUT" "$PML" run "$f" $flags --print-depth 1000 --print-length 100000 < "$(stdin_of "$f")" \
          --string-depth 100000 2>"$TMP/pml.err"); rc=$?
    if [ $rc -ne 0 ]; then
        fail "$name" "pml exited $rc: $(head -c 200 "$TMP/pml.err" | tr '\n' ' ') (SML/NJ says: $want)"; return
    fi
    # pml's output: what the program printed, then the report, whose first
    # line is the value (the last line starting "val result = ")
    printf '%s\n' "$out" > "$TMP/pml.out"
    got=$(grep '^val result = ' "$TMP/pml.out" | tail -n 1)
    if [ "${got% : *}" != "val result = ${want% : *}" ]; then
        fail "$name" "SML/NJ [val result = $want] pml [$got]"; return
    fi
    if basis_type "${want##* : }" &&
       [ "$(printf '%s' "${got##* : }" | tr -s ' ')" != "$(printf '%s' "${want##* : }" | tr -s ' ')" ]; then
        fail "$name: the type is SML/NJ's" "SML/NJ [${want##* : }] pml [${got##* : }]"; return
    fi
    python3 - "$TMP/pml.out" "$TMP/$(basename "$f" .pml).printed" <<'PY' && pass "$name" || fail "$name" "printed output differs"
import sys
out = open(sys.argv[1], errors="surrogateescape").read()
k = out.rfind("\nval result = ")
got = out[:k + 1] if k >= 0 else ""
want = open(sys.argv[2], errors="surrogateescape").read()
if got != want:
    print("pml printed %r, SML/NJ %r" % (got[:300], want[:300]), file=sys.stderr)
    sys.exit(1)
PY
}

# The prelude's list functions against the Basis, in SML alone: the prelude
# with its long names renamed (List.nth -> List_nth) shadows the top-level
# Basis names; each line compares one function with the Basis one.
prelude_vs_basis() {
    local s=$TMP/prelude_vs_basis.sml
    {
        echo 'Control.Print.printLength := 1000; Control.Print.linewidth := 1000000;'
        echo 'fun param (_ : string, d : int) = d;'
        cat tests/sml/prims.sml
        python3 - lib/prelude.pml <<'PY'
import re, sys
src = open(sys.argv[1]).read()
# drop comments (no strings in the prelude contain comment brackets)
while "(*" in src:
    src = re.sub(r"\(\*(?:(?!\(\*)[\s\S])*?\*\)", " ", src)
# parallel pairs {e1, e2} become (e1, e2); records ({x, y}, {x = e}) stay
out, stack = [], []
for k, ch in enumerate(src):
    if ch == "{":
        stack.append(re.match(r"\{\s*\w+\s*[,=}]", src[k:]) is not None)
        out.append("{" if stack[-1] else "(")
    elif ch == "}":
        out.append("}" if stack and stack.pop() else ")")
    else:
        out.append(ch)
src = "".join(out)
# symbolic long names (fun Real.== ...) are left to the Basis
src = re.sub(r"^fun \w+\.[!%&$#+\-/:<=>?@\\~`^|*]+ .*\n", "", src, flags=re.M)
# rename the long names the prelude defines (not the Basis ones it calls)
defined = set(re.findall(r"^fun\s+(?:op\s+)?(\w+\.\w+)", src, flags=re.M))
src = re.sub(r"\b(\w+)\.(\w+)\b",
             lambda m: m.group(1) + "_" + m.group(2) if m.group(0) in defined else m.group(0), src)
# the prelude's substring constructor, as a datatype of SML's
src = "datatype substring_ = Substring_SUBSTRING_ of string * int * int;\n" + \
      src.replace("Substring.SUBSTRING_", "Substring_SUBSTRING_")
src = re.sub(r"^(fun|val)", r";\1", src, flags=re.M)
# PML's length also works on lists; the shim's is Vector.length
src = src.replace("fun List_length l = length l", "fun List_length l = List.length l")
print(src + ";")
PY
        cat <<'SML'
val l = [5, 3, 8, 1, 9, 2];
val checks = [
  ("null", null [] = List.null [] andalso null l = List.null l),
  ("hd/tl", hd l = List.hd l andalso tl l = List.tl l),
  ("@", [1,2] @ [3] = List.concat [[1,2],[3]] andalso [] @ l = l),
  ("rev", rev l = List.rev l andalso List_rev [] = List.rev ([] : int list)),
  ("revAppend", List_revAppend ([1,2], [3]) = List.revAppend ([1,2], [3])),
  ("map", map (fn x => x * 2) l = List.map (fn x => x * 2) l),
  ("filter", filter (fn x => x > 3) l = List.filter (fn x => x > 3) l),
  ("foldl", foldl (fn (x, a) => x :: a) [] l = List.foldl (fn (x, a) => x :: a) [] l),
  ("foldr", foldr (fn (x, a) => x :: a) [] l = List.foldr (fn (x, a) => x :: a) [] l),
  ("foldl-", foldl op- 0 l = List.foldl op- 0 l),
  ("foldr-", foldr op- 0 l = List.foldr op- 0 l),
  ("length", List_length l = List.length l),
  ("last", List_last l = List.last l),
  ("nth", List_nth (l, 0) = List.nth (l, 0) andalso List_nth (l, 5) = List.nth (l, 5)),
  ("take", List_take (l, 0) = List.take (l, 0) andalso List_take (l, 6) = List.take (l, 6)
           andalso List_take (l, 2) = List.take (l, 2)),
  ("drop", List_drop (l, 0) = List.drop (l, 0) andalso List_drop (l, 6) = List.drop (l, 6)
           andalso List_drop (l, 2) = List.drop (l, 2)),
  ("exists", List_exists (fn x => x = 9) l = List.exists (fn x => x = 9) l
             andalso List_exists (fn x => x = 7) l = List.exists (fn x => x = 7) l),
  ("all", List_all (fn x => x > 0) l = List.all (fn x => x > 0) l
          andalso List_all (fn x => x > 1) l = List.all (fn x => x > 1) l),
  ("find", List_find (fn x => x > 5) l = List.find (fn x => x > 5) l
           andalso List_find (fn x => x > 50) l = List.find (fn x => x > 50) l),
  ("partition", List_partition (fn x => x mod 2 = 0) l = List.partition (fn x => x mod 2 = 0) l),
  ("tabulate", List_tabulate (5, fn i => i * i) = List.tabulate (5, fn i => i * i)
               andalso List_tabulate (0, fn i => i) = List.tabulate (0, fn i => i)),
  ("concat", List_concat [[1], [], [2, 3]] = List.concat [[1], [], [2, 3]]),
  ("strconcat", concat ["ab", "", "c"] = String.concat ["ab", "", "c"]
                andalso String_concat [] = String.concat []),
  ("option", valOf (SOME 3) = Option.valOf (SOME 3) andalso isSome NONE = Option.isSome NONE
             andalso Option_isSome (SOME 1)),
  ("real", Real.== (Real_fromInt 3, Real.fromInt 3) andalso Real.== (Math_sqrt 2.0, Math.sqrt 2.0)),
  ("tabulate-v", toList (tabulate (fn i => i * 3, 7)) = List.tabulate (7, fn i => i * 3)
                 andalso length (tabulate (fn i => 1 div i, 0)) = 0),
  ("reduce", reduce op+ 0 (fromList l) = 28 andalso reduce op+ 0 (fromList []) = 0),
  ("reducei", reducei op+ (fn (i, x) => i * x) 0 (fromList l) = 0*5+1*3+2*8+3*1+4*9+5*2),
  ("mapv", toList (mapv (fn x => x + 1) (fromList l)) = List.map (fn x => x + 1) l),
  ("mapreduce", mapreduce op+ (fn x => x * x) 0 (fromList l) = 184),
  ("char-classes", List.all (fn i => let val c = chr i in
      Char_isDigit c = Char.isDigit c andalso Char_isAlpha c = Char.isAlpha c
      andalso Char_isUpper c = Char.isUpper c andalso Char_isLower c = Char.isLower c
      andalso Char_isAlphaNum c = Char.isAlphaNum c andalso Char_isSpace c = Char.isSpace c
      andalso Char_isPrint c = Char.isPrint c andalso Char_isGraph c = Char.isGraph c
      andalso Char_isPunct c = Char.isPunct c andalso Char_isHexDigit c = Char.isHexDigit c
      andalso Char_toUpper c = Char.toUpper c andalso Char_toLower c = Char.toLower c
      andalso Char_contains "a1 ," c = Char.contains "a1 ," c end) (List.tabulate (256, fn i => i))),
  ("strings", let val ss = ["", "a", ",", "a,b", ",a,,b,", "ab  cd ", "  "]
                  fun sep c = c = #"," orelse c = #" " in
      List.all (fn s => String_fields sep s = String.fields sep s
                        andalso String_tokens sep s = String.tokens sep s
                        andalso explode s = String.explode s
                        andalso String_map Char.toUpper s = String.map Char.toUpper s
                        andalso String_translate (fn c => str c ^ str c) s = String.translate (fn c => str c ^ str c) s
                        andalso List.all (fn p => String_isPrefix p s = String.isPrefix p s
                                                  andalso String_isSuffix p s = String.isSuffix p s
                                                  (* SML/NJ 110.79: isSubstring "" "" = false; the Basis says true *)
                                                  andalso (s = "" orelse String_isSubstring p s = String.isSubstring p s)) ss
                        andalso String_concatWith s ss = String.concatWith s ss) ss end),
  ("listpair", ListPair_zip ([1,2,3], [4,5]) = ListPair.zip ([1,2,3], [4,5])
               andalso ListPair_unzip [(1,2),(3,4)] = ListPair.unzip [(1,2),(3,4)]
               andalso ListPair_map op- ([9,8], [1,2,3]) = ListPair.map op- ([9,8], [1,2,3])
               andalso ListPair_foldl (fn (a, b, c) => a - b + 2 * c) 1 ([1,2], [3,4])
                       = ListPair.foldl (fn (a, b, c) => a - b + 2 * c) 1 ([1,2], [3,4])
               andalso ListPair_foldr (fn (a, b, c) => a - b + 2 * c) 1 ([1,2], [3,4])
                       = ListPair.foldr (fn (a, b, c) => a - b + 2 * c) 1 ([1,2], [3,4])),
  ("lists2", List_mapPartial (fn x => if x > 3 then SOME (x * 2) else NONE) l
             = List.mapPartial (fn x => if x > 3 then SOME (x * 2) else NONE) l
             andalso List_collate Int.compare ([1,2], [1,3]) = List.collate Int.compare ([1,2], [1,3])
             andalso List_collate Int.compare ([1,2], [1]) = List.collate Int.compare ([1,2], [1])
             andalso Int_compare (2, 1) = Int.compare (2, 1) andalso Int_compare (1, 1) = EQUAL),
  ("vectors", let val v = Vector.fromList l in
      Vector_foldl op- 0 v = Vector.foldl op- 0 v andalso Vector_foldr op- 0 v = Vector.foldr op- 0 v
      andalso Vector_tabulate (4, fn i => i * i) = Vector.tabulate (4, fn i => i * i)
      andalso Vector_exists (fn x => x = 8) v = Vector.exists (fn x => x = 8) v
      andalso Vector_all (fn x => x > 1) v = Vector.all (fn x => x > 1) v end),
  ("basis4", ListPair_zipEq ([1,2], [3,4]) = ListPair.zipEq ([1,2], [3,4])
             andalso ((ListPair_zipEq ([1], []); false) handle ListPair.UnequalLengths => true)
             andalso ListPair_foldlEq (fn (a, b, c) => a - b + 2 * c) 1 ([1,2], [3,4])
                     = ListPair.foldlEq (fn (a, b, c) => a - b + 2 * c) 1 ([1,2], [3,4])
             andalso ListPair_foldrEq (fn (a, b, c) => a - b + 2 * c) 1 ([1,2], [3,4])
                     = ListPair.foldrEq (fn (a, b, c) => a - b + 2 * c) 1 ([1,2], [3,4])
             andalso List.all (fn i => List.all (fn r => Int_fmt r i = Int.fmt r i)
                                 [StringCvt.BIN, StringCvt.OCT, StringCvt.DEC, StringCvt.HEX])
                              [0, 1, 7, 8, 255, 1000, ~1, ~255]
             andalso List.all (fn n => StringCvt_padLeft #"0" n "abc" = StringCvt.padLeft #"0" n "abc"
                               andalso StringCvt_padRight #"." n "abc" = StringCvt.padRight #"." n "abc")
                              [~1, 0, 2, 3, 5]
             andalso Real_isNan (0.0 / 0.0) andalso not (Real_isNan 1.0)
             andalso not (Real_isFinite (1.0 / 0.0)) andalso Real_isFinite 0.5
             andalso List_foldli (fn (i, x, a) => a * 10 + i * x) 0 l = List.foldli (fn (i, x, a) => a * 10 + i * x) 0 l),
  ("vectors4", let val v = Vector.fromList l in
      Vector_foldli (fn (i, x, a) => a * 3 + i * x) 0 v = Vector.foldli (fn (i, x, a) => a * 3 + i * x) 0 v
      andalso Vector_foldri (fn (i, x, a) => a * 3 + i * x) 0 v = Vector.foldri (fn (i, x, a) => a * 3 + i * x) 0 v
      andalso Vector_mapi (fn (i, x) => i - x) v = Vector.mapi (fn (i, x) => i - x) v
      andalso Vector_findi (fn (i, x) => x > i + 4) v = Vector.findi (fn (i, x) => x > i + 4) v end),
  ("substring", let val ss = ["", "a b", " ab,c ,", "abc"]
                    fun sep c = c = #"," orelse c = #" "
                    fun str' s = Substring.string s
                    fun mine s = Substring_full s
                    fun theirs s = Substring.full s in
      List.all (fn s => map Substring_string (Substring_fields sep (mine s)) = map str' (Substring.fields sep (theirs s))
                        andalso map Substring_string (Substring_tokens sep (mine s)) = map str' (Substring.tokens sep (theirs s))
                        andalso Substring_string (#1 (Substring_splitl Char.isAlpha (mine s))) = str' (#1 (Substring.splitl Char.isAlpha (theirs s)))
                        andalso Substring_string (#2 (Substring_splitr Char.isAlpha (mine s))) = str' (#2 (Substring.splitr Char.isAlpha (theirs s)))
                        andalso Substring_string (#2 (Substring_position "b" (mine s))) = str' (#2 (Substring.position "b" (theirs s)))
                        andalso Substring_foldr op:: [] (mine s) = Substring.foldr op:: [] (theirs s)
                        andalso StringCvt_takel Char.isAlpha Substring_getc (mine s) = StringCvt.takel Char.isAlpha Substring.getc (theirs s)
                        andalso String_fromString s = String.fromString s andalso Char_fromString s = Char.fromString s) ss end),
  ("errors", ((hd []; false) handle Empty => true)
             andalso ((tl []; false) handle Empty => true)
             andalso ((List_last []; false) handle Empty => true)
             andalso ((List_nth (l, 6); false) handle Subscript => true)
             andalso ((List_take (l, 7); false) handle Subscript => true)
             andalso ((List_drop (l, 7); false) handle Subscript => true)
             andalso ((List_tabulate (~1, fn i => i); false) handle Size => true)
             andalso ((valOf NONE; false) handle Option => true))
];
val bad = List.map #1 (List.filter (fn (_, ok) => not ok) checks);
SML
    } > "$s"
    sml_cached "$s" "$s.out"
    local bad
    bad=$(grep -m1 '^val bad = ' "$s.out")
    if grep -qE 'Error:|uncaught exception|Fatal error' "$s.out"; then
        fail prelude_vs_basis "SML/NJ: $(grep -m1 -E 'Error|uncaught' "$s.out")"
    elif [ "$bad" = 'val bad = [] : string list' ]; then pass prelude_vs_basis
    else fail prelude_vs_basis "differ from the Basis: ${bad:-no output}"; fi
}

if [ "${1:-}" = --translate ] || [ "${1:-}" = --sml ]; then
    mode=$1; f=$2; shift 2
    if [ "$mode" = --translate ]; then translate "$f" "$*"
    else sml_value "$f" "$*"; fi
    exit
fi

if ! command -v sml >/dev/null 2>&1; then
    fail sml_oracle "sml (SML/NJ) is not installed"; exit 0
fi
if ! command -v python3 >/dev/null 2>&1; then
    fail sml_oracle "python3 is not installed"; exit 0
fi

if [ $# -gt 0 ]; then files=("$@"); else
    prelude_vs_basis
    files=(tests/sml/*.pml tests/types/good/*.pml examples/*.pml)
fi
for f in "${files[@]}"; do
    [ -f "$f" ] || { fail "$f" "no such file"; continue; }
    n=$(basename "$f" .pml)
    case "$f" in
        *examples/*) check "example_$n" "$f" "${SIZES[$n]:-}" ;;
        *) check "sml_$n" "$f" "" ;;
    esac
done
