/*
 * eval_prims.c — the primitives' meanings and costs (docs/semantics.md, The
 * rules), one function per primitive, dispatched from the PML_PRIMS table
 * (lang/prims.h).
 *
 * A primitive's chain: a row marked N1 or N0 is one node (of size 1 or 0)
 * that prim_apply allocates before calling the function, which receives its
 * location; a row marked OWN builds its chain with chain() or node():
 * vector (n, x) costs n nodes, append (a, b) |a|+|b|, update, fromList and
 * implode the length, toList the length + 1 (one node per cell and one for
 * nil: each node of its chain allocates one cell); a chain has at least one
 * node.  The chain's last node has use edges to the arguments.
 */
#include "eval_internal.h"

#include <errno.h>
#include <gc.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "prims.h"
#include "prims_internal.h"
#include "resolve.h"


/* ---- the chain ---- */

/* A node of the chain, after the ones before it. */
static uint32_t node(Site *s, uint32_t size)
{
    s->last = ev_node(s->ev, NK_PRIM, size, s->annot);
    return s->last;
}

/* w nodes in series (at least one), the last of size size: its location. */
static uint32_t chain(Site *s, uint64_t w, uint32_t size)
{
    for (uint64_t i = 1; i < w; i++) ev_node(s->ev, NK_PRIM, 0, s->annot);
    return node(s, size);
}

/* ---- arguments ---- */

_Noreturn static void type_error(Site *s, const char *want, const Value *got)
{
    ev_type_fail(s->ev, s->sp, "'%s' expects %s, got %s", s->name, want, val_tag_name(got));
}

static int64_t need_int(Site *s, const Value *v)
{
    if (v->tag != V_INT) type_error(s, "an int", v);
    return v->u.i;
}

static const Value *need(Site *s, const Value *v, VTag t, const char *want)
{
    if (v->tag != t) type_error(s, want, v);
    return v;
}

static double need_real(Site *s, const Value *v) { return need(s, v, V_REAL, "a real")->u.r; }

static const char *need_str(Site *s, const Value *v, const char *want)
{
    return need(s, v, V_STR, want)->u.s;
}

static uint32_t list_length(Site *s, const Value *v)
{
    const Ev *ev = s->ev;
    uint32_t n = 0;
    for (; v->tag == V_CON && v->con == ev->sh->c_cons; v = v->u.f[1]) n++;
    if (v->tag != V_CON || v->con != ev->sh->c_nil) type_error(s, "a list", v);
    return n;
}

static uint32_t vec_len_arg(Site *s, const Value *v) { return need(s, v, V_VEC, "a vector")->n; }

/* i as an index of the vector or array v; Subscript if out of range. */
static int64_t vec_index(Site *s, const Value *v, const Value *i)
{
    int64_t k = need_int(s, i);
    if (k < 0 || k >= (int64_t)v->n)
        ev_raise_basis(s->ev, s->ev->sh->c_subscript, s->sp, "%s index %lld out of range (length %u)",
                       v->tag == V_ARRAY ? "array" : "vector", (long long)k, v->n);
    return k;
}

/* ---- results ---- */

_Noreturn static void overflow(Site *s)
{
    ev_raise_basis(s->ev, s->ev->sh->c_overflow, s->sp, "integer overflow in '%s'", s->name);
}

/* A Basis exception raised by a primitive (SML's Subscript, Chr ...). */
_Noreturn static void basis_raise(Site *s, const char *exn, const char *why)
{
    ev_raise_basis(s->ev, resolve_builtin_con(exn), s->sp, "'%s': %s", s->name, why);
}

static Value *unit(uint32_t loc) { return val_fields(V_TUPLE, 0, loc); }

static void retain_fields(Ev *ev, Value *v)
{
    for (uint32_t i = 0; i < v->n; i++) ev_heap(ev, v->loc, v->u.f[i]->loc, HE_RETAIN);
}

/* A string result of n bytes: one node of its size. */
static Value *string_result(Site *s, const char *t, uint32_t n)
{
    return val_str(t, n, node(s, size_string(n)));
}

/* NONE: one node. */
static Value *none_value(Site *s)
{
    return val_nullary(s->ev->sh->c_none, node(s, 1));
}

/* SOME v: one more node, the option cell (size 2), retaining v. */
static Value *some_cell(Site *s, Value *v)
{
    Value *some = val_fields(V_CON, 1, node(s, 2));
    some->con = s->ev->sh->c_some;
    some->u.f[0] = v;
    retain_fields(s->ev, some);
    return some;
}

static int64_t real_to_int(Site *s, double r)
{
    if (isnan(r)) ev_raise_basis(s->ev, s->ev->sh->c_domain, s->sp, "'%s' of nan", s->name);
    if (!(r >= -9223372036854775808.0 && r < 9223372036854775808.0)) overflow(s);
    return (int64_t)r;
}

/* ---- arithmetic ---- */

/* SML's div and mod round toward negative infinity. */
static int64_t floor_div(Site *s, int64_t a, int64_t b, int mod)
{
    if (b == 0) ev_raise_basis(s->ev, s->ev->sh->c_div, s->sp, "division by zero");
    if (a == INT64_MIN && b == -1) {
        if (mod) return 0;
        overflow(s);
    }
    int64_t q = a / b, r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) { q--; r += b; }
    return mod ? r : q;
}

