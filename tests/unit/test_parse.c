/*
 * test_parse.c — the front end: lexing, parsing, spans, errors, limits,
 * and the source/diagnostic helpers.
 *
 * Most checks parse a small program and compare a dump of its tree, an
 * S-expression: an infix application written as such dumps as (op x y),
 * any other application as (app f x); patterns x :: y as (:: x y).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include "ast.h"
#include "check.h"

/* ---- the dump -------------------------------------------------------------- */

typedef struct Buf {
    char *s;
    size_t n, cap;
} Buf;

static void out(Buf *b, const char *fmt, ...)
{
    va_list ap;
    if (!b->s) {
        b->cap = 256;
        b->s = malloc(b->cap);
    }
    for (;;) {
        va_start(ap, fmt);
        int k = vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
        va_end(ap);
        if (k >= 0 && (size_t)k < b->cap - b->n) {
            b->n += (size_t)k;
            return;
        }
        b->cap = b->cap * 2 + (size_t)k + 64;
        b->s = realloc(b->s, b->cap);
    }
}

/* Every node dumped is also checked: its span lies inside the text. */
static uint32_t g_len, g_bad_spans;

static void span_ok(Span sp)
{
    if (sp.off > sp.end || sp.end > g_len || sp.line < 1 || sp.col < 1)
        g_bad_spans++;
}

static void dump_expr(Buf *b, const Expr *e);
static void dump_pat(Buf *b, const Pat *p);
static void dump_dec(Buf *b, const Dec *d);

static void dump_str(Buf *b, const char *s, uint32_t n)
{
    out(b, "\"");
    for (uint32_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\')
            out(b, "\\x%02x", c);
        else
            out(b, "%c", c);
    }
    out(b, "\"");
}

static void dump_exprs(Buf *b, const char *head, Expr **v, uint32_t n)
{
    out(b, "(%s", head);
    for (uint32_t i = 0; i < n; i++) {
        out(b, " ");
        dump_expr(b, v[i]);
    }
    out(b, ")");
}

static void dump_clause(Buf *b, const Clause *c)
{
    out(b, "(");
    for (uint32_t i = 0; i < c->npats; i++) {
        dump_pat(b, c->pats[i]);
        out(b, " ");
    }
    out(b, "=> ");
    dump_expr(b, c->body);
    out(b, ")");
}

static int is_infix(const Expr *e)
{
    return e->a->kind == EX_VAR && e->b->kind == EX_TUPLE && e->b->n == 2
        && e->a->span.off >= e->b->elems[0]->span.end;
}

static void dump_app(Buf *b, const Expr *e)
{
    if (is_infix(e)) {
        out(b, "(%s ", e->a->name);
        dump_expr(b, e->b->elems[0]);
        out(b, " ");
        dump_expr(b, e->b->elems[1]);
    } else {
        out(b, "(app ");
        dump_expr(b, e->a);
        out(b, " ");
        dump_expr(b, e->b);
    }
    out(b, ")");
}

static void dump_arms(Buf *b, const Expr *e)
{
    for (uint32_t i = 0; i < e->nclauses; i++) {
        out(b, " ");
        dump_clause(b, &e->clauses[i]);
    }
    out(b, ")");
}

static void dump_sub(Buf *b, const char *head, const Expr *x, const Expr *y,
                     const Expr *z)
{
    out(b, "(%s", head);
    const Expr *v[3] = {x, y, z};
    for (int i = 0; i < 3 && v[i]; i++) {
        out(b, " ");
        dump_expr(b, v[i]);
    }
    out(b, ")");
}

static void dump_expr(Buf *b, const Expr *e)
{
    span_ok(e->span);
    switch (e->kind) {
    case EX_INT:
        if (e->sval) out(b, "big:%.*s", (int)e->slen, e->sval);   /* an IntInf.int constant's text */
        else if (e->num == NUM_WORD) out(b, "0w%llu", (unsigned long long)e->ival);
        else out(b, "%lld", (long long)e->ival);
        break;
    case EX_REAL: out(b, "%g", e->rval); break;
    case EX_CHAR: out(b, "#%lld", (long long)e->ival); break;
    case EX_STRING: dump_str(b, e->sval, e->slen); break;
    case EX_VAR: out(b, "%s", e->name); break;
    case EX_TUPLE: dump_exprs(b, "tuple", e->elems, e->n); break;
    case EX_PAR: dump_exprs(b, "par", e->elems, e->n); break;
    case EX_RECORD: dump_exprs(b, "record", e->elems, e->n); break;
    case EX_SEQ: dump_exprs(b, "seq", e->elems, e->n); break;
    case EX_LIST: dump_exprs(b, "list", e->elems, e->n); break;
    case EX_APP: dump_app(b, e); break;
    case EX_PROJ:
        if (e->name) out(b, "(#%s ", e->name);
        else out(b, "(#%lld ", (long long)e->ival);
        dump_expr(b, e->a);
        out(b, ")");
        break;
    case EX_FN: out(b, "(fn"); dump_arms(b, e); break;
    case EX_CASE:
        out(b, "(case ");
        dump_expr(b, e->a);
        dump_arms(b, e);
        break;
    case EX_LET:
        out(b, "(let (");
        for (uint32_t i = 0; i < e->ndecs; i++) {
            out(b, i ? " " : "");
            dump_dec(b, e->decs[i]);
        }
        out(b, ") ");
        dump_expr(b, e->a);
        out(b, ")");
        break;
    case EX_IF: dump_sub(b, "if", e->a, e->b, e->c); break;
    case EX_ANDALSO: dump_sub(b, "andalso", e->a, e->b, NULL); break;
    case EX_ORELSE: dump_sub(b, "orelse", e->a, e->b, NULL); break;
    case EX_RAISE: dump_sub(b, "raise", e->a, NULL, NULL); break;
    case EX_HANDLE:
        out(b, "(handle ");
        dump_expr(b, e->a);
        dump_arms(b, e);
        break;
    }
}

static void dump_pats(Buf *b, const char *head, Pat **v, uint32_t n)
{
    out(b, "(%s", head);
    for (uint32_t i = 0; i < n; i++) {
        out(b, " ");
        dump_pat(b, v[i]);
    }
    out(b, ")");
}

