/*
 * values.c — allocation, equality and SML-style printing of values.
 */
#include "values.h"

#include <gc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__thread ValBudget val_budget = {INT64_MAX, INT64_MAX};
void (*val_budget_hook)(void);

/* A value of `bytes` bytes in the collector's heap (its fields, if any,
 * follow it), charged as before fields had their own object: the
 * value's bytes, then the fields' (val_fields). */
static Value *val_alloc(VTag t, uint32_t loc, size_t bytes)
{
    Value *v = GC_MALLOC(bytes);
    v->tag = (uint8_t)t;
    v->magic = VAL_MAGIC;
    v->loc = loc;
    return v;
}

Value *val_new(VTag t, uint32_t loc)
{
    val_charge(sizeof(Value), val_model_words(t, 0));
    return val_alloc(t, loc, sizeof(Value));
}

/* An int, real, char or word: no pointer in it, so the collector need
 * not scan it (atomic); unlike val_new's, its words come uncleared. */
static Value *val_scalar(VTag t, uint32_t loc, int64_t bits)
{
    val_charge(sizeof(Value), 1);
    Value *v = GC_MALLOC_ATOMIC(sizeof *v);
    *v = (Value){.tag = (uint8_t)t, .magic = VAL_MAGIC, .loc = loc};
    v->u.i = bits;
    return v;
}

Value *val_int(int64_t i, uint32_t loc) { return val_scalar(V_INT, loc, i); }

Value *val_nullary(const ConDef *c, uint32_t loc)
{
    Value *v = val_scalar(V_CON, loc, 0);
    v->con = c;
    return v;
}

Value *val_word(uint64_t bits, uint32_t width, uint32_t loc)
{
    Value *v = val_scalar(V_WORD, loc, (int64_t)(bits & num_word_mask(width)));
    v->n = width;
    return v;
}

Value *val_big(uint32_t loc)
{
    num_init();
    Value *v = val_new(V_BIG, loc);
    mpz_init(&v->u.z);
    return v;
}

Value *val_real(double r, uint32_t loc)
{
    Value *v = val_scalar(V_REAL, loc, 0);
    v->u.r = r;
    return v;
}

Value *val_str(const char *s, uint32_t n, uint32_t loc)
{
    Value *v = val_new(V_STR, loc);
    v->n = n;
    val_charge(n + 1, val_model_words(V_STR, n) - val_model_words(V_STR, 0));
    v->u.s = GC_MALLOC_ATOMIC(n + 1);
    memcpy(v->u.s, s, n);
    v->u.s[n] = 0;
    return v;
}

Value *val_char(unsigned char c, uint32_t loc) { return val_scalar(V_CHAR, loc, c); }

/* One object: the n fields follow the value, u.f points at them (one
 * allocation instead of two; the collector keeps the object by a pointer
 * to its fields, as it keeps any object by an interior pointer). */
Value *val_fields(VTag t, uint32_t n, uint32_t loc)
{
    val_charge(sizeof(Value) + n * sizeof(Value *), val_model_words(t, n));
    Value *v = val_alloc(t, loc, sizeof(Value) + n * sizeof(Value *));
    v->n = n;
    v->u.f = n ? (Value **)(v + 1) : NULL;
    return v;
}

Value *val_con_arg(Value *v)
{
    if (v->n == 1) return v->u.f[0];
    /* several fields: a view as a tuple, at the constructor's location */
    val_charge(sizeof(Value), val_model_words(V_TUPLE, v->n));
    Value *t = val_alloc(V_TUPLE, v->loc, sizeof(Value));
    t->n = v->n;
    t->u.f = v->u.f;
    return t;
}

int val_field(const Value *v, const char *label)
{
    if (!v->shape) {
        if (*label < '1' || *label > '9') return -1;
        uint64_t k = 0;
        for (const char *p = label; *p; p++) {
            if (*p < '0' || *p > '9' || k > UINT32_MAX) return -1;
            k = k * 10 + (uint64_t)(*p - '0');
        }
        return k <= v->n ? (int)k - 1 : -1;
    }
    for (uint32_t i = 0; i < v->shape->n; i++)
        if (strcmp(v->shape->labels[i], label) == 0) return (int)i;
    return -1;
}