/* +, -, *, div, mod, min and max on two ints or (but div, mod) two reals. */
static Value *arith(Site *s, char op, Value **a, uint32_t loc)
{
    if (a[0]->tag >= V_WORD || a[1]->tag >= V_WORD) return prim_num_arith(s, op, a);
    loc = node(s, 1);
    if (a[0]->tag == V_REAL || a[1]->tag == V_REAL) {
        need(s, a[0], V_REAL, "two reals or two ints");
        need(s, a[1], V_REAL, "two reals or two ints");
        double x = a[0]->u.r, y = a[1]->u.r, r = 0;
        switch (op) {
        case '+': r = x + y; break;
        case '-': r = x - y; break;
        case '*': r = x * y; break;
        case '<': r = x < y ? x : y; break;
        case '>': r = x > y ? x : y; break;
        default: type_error(s, "ints", a[0]);
        }
        return val_real(r, loc);
    }
    int64_t x = need_int(s, a[0]), y = need_int(s, a[1]), r = 0;
    switch (op) {
    case '+': if (__builtin_add_overflow(x, y, &r)) overflow(s); break;
    case '-': if (__builtin_sub_overflow(x, y, &r)) overflow(s); break;
    case '*': if (__builtin_mul_overflow(x, y, &r)) overflow(s); break;
    case '/': r = floor_div(s, x, y, 0); break;
    case '%': r = floor_div(s, x, y, 1); break;
    case '<': r = x < y ? x : y; break;
    case '>': r = x > y ? x : y; break;
    default: break;
    }
    return val_int(r, loc);
}

static Value *p_add(Site *s, Value **a, uint32_t loc) { return arith(s, '+', a, loc); }
static Value *p_sub(Site *s, Value **a, uint32_t loc) { return arith(s, '-', a, loc); }
static Value *p_mul(Site *s, Value **a, uint32_t loc) { return arith(s, '*', a, loc); }
static Value *p_div(Site *s, Value **a, uint32_t loc) { return arith(s, '/', a, loc); }
static Value *p_mod(Site *s, Value **a, uint32_t loc) { return arith(s, '%', a, loc); }
static Value *p_min(Site *s, Value **a, uint32_t loc) { return arith(s, '<', a, loc); }
static Value *p_max(Site *s, Value **a, uint32_t loc) { return arith(s, '>', a, loc); }

static Value *p_rdiv(Site *s, Value **a, uint32_t loc)
{
    return val_real(need(s, a[0], V_REAL, "reals")->u.r / need(s, a[1], V_REAL, "reals")->u.r, loc);
}

static Value *p_neg(Site *s, Value **a, uint32_t loc)
{
    if (a[0]->tag >= V_WORD) return prim_num_unary(s, '~', a[0]);
    loc = node(s, 1);
    if (a[0]->tag == V_REAL) return val_real(-a[0]->u.r, loc);
    if (need_int(s, a[0]) == INT64_MIN) overflow(s);
    return val_int(-a[0]->u.i, loc);
}

static Value *p_abs(Site *s, Value **a, uint32_t loc)
{
    if (a[0]->tag >= V_WORD) return prim_num_unary(s, 'a', a[0]);
    loc = node(s, 1);
    if (a[0]->tag == V_REAL) return val_real(fabs(a[0]->u.r), loc);
    if (need_int(s, a[0]) == INT64_MIN) overflow(s);
    return val_int(a[0]->u.i < 0 ? -a[0]->u.i : a[0]->u.i, loc);
}

/* quot and rem truncate toward zero (Int.quot, Int.rem). */
static Value *quot_rem(Site *s, int rem, Value **a, uint32_t loc)
{
    int64_t x = need_int(s, a[0]), y = need_int(s, a[1]);
    if (y == 0) basis_raise(s, "Div", "division by zero");
    if (x == INT64_MIN && y == -1) {
        if (rem) return val_int(0, loc);
        overflow(s);
    }
    return val_int(rem ? x % y : x / y, loc);
}

static Value *p_quot(Site *s, Value **a, uint32_t loc) { return quot_rem(s, 0, a, loc); }
static Value *p_rem(Site *s, Value **a, uint32_t loc) { return quot_rem(s, 1, a, loc); }

/* ---- reals ---- */

static Value *p_real(Site *s, Value **a, uint32_t loc) { return val_real((double)need_int(s, a[0]), loc); }
static Value *p_floor(Site *s, Value **a, uint32_t loc) { return val_int(real_to_int(s, floor(need_real(s, a[0]))), loc); }
static Value *p_ceil(Site *s, Value **a, uint32_t loc) { return val_int(real_to_int(s, ceil(need_real(s, a[0]))), loc); }
static Value *p_round(Site *s, Value **a, uint32_t loc) { return val_int(real_to_int(s, nearbyint(need_real(s, a[0]))), loc); }
static Value *p_trunc(Site *s, Value **a, uint32_t loc) { return val_int(real_to_int(s, trunc(need_real(s, a[0]))), loc); }
static Value *p_sqrt(Site *s, Value **a, uint32_t loc) { return val_real(sqrt(need_real(s, a[0])), loc); }
static Value *p_sin(Site *s, Value **a, uint32_t loc) { return val_real(sin(need_real(s, a[0])), loc); }
static Value *p_cos(Site *s, Value **a, uint32_t loc) { return val_real(cos(need_real(s, a[0])), loc); }
static Value *p_tan(Site *s, Value **a, uint32_t loc) { return val_real(tan(need_real(s, a[0])), loc); }
static Value *p_atan(Site *s, Value **a, uint32_t loc) { return val_real(atan(need_real(s, a[0])), loc); }
static Value *p_exp(Site *s, Value **a, uint32_t loc) { return val_real(exp(need_real(s, a[0])), loc); }
static Value *p_ln(Site *s, Value **a, uint32_t loc) { return val_real(log(need_real(s, a[0])), loc); }
static Value *p_asin(Site *s, Value **a, uint32_t loc) { return val_real(asin(need_real(s, a[0])), loc); }
static Value *p_acos(Site *s, Value **a, uint32_t loc) { return val_real(acos(need_real(s, a[0])), loc); }
static Value *p_sinh(Site *s, Value **a, uint32_t loc) { return val_real(sinh(need_real(s, a[0])), loc); }
static Value *p_cosh(Site *s, Value **a, uint32_t loc) { return val_real(cosh(need_real(s, a[0])), loc); }
static Value *p_tanh(Site *s, Value **a, uint32_t loc) { return val_real(tanh(need_real(s, a[0])), loc); }
static Value *p_log10(Site *s, Value **a, uint32_t loc) { return val_real(log10(need_real(s, a[0])), loc); }

