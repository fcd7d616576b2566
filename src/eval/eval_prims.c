/*
 * eval_prims.c — the primitives' meanings and costs (docs/semantics.md, The rules).
 *
 * work(p): vector (n, x) costs n, append (a, b) |a|+|b|, update, fromList
 * the length, toList the length + 1 (one node per cell and one for nil:
 * each node of its chain allocates one cell), everything else 1; a chain
 * has at least one node.
 */
#include "eval_internal.h"

#include <errno.h>
#include <gc.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "prims.h"
#include "resolve.h"

typedef struct Site { Ev *ev; Span sp; const char *name; } Site;

_Noreturn static void type_error(Site *s, const char *want, const Value *got)
{
    ev_fail(s->ev, s->sp, "type error: '%s' expects %s, got %s", s->name, want, val_tag_name(got));
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

_Noreturn static void overflow(Site *s)
{
    ev_raise_basis(s->ev, s->ev->c_overflow, s->sp, "integer overflow in '%s'", s->name);
}

static int64_t real_to_int(Site *s, double r)
{
    if (isnan(r)) ev_raise_basis(s->ev, s->ev->c_domain, s->sp, "'%s' of nan", s->name);
    if (!(r >= -9223372036854775808.0 && r < 9223372036854775808.0)) overflow(s);
    return (int64_t)r;
}

/* SML's div and mod round toward negative infinity. */
static int64_t floor_div(Site *s, int64_t a, int64_t b, int mod)
{
    if (b == 0) ev_raise_basis(s->ev, s->ev->c_div, s->sp, "division by zero");
    if (a == INT64_MIN && b == -1) {
        if (mod) return 0;
        overflow(s);
    }
    int64_t q = a / b, r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) { q--; r += b; }
    return mod ? r : q;
}

static Value *arith(Site *s, PrimOp op, Value **a, uint32_t loc)
{
    if (a[0]->tag == V_REAL || a[1]->tag == V_REAL) {
        need(s, a[0], V_REAL, "two reals or two ints");
        need(s, a[1], V_REAL, "two reals or two ints");
        double x = a[0]->u.r, y = a[1]->u.r, r = 0;
        switch (op) {
        case P_ADD: r = x + y; break;
        case P_SUB: r = x - y; break;
        case P_MUL: r = x * y; break;
        case P_MIN: r = x < y ? x : y; break;
        case P_MAX: r = x > y ? x : y; break;
        default: type_error(s, "ints", a[0]);
        }
        return val_real(r, loc);
    }
    int64_t x = need_int(s, a[0]), y = need_int(s, a[1]), r = 0;
    switch (op) {
    case P_ADD: if (__builtin_add_overflow(x, y, &r)) overflow(s); break;
    case P_SUB: if (__builtin_sub_overflow(x, y, &r)) overflow(s); break;
    case P_MUL: if (__builtin_mul_overflow(x, y, &r)) overflow(s); break;
    case P_DIV: r = floor_div(s, x, y, 0); break;
    case P_MOD: r = floor_div(s, x, y, 1); break;
    case P_MIN: r = x < y ? x : y; break;
    case P_MAX: r = x > y ? x : y; break;
    default: break;
    }
    return val_int(r, loc);
}

static int compare(Site *s, const Value *a, const Value *b)
{
    if ((a->tag == V_INT && b->tag == V_INT) || (a->tag == V_CHAR && b->tag == V_CHAR))
        return (a->u.i > b->u.i) - (a->u.i < b->u.i);
    if (a->tag == V_INT && b->tag == V_INT) return (a->u.i > b->u.i) - (a->u.i < b->u.i);
    if (a->tag == V_REAL && b->tag == V_REAL) return (a->u.r > b->u.r) - (a->u.r < b->u.r);
    if (a->tag == V_STR && b->tag == V_STR) {
        uint32_t n = a->n < b->n ? a->n : b->n;
        int c = memcmp(a->u.s, b->u.s, n);
        if (c) return c < 0 ? -1 : 1;
        return (a->n > b->n) - (a->n < b->n);
    }
    type_error(s, "two ints, two reals, two chars or two strings", a->tag == b->tag ? a : b);
}