static void dump_pat(Buf *b, const Pat *p)
{
    span_ok(p->span);
    switch (p->kind) {
    case PAT_WILD: out(b, "_"); break;
    case PAT_VAR: out(b, "%s", p->name); break;
    case PAT_INT: out(b, "%lld", (long long)p->ival); break;
    case PAT_CHAR: out(b, "#%lld", (long long)p->ival); break;
    case PAT_STRING: dump_str(b, p->sval, p->slen); break;
    case PAT_TUPLE: dump_pats(b, "ptuple", p->elems, p->n); break;
    case PAT_LIST: dump_pats(b, "plist", p->elems, p->n); break;
    case PAT_RECORD: dump_pats(b, p->ival ? "precord..." : "precord", p->elems, p->n); break;
    case PAT_CON:
        if (strcmp(p->name, "::") == 0 && p->arg && p->arg->kind == PAT_TUPLE
            && p->arg->n == 2) {
            dump_pats(b, "::", p->arg->elems, 2);
        } else if (!p->arg) {
            out(b, "(con %s)", p->name);
        } else {
            out(b, "(con %s ", p->name);
            dump_pat(b, p->arg);
            out(b, ")");
        }
        break;
    case PAT_AS:
        out(b, "(as %s ", p->name);
        dump_pat(b, p->arg);
        out(b, ")");
        break;
    }
}

static void dump_dec(Buf *b, const Dec *d)
{
    span_ok(d->span);
    switch (d->kind) {
    case DEC_VAL:
        out(b, "(val ");
        dump_pat(b, d->pat);
        out(b, " ");
        dump_expr(b, d->a);
        out(b, ")");
        break;
    case DEC_FUN:
        out(b, "(fun");
        for (uint32_t i = 0; i < d->nfuns; i++) {
            out(b, " (%s", d->funs[i].name);
            for (uint32_t j = 0; j < d->funs[i].nclauses; j++) {
                out(b, " ");
                dump_clause(b, &d->funs[i].clauses[j]);
            }
            out(b, ")");
        }
        out(b, ")");
        break;
    case DEC_STRUCTURE:
    case DEC_FUNCTOR:
        out(b, "(%s %s%s", d->kind == DEC_FUNCTOR ? "functor" : "structure", d->name ? d->name : "_",
            d->sig ? (d->opaque ? " :>" : " :") : "");
        if (d->kind == DEC_FUNCTOR)
            out(b, " (%s %u)", d->functor ? d->functor : "specs", d->psig->nnames);
        else if (d->functor)
            out(b, " %s", d->functor);
        else if (d->alias_of)
            out(b, " = %s", d->alias_of);
        for (uint32_t i = 0; i < d->ndecs; i++) {
            out(b, " ");
            dump_dec(b, d->decs[i]);
        }
        if (d->arg) {
            out(b, " ");
            dump_dec(b, d->arg);
        }
        out(b, ")");
        break;
    case DEC_LOCAL:
        out(b, "(local");
        for (uint32_t i = 0; i < d->ndecs; i++) {
            out(b, " ");
            dump_dec(b, d->decs[i]);
        }
        out(b, " in");
        for (uint32_t i = 0; i < d->ndecs2; i++) {
            out(b, " ");
            dump_dec(b, d->decs2[i]);
        }
        out(b, ")");
        break;
    case DEC_SIGNATURE: out(b, "(signature %s)", d->name); break;
    case DEC_OPEN: out(b, "(open %u)", d->nnames); break;
    case DEC_TYPE: out(b, "(type %u)", d->ntybinds); break;
    case DEC_DATATYPE:
    case DEC_EXCEPTION:
        out(b, d->kind == DEC_DATATYPE ? "(datatype" : "(exception");
        for (uint32_t i = 0; i < d->ncons; i++) {
            const ConDef *c = &d->cons[i];
            out(b, " %s:%u/%u", c->name, c->tag, c->ncons);
            if (c->has_arg)
                out(b, ":%u", c->nfields);
        }
        out(b, ")");
        break;
    }
}

/* ---- running the parser ---------------------------------------------------- */

typedef struct Parsed {
    Sources src;
    Program *prog;
    Diag d;
    int rc;
} Parsed;

static Parsed *parse_n(const char *text, size_t len)
{
    Parsed *r = calloc(1, sizeof *r);
    int f = src_add(&r->src, "t.pml", text, len);
    r->prog = ast_program_new();
    r->rc = lang_parse(&r->src, (uint32_t)f, r->prog, &r->d);
    return r;
}

static Parsed *parse(const char *text)
{
    return parse_n(text, strlen(text));
}

static void parsed_free(Parsed *r)
{
    ast_program_free(r->prog);
    src_free(&r->src);
    free(r);
}

/* The dump of a program, or "LINE:COL: message" if it fails. */
static char *show(const char *text)
{
    Parsed *r = parse(text);
    Buf b = {0};
    out(&b, "%s", "");
    g_len = (uint32_t)strlen(text);
    if (r->rc != 0) {
        out(&b, "%u:%u: %s", r->d.span.line, r->d.span.col, r->d.msg);
    } else {
        for (uint32_t i = 0; i < r->prog->ndecs; i++) {
            out(&b, i ? " " : "");
            dump_dec(&b, r->prog->decs[i]);
        }
    }
    parsed_free(r);
    return b.s;
}

static void expect(const char *name, const char *text, const char *want)
{
    char *got = show(text);
    int ok = strcmp(got, want) == 0;
    CHECK(ok && g_bad_spans == 0, "%s", name);
    if (!ok)
        printf("     source: %s\n     want:   %s\n     got:    %s\n", text,
               want, got);
    free(got);
}

/* An expression program "e" dumps as (val it E); check E only. */
static void expect_exp(const char *name, const char *text, const char *want)
{
    char full[4096];
    snprintf(full, sizeof full, "(val it %s)", want);
    expect(name, text, full);
}

/* ---- precedence and associativity ------------------------------------------ */