static Value *p_pow(Site *s, Value **a, uint32_t loc)
{
    double x = need_real(s, a[0]);
    return val_real(pow(x, need(s, a[1], V_REAL, "two reals")->u.r), loc);
}

static Value *p_atan2(Site *s, Value **a, uint32_t loc)
{
    double y = need_real(s, a[0]);
    return val_real(atan2(y, need(s, a[1], V_REAL, "two reals")->u.r), loc);
}

/* ---- booleans and comparison ---- */

static Value *p_not(Site *s, Value **a, uint32_t loc)
{
    Ev *ev = s->ev;
    const Value *b = a[0];
    if (b->tag != V_CON || (b->con != ev->sh->c_true && b->con != ev->sh->c_false)) type_error(s, "a bool", b);
    return ev_bool(ev, b->con == ev->sh->c_false, loc);
}

static int equal(Site *s, Value **a)
{
    Ev *ev = s->ev;
    int r = val_equal(a[0], a[1], graph_max_nodes(ev->g));
    if (r == -2)
        ev_fail(ev, s->sp, "'%s' compared more than %llu pairs of values, the node limit; "
                "raise it with --max-nodes N", s->name, (unsigned long long)graph_max_nodes(ev->g));
    if (r == -3) ev_fail(ev, s->sp, "out of memory: '%s' on large values", s->name);
    if (r < 0) ev_type_fail(ev, s->sp, "'%s' cannot compare functions", s->name);
    return r;
}

static Value *p_eq(Site *s, Value **a, uint32_t loc) { return ev_bool(s->ev, equal(s, a), loc); }
static Value *p_ne(Site *s, Value **a, uint32_t loc) { return ev_bool(s->ev, !equal(s, a), loc); }

/* -1, 0 or 1 as a is below, equal to or above b; 2 for reals that are
 * unordered (a NaN), where <, >, <= and >= are all false as in IEEE 754
 * and SML's Real. */
static int compare(Site *s, const Value *a, const Value *b)
{
    if ((a->tag == V_INT && b->tag == V_INT) || (a->tag == V_CHAR && b->tag == V_CHAR))
        return (a->u.i > b->u.i) - (a->u.i < b->u.i);
    if (a->tag == V_REAL && b->tag == V_REAL)
        return a->u.r != a->u.r || b->u.r != b->u.r ? 2 : (a->u.r > b->u.r) - (a->u.r < b->u.r);
    if (a->tag >= V_WORD || b->tag >= V_WORD) return prim_num_compare(s, a, b);
    if (a->tag == V_STR && b->tag == V_STR) {
        uint32_t n = a->n < b->n ? a->n : b->n;
        int c = memcmp(a->u.s, b->u.s, n);
        if (c) return c < 0 ? -1 : 1;
        return (a->n > b->n) - (a->n < b->n);
    }
    type_error(s, "two ints, two reals, two chars or two strings", a->tag == b->tag ? a : b);
}

static Value *p_lt(Site *s, Value **a, uint32_t loc) { return ev_bool(s->ev, compare(s, a[0], a[1]) == -1, loc); }
static Value *p_gt(Site *s, Value **a, uint32_t loc) { return ev_bool(s->ev, compare(s, a[0], a[1]) == 1, loc); }
static Value *p_le(Site *s, Value **a, uint32_t loc) { int c = compare(s, a[0], a[1]); return ev_bool(s->ev, c == -1 || c == 0, loc); }
static Value *p_ge(Site *s, Value **a, uint32_t loc) { int c = compare(s, a[0], a[1]); return ev_bool(s->ev, c == 1 || c == 0, loc); }

/* ---- strings and characters ---- */

static Value *p_concat(Site *s, Value **a, uint32_t loc)
{
    const Value *x = need(s, a[0], V_STR, "two strings"), *y = need(s, a[1], V_STR, "two strings");
    loc = node(s, size_string(x->n + y->n));
    if ((uint64_t)x->n + y->n > PML_STRING_MAX)
        ev_fail(s->ev, s->sp, "string too long: %llu bytes (at most %u)",
                (unsigned long long)x->n + y->n, PML_STRING_MAX);
    Value *r = val_str(x->u.s, x->n, loc);
    val_charge(y->n, val_model_words(V_STR, x->n + y->n) - val_model_words(V_STR, x->n)); /* the rest of r */
    char *buf = GC_MALLOC_ATOMIC((size_t)x->n + y->n + 1);
    memcpy(buf, x->u.s, x->n);
    memcpy(buf + x->n, y->u.s, y->n);
    buf[x->n + y->n] = 0;
    r->u.s = buf;
    r->n = x->n + y->n;
    return r;
}