static uint32_t list_length(Site *s, const Value *v, const ConDef *cons, const ConDef *nil)
{
    uint32_t n = 0;
    for (; v->tag == V_CON && v->con == cons; v = v->u.f[1]) n++;
    if (v->tag != V_CON || v->con != nil) type_error(s, "a list", v);
    return n;
}

static uint32_t vec_len_arg(Site *s, const Value *v) { return need(s, v, V_VEC, "a vector")->n; }

/* The number of nodes in p's chain. */
static uint64_t work(Site *s, PrimOp op, Value **a)
{
    Ev *ev = s->ev;
    uint64_t w = 1;
    switch (op) {
    case P_VECTOR: {
        int64_t n = need_int(s, a[0]);
        if (n < 0) ev_raise_basis(ev, ev->c_size, s->sp, "vector: negative size %lld", (long long)n);
        if ((uint64_t)n > graph_max_nodes(ev->g)) ev_fail(ev, s->sp, "vector: size %lld exceeds the node limit", (long long)n);
        w = (uint64_t)n;
        break;
    }
    case P_APPEND: w = (uint64_t)vec_len_arg(s, a[0]) + vec_len_arg(s, a[1]); break;
    case P_UPDATE: case P_TOLIST: w = vec_len_arg(s, a[0]) + (op == P_TOLIST); break;
    case P_FROMLIST: case P_IMPLODE: w = list_length(s, a[0], ev->c_cons, ev->c_nil); break;
    default: break;
    }
    return w ? w : 1;
}

static void retain_fields(Ev *ev, Value *v)
{
    for (uint32_t i = 0; i < v->n; i++) ev_heap(ev, v->loc, v->u.f[i]->loc, HE_RETAIN);
}

static int64_t vec_index(Site *s, const Value *v, const Value *i)
{
    int64_t k = need_int(s, i);
    if (k < 0 || k >= (int64_t)v->n)
        ev_raise_basis(s->ev, s->ev->c_subscript, s->sp, "vector index %lld out of range (length %u)",
                       (long long)k, v->n);
    return k;
}

static Value *to_list(Site *s, Value *v, uint32_t annot)
{
    /* the chain: nil first, then one cell per node from the last element */
    Ev *ev = s->ev;
    Value *tail = val_new(V_CON, ev_node(ev, NK_PRIM, 1, annot));
    tail->con = ev->c_nil;
    for (uint32_t i = v->n; i-- > 0;) {
        uint32_t l = ev_node(ev, NK_PRIM, 3, annot);
        Value *c = val_fields(V_CON, 2, l);
        c->con = ev->c_cons;
        c->u.f[0] = v->u.f[i];
        c->u.f[1] = tail;
        retain_fields(ev, c);
        tail = c;
    }
    return tail;
}

static Value *param(Site *s, Value **a, uint32_t loc)
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

/* r := v (docs/semantics.md, "References"): besides the use edges to r
 * and v, one to the value v replaces, which stays live until now; the
 * cell is listed so that the program's last node keeps its final content
 * live. */
static Value *assign(Site *s, Value **a, uint32_t loc)
{
    Ev *ev = s->ev;
    Value *cell = a[0];
    if (cell->tag != V_CON || cell->con != ev->c_ref) type_error(s, "a ref and a value", cell);
    ev_heap(ev, loc, cell->u.f[0]->loc, HE_USE);
    cell->u.f[0] = a[1];
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
    return val_fields(V_TUPLE, 0, loc);
}

/* A Basis exception raised by a primitive (SML's Subscript, Chr ...). */
_Noreturn static void basis_raise(Site *s, const char *exn, const char *why)
{
    ev_raise_basis(s->ev, resolve_builtin_con(exn), s->sp, "'%s': %s", s->name, why);
}