static void test_infix(void)
{
    expect_exp("infix: * binds tighter than +", "1 + 2 * 3", "(+ 1 (* 2 3))");
    expect_exp("infix: + after * at the same level", "1 * 2 + 3",
               "(+ (* 1 2) 3)");
    expect_exp("infix: - is left associative", "1 - 2 - 3", "(- (- 1 2) 3)");
    expect_exp("infix: / div mod are level 7, left associative",
               "a / b div c mod d * e", "(* (mod (div (/ a b) c) d) e)");
    expect_exp("infix: ^ is level 6, left associative", "a ^ b + c ^ d",
               "(^ (+ (^ a b) c) d)");
    expect_exp("infix: :: is right associative", "1 :: 2 :: l",
               "(:: 1 (:: 2 l))");
    expect_exp("infix: @ is right associative", "a @ b @ c", "(@ a (@ b c))");
    expect_exp("infix: :: and @ share level 5, right associative",
               "a :: b @ c :: d", "(:: a (@ b (:: c d)))");
    expect_exp("infix: + binds tighter than ::", "a + b :: c - d",
               "(:: (+ a b) (- c d))");
    expect_exp("infix: comparisons are level 4, left associative",
               "a = b <> c < d > e <= f >= g",
               "(>= (<= (> (< (<> (= a b) c) d) e) f) g)");
    expect_exp("infix: :: binds tighter than =", "x :: xs = ys",
               "(= (:: x xs) ys)");
    expect_exp("infix: + binds tighter than <", "a < b + 1", "(< a (+ b 1))");
    expect_exp("infix: application binds tighter than infix",
               "f x + g y * h z", "(+ (app f x) (* (app g y) (app h z)))");
    expect_exp("application is left associative", "f x y z",
               "(app (app (app f x) y) z)");
    expect_exp("parentheses override precedence", "(1 + 2) * 3",
               "(* (+ 1 2) 3)");
    expect_exp("andalso binds tighter than orelse",
               "a andalso b orelse c andalso d",
               "(orelse (andalso a b) (andalso c d))");
    expect_exp("orelse is left associative", "a orelse b orelse c",
               "(orelse (orelse a b) c)");
    expect_exp("andalso is left associative", "a andalso b andalso c",
               "(andalso (andalso a b) c)");
    expect_exp("infix binds tighter than andalso", "a = b andalso c < d",
               "(andalso (= a b) (< c d))");
    expect_exp("ascription binds tighter than andalso and is dropped",
               "a andalso b : bool", "(andalso a b)");
    expect_exp("ascription takes a whole type", "(f : int * int -> int list) x",
               "(app f x)");
    expect_exp("~ followed by a digit is a negative literal", "~1 + ~ x",
               "(+ -1 (app ~ x))");
    expect_exp("op + is a variable named +", "op + (1, 2)",
               "(app + (tuple 1 2))");
    expect_exp("op :: and op div are variables", "foldr op :: (op div) l",
               "(app (app (app foldr ::) div) l)");
}

static void test_arms(void)
{
    expect_exp("fn body extends as far right as possible",
               "fn x => x + 1 : int", "(fn (x => (+ x 1)))");
    expect_exp("fn inside fn", "fn x => fn y => x y",
               "(fn (x => (fn (y => (app x y)))))");
    expect_exp("fn with several arms", "fn 0 => 1 | n => n",
               "(fn (0 => 1) (n => n))");
    expect_exp("a | after a nested case belongs to the inner case",
               "case x of A => 1 | B y => case y of C => 2 | D => 3",
               "(case x (A => 1) ((con B y) => (case y (C => 2) (D => 3))))");
    expect_exp("a parenthesised inner case ends at its parenthesis",
               "case x of A => (case y of C => 2) | D => 3",
               "(case x (A => (case y (C => 2))) (D => 3))");
    expect_exp("if's else branch extends as far right as possible",
               "if a then b else c + 1", "(if a b (+ c 1))");
    expect_exp("if nested in an operand", "1 + (if a then b else c) * 2",
               "(+ 1 (* (if a b c) 2))");
    expect_exp("if inside else", "if a then 1 else if b then 2 else 3",
               "(if a 1 (if b 2 3))");
    expect_exp("raise takes the whole expression", "raise Fail \"no\"",
               "(raise (app Fail \"no\"))");
    expect_exp("raise as an operand", "f x orelse raise E",
               "(orelse (app f x) (raise E))");
}

static void test_atoms(void)
{
    expect_exp("() is the empty tuple", "()", "(tuple)");
    expect_exp("(e) is e", "(x)", "x");
    expect_exp("tuples", "(1, (2, 3), x)", "(tuple 1 (tuple 2 3) x)");
    expect_exp("sequence in parentheses", "(a; b; c)", "(seq a b c)");
    expect_exp("lists", "[1, 2, [] , [x]]", "(list 1 2 (list) (list x))");
    expect_exp("parallel pair", "{f x, {g y, h z}}",
               "(par (app f x) (par (app g y) (app h z)))");
    expect_exp("#i applied to an atom is a projection", "#2 (f x)",
               "(#2 (app f x))");
    expect_exp("#i juxtaposed is applied first", "#1 f x",
               "(app (#1 f) x)");
    expect_exp("a bare #i is a selector function", "map #1 xs",
               "(app (app map (fn (%sel => (#1 %sel)))) xs)");
    expect_exp("let with declarations and several body expressions",
               "let val x = 1 fun f y = y in f x; x end",
               "(let ((val x 1) (fun (f (y => y)))) (seq (app f x) x))");
    expect_exp("let with one body expression and semicolons",
               "let val x = 1; val y = x; in x + y end",
               "(let ((val x 1) (val y x)) (+ x y))");
    expect_exp("let without declarations", "let in 1 end", "(let () 1)");
    expect_exp("long identifiers keep their dot", "Int.toString (List.nth (l, 0))",
               "(app Int.toString (app List.nth (tuple l 0)))");
    expect_exp("true, false and nil are variables", "[true, false, nil]",
               "(list true false nil)");
    expect_exp("identifiers with primes and underscores", "x' + foo_bar2",
               "(+ x' foo_bar2)");
    expect_exp("integer literals", "[42, ~3, 0x1F, ~0x1F, 0]",
               "(list 42 -3 31 -31 0)");
    expect_exp("the extreme 64-bit integers",
               "(9223372036854775807, ~9223372036854775808)",
               "(tuple 9223372036854775807 -9223372036854775808)");
    expect_exp("real literals", "[1.0, 2.5e~3, 1E3, ~1.5, 1e~999]",
               "(list 1 0.0025 1000 -1.5 0)");
    expect_exp("string escapes",
               "\"a\\n\\t\\\\\\\"\\065\\^A\\u0041\\a\\b\\v\\f\\r\"",
               "\"a\\x0a\\x09\\x5c\\x22A\\x01A\\x07\\x08\\x0b\\x0c\\x0d\"");
    expect_exp("the empty string", "f \"\" \"\\   \\\"", "(app (app f \"\") \"\")");
    expect_exp("a string gap is skipped", "\"ab\\  \n \t\\cd\"", "\"abcd\"");
    expect_exp("UTF-8 is allowed in strings", "\"\xc3\xa9\xe2\x82\xac\"",
               "\"\\xc3\\xa9\\xe2\\x82\\xac\"");
    expect_exp("nested comments are skipped",
               "(* a (* b *) c *) 1 (* \xc3\xa9 (*) *) *)", "1");
    expect_exp("x-1 lexes as x - 1", "x-1", "(- x 1)");
}