/* ---- equality ---- */

static int is_fn(const Value *v)
{
    return v->tag == V_CLOS || v->tag == V_PRIMFN || v->tag == V_CONFN || v->tag == V_COMPOSED;
}

/* A ref cell: equal only to itself. */
static int is_ref(const Value *v)
{
    return v->tag == V_CON && v->con->ncons == 1 && strcmp(v->con->name, "ref") == 0;
}

static int compound(const Value *v)
{
    return (v->tag == V_TUPLE || v->tag == V_VEC || v->tag == V_CON) && v->n && !is_ref(v);
}

/* One comparison of two values that are not both compound: 1, 0 or -1. */
static int equal_flat(const Value *a, const Value *b)
{
    if (is_fn(a) || is_fn(b)) return -1;
    if (a->tag == V_BIG || b->tag == V_BIG) { /* an IntInf.int meets an int constant */
        if (a->tag == V_BIG && b->tag == V_BIG) return mpz_cmp(&a->u.z, &b->u.z) == 0;
        const Value *i = a->tag == V_BIG ? b : a;
        return i->tag == V_INT && mpz_cmp_si(&(a->tag == V_BIG ? a : b)->u.z, i->u.i) == 0;
    }
    if (a->tag != b->tag) return 0;
    switch (a->tag) {
    case V_INT: case V_CHAR: case V_WORD: return a->u.i == b->u.i;
    case V_REAL: return a->u.r == b->u.r;
    case V_STR: return a->n == b->n && memcmp(a->u.s, b->u.s, a->n) == 0;
    case V_CON: return a->con == b->con && (is_ref(a) ? a == b : a->n == b->n);
    case V_TUPLE: case V_VEC: return a->n == b->n;
    case V_ARRAY: return a == b; /* an array, like a ref cell, is equal only to itself */
    default: return -1;
    }
}

/* The pairs of compound values met so far: an open-addressing set. */
typedef struct PairSet { const Value *(*k)[2]; size_t n, cap; } PairSet;

static size_t pair_hash(const Value *a, const Value *b)
{
    uint64_t h = (uint64_t)(uintptr_t)a * 0x9E3779B97F4A7C15ull ^ (uint64_t)(uintptr_t)b * 0xC2B2AE3D27D4EB4Full;
    return (size_t)(h ^ h >> 29);
}

/* Adds (a, b): 1 if new, 0 if there already, -1 out of memory. */
static int pair_add(PairSet *s, const Value *a, const Value *b)
{
    if (2 * (s->n + 1) > s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 256;
        const Value *(*k)[2] = calloc(cap, sizeof *k);
        if (!k) return -1;
        for (size_t i = 0; i < s->cap; i++) {
            if (!s->k[i][0]) continue;
            size_t j = pair_hash(s->k[i][0], s->k[i][1]) & (cap - 1);
            while (k[j][0]) j = (j + 1) & (cap - 1);
            k[j][0] = s->k[i][0];
            k[j][1] = s->k[i][1];
        }
        free(s->k);
        s->k = k;
        s->cap = cap;
    }
    size_t j = pair_hash(a, b) & (s->cap - 1);
    for (; s->k[j][0]; j = (j + 1) & (s->cap - 1))
        if (s->k[j][0] == a && s->k[j][1] == b) return 0;
    s->k[j][0] = a;
    s->k[j][1] = b;
    s->n++;
    return 1;
}