static const char *need_str(Site *s, const Value *v, const char *want)
{
    return need(s, v, V_STR, want)->u.s;
}

static Value *unit(uint32_t loc) { return val_fields(V_TUPLE, 0, loc); }

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
static Value *from_string(Site *s, PrimOp op, Value **a, uint32_t annot)
{
    Ev *ev = s->ev;
    char buf[400];
    if (!scan_number(need_str(s, a[0], "a string"), op == P_REALFROMSTRING, buf, sizeof buf)) {
        Value *none = val_new(V_CON, ev_node(ev, NK_PRIM, 1, annot));
        none->con = ev->c_none;
        return none;
    }
    Value *x;
    uint32_t l = ev_node(ev, NK_PRIM, 1, annot);
    if (op == P_REALFROMSTRING) {
        x = val_real(strtod(buf, NULL), l);
    } else {
        errno = 0;
        long long i = strtoll(buf, NULL, 10);
        if (errno == ERANGE) overflow(s);
        x = val_int(i, l);
    }
    Value *r = val_fields(V_CON, 1, ev_node(ev, NK_PRIM, 2, annot));
    r->con = ev->c_some;
    r->u.f[0] = x;
    retain_fields(ev, r);
    return r;
}

/* quot and rem truncate toward zero (Int.quot, Int.rem). */
static Value *quot_rem(Site *s, PrimOp op, Value **a, uint32_t loc)
{
    int64_t x = need_int(s, a[0]), y = need_int(s, a[1]);
    if (y == 0) basis_raise(s, "Div", "division by zero");
    if (x == INT64_MIN && y == -1) {
        if (op == P_REM) return val_int(0, loc);
        overflow(s);
    }
    return val_int(op == P_QUOT ? x / y : x % y, loc);
}

static Value *string_prim(Site *s, PrimOp op, Value **a, uint32_t loc)
{
    Ev *ev = s->ev;
    switch (op) {
    case P_ORD: return val_int(need(s, a[0], V_CHAR, "a char")->u.i, loc);
    case P_CHR: {
        int64_t i = need_int(s, a[0]);
        if (i < 0 || i > 255) basis_raise(s, "Chr", "not a character code");
        return val_char((unsigned char)i, loc);
    }
    case P_STR: {
        char c = (char)need(s, a[0], V_CHAR, "a char")->u.i;
        return val_str(&c, 1, loc);
    }
    case P_SSUB: {
        const Value *v = need(s, a[0], V_STR, "a string and an int");
        int64_t i = need_int(s, a[1]);
        if (i < 0 || i >= (int64_t)v->n) basis_raise(s, "Subscript", "index out of range");
        return val_char((unsigned char)v->u.s[i], loc);
    }
    case P_SUBSTRING: {
        const Value *v = need(s, a[0], V_STR, "a string and two ints");
        int64_t i = need_int(s, a[1]), n = need_int(s, a[2]);
        if (i < 0 || n < 0 || i > (int64_t)v->n || n > (int64_t)v->n - i)
            basis_raise(s, "Subscript", "range out of the string");
        return val_str(v->u.s + i, (uint32_t)n, loc);
    }
    case P_IMPLODE: {
        uint32_t n = list_length(s, a[0], ev->c_cons, ev->c_nil), i = 0;
        char *buf = GC_MALLOC_ATOMIC((size_t)n + 1);
        for (const Value *c = a[0]; c->con == ev->c_cons; c = c->u.f[1])
            buf[i++] = (char)need(s, c->u.f[0], V_CHAR, "a list of chars")->u.i;
        Value *r = val_str(buf, n, loc);
        return r;
    }
    case P_CHARTOSTRING: case P_STRINGTOSTRING: {
        char c, *e;
        if (op == P_CHARTOSTRING) {
            c = (char)need(s, a[0], V_CHAR, "a char")->u.i;
            e = val_escape(&c, 1);
        } else {
            e = val_escape(need_str(s, a[0], "a string"), a[0]->n);
        }
        Value *r = val_str(e, (uint32_t)strlen(e), loc);
        free(e);
        return r;
    }
    case P_PRINT: {
        const Value *v = need(s, a[0], V_STR, "a string");
        FILE *f = ev->o->print_out;
        if (f && v->n) {
            fwrite(v->u.s, 1, v->n, f);
            fflush(f);
            ev->print_midline = v->u.s[v->n - 1] != '\n';
        }
        return unit(loc);
    }
    default: return NULL;
    }
}