static void test_decs(void)
{
    expect("fun with several clauses",
           "fun f 0 = 1 | f n = n * f (n - 1)",
           "(fun (f (0 => 1) (n => (* n (app f (- n 1))))))");
    expect("curried fun", "fun add x y = x + y",
           "(fun (add (x y => (+ x y))))");
    expect("curried fun with several clauses",
           "fun zip [] _ = [] | zip (x::xs) (y::ys) = (x,y) :: zip xs ys\n"
           "  | zip _ _ = []",
           "(fun (zip ((plist) _ => (list)) ((:: x xs) (:: y ys) => "
           "(:: (tuple x y) (app (app zip xs) ys))) (_ _ => (list))))");
    expect("and groups mutually recursive functions into one declaration",
           "fun even 0 = true | even n = odd (n - 1)\n"
           "and odd 0 = false | odd n = even (n - 1)",
           "(fun (even (0 => true) (n => (app odd (- n 1)))) "
           "(odd (0 => false) (n => (app even (- n 1)))))");
    expect("fun op @ names the function @",
           "fun op @ (xs, ys) = foldr op :: ys xs",
           "(fun (@ ((ptuple xs ys) => (app (app (app foldr ::) ys) xs))))");
    expect("val op + binds +", "val op + = fn (a, b) => a",
           "(val + (fn ((ptuple a b) => a)))");
    expect("fun with a result type", "fun f (x : int) : int list = [x]",
           "(fun (f (x => (list x))))");
    expect("a case inside a fun clause takes the following |",
           "fun f x = case x of A => 1 | B => 2",
           "(fun (f (x => (case x (A => 1) (B => 2)))))");
    expect("datatype with and: tags, counts and fields",
           "datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree\n"
           "and color = Red | Black of (int * int) | Blue of int -> int"
           " | Pair of (int, string) pair",
           "(datatype Leaf:0/2 Node:1/2:3 Red:0/4 Black:1/4:2 Blue:2/4:1 "
           "Pair:3/4:1)");
    expect("datatype with a nested tuple field",
           "datatype t = C of (int * int) * int list",
           "(datatype C:0/1:2)");
    expect("type declarations are kept for the static semantics",
           "type t = int * int type ('a, 'b) p = 'a * 'b val x = 1",
           "(type 1) (type 1) (val x 1)");
    expect("val with patterns", "val (a, b) = p val x :: _ = l val _ = 1",
           "(val (ptuple a b) p) (val (:: x _) l) (val _ 1)");
    expect("a top-level expression with ; is val it", "1; val x = 2; x;",
           "(val it 1) (val x 2) (val it x)");
    expect("a last expression needs no ;", "val x = 2; f x; g x",
           "(val x 2) (val it (app f x)) (val it (app g x))");
    expect("an application continues across lines", "val x = f\n  (1, 2)",
           "(val x (app f (tuple 1 2)))");
    expect("optional semicolons between declarations",
           ";; val x = 1;; val y = 2;", "(val x 1) (val y 2)");
    expect("a functor with a named parameter and an opaque result",
           "functor F (X : sig val x : int end) :> sig val y : int end = struct val y = X.x end",
           "(functor F :> (X 1) (structure _ (val y X.x)))");
    expect("a functor whose parameter is a spec list, and its body an application",
           "functor G (type t val x : t structure K : S) = F (K)",
           "(functor G (specs 2) (structure _ F (structure _ = K)))");
    expect("applications: to a name, a struct, declarations, an application",
           "structure A = F (B) structure C = F (struct val x = 1 end) structure D = F (val x = 1) structure E = F (G (H))",
           "(structure A (structure _ F (structure _ = B))) (structure C (structure _ F (structure _ (val x 1))))"
           " (structure D (structure _ F (structure _ (val x 1)))) (structure E (structure _ F (structure _ G (structure _ = H))))");
    expect("the empty file has no declarations", "", "");
    expect("a file of comments has no declarations", "(* nothing *)\n", "");
}

static void test_patterns(void)
{
    expect_exp("patterns of every kind",
               "fn _ => 0 | 0 => 1 | ~1 => 2 | \"s\" => 3 | (a, b) => 4"
               " | () => 5 | [] => 6 | [a, b] => 7 | x :: y :: z => 8"
               " | SOME x => 9 | x as SOME y => 10 | (x : int) => 11"
               " | SOME (a, b) => 12 | C x :: rest => 13 | op SOME x => 14"
               " | (x) => 15 | x as y :: z => 16",
               "(fn (_ => 0) (0 => 1) (-1 => 2) (\"s\" => 3) ((ptuple a b) => 4)"
               " ((ptuple) => 5) ((plist) => 6) ((plist a b) => 7)"
               " ((:: x (:: y z)) => 8) ((con SOME x) => 9)"
               " ((as x (con SOME y)) => 10) (x => 11)"
               " ((con SOME (ptuple a b)) => 12) ((:: (con C x) rest) => 13)"
               " ((con SOME x) => 14) (x => 15) ((as x (:: y z)) => 16))");
}