int val_equal(const Value *a, const Value *b, uint64_t max_pairs)
{
    if (!compound(a) || !compound(b)) return equal_flat(a, b);
    /* Depth first, left to right, over the pairs of corresponding parts;
     * a pair met before (shared parts, or a value and itself) is not
     * compared again, so the work is linear in the shared structure. */
    PairSet seen = {0};
    size_t top = 0, cap = 64;
    const Value *(*st)[2] = malloc(cap * sizeof *st);
    int r = st ? 1 : -3;
    if (st) { st[0][0] = a; st[0][1] = b; top = 1; }
    while (r == 1 && top) {
        a = st[top - 1][0];
        b = st[--top][1];
        if (!compound(a) || !compound(b)) {
            r = equal_flat(a, b);
            continue;
        }
        int added = pair_add(&seen, a, b);
        if (added < 0) { r = -3; break; }
        if (!added) continue;
        if (seen.n > max_pairs) { r = -2; break; }
        if (a->tag != b->tag || (a->tag == V_CON && a->con != b->con)) { r = 0; break; }
        if (a->tag == V_CON && a->n != b->n) {
            /* C (x, y) built from one tuple or from two fields: compare the
             * arguments as tuples (a rare case, so the views are not kept) */
            st[top][0] = val_con_arg((Value *)a);
            st[top++][1] = val_con_arg((Value *)b);
            continue;
        }
        if (a->n != b->n) { r = 0; break; }
        if (top + a->n > cap) {
            while (top + a->n > cap) cap *= 2;
            void *p = realloc(st, cap * sizeof *st);
            if (!p) { r = -3; break; }
            st = p;
        }
        for (uint32_t i = a->n; i-- > 0; top++) { /* the first field on top */
            st[top][0] = a->u.f[i];
            st[top][1] = b->u.f[i];
        }
    }
    free(st);
    free(seen.k);
    return r;
}

const char *val_tag_name(const Value *v)
{
    switch (v->tag) {
    case V_INT: return "an int";
    case V_REAL: return "a real";
    case V_WORD: return "a word";
    case V_BIG: return "an IntInf.int";
    case V_STR: return "a string";
    case V_CHAR: return "a char";
    case V_TUPLE: return v->shape ? "a record" : v->n ? "a tuple" : "()";
    case V_CON:
        if (strcmp(v->con->name, "true") == 0 || strcmp(v->con->name, "false") == 0) return "a bool";
        if (strcmp(v->con->name, "::") == 0 || strcmp(v->con->name, "nil") == 0) return "a list";
        return "a constructor value";
    case V_VEC: return "a vector";
    case V_ARRAY: return "an array";
    default: return "a function";
    }
}

/* ---- printing ---- */

/* The text being built, within its limits: past lim->max_bytes the text is
 * abandoned (over is set) and every later step returns at once, so printing
 * takes time and memory in proportion to what is kept. */
typedef struct Buf {
    char *s;
    size_t n, cap;
    const ValPrint *lim;
    int over;
    /* the refs and arrays being printed, outermost first, each with its
     * marker (-1: none yet); markers are numbered from 0 in the order
     * they are first needed */
    struct Cell { const Value *v; int32_t mark; } *path;
    uint32_t npath, cap_path;
    int32_t marks;
} Buf;