static Value *p_size(Site *s, Value **a, uint32_t loc) { return val_int(need(s, a[0], V_STR, "a string")->n, loc); }

static Value *p_int_tostring(Site *s, Value **a, uint32_t loc)
{
    char buf[32];
    int64_t i = need_int(s, a[0]);
    if (i < 0) snprintf(buf, sizeof buf, "~%llu", (unsigned long long)-(uint64_t)i);
    else snprintf(buf, sizeof buf, "%lld", (long long)i);
    return val_str(buf, (uint32_t)strlen(buf), loc);
}

static Value *p_real_tostring(Site *s, Value **a, uint32_t loc)
{
    char buf[48];
    val_real_text(need_real(s, a[0]), buf);
    return val_str(buf, (uint32_t)strlen(buf), loc);
}

static Value *p_ord(Site *s, Value **a, uint32_t loc) { return val_int(need(s, a[0], V_CHAR, "a char")->u.i, loc); }

static Value *p_chr(Site *s, Value **a, uint32_t loc)
{
    int64_t i = need_int(s, a[0]);
    if (i < 0 || i > 255) basis_raise(s, "Chr", "not a character code");
    return val_char((unsigned char)i, loc);
}

static Value *p_str(Site *s, Value **a, uint32_t loc)
{
    loc = node(s, size_string(1));
    char c = (char)need(s, a[0], V_CHAR, "a char")->u.i;
    return val_str(&c, 1, loc);
}

static Value *p_string_sub(Site *s, Value **a, uint32_t loc)
{
    const Value *v = need(s, a[0], V_STR, "a string and an int");
    int64_t i = need_int(s, a[1]);
    if (i < 0 || i >= (int64_t)v->n) basis_raise(s, "Subscript", "index out of range");
    return val_char((unsigned char)v->u.s[i], loc);
}

static Value *p_substring(Site *s, Value **a, uint32_t loc)
{
    int sized = a[0]->tag == V_STR && a[2]->tag == V_INT && a[2]->u.i >= 0 && a[2]->u.i < (1 << 30);
    loc = node(s, sized ? size_string((uint32_t)a[2]->u.i) : 1);
    const Value *v = need(s, a[0], V_STR, "a string and two ints");
    int64_t i = need_int(s, a[1]), n = need_int(s, a[2]);
    if (i < 0 || n < 0 || i > (int64_t)v->n || n > (int64_t)v->n - i)
        basis_raise(s, "Subscript", "range out of the string");
    return val_str(v->u.s + i, (uint32_t)n, loc);
}

static Value *p_implode(Site *s, Value **a, uint32_t loc)
{
    Ev *ev = s->ev;
    uint32_t n = list_length(s, a[0]), i = 0;
    loc = chain(s, n, size_string(n));
    char *buf = GC_MALLOC_ATOMIC((size_t)n + 1);
    for (const Value *c = a[0]; c->con == ev->sh->c_cons; c = c->u.f[1])
        buf[i++] = (char)need(s, c->u.f[0], V_CHAR, "a list of chars")->u.i;
    return val_str(buf, n, loc);
}

/* Char.toString and String.toString: SML's escapes. */
static Value *to_string(Site *s, Value **a, int is_char)
{
    char c, *e;
    uint32_t loc;
    if (is_char) {
        loc = node(s, size_string(4)); /* 1 to 4 bytes: 2 words */
        c = (char)need(s, a[0], V_CHAR, "a char")->u.i;
        e = val_escape(&c, 1);
    } else {
        uint32_t size = 1;
        if (a[0]->tag == V_STR) {
            char *t = val_escape(a[0]->u.s, a[0]->n);
            size = size_string((uint32_t)strlen(t));
            free(t);
        }
        loc = node(s, size);
        e = val_escape(need_str(s, a[0], "a string"), a[0]->n);
    }
    Value *r = val_str(e, (uint32_t)strlen(e), loc);
    free(e);
    return r;
}

static Value *p_char_tostring(Site *s, Value **a, uint32_t loc) { (void)loc; return to_string(s, a, 1); }
static Value *p_string_tostring(Site *s, Value **a, uint32_t loc) { (void)loc; return to_string(s, a, 0); }

/* Writes string v where print writes (the program's output), or to the
 * standard error stream. */
static void write_out(Site *s, const Value *v, int to_stderr)
{
    FILE *f = to_stderr ? stderr : s->ev->o->print_out;
    if (f && v->n) {
        fwrite(v->u.s, 1, v->n, f);
        fflush(f);
        if (f == s->ev->o->print_out) s->ev->print_midline = v->u.s[v->n - 1] != '\n';
    }
}

static Value *p_print(Site *s, Value **a, uint32_t loc)
{
    write_out(s, need(s, a[0], V_STR, "a string"), 0);
    return unit(loc);
}

/* TextIO's streams are the constructors stdIn, stdOut, stdErr. */
static const ConDef *need_stream(Site *s, const Value *v, const char *a, const char *b)
{
    const ConDef *c = v->tag == V_CON ? v->con : NULL;
    if (!c || (c != resolve_builtin_con(a) && (!b || c != resolve_builtin_con(b))))
        type_error(s, b ? "TextIO.stdOut or TextIO.stdErr" : "TextIO.stdIn", v);
    return c;
}

