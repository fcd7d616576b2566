/*
 * values.c — allocation, equality and SML-style printing of values.
 */
#include "values.h"

#include <gc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Value *val_new(VTag t, uint32_t loc)
{
    Value *v = GC_MALLOC(sizeof *v);
    v->tag = (uint8_t)t;
    v->loc = loc;
    return v;
}

Value *val_int(int64_t i, uint32_t loc)
{
    Value *v = val_new(V_INT, loc);
    v->u.i = i;
    return v;
}

Value *val_real(double r, uint32_t loc)
{
    Value *v = val_new(V_REAL, loc);
    v->u.r = r;
    return v;
}

Value *val_str(const char *s, uint32_t n, uint32_t loc)
{
    Value *v = val_new(V_STR, loc);
    v->n = n;
    v->u.s = GC_MALLOC_ATOMIC(n + 1);
    memcpy(v->u.s, s, n);
    v->u.s[n] = 0;
    return v;
}

Value *val_char(unsigned char c, uint32_t loc)
{
    Value *v = val_new(V_CHAR, loc);
    v->u.i = c;
    return v;
}

Value *val_fields(VTag t, uint32_t n, uint32_t loc)
{
    Value *v = val_new(t, loc);
    v->n = n;
    v->u.f = n ? GC_MALLOC(n * sizeof *v->u.f) : NULL;
    return v;
}

Value *val_con_arg(Value *v)
{
    if (v->n == 1) return v->u.f[0];
    /* several fields: a view as a tuple, at the constructor's location */
    Value *t = val_new(V_TUPLE, v->loc);
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

int val_equal(const Value *a, const Value *b)
{
    for (;;) {
        if (a->tag == V_CLOS || a->tag == V_PRIMFN || a->tag == V_CONFN ||
            b->tag == V_CLOS || b->tag == V_PRIMFN || b->tag == V_CONFN)
            return -1;
        if (a->tag != b->tag) return 0;
        switch (a->tag) {
        case V_INT: case V_CHAR: return a->u.i == b->u.i;
        case V_REAL: return a->u.r == b->u.r;
        case V_STR: return a->n == b->n && memcmp(a->u.s, b->u.s, a->n) == 0;
        case V_CON:
            if (a->con != b->con) return 0;
            if (a->con->ncons == 1 && strcmp(a->con->name, "ref") == 0) return a == b; /* a cell */
            if (a->n == 0) return 1;
            a = val_con_arg((Value *)a);
            b = val_con_arg((Value *)b);
            continue;
        case V_TUPLE:
        case V_VEC: {
            if (a->n != b->n) return 0;
            if (a->n == 0) return 1;
            for (uint32_t i = 0; i + 1 < a->n; i++) {
                int r = val_equal(a->u.f[i], b->u.f[i]);
                if (r != 1) return r;
            }
            a = a->u.f[a->n - 1]; /* the last field iteratively: long lists */
            b = b->u.f[b->n - 1];
            continue;
        }
        default:
            return -1;
        }
    }
}

const char *val_tag_name(const Value *v)
{
    switch (v->tag) {
    case V_INT: return "an int";
    case V_REAL: return "a real";
    case V_STR: return "a string";
    case V_CHAR: return "a char";
    case V_TUPLE: return v->shape ? "a record" : v->n ? "a tuple" : "()";
    case V_CON:
        if (strcmp(v->con->name, "true") == 0 || strcmp(v->con->name, "false") == 0) return "a bool";
        if (strcmp(v->con->name, "::") == 0 || strcmp(v->con->name, "nil") == 0) return "a list";
        return "a constructor value";
    case V_VEC: return "a vector";
    default: return "a function";
    }
}

/* ---- printing ---- */

typedef struct Buf { char *s; size_t n, cap; } Buf;

static void put(Buf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t c = b->cap ? b->cap : 64;
        while (c < b->n + n + 1) c *= 2;
        char *p = realloc(b->s, c);
        if (!p) return; /* out of memory: the text is cut */
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
    for (uint32_t i = 0; i < n; i++) {
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

static void put_string(Buf *b, const Value *v)
{
    puts_(b, "\"");
    put_escaped(b, v->u.s, v->n);
    puts_(b, "\"");
}

static int is_list(const Value *v)
{
    return v->tag == V_CON && (strcmp(v->con->name, "::") == 0 || strcmp(v->con->name, "nil") == 0);
}

static void print_val(Buf *b, const Value *v, int atomic);

static void print_seq(Buf *b, Value **f, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        if (i) puts_(b, ",");
        print_val(b, f[i], 0);
    }
}

/* atomic: the value is a constructor's argument, so a constructor
 * application inside it needs parentheses (SML: SOME (SOME 3)). */
static void print_val(Buf *b, const Value *v, int atomic)
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
            for (uint32_t i = 0; i < v->n; i++) {
                if (i) puts_(b, ",");
                puts_(b, v->shape->labels[i]);
                puts_(b, "=");
                print_val(b, v->u.f[i], 0);
            }
            puts_(b, "}");
            break;
        }
        puts_(b, "(");
        print_seq(b, v->u.f, v->n);
        puts_(b, ")");
        break;
    case V_VEC:
        puts_(b, "#[");
        print_seq(b, v->u.f, v->n);
        puts_(b, "]");
        break;
    case V_CON:
        if (is_list(v)) { /* iteratively: lists may be long */
            puts_(b, "[");
            for (const Value *c = v; c->n == 2; c = c->u.f[1]) {
                if (c != v) puts_(b, ",");
                print_val(b, c->u.f[0], 0);
            }
            puts_(b, "]");
            break;
        }
        if (con_is_exn(v->con)) { /* SML/NJ: E(-), whatever the argument */
            puts_(b, v->con->name);
            puts_(b, "(-)");
            break;
        }
        if (v->n == 0) { puts_(b, v->con->name); break; }
        if (atomic) puts_(b, "(");
        puts_(b, v->con->name);
        puts_(b, " ");
        print_val(b, val_con_arg((Value *)v), 1);
        if (atomic) puts_(b, ")");
        break;
    default:
        puts_(b, "fn");
    }
}

char *val_escape(const char *s, uint32_t n)
{
    Buf b = {0};
    put_escaped(&b, s, n);
    if (!b.s) return strdup("");
    return b.s;
}

char *val_to_sml(const Value *v)
{
    Buf b = {0};
    print_val(&b, v, 0);
    if (!b.s) return strdup("");
    return b.s;
}