static Value *math(Site *s, PrimOp op, Value **a, uint32_t loc)
{
    double x = need(s, a[0], V_REAL, "a real")->u.r;
    switch (op) {
    case P_CEIL: return val_int(real_to_int(s, ceil(x)), loc);
    case P_SIN: return val_real(sin(x), loc);
    case P_COS: return val_real(cos(x), loc);
    case P_TAN: return val_real(tan(x), loc);
    case P_ATAN: return val_real(atan(x), loc);
    case P_EXP: return val_real(exp(x), loc);
    case P_LN: return val_real(log(x), loc);
    case P_POW: return val_real(pow(x, need(s, a[1], V_REAL, "two reals")->u.r), loc);
    default: return NULL;
    }
}

/* The result of a one-node primitive, allocated at loc (0: not a value). */
static Value *compute(Site *s, PrimOp op, Value **a, uint32_t loc)
{
    Ev *ev = s->ev;
    switch (op) {
    case P_ADD: case P_SUB: case P_MUL: case P_DIV: case P_MOD: case P_MIN: case P_MAX:
        return arith(s, op, a, loc);
    case P_RDIV:
        return val_real(need(s, a[0], V_REAL, "reals")->u.r / need(s, a[1], V_REAL, "reals")->u.r, loc);
    case P_NEG:
        if (a[0]->tag == V_REAL) return val_real(-a[0]->u.r, loc);
        if (need_int(s, a[0]) == INT64_MIN) overflow(s);
        return val_int(-a[0]->u.i, loc);
    case P_ABS:
        if (a[0]->tag == V_REAL) return val_real(fabs(a[0]->u.r), loc);
        if (need_int(s, a[0]) == INT64_MIN) overflow(s);
        return val_int(a[0]->u.i < 0 ? -a[0]->u.i : a[0]->u.i, loc);
    case P_REAL: return val_real((double)need_int(s, a[0]), loc);
    case P_FLOOR: return val_int(real_to_int(s, floor(need(s, a[0], V_REAL, "a real")->u.r)), loc);
    case P_ROUND: return val_int(real_to_int(s, nearbyint(need(s, a[0], V_REAL, "a real")->u.r)), loc);
    case P_TRUNC: return val_int(real_to_int(s, trunc(need(s, a[0], V_REAL, "a real")->u.r)), loc);
    case P_SQRT: return val_real(sqrt(need(s, a[0], V_REAL, "a real")->u.r), loc);
    case P_NOT: {
        const Value *b = a[0];
        if (b->tag != V_CON || (b->con != ev->c_true && b->con != ev->c_false)) type_error(s, "a bool", b);
        return ev_bool(ev, b->con == ev->c_false, loc);
    }
    case P_EQ: case P_NE: {
        int r = val_equal(a[0], a[1], graph_max_nodes(ev->g));
        if (r == -2)
            ev_fail(ev, s->sp, "'%s' compared more than %llu pairs of values, the node limit; "
                    "raise it with --max-nodes N", s->name, (unsigned long long)graph_max_nodes(ev->g));
        if (r == -3) ev_fail(ev, s->sp, "out of memory: '%s' on large values", s->name);
        if (r < 0) ev_fail(ev, s->sp, "type error: '%s' cannot compare functions", s->name);
        return ev_bool(ev, op == P_EQ ? r : !r, loc);
    }
    case P_LT: return ev_bool(ev, compare(s, a[0], a[1]) < 0, loc);
    case P_GT: return ev_bool(ev, compare(s, a[0], a[1]) > 0, loc);
    case P_LE: return ev_bool(ev, compare(s, a[0], a[1]) <= 0, loc);
    case P_GE: return ev_bool(ev, compare(s, a[0], a[1]) >= 0, loc);
    case P_CONCAT: {
        const Value *x = need(s, a[0], V_STR, "two strings"), *y = need(s, a[1], V_STR, "two strings");
        if ((uint64_t)x->n + y->n > PML_STRING_MAX)
            ev_fail(ev, s->sp, "string too long: %llu bytes (at most %u)",
                    (unsigned long long)x->n + y->n, PML_STRING_MAX);
        Value *r = val_str(x->u.s, x->n, loc);
        char *buf = GC_MALLOC_ATOMIC((size_t)x->n + y->n + 1);
        memcpy(buf, x->u.s, x->n);
        memcpy(buf + x->n, y->u.s, y->n);
        buf[x->n + y->n] = 0;
        r->u.s = buf;
        r->n = x->n + y->n;
        return r;
    }
    case P_SIZE: return val_int(need(s, a[0], V_STR, "a string")->n, loc);
    case P_INTTOSTRING: {
        char buf[32];
        int64_t i = need_int(s, a[0]);
        if (i < 0) snprintf(buf, sizeof buf, "~%llu", (unsigned long long)-(uint64_t)i);
        else snprintf(buf, sizeof buf, "%lld", (long long)i);
        return val_str(buf, (uint32_t)strlen(buf), loc);
    }
    case P_REALTOSTRING: {
        char buf[48];
        val_real_text(need(s, a[0], V_REAL, "a real")->u.r, buf);
        return val_str(buf, (uint32_t)strlen(buf), loc);
    }
    case P_LENGTH:
        if (a[0]->tag == V_VEC) return val_int(a[0]->n, loc);
        return val_int(list_length(s, a[0], ev->c_cons, ev->c_nil), loc);
    case P_VSUB: {
        const Value *v = need(s, a[0], V_VEC, "a vector and an int");
        return v->u.f[vec_index(s, v, a[1])];
    }
    case P_PARAM: return param(s, a, loc);
    case P_DEREF:
        if (a[0]->tag != V_CON || a[0]->con != ev->c_ref) type_error(s, "a ref", a[0]);
        return a[0]->u.f[0];
    case P_ASSIGN: return assign(s, a, loc);
    case P_QUOT: case P_REM: return quot_rem(s, op, a, loc);
    case P_ORD: case P_CHR: case P_STR: case P_SSUB: case P_SUBSTRING: case P_IMPLODE:
    case P_CHARTOSTRING: case P_STRINGTOSTRING: case P_PRINT:
        return string_prim(s, op, a, loc);
    case P_CEIL: case P_SIN: case P_COS: case P_TAN: case P_ATAN: case P_EXP: case P_LN: case P_POW:
        return math(s, op, a, loc);
    default: return NULL;
    }
}