/* ---- spans ----------------------------------------------------------------- */

static Expr *top_exp(Parsed *r, uint32_t i)
{
    return r->rc == 0 && i < r->prog->ndecs ? r->prog->decs[i]->a : NULL;
}

static int excerpt_is(Parsed *r, Span sp, const char *want)
{
    char buf[256];
    src_excerpt(&r->src, sp, buf, 200);
    if (strcmp(buf, want) != 0)
        printf("     excerpt: got '%s', want '%s'\n", buf, want);
    return strcmp(buf, want) == 0;
}

static int at(Span sp, uint32_t line, uint32_t col)
{
    if (sp.line != line || sp.col != col)
        printf("     at %u:%u, want %u:%u\n", sp.line, sp.col, line, col);
    return sp.line == line && sp.col == col;
}

static void test_spans(void)
{
    Parsed *r = parse("val r =\n  append (#1 lr, #2 lr)");
    Expr *e = top_exp(r, 0);
    CHECK(e && e->kind == EX_APP && excerpt_is(r, e->span,
          "append (#1 lr, #2 lr)") && at(e->span, 2, 3),
          "span: an application covers function and argument");
    CHECK(e && excerpt_is(r, e->b->span, "(#1 lr, #2 lr)")
          && e->b->elems[1]->kind == EX_PROJ
          && excerpt_is(r, e->b->elems[1]->span, "#2 lr")
          && at(e->b->elems[1]->span, 2, 18),
          "span: tuple and projection");
    CHECK(r->rc == 0 && excerpt_is(r, r->prog->decs[0]->span,
          "val r = append (#1 lr, #2 lr)"), "span: a val covers its text");
    parsed_free(r);

    r = parse("x +\n (y * z)");
    e = top_exp(r, 0);
    CHECK(e && e->kind == EX_APP && e->a->kind == EX_VAR
          && strcmp(e->a->name, "+") == 0 && at(e->a->span, 1, 3)
          && e->a->span.end - e->a->span.off == 1,
          "span: an infix operator's variable is the operator token");
    CHECK(e && e->b->kind == EX_TUPLE && e->b->n == 2
          && excerpt_is(r, e->b->span, "x + (y * z)")
          && excerpt_is(r, e->span, "x + (y * z)"),
          "span: an infix application and its pair cover x op y");
    CHECK(e && excerpt_is(r, e->b->elems[1]->span, "(y * z)")
          && at(e->b->elems[1]->span, 2, 2),
          "span: a parenthesised expression includes its parentheses");
    parsed_free(r);

    r = parse("let\n  val x = 1\nin\n  f x;\n  x end");
    e = top_exp(r, 0);
    CHECK(e && e->kind == EX_LET && at(e->span, 1, 1)
          && excerpt_is(r, e->span, "let val x = 1 in f x; x end")
          && e->a->kind == EX_SEQ && at(e->a->elems[0]->span, 4, 3)
          && at(e->a->elems[1]->span, 5, 3)
          && at(e->decs[0]->span, 2, 3),
          "span: let, its declarations and its body lines");
    parsed_free(r);

    r = parse("fun f 0 = 1\n  | f n = n * f (n - 1)\nval y = 2");
    CHECK(r->rc == 0 && r->prog->ndecs == 2
          && excerpt_is(r, r->prog->decs[0]->span,
                        "fun f 0 = 1 | f n = n * f (n - 1)")
          && at(r->prog->decs[0]->funs[0].clauses[1].span, 2, 5)
          && excerpt_is(r, r->prog->decs[0]->funs[0].clauses[1].span,
                        "f n = n * f (n - 1)")
          && at(r->prog->decs[1]->span, 3, 1),
          "span: fun declaration and clause");
    parsed_free(r);

    r = parse("val _ = case l of x :: xs => fn y => y | [] => raise E");
    e = top_exp(r, 0);
    CHECK(e && excerpt_is(r, e->span,
          "case l of x :: xs => fn y => y | [] => raise E")
          && excerpt_is(r, e->clauses[0].pats[0]->span, "x :: xs")
          && excerpt_is(r, e->clauses[0].body->span, "fn y => y | [] => raise E"),
          "span: case, a cons pattern, and a fn taking the next arm");
    parsed_free(r);

    r = parse("datatype t = A\n | B of int * (int -> int)\n;1");
    CHECK(r->rc == 0 && excerpt_is(r, r->prog->decs[0]->span,
          "datatype t = A | B of int * (int -> int)"),
          "span: a datatype ends with its last constructor");
    parsed_free(r);

    r = parse("val y = x : int list\nfun op @ (a, b) = a\nval (p : int) = 1");
    CHECK(r->rc == 0 && excerpt_is(r, r->prog->decs[0]->span,
          "val y = x : int list")
          && excerpt_is(r, r->prog->decs[0]->a->span, "x : int list")
          && excerpt_is(r, r->prog->decs[1]->funs[0].clauses[0].span,
                        "op @ (a, b) = a")
          && excerpt_is(r, r->prog->decs[2]->pat->span, "(p : int)"),
          "span: ascriptions and op names are part of the text");
    parsed_free(r);

    r = parse("\tx\n");
    CHECK(r->rc == 0 && at(top_exp(r, 0)->span, 1, 2),
          "span: columns count bytes (a tab is one)");
    parsed_free(r);
}

/* ---- errors ---------------------------------------------------------------- */