static void put(Buf *b, const char *s, size_t n)
{
    if (b->over) return;
    if (b->n + n + 1 > b->cap) {
        if (b->n + n + 1 > b->lim->max_bytes) { b->over = 1; return; }
        size_t c = b->cap ? b->cap : 64;
        while (c < b->n + n + 1) c *= 2;
        if (c > b->lim->max_bytes) c = b->lim->max_bytes;
        char *p = realloc(b->s, c);
        if (!p) { b->over = 1; return; }
        b->s = p;
        b->cap = c;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = 0;
}

static void puts_(Buf *b, const char *s) { put(b, s, strlen(s)); }

void val_real_text(double r, char *out)
{
    if (isnan(r)) { strcpy(out, "nan"); return; }
    if (isinf(r)) { strcpy(out, r > 0 ? "inf" : "~inf"); return; }
    char tmp[40];
    snprintf(tmp, sizeof tmp, "%.12G", r);
    char *o = out;
    int has_dot_or_exp = 0;
    for (char *p = tmp; *p; p++) {
        if (*p == '-') { *o++ = '~'; continue; }
        if (*p == '+') continue;
        if (*p == 'E') {
            has_dot_or_exp = 1;
            *o++ = 'E';
            if (p[1] == '-') { *o++ = '~'; p++; }
            else if (p[1] == '+') p++;
            continue; /* SML/NJ keeps two exponent digits: 1.5E~07 */
        }
        if (*p == '.') has_dot_or_exp = 1;
        *o++ = *p;
    }
    *o = 0;
    if (!has_dot_or_exp) strcat(out, ".0");
}

/* The bytes as SML escapes them inside quotes (String.toString). */
static void put_escaped(Buf *b, const char *s, uint32_t n)
{
    for (uint32_t i = 0; i < n && !b->over; i++) {
        unsigned char c = (unsigned char)s[i];
        char e[8];
        switch (c) {
        case '"': puts_(b, "\\\""); break;
        case '\\': puts_(b, "\\\\"); break;
        case '\n': puts_(b, "\\n"); break;
        case '\t': puts_(b, "\\t"); break;
        case '\a': puts_(b, "\\a"); break;
        case '\b': puts_(b, "\\b"); break;
        case '\v': puts_(b, "\\v"); break;
        case '\f': puts_(b, "\\f"); break;
        case '\r': puts_(b, "\\r"); break;
        default:
            if (c < 32) { snprintf(e, sizeof e, "\\^%c", c + 64); puts_(b, e); }
            else if (c >= 127) { snprintf(e, sizeof e, "\\%03u", c); puts_(b, e); }
            else put(b, (const char *)&c, 1);
        }
    }
}

/* SML/NJ's Control.Print.stringDepth: past it, the string is cut and ends
 * in # inside the quotes. */
static void put_string(Buf *b, const Value *v)
{
    puts_(b, "\"");
    uint32_t n = v->n < b->lim->string_depth ? v->n : b->lim->string_depth;
    put_escaped(b, v->u.s, n);
    if (n < v->n) puts_(b, "#");
    puts_(b, "\"");
}

static int is_list(const Value *v)
{
    return v->tag == V_CON && (strcmp(v->con->name, "::") == 0 || strcmp(v->con->name, "nil") == 0);
}

/* print_val's context: whether v needs parentheses there. */
enum {
    CTX_TOP = 0,        /* a whole value, a tuple's or list's element */
    CTX_ATOM = 1,       /* a constructor's argument: C (D x) */
    CTX_OPERAND = 2,    /* CTX_OPERAND + k: an infix constructor's operand,
                           bare if its own precedence is at least k */
};

static void print_val(Buf *b, const Value *v, int atomic, uint32_t depth, const PrintShape *g);

/* The shape (ast.h) of a record's field or a constructor's argument, by
 * label or name, or of a vector's or array's elements ("" in PS_ELEM);
 * NULL: no guidance. */
static const PrintShape *shape_sub(const PrintShape *g, PrintShapeKind k, const char *name)
{
    if (!g || g->kind != k) return NULL;
    for (uint32_t i = 0; i < g->n; i++)
        if (strcmp(g->names[i], name) == 0) return g->sub[i];
    return NULL;
}

/* The elements of a list or vector, SML/NJ's Control.Print.printLength at
 * most, then "...". */
static void print_seq(Buf *b, Value **f, uint32_t n, uint32_t depth, const PrintShape *g)
{
    g = shape_sub(g, PS_ELEM, "");
    for (uint32_t i = 0; i < n && !b->over; i++) {
        if (i) puts_(b, ",");
        if (i == b->lim->length) { puts_(b, "..."); break; }
        print_val(b, f[i], 0, depth, g);
    }
}

/* atomic: the context (CTX_*): CTX_ATOM, a constructor's argument, puts a
 * constructor application in parentheses (SML: SOME (SOME 3)); an infix
 * constructor's operand only one that binds less tightly.  depth:
 * how many tuples, records, lists, vectors and constructors hold v; at
 * SML/NJ's Control.Print.printDepth, v is printed as #. */
/* A constructor with infix status applied to a pair, as SML/NJ prints it:
 * a C b, an operand in parentheses if it binds less tightly than C (or as
 * tightly, on the side C's associativity does not group). 0: not a pair. */
static int print_infix_con(Buf *b, const Value *v, int ctx, uint32_t depth, const PrintShape *arg)
{
    Value *const *f = v->u.f;
    if (v->n == 1 && f[0]->tag == V_TUPLE && !f[0]->shape && f[0]->n == 2)
        f = f[0]->u.f;
    else if (v->n != 2)
        return 0;
    int prec = v->con->infix - 1, right = v->con->infix_right;
    int paren = ctx == CTX_ATOM || (ctx >= CTX_OPERAND && prec < ctx - CTX_OPERAND);
    if (paren) puts_(b, "(");
    print_val(b, f[0], CTX_OPERAND + prec + right, depth + 1, shape_sub(arg, PS_RECORD, "1"));
    puts_(b, " ");
    puts_(b, v->con->name);
    puts_(b, " ");
    print_val(b, f[1], CTX_OPERAND + prec + !right, depth + 1, shape_sub(arg, PS_RECORD, "2"));
    if (paren) puts_(b, ")");
    return 1;
}

static void print_plain(Buf *b, const Value *v, int atomic, uint32_t depth, const PrintShape *g);

/* A ref or array inside itself prints as %n, and the outer one is followed
 * by "as %n", as SML/NJ prints a cycle: ref [L %0,L %0] as %0.  Only the
 * cells on the path from the root are looked at, so shared cells that do
 * not form a cycle are printed in full each time, as SML/NJ does. */
static void print_val(Buf *b, const Value *v, int atomic, uint32_t depth, const PrintShape *g)
{
    char tmp[24];
    if (b->over) return;
    if (depth >= b->lim->depth) { puts_(b, "#"); return; }
    if (g && g->kind == PS_ABSTRACT) { puts_(b, "-"); return; }
    if (v->tag != V_ARRAY && !is_ref(v)) { print_plain(b, v, atomic, depth, g); return; }
    for (uint32_t i = 0; i < b->npath; i++) {
        if (b->path[i].v != v) continue;
        if (b->path[i].mark < 0) b->path[i].mark = b->marks++;
        snprintf(tmp, sizeof tmp, "%%%d", (int)b->path[i].mark);
        puts_(b, tmp);
        return;
    }
    if (b->npath == b->cap_path) {
        uint32_t c = b->cap_path ? 2 * b->cap_path : 16;
        void *p = realloc(b->path, c * sizeof *b->path);
        if (!p) { b->over = 1; return; }
        b->path = p;
        b->cap_path = c;
    }
    uint32_t k = b->npath++;
    b->path[k] = (struct Cell){v, -1};
    print_plain(b, v, atomic, depth, g);
    b->npath--;
    if (b->path[k].mark >= 0) {
        snprintf(tmp, sizeof tmp, " as %%%d", (int)b->path[k].mark);
        puts_(b, tmp);
    }
}

static void print_plain(Buf *b, const Value *v, int atomic, uint32_t depth, const PrintShape *g)
{
    char tmp[48];
    switch (v->tag) {
    case V_INT:
        if (v->u.i < 0) snprintf(tmp, sizeof tmp, "~%llu", (unsigned long long)-(uint64_t)v->u.i);
        else snprintf(tmp, sizeof tmp, "%lld", (long long)v->u.i);
        puts_(b, tmp);
        break;
    case V_REAL:
        val_real_text(v->u.r, tmp);
        puts_(b, tmp);
        break;
    case V_WORD:
        num_word_text((uint64_t)v->u.i, tmp);
        puts_(b, tmp);
        break;
    case V_BIG: {   /* SML/NJ's Control.Print.intinfDepth, 70: 1234...# */
        const char *t = num_big_text(&v->u.z, 10);
        size_t n = strlen(t);
        put(b, t, n < 70 ? n : 70);
        if (n > 70) puts_(b, "#");
        break;
    }
    case V_STR:
        put_string(b, v);
        break;
    case V_CHAR: {
        char c = (char)v->u.i;
        puts_(b, "#\"");
        put_escaped(b, &c, 1);
        puts_(b, "\"");
        break;
    }
    case V_TUPLE:
        if (v->shape) {
            puts_(b, "{");
            for (uint32_t i = 0; i < v->n && !b->over; i++) {
                if (i) puts_(b, ",");
                puts_(b, v->shape->labels[i]);
                puts_(b, "=");
                print_val(b, v->u.f[i], 0, depth + 1, shape_sub(g, PS_RECORD, v->shape->labels[i]));
            }
            puts_(b, "}");
            break;
        }
        puts_(b, "(");
        for (uint32_t i = 0; i < v->n && !b->over; i++) { /* no length limit on tuples */
            if (i) puts_(b, ",");
            snprintf(tmp, sizeof tmp, "%u", i + 1);
            print_val(b, v->u.f[i], 0, depth + 1, shape_sub(g, PS_RECORD, tmp));
        }
        puts_(b, ")");
        break;
    case V_VEC:
        puts_(b, "#[");
        print_seq(b, v->u.f, v->n, depth + 1, g);
        puts_(b, "]");
        break;
    case V_ARRAY:
        puts_(b, "[|");
        print_seq(b, v->u.f, v->n, depth + 1, g);
        puts_(b, "|]");
        break;
    case V_CON:
        if (is_list(v)) { /* iteratively: lists may be long */
            puts_(b, "[");
            const PrintShape *el = shape_sub(shape_sub(g, PS_DATA, "::"), PS_RECORD, "1");
            uint32_t i = 0;
            for (const Value *c = v; c->n == 2 && !b->over; c = c->u.f[1], i++) {
                if (c != v) puts_(b, ",");
                if (i == b->lim->length) { puts_(b, "..."); break; }
                print_val(b, c->u.f[0], 0, depth + 1, el);
            }
            puts_(b, "]");
            break;
        }
        if (v->con->abstract || v->con->opaque) { /* an abstype's, or one an opaque
                                                     signature hides: SML/NJ prints - */
            puts_(b, "-");
            break;
        }
        if (con_is_exn(v->con)) { /* SML/NJ: E(-), whatever the argument */
            puts_(b, v->con->name);
            puts_(b, "(-)");
            break;
        }
        if (v->n == 0) { puts_(b, v->con->name); break; }
        const PrintShape *arg = shape_sub(g, PS_DATA, v->con->name);
        if (v->con->infix && print_infix_con(b, v, atomic, depth, arg))
            break;
        if (atomic == CTX_ATOM) puts_(b, "(");
        puts_(b, v->con->name);
        puts_(b, " ");
        print_val(b, val_con_arg((Value *)v), CTX_ATOM, depth + 1, arg);
        if (atomic == CTX_ATOM) puts_(b, ")");
        break;
    default:
        puts_(b, "fn");
    }
}

char *val_escape(const char *s, uint32_t n)
{
    ValPrint def;
    val_print_default(&def);
    def.string_depth = UINT32_MAX;
    Buf b = {.lim = &def};
    put_escaped(&b, s, n);
    if (!b.s) return strdup("");
    return b.s;
}

void val_print_default(ValPrint *lim)
{
    lim->depth = 5;
    lim->length = 12;
    lim->string_depth = 70;
    lim->max_bytes = SIZE_MAX;
}

char *val_to_sml(const Value *v, const ValPrint *lim, const PrintShape *shape)
{
    ValPrint def;
    if (!lim) { val_print_default(&def); lim = &def; }
    Buf b = {.lim = lim};
    print_val(&b, v, 0, 0, shape);
    free(b.path);
    if (b.over) { free(b.s); return NULL; }
    if (!b.s) return strdup("");
    return b.s;
}