/* Vector results: the elements they hold. */
static Value *compute_vector(Site *s, PrimOp op, Value **a, uint32_t loc)
{
    Ev *ev = s->ev;
    Value *v = NULL;
    switch (op) {
    case P_VECTOR: {
        uint32_t n = (uint32_t)a[0]->u.i;
        v = val_fields(V_VEC, n, loc);
        for (uint32_t i = 0; i < n; i++) v->u.f[i] = a[1];
        break;
    }
    case P_APPEND:
        v = val_fields(V_VEC, a[0]->n + a[1]->n, loc);
        if (a[0]->n) memcpy(v->u.f, a[0]->u.f, a[0]->n * sizeof *v->u.f);
        if (a[1]->n) memcpy(v->u.f + a[0]->n, a[1]->u.f, a[1]->n * sizeof *v->u.f);
        break;
    case P_UPDATE: {
        int64_t k = vec_index(s, a[0], a[1]);
        v = val_fields(V_VEC, a[0]->n, loc);
        memcpy(v->u.f, a[0]->u.f, a[0]->n * sizeof *v->u.f);
        v->u.f[k] = a[2];
        break;
    }
    case P_FROMLIST: {
        uint32_t n = list_length(s, a[0], ev->c_cons, ev->c_nil), i = 0;
        v = val_fields(V_VEC, n, loc);
        for (const Value *c = a[0]; c->con == ev->c_cons; c = c->u.f[1]) v->u.f[i++] = c->u.f[0];
        break;
    }
    default:
        break;
    }
    retain_fields(ev, v);
    return v;
}