/* TextIO.output (stream, s): stdOut is where print writes. */
static Value *p_output(Site *s, Value **a, uint32_t loc)
{
    const ConDef *c = need_stream(s, a[0], "stdOut", "stdErr");
    write_out(s, need(s, a[1], V_STR, "a string"), c == resolve_builtin_con("stdErr"));
    return unit(loc);
}

static Value *p_flush_out(Site *s, Value **a, uint32_t loc)
{
    need_stream(s, a[0], "stdOut", "stdErr"); /* every write is flushed already */
    return unit(loc);
}

/* Where TextIO.stdIn reads: EvalOptions.input, or the process's stdin. */
static FILE *input_of(Site *s) { return s->ev->o->input ? s->ev->o->input : stdin; }

/* The program's standard input, read by TextIO.inputLine and inputAll:
 * n bytes up to and including the next newline (line = 1), or all. */
static char *read_input(Site *s, int line, uint32_t *n)
{
    size_t cap = 256, len = 0;
    char *buf = GC_MALLOC_ATOMIC(cap);
    FILE *in = input_of(s);
    int c;
    while ((c = getc(in)) != EOF) {
        if (len + 1 > PML_STRING_MAX) ev_fail(s->ev, s->sp, "%s: the input is longer than 256 MiB", s->name);
        if (len == cap) {
            char *b = GC_MALLOC_ATOMIC(2 * cap);
            memcpy(b, buf, len);
            buf = b;
            cap *= 2;
        }
        buf[len++] = (char)c;
        if (line && c == '\n') break;
    }
    *n = (uint32_t)len;
    return buf;
}

/* TextIO.inputLine stdIn: SOME line (ending in a newline, one added at the
 * end of the input as the Basis says) or NONE at the end: two nodes for
 * SOME (the string, then the option cell), one for NONE. */
static Value *p_input_line(Site *s, Value **a, uint32_t loc)
{
    (void)loc;
    need_stream(s, a[0], "stdIn", NULL);
    uint32_t n;
    char *t = read_input(s, 1, &n);
    if (n == 0) return none_value(s);
    if (t[n - 1] != '\n') {
        char *u = GC_MALLOC_ATOMIC(n + 1);
        memcpy(u, t, n);
        u[n++] = '\n';
        t = u;
    }
    return some_cell(s, string_result(s, t, n));
}

/* TextIO.input1 stdIn: SOME c (two nodes) or NONE at the end (one);
 * TextIO.lookahead stdIn the same without consuming c. */
static Value *next_char(Site *s, const Value *stream, int consume)
{
    need_stream(s, stream, "stdIn", NULL);
    FILE *in = input_of(s);
    int c = getc(in);
    if (c == EOF) return none_value(s);
    if (!consume) ungetc(c, in);
    return some_cell(s, val_char((unsigned char)c, node(s, 1)));
}

static Value *p_input1(Site *s, Value **a, uint32_t loc) { (void)loc; return next_char(s, a[0], 1); }
static Value *p_lookahead(Site *s, Value **a, uint32_t loc) { (void)loc; return next_char(s, a[0], 0); }

static Value *p_end_of_stream(Site *s, Value **a, uint32_t loc)
{
    need_stream(s, a[0], "stdIn", NULL);
    FILE *in = input_of(s);
    int c = getc(in);
    if (c != EOF) ungetc(c, in);
    return ev_bool(s->ev, c == EOF, loc);
}

/* TextIO.inputN (stdIn, n): the next n bytes (fewer at the end). */
static Value *p_input_n(Site *s, Value **a, uint32_t loc)
{
    (void)loc;
    need_stream(s, a[0], "stdIn", NULL);
    int64_t want = need_int(s, a[1]);
    if (want < 0) basis_raise(s, "Size", "a negative count");
    if (want > PML_STRING_MAX) want = PML_STRING_MAX;
    char *buf = GC_MALLOC_ATOMIC((size_t)want + 1);
    size_t n = fread(buf, 1, (size_t)want, input_of(s));
    return string_result(s, buf, (uint32_t)n);
}

/* TextIO.closeIn, closeOut: the standard streams stay open (a no-op). */
static Value *p_close(Site *s, Value **a, uint32_t loc)
{
    need_stream(s, a[0], "stdIn", NULL);
    return unit(loc);
}

/* TextIO.inputAll stdIn: the rest of the input. */
static Value *p_input_all(Site *s, Value **a, uint32_t loc)
{
    (void)loc;
    need_stream(s, a[0], "stdIn", NULL);
    uint32_t n;
    char *t = read_input(s, 0, &n);
    return string_result(s, t, n);
}

/* Int.fromString and Real.fromString as SML scans them: white space, an
 * optional sign (~, - or +), digits (for reals, SML's fraction and
 * exponent); the rest of the string is ignored.  The number's text in buf
 * (with '-' for the sign), or 0 if there is no number. */