static void test_errors(void)
{
    expect("error: unterminated comment is reported at its opening",
           "val x = 1\n (* a (* b *) c", "2:2: unterminated comment");
    expect("error: unterminated string at its opening quote",
           "val s = \"abc", "1:9: unterminated string");
    expect("error: a newline ends a string as unterminated",
           "val s = \"abc\ndef\"", "1:9: unterminated string");
    expect("error: bad escape at the backslash", "val s = \"ab\\qc\"",
           "1:12: invalid escape '\\q' in string");
    expect("error: \\ddd above 255", "\"\\256\"",
           "1:2: invalid escape '\\256' in string (character code above 255)");
    expect("error: illegal character", "val x = .", "1:9: illegal character '.'");
    expect("symbolic names: every SML character", "val $?\\`#! = 1", "(val $?\\`#! 1)");
    expect("error: a lone # is illegal", "# 1", "1:1: illegal character '#'");
    expect("error: non-UTF-8 byte outside strings and comments",
           "val x = 1\n  \xff", "2:3: non-ASCII byte 0xff outside a string or comment");
    expect("a Latin-1 byte in a string is kept (SML/NJ's reading)", "val s = \"\xc3\xa9\xff\"",
           "(val s \"\\xc3\\xa9\\xff\")");
    expect("a Latin-1 byte in a comment", "(*\n \xe9 *) val x = 1", "(val x 1)");
    expect("an overlong UTF-8 form in a string is bytes", "\"\xc0\xaf\"", "(val it \"\\xc0\\xaf\")");
    expect("error: UTF-8 outside strings and comments",
           "val \xc3\xa9 = 1", "1:5: non-ASCII byte 0xc3 outside a string or comment");
    expect("error: control byte", "val x = \x01",
           "1:9: invalid byte 0x01 in source");
    /* an integer constant too large for int keeps its text: an IntInf.int
     * constant, or the type checker's "integer literal too large" */
    expect("a literal past int is kept as text", "val x = 9223372036854775808",
           "(val x big:9223372036854775808)");
    expect("a negative literal past int is kept as text",
           "~9223372036854775809", "(val it big:~9223372036854775809)");
    expect("the largest negative int is an int", "~9223372036854775808",
           "(val it -9223372036854775808)");
    expect("a hex literal past int is kept as text", "0x8000000000000000",
           "(val it big:0x8000000000000000)");
    expect("word constants: decimal and hex", "(0w10, 0wxFF)", "(val it (tuple 0w10 0w255))");
    expect("the largest word constant", "0wxFFFFFFFFFFFFFFFF", "(val it 0w18446744073709551615)");
    expect("error: word constant too large", "0wx10000000000000000",
           "1:1: word constant too large");
    expect("error: real literal out of range", "x + 1e999",
           "1:5: real literal out of range");
    expect("error: #0 is not a field", "#0 x", "1:1: invalid tuple field number");
    expect("error: where outside a signature is a syntax error", "f x where E => 1",
           "1:5: syntax error: unexpected 'where'");
    expect("error: syntax error names the token", "val x = then",
           "1:9: syntax error: unexpected 'then'");
    expect("error: syntax error at end of file", "if a then b",
           "1:12: syntax error: unexpected end of file");
    expect("error: val without a pattern", "val = 3",
           "1:5: syntax error: unexpected '='");
    expect("error: missing operand", "val x = 1 +;\nval y = 2",
           "1:12: syntax error: unexpected ';'");
    expect("error: a top-level expression needs ; before a declaration",
           "f x\nval y = 2", "2:1: syntax error: unexpected 'val'");
    expect("error: end of file is reported after the last token",
           "val x =\n  1 +  (* c *)\n\n", "2:6: syntax error: unexpected end of file");
    expect("error: unclosed let", "let val x = 1 in x",
           "1:19: syntax error: unexpected end of file");
    expect("error: unclosed tuple", "(1,\n 2",
           "2:3: syntax error: unexpected end of file");
    expect("error: long string token cut in the message",
           "x : \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"",
           "1:5: syntax error: unexpected "
           "'\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...'");
    expect("error: a parallel pair of three", "val p = {1, 2, 3}",
           "1:9: a parallel pair has exactly two components");
    expect("error: a parallel pair of one", "{1}",
           "1:1: a parallel pair has exactly two components");
    expect("{} is the empty record, unit", "{}", "(val it (tuple))");
    expect("exception declarations", "exception E and F of int * string",
           "(exception E:0/0 F:0/0:2)");
    expect("handle extends as far as it can; | continues its match",
           "f x handle E => 1 | F y => y + 1",
           "(val it (handle (app f x) (E => 1) ((con F y) => (+ y 1))))");
    expect("handle is looser than orelse, tighter than fn's arm",
           "fn x => a orelse b handle E => c",
           "(val it (fn (x => (handle (orelse a b) (E => c)))))");
    expect("a record, never a parallel pair", "{x = 1, y = 2 = 3}",
           "(val it (record 1 (= 2 3)))");
    expect("a record with numeral labels 1..n is a tuple", "{2 = a, 1 = b}",
           "(val it (record a b))");
    expect("{1 = a, 2 = b} is the tuple (a, b)", "{1 = a, 2 = b}",
           "(val it (tuple a b))");
    expect("a parallel pair of comparisons", "{(x = 1), y}",
           "(val it (par (= x 1) y))");
    expect("record patterns", "fun f {a, b = (x, _), ...} {} = x",
           "(fun (f ((precord... a (ptuple x _)) (ptuple) => x)))");
    expect("error: clause names must agree", "fun f x = 1\n  | g y = 2",
           "2:5: clause name 'g' does not match 'f'");
    expect("error: clause arities must agree", "fun f x = 1\n  | f x y = 2",
           "2:5: clauses of 'f' have different numbers of arguments");
    expect("error: the first error wins", "val x = . .\n val = ",
           "1:9: illegal character '.'");
    Parsed *r = parse_n("val x = 1\0 2", 12);
    CHECK(r->rc != 0 && strcmp(r->d.msg, "NUL byte in source (not a text file)") == 0
          && r->d.span.col == 10, "error: NUL byte inside the text");
    parsed_free(r);
    r = parse("val x = 1 val y = (");
    CHECK(r->rc != 0 && r->prog->ndecs == 0,
          "error: a failed file adds no declarations");
    parsed_free(r);
}

/* ---- limits ---------------------------------------------------------------- */

static char *repeat(const char *pre, const char *mid, const char *unit,
                    int n, const char *post)
{
    size_t lp = strlen(pre), lm = strlen(mid), lu = strlen(unit);
    char *s = malloc(lp + lm + (lu + 1) * (size_t)n + strlen(post) + 1), *p = s;
    memcpy(p, pre, lp);
    p += lp;
    for (int i = 0; i < n; i++, p += lu)
        memcpy(p, unit, lu);
    memcpy(p, mid, lm);
    p += lm;
    strcpy(p, post);
    return s;
}