static int is_vector_op(PrimOp op)
{
    return op == P_VECTOR || op == P_APPEND || op == P_UPDATE || op == P_FROMLIST;
}

static uint32_t escaped_size(const Value *v)
{
    if (v->tag != V_STR) return 1;
    char *e = val_escape(v->u.s, v->n);
    uint32_t n = size_string((uint32_t)strlen(e));
    free(e);
    return n;
}

/* The size of p's result (the last node of its chain); w is its work. */
static uint32_t result_size(Ev *ev, PrimOp op, Value **a, uint64_t w)
{
    switch (op) {
    case P_VSUB: case P_DEREF: return 0; /* returns an existing value */
    case P_VECTOR: return 1 + (uint32_t)a[0]->u.i;
    case P_APPEND: return 1 + a[0]->n + a[1]->n;
    case P_UPDATE: return 1 + a[0]->n;
    case P_CONCAT: return size_string(a[0]->n + a[1]->n);
    case P_STR: return size_string(1);
    case P_SUBSTRING: return a[0]->tag == V_STR && a[2]->tag == V_INT && a[2]->u.i >= 0 && a[2]->u.i < (1 << 30)
                                 ? size_string((uint32_t)a[2]->u.i) : 1;
    case P_IMPLODE: return size_string(a[0]->tag == V_CON && a[0]->con == ev->c_nil ? 0 : (uint32_t)w);
    case P_CHARTOSTRING: return size_string(4); /* 1 to 4 bytes: 2 words */
    case P_STRINGTOSTRING: return escaped_size(a[0]);
    default: return 1;
    }
}

Value *prim_apply(Ev *ev, uint32_t annot, Span sp, uint32_t prim, Value **args, uint32_t nargs)
{
    PrimOp op = prim_table[prim].op;
    Site s = {ev, sp, prim_table[prim].name};
    uint64_t w = work(&s, op, args);
    Value *r;
    uint32_t last;
    if (op == P_TOLIST) {
        r = to_list(&s, args[0], annot);
        last = r->loc;
    } else if (op == P_INTFROMSTRING || op == P_REALFROMSTRING) {
        r = from_string(&s, op, args, annot);
        last = r->loc;
    } else {
        if (op == P_FROMLIST) { /* its size is known only now */
            for (uint64_t i = 1; i < w; i++) ev_node(ev, NK_PRIM, 0, annot);
            last = ev_node(ev, NK_PRIM, 1 + (uint32_t)(w == 1 && args[0]->con == ev->c_nil ? 0 : w), annot);
        } else {
            for (uint64_t i = 1; i < w; i++) ev_node(ev, NK_PRIM, 0, annot);
            if (op == P_CONCAT) need(&s, args[0], V_STR, "two strings"), need(&s, args[1], V_STR, "two strings");
            last = ev_node(ev, NK_PRIM, result_size(ev, op, args, w), annot);
        }
        r = is_vector_op(op) ? compute_vector(&s, op, args, last) : compute(&s, op, args, last);
    }
    for (uint32_t i = 0; i < nargs; i++) ev_heap(ev, last, args[i]->loc, HE_USE);
    return r;
}