static int scan_number(const char *p, int real, char *buf, size_t cap)
{
    size_t n = 0;
    while (*p == ' ' || (*p >= '\t' && *p <= '\r')) p++;
    if (*p == '~' || *p == '-') { buf[n++] = '-'; p++; }
    else if (*p == '+') p++;
    size_t digits = 0;
    while (*p >= '0' && *p <= '9' && n + 1 < cap) { buf[n++] = *p++; digits++; }
    if (real && *p == '.' && p[1] >= '0' && p[1] <= '9') {
        buf[n++] = *p++;
        while (*p >= '0' && *p <= '9' && n + 1 < cap) { buf[n++] = *p++; digits++; }
    }
    if (!digits) return 0;
    if (real && (*p == 'e' || *p == 'E')) {
        const char *q = p + 1;
        char sign = 0;
        if (*q == '~' || *q == '-') { sign = '-'; q++; }
        else if (*q == '+') q++;
        if (*q >= '0' && *q <= '9' && n + 3 < cap) {
            buf[n++] = 'e';
            if (sign) buf[n++] = sign;
            while (*q >= '0' && *q <= '9' && n + 1 < cap) buf[n++] = *q++;
        }
    }
    buf[n] = 0;
    return 1;
}

/* SOME n or NONE: a chain of two nodes when there is a number (the number,
 * then the option cell holding it), one for NONE. */
static Value *from_string(Site *s, int real, Value **a)
{
    char buf[400];
    if (!scan_number(need_str(s, a[0], "a string"), real, buf, sizeof buf)) return none_value(s);
    Value *x;
    uint32_t l = node(s, 1);
    if (real) {
        x = val_real(strtod(buf, NULL), l);
    } else {
        errno = 0;
        long long i = strtoll(buf, NULL, 10);
        if (errno == ERANGE) overflow(s);
        x = val_int(i, l);
    }
    return some_cell(s, x);
}

static Value *p_int_fromstring(Site *s, Value **a, uint32_t loc) { (void)loc; return from_string(s, 0, a); }
static Value *p_real_fromstring(Site *s, Value **a, uint32_t loc) { (void)loc; return from_string(s, 1, a); }

/* ---- vectors: each result holds its elements (retain edges) ---- */

/* vector (n, x) and Array.array (n, x): n copies of x. */
static Value *filled(Site *s, VTag tag, Value **a)
{
    Ev *ev = s->ev;
    int64_t n = need_int(s, a[0]);
    if (n < 0) ev_raise_basis(ev, ev->sh->c_size, s->sp, "%s: negative size %lld", s->name, (long long)n);
    if ((uint64_t)n > graph_max_nodes(ev->g)) ev_fail(ev, s->sp, "%s: size %lld exceeds the node limit", s->name, (long long)n);
    uint32_t loc = chain(s, (uint64_t)n, 1 + (uint32_t)n);
    Value *v = val_fields(tag, (uint32_t)n, loc);
    for (uint32_t i = 0; i < (uint32_t)n; i++) v->u.f[i] = a[1];
    retain_fields(ev, v);
    return v;
}

static Value *p_vector(Site *s, Value **a, uint32_t loc) { (void)loc; return filled(s, V_VEC, a); }

static Value *p_append(Site *s, Value **a, uint32_t loc)
{
    uint32_t n = vec_len_arg(s, a[0]), m = vec_len_arg(s, a[1]);
    loc = chain(s, (uint64_t)n + m, 1 + n + m);
    Value *v = val_fields(V_VEC, n + m, loc);
    if (n) memcpy(v->u.f, a[0]->u.f, n * sizeof *v->u.f);
    if (m) memcpy(v->u.f + n, a[1]->u.f, m * sizeof *v->u.f);
    retain_fields(s->ev, v);
    return v;
}

static Value *p_update(Site *s, Value **a, uint32_t loc)
{
    uint32_t n = vec_len_arg(s, a[0]);
    loc = chain(s, n, 1 + n);
    int64_t k = vec_index(s, a[0], a[1]);
    Value *v = val_fields(V_VEC, n, loc);
    memcpy(v->u.f, a[0]->u.f, n * sizeof *v->u.f);
    v->u.f[k] = a[2];
    retain_fields(s->ev, v);
    return v;
}

/* fromList l and Array.fromList l: l's elements. */
static Value *from_list(Site *s, VTag tag, Value **a)
{
    Ev *ev = s->ev;
    uint32_t n = list_length(s, a[0]), i = 0;
    Value *v = val_fields(tag, n, chain(s, n, 1 + n));
    for (const Value *c = a[0]; c->con == ev->sh->c_cons; c = c->u.f[1]) v->u.f[i++] = c->u.f[0];
    retain_fields(ev, v);
    return v;
}

static Value *p_fromlist(Site *s, Value **a, uint32_t loc) { (void)loc; return from_list(s, V_VEC, a); }

static Value *p_tolist(Site *s, Value **a, uint32_t loc)
{
    /* the chain: nil first, then one cell per node from the last element */
    Ev *ev = s->ev;
    const Value *v = need(s, a[0], V_VEC, "a vector");
    Value *tail = val_nullary(ev->sh->c_nil, node(s, 1));
    for (uint32_t i = v->n; i-- > 0;) {
        loc = node(s, 3);
        Value *c = val_fields(V_CON, 2, loc);
        c->con = ev->sh->c_cons;
        c->u.f[0] = v->u.f[i];
        c->u.f[1] = tail;
        retain_fields(ev, c);
        tail = c;
    }
    return tail;
}

static Value *p_vsub(Site *s, Value **a, uint32_t loc)
{
    (void)loc;
    const Value *v = need(s, a[0], V_VEC, "a vector and an int");
    return v->u.f[vec_index(s, v, a[1])];
}

static Value *p_length(Site *s, Value **a, uint32_t loc)
{
    if (a[0]->tag == V_VEC) return val_int(a[0]->n, loc);
    return val_int(list_length(s, a[0]), loc);
}