static char *nest(const char *open, const char *mid, const char *close, int n)
{
    size_t lo = strlen(open), lc = strlen(close), lm = strlen(mid);
    char *s = malloc((lo + lc) * (size_t)n + lm + 1), *p = s;
    for (int i = 0; i < n; i++, p += lo)
        memcpy(p, open, lo);
    memcpy(p, mid, lm);
    p += lm;
    for (int i = 0; i < n; i++, p += lc)
        memcpy(p, close, lc);
    *p = 0;
    return s;
}

static void expect_too_deep(const char *name, char *text)
{
    Parsed *r = parse(text);
    int ok = r->rc != 0
        && strcmp(r->d.msg, "expression nested too deeply (limit 10000)") == 0;
    CHECK(ok, "limit: %s", name);
    if (!ok)
        printf("     got rc %d: %s\n", r->rc, r->d.msg);
    parsed_free(r);
    free(text);
}

static void expect_ok(const char *name, char *text)
{
    Parsed *r = parse(text);
    CHECK(r->rc == 0, "limit: %s", name);
    if (r->rc)
        printf("     %u:%u: %s\n", r->d.span.line, r->d.span.col, r->d.msg);
    parsed_free(r);
    free(text);
}

static void test_limits(void)
{
    Parsed *r;
    char *s = nest("(", "x", ")", 100000);
    r = parse(s);
    CHECK(r->rc != 0 && r->d.span.col == 10001 && strcmp(r->d.msg,
          "expression nested too deeply (limit 10000)") == 0,
          "limit: 100000 nested parentheses stop at the 10001st");
    parsed_free(r);
    free(s);
    expect_ok("9000 nested parentheses are fine", nest("(", "x", ")", 9000));
    expect_ok("9000 nested lists are fine", nest("[", "x", "]", 9000));
    expect_ok("2000 nested lets are fine",
              nest("let val x = ", "1", " in x end", 2000));
    expect_too_deep("100000 nested lists", nest("[", "", "]", 100000));
    expect_too_deep("unclosed nested braces", nest("{", "", "", 100000));
    expect_too_deep("100000 nested lets",
                    nest("let val x = ", "1", " in x end", 100000));
    expect_too_deep("100000 nested fn", nest("fn x => ", "x", "", 100000));
    expect_too_deep("100000 nested if",
                    nest("if a then b else ", "c", "", 100000));
    expect_too_deep("a right-nested :: chain", repeat("", "nil", "a :: ",
                    100000, ""));
    expect_too_deep("a left-nested + chain of 20000",
                    repeat("1", "", " + 1", 20000, ""));
    expect_too_deep("an application of 20000 arguments",
                    repeat("f", "", " x", 20000, ""));
    expect_too_deep("100000 nested case",
                    nest("case x of _ => ", "1", "", 100000));
    expect_too_deep("100000 nested raise", nest("raise ", "E", "", 100000));
    expect_too_deep("a deeply nested pattern",
                    repeat("fn ", "y => 1", "x :: ", 30000, ""));
    expect_ok("a long flat list is fine",
              repeat("[", "0]", "0, ", 100000, ""));
    expect_ok("many declarations are fine",
              repeat("", "", "val x = 1 ", 50000, ""));
}

/* ---- random input: never crash --------------------------------------------- */

static uint64_t rng = 88172645463325252ull;

static uint64_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void test_random(void)
{
    static const char *toks[] = {
        "val", "fun", "and", "fn", "case", "of", "if", "then", "else", "let",
        "in", "end", "datatype", "type", "op", "andalso", "orelse", "raise",
        "as", "div", "mod", "x", "f", "A", "'a", "1", "~2", "1.5", "\"s\"",
        "#1", "+", "-", "*", "::", "@", "=", "<>", "<", "=>", "->", "|", ":",
        ";", ",", "_", "(", ")", "[", "]", "{", "}", "(*", "*)", "\"", "\\",
        "int", "list", "\n", "\xff", "$", "0x", "#",
    };
    size_t ntok = sizeof toks / sizeof toks[0];
    int crashes = 0, parsed = 0;
    char buf[512];
    for (int round = 0; round < 3000; round++) {
        size_t n = 0, len = next_rand() % 60;
        for (size_t i = 0; i < len; i++) {
            const char *t = toks[next_rand() % ntok];
            size_t k = strlen(t);
            if (n + k + 2 >= sizeof buf)
                break;
            memcpy(buf + n, t, k);
            n += k;
            buf[n++] = ' ';
        }
        if (round % 3 == 0)     /* also raw bytes */
            for (size_t i = 0; i < 20 && n < sizeof buf - 1; i++)
                buf[n++] = (char)(next_rand() & 0xff);
        Parsed *r = parse_n(buf, n);
        parsed += r->rc == 0;
        if (r->rc != 0 && (!r->d.has_span || r->d.msg[0] == 0))
            crashes++;
        parsed_free(r);
    }
    CHECK(crashes == 0, "random input: every failure has a message and a span"
          " (%d of 3000 parsed)", parsed);
}

static const char sample[] =
    "(* quicksort, in parallel *)\n"
    "datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree\n"
    "fun filter p [] = [] | filter p (x :: xs) =\n"
    "    if p x then x :: filter p xs else filter p xs\n"
    "fun qs [] = [] | qs (x :: xs) =\n"
    "  let val lr = {qs (filter (fn y => y < x) xs),\n"
    "                qs (filter (fn y => y >= x) xs)}\n"
    "  in #1 lr @ [x] @ #2 lr end\n"
    "val n = param (\"n\", 10) : int;\n"
    "qs [3, ~1, 0x2A, 7] = [] orelse raise Fail \"bad\\n\";\n"
    "case SOME 1.5e~3 of NONE => 0 | SOME r => floor r\n";

/* Random edits of a real program: each result parses or fails with a
 * message and a span inside the text; a parsed tree has sane spans. */