/* ---- the driver's parameters ---- */

static Value *p_param(Site *s, Value **a, uint32_t loc)
{
    const Value *name = need(s, a[0], V_STR, "a string name and an int default");
    int64_t dflt = need_int(s, a[1]);
    const EvalOptions *o = s->ev->o;
    for (uint32_t i = 0; i < o->nparams; i++)
        if (strcmp(o->params[i].name, name->u.s) == 0) {
            if (i < 64) s->ev->params_read |= 1ull << i;
            return val_int(o->params[i].value, loc);
        }
    return val_int(dflt, loc);
}

/* ---- references (docs/semantics.md, "References") ---- */

static Value *p_deref(Site *s, Value **a, uint32_t loc)
{
    if (a[0]->tag != V_CON || a[0]->con != s->ev->sh->c_ref) type_error(s, "a ref", a[0]);
    ev_watch(s->ev, a[0], 0, 0, s->annot, loc);
    return a[0]->u.f[0];
}

/* Field k of the ref cell or array `cell` becomes v at the node loc: besides
 * loc's use edges to the arguments, one to the value v replaces, which
 * stays live until now; the cell is listed so that the program's last node
 * keeps its final contents live. */
static void store(Site *s, Value *cell, uint32_t k, Value *v, uint32_t loc)
{
    Ev *ev = s->ev;
    ev_watch(ev, cell, k, 1, s->annot, loc);
    ev_heap(ev, loc, cell->u.f[k]->loc, HE_USE);
    cell->u.f[k] = v;
    if (!cell->listed) {
        if (ev->nassigned == ev->capassigned) {
            uint32_t cap = ev->capassigned ? 2 * ev->capassigned : 64;
            Value **grown = GC_MALLOC(cap * sizeof *grown);
            if (!grown) ev_fail(ev, s->sp, "out of memory");
            if (ev->nassigned) memcpy(grown, ev->assigned, ev->nassigned * sizeof *grown);
            ev->assigned = grown;
            ev->capassigned = cap;
        }
        ev->assigned[ev->nassigned++] = cell;
        cell->listed = 1;
    }
}

/* r := v */
static Value *p_assign(Site *s, Value **a, uint32_t loc)
{
    Value *cell = a[0];
    if (cell->tag != V_CON || cell->con != s->ev->sh->c_ref) type_error(s, "a ref and a value", cell);
    store(s, cell, 0, a[1], loc);
    return unit(loc);
}

/* ---- arrays (docs/semantics.md, "Arrays"): vectors whose elements
 * Array.update replaces, with ref's rule for what it replaces ---- */

static Value *p_array(Site *s, Value **a, uint32_t loc) { (void)loc; return filled(s, V_ARRAY, a); }
static Value *p_array_fromlist(Site *s, Value **a, uint32_t loc) { (void)loc; return from_list(s, V_ARRAY, a); }

static Value *p_array_sub(Site *s, Value **a, uint32_t loc)
{
    const Value *v = need(s, a[0], V_ARRAY, "an array and an int");
    int64_t k = vec_index(s, v, a[1]);
    ev_watch(s->ev, v, (uint32_t)k, 0, s->annot, loc);
    return v->u.f[k];
}

static Value *p_array_update(Site *s, Value **a, uint32_t loc)
{
    Value *v = a[0];
    need(s, v, V_ARRAY, "an array, an int and a value");
    store(s, v, (uint32_t)vec_index(s, v, a[1]), a[2], loc);
    return unit(loc);
}

static Value *p_array_length(Site *s, Value **a, uint32_t loc)
{
    return val_int(need(s, a[0], V_ARRAY, "an array")->n, loc);
}

/* Array.vector a: a vector of a's present elements, as fromList costs. */
static Value *p_array_vector(Site *s, Value **a, uint32_t loc)
{
    uint32_t n = need(s, a[0], V_ARRAY, "an array")->n;
    loc = chain(s, n, 1 + n);
    for (uint32_t k = 0; k < n; k++) ev_watch(s->ev, a[0], k, 0, s->annot, loc);
    Value *v = val_fields(V_VEC, n, loc);
    if (n) memcpy(v->u.f, a[0]->u.f, n * sizeof *v->u.f);
    retain_fields(s->ev, v);
    return v;
}

/* ---- functions and constants ---- */

static int is_function(const Value *v)
{
    return v->tag == V_CLOS || v->tag == V_PRIMFN || v->tag == V_CONFN || v->tag == V_COMPOSED;
}

/* f o g: one node allocating what a closure of one function with the two
 * free variables f and g would (size 3), retaining f and g. */
static Value *p_compose(Site *s, Value **a, uint32_t loc)
{
    if (!is_function(a[0])) type_error(s, "two functions", a[0]);
    if (!is_function(a[1])) type_error(s, "two functions", a[1]);
    loc = node(s, 3);
    Value *v = val_fields(V_COMPOSED, 2, loc);
    v->u.f[0] = a[0];
    v->u.f[1] = a[1];
    retain_fields(s->ev, v);
    return v;
}

/* a before b: a, once both are evaluated. */
static Value *p_before(Site *s, Value **a, uint32_t loc)
{
    (void)s, (void)loc;
    return a[0];
}

static Value *p_pi(Site *s, Value **a, uint32_t loc) { (void)s, (void)a; return val_real(M_PI, loc); }
static Value *p_e(Site *s, Value **a, uint32_t loc) { (void)s, (void)a; return val_real(M_E, loc); }

/* ---- exceptions ---- */

static const Value *need_exn(Site *s, const Value *v)
{
    if (v->tag != V_CON || !con_is_exn(v->con)) type_error(s, "an exception", v);
    return v;
}

/* exnName x: the name x was declared with (a fresh exception's too). */
static Value *p_exn_name(Site *s, Value **a, uint32_t loc)
{
    (void)loc;
    const char *name = need_exn(s, a[0])->con->name;
    return string_result(s, name, (uint32_t)strlen(name));
}

/* exnMessage x as SML/NJ writes it: "Fail: msg", a sentence for the Basis
 * exceptions it describes (the Basis's own, not a program's of the same
 * name), else the name. */
static Value *p_exn_message(Site *s, Value **a, uint32_t loc)
{
    static const char *const text[][2] = {
        {"Div", "divide by zero"}, {"Overflow", "overflow"}, {"Subscript", "subscript out of bounds"},
        {"Match", "nonexhaustive match failure"}, {"Bind", "nonexhaustive binding failure"},
        {"Size", "size"}, {"Domain", "domain error"},
    };
    const Value *x = need_exn(s, a[0]);
    if (x->con == s->ev->sh->c_fail && x->n == 1 && x->u.f[0]->tag == V_STR) {
        const Value *m = x->u.f[0];
        if (m->n > PML_STRING_MAX - 6) ev_fail(s->ev, s->sp, "exnMessage: the message is too long");
        char *t = GC_MALLOC_ATOMIC(m->n + 6);
        memcpy(t, "Fail: ", 6);
        memcpy(t + 6, m->u.s, m->n);
        return string_result(s, t, m->n + 6);
    }
    for (size_t i = 0; i < sizeof text / sizeof text[0]; i++)
        if (x->con == resolve_builtin_con(text[i][0]))
            return string_result(s, text[i][1], (uint32_t)strlen(text[i][1]));
    return p_exn_name(s, a, loc);
}

/* ---- limits of the Basis types ---- */

/* SOME v: the int (one node), then the option cell. */
static Value *some_int(Site *s, int64_t v) { return some_cell(s, val_int(v, node(s, 1))); }

static Value *p_int_maxint(Site *s, Value **a, uint32_t loc) { (void)a, (void)loc; return some_int(s, INT64_MAX); }
static Value *p_int_minint(Site *s, Value **a, uint32_t loc) { (void)a, (void)loc; return some_int(s, INT64_MIN); }
static Value *p_int_precision(Site *s, Value **a, uint32_t loc) { (void)a, (void)loc; return some_int(s, 64); }
/* lengths are 32-bit (Value.n); strings stop at PML_STRING_MAX bytes */
static Value *p_maxlen(Site *s, Value **a, uint32_t loc) { (void)s, (void)a; return val_int(UINT32_MAX, loc); }
static Value *p_string_maxsize(Site *s, Value **a, uint32_t loc) { (void)s, (void)a; return val_int(PML_STRING_MAX, loc); }
static Value *p_char_maxord(Site *s, Value **a, uint32_t loc) { (void)s, (void)a; return val_int(255, loc); }
static Value *p_char_minchar(Site *s, Value **a, uint32_t loc) { (void)s, (void)a; return val_char(0, loc); }
static Value *p_char_maxchar(Site *s, Value **a, uint32_t loc) { (void)s, (void)a; return val_char(255, loc); }

/* ---- what prims_word.c and prims_intinf.c share (prims_internal.h) ---- */

uint32_t prim_node(Site *s, uint32_t size) { return node(s, size); }
_Noreturn void prim_type_error(Site *s, const char *want, const Value *got) { type_error(s, want, got); }
_Noreturn void prim_overflow(Site *s) { overflow(s); }
_Noreturn void prim_raise(Site *s, const char *exn, const char *why) { basis_raise(s, exn, why); }
int64_t prim_need_int(Site *s, const Value *v) { return need_int(s, v); }
Value *prim_none(Site *s) { return none_value(s); }
Value *prim_some(Site *s, Value *v) { return some_cell(s, v); }
Value *prim_string(Site *s, const char *t, uint32_t n) { return string_result(s, t, n); }

/* ---- dispatch, from the table ---- */

enum { PRIM_NODE_N1 = 1, PRIM_NODE_N0 = 0, PRIM_NODE_OWN = -1 };

static const struct {
    PrimFn *fn;
    int node;       /* the size of the one node prim_apply allocates; -1: none */
} prim_impl[] = {
#define PML_PRIM_IMPL(id, name, arity, fn, chain) {fn, PRIM_NODE_##chain},
    PML_PRIMS(PML_PRIM_IMPL)
#undef PML_PRIM_IMPL
};

_Static_assert(sizeof prim_impl / sizeof prim_impl[0] == P__COUNT, "one implementation per row");

Value *prim_apply(Ev *ev, uint32_t annot, Span sp, uint32_t prim, Value **args, uint32_t nargs)
{
    Site s = {ev, sp, prim_table[prim].name, annot, 0};
    uint32_t loc = prim_impl[prim].node >= 0 ? node(&s, (uint32_t)prim_impl[prim].node) : 0;
    Value *r = prim_impl[prim].fn(&s, args, loc);
    for (uint32_t i = 0; i < nargs; i++) ev_heap(ev, s.last, args[i]->loc, HE_USE);
    return r;
}