static void test_mutations(void)
{
    static const char *bits[] = {"(", ")", "[", "]", "{", "}", "|", "=>",
        "fn", "let", "end", "in", ",", ";", "::", "\"", "(*", "*)", "\\",
        "~", "#", "#1", "\xff", " ", "case", "of", "val", "and", "0x"};
    size_t nbits = sizeof bits / sizeof bits[0], len0 = strlen(sample);
    int bad = 0, parsed = 0;
    char buf[2048];
    g_bad_spans = 0;
    for (int round = 0; round < 4000; round++) {
        memcpy(buf, sample, len0);
        size_t n = len0;
        for (int k = 1 + (int)(next_rand() % 4); k > 0; k--) {
            size_t at = next_rand() % (n + 1);
            if (next_rand() % 2 && n > 0) {         /* delete a range */
                size_t cut = 1 + next_rand() % 8;
                if (at + cut > n)
                    cut = n - at;
                memmove(buf + at, buf + at + cut, n - at - cut);
                n -= cut;
            } else {                                /* insert a piece */
                const char *t = bits[next_rand() % nbits];
                size_t tl = strlen(t);
                if (n + tl >= sizeof buf)
                    continue;
                memmove(buf + at + tl, buf + at, n - at);
                memcpy(buf + at, t, tl);
                n += tl;
            }
        }
        buf[n] = 0;
        Parsed *r = parse_n(buf, n);
        if (r->rc == 0) {
            parsed++;
            Buf b = {0};
            g_len = (uint32_t)n;
            for (uint32_t i = 0; i < r->prog->ndecs; i++)
                dump_dec(&b, r->prog->decs[i]);
            free(b.s);
        } else if (!r->d.has_span || !r->d.msg[0] || r->d.span.off > n
                   || r->d.span.line < 1 || r->d.span.col < 1) {
            bad++;
        }
        parsed_free(r);
    }
    CHECK(bad == 0 && g_bad_spans == 0, "mutated programs: errors have spans,"
          " trees have spans inside the text (%d of 4000 parsed)", parsed);
    Parsed *r = parse(sample);
    CHECK(r->rc == 0 && r->prog->ndecs == 6, "the sample program parses");
    parsed_free(r);
}

/* ---- source.c -------------------------------------------------------------- */

static void test_source(void)
{
    Sources s = {0};
    Diag d;
    CHECK(src_load(&s, "/nonexistent/x.pml", &d) < 0 && !d.has_span
          && strcmp(d.msg, "cannot open '/nonexistent/x.pml': "
                    "No such file or directory") == 0
          && d.path && strcmp(d.path, "/nonexistent/x.pml") == 0,
          "source: a missing file");
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    diag_print(&s, &d, mem);
    fclose(mem);
    CHECK(strcmp(text, "/nonexistent/x.pml:1:1: error: cannot open '/nonexistent/x.pml': "
                 "No such file or directory\n") == 0,
          "diag_print: a file that cannot be opened is reported at FILE:1:1");
    free(text);
    CHECK(src_load(&s, "/tmp", &d) < 0 && !d.has_span
          && strstr(d.msg, "Is a directory") != NULL,
          "source: a directory");
    char path[] = "/tmp/pml_test_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0 && write(fd, "ab\0c", 4) == 4, "source: temp file written");
    close(fd);
    Sources nul = {0};
    Program *np = ast_program_new();
    CHECK(src_load(&nul, path, &d) == 0 && lang_parse(&nul, 0, np, &d) < 0
          && d.has_span && d.span.line == 1 && d.span.col == 3
          && strstr(d.msg, "NUL byte") != NULL, "source: a NUL byte is reported where it is");
    ast_program_free(np);
    src_free(&nul);
    fd = open(path, O_WRONLY | O_TRUNC);
    CHECK(fd >= 0 && write(fd, "val x =\n  1 + .\n", 16) == 16,
          "source: temp file rewritten");
    close(fd);
    int f = src_load(&s, path, &d);
    CHECK(f == 0 && s.files[0].len == 16 && s.files[0].text[16] == 0,
          "source: a file loads whole, NUL-terminated");

    Program *p = ast_program_new();
    int rc = lang_parse(&s, (uint32_t)f, p, &d);
    text = NULL;
    mem = open_memstream(&text, &len);
    diag_print(&s, &d, mem);
    fclose(mem);
    char want[256];
    snprintf(want, sizeof want, "%s:2:7: error: illegal character '.'\n"
             "  1 + .\n      ^\n", path);
    CHECK(rc < 0 && strcmp(text, want) == 0,
          "diag_print: FILE:LINE:COL, the line and a caret");
    if (rc >= 0 || strcmp(text, want) != 0)
        printf("     got: %s", text ? text : "(null)");
    free(text);

    diag_set_nospan(&d, "no such thing");
    mem = open_memstream(&text, &len);
    diag_print(&s, &d, mem);
    fclose(mem);
    CHECK(strcmp(text, "pml: error: no such thing\n") == 0,
          "diag_print: without a span");
    free(text);
    ast_program_free(p);
    unlink(path);
    src_free(&s);

    const char *src = "  f  (a,\n\t b)   \xc3\xa9\xc3\xa9  ";
    f = src_add(&s, "m.pml", src, strlen(src));
    Span all = {(uint32_t)f, 1, 1, 0, (uint32_t)strlen(src)};
    char out[64];
    src_excerpt(&s, all, out, 60);
    CHECK(strcmp(out, "f (a, b) \xc3\xa9\xc3\xa9") == 0,
          "excerpt: white space folded and trimmed");
    src_excerpt(&s, all, out, 10);
    CHECK(strcmp(out, "f (a, b)...") == 0, "excerpt: cut with ...");
    src_excerpt(&s, all, out, 12);
    CHECK(strcmp(out, "f (a, b) \xc3\xa9...") == 0,
          "excerpt: never cut inside a UTF-8 sequence");
    src_excerpt(&s, all, out, 13);
    CHECK(strcmp(out, "f (a, b) \xc3\xa9\xc3\xa9") == 0,
          "excerpt: exactly max bytes is not cut");
    src_free(&s);
}

int main(void)
{
    test_infix();
    test_arms();
    test_atoms();
    test_decs();
    test_patterns();
    test_spans();
    test_errors();
    test_limits();
    test_random();
    test_mutations();
    test_source();
    return CHECK_DONE();
}
