/*
 * prims_word.c — Word, Word63, Word8, Word32, Word64, LargeWord and Byte
 * (docs/semantics.md, "Words and IntInf"), and the overloaded operators on
 * words.
 *
 * A row's structure gives the width (Word8.+ wraps at 8 bits whatever its
 * arguments say); an overloaded operator (+, <, div ...) takes the width of
 * its arguments, where a word constant whose type the checker did not fix
 * (width 0) takes the other argument's.  Every word is one word of space,
 * like an int: its node has size 1.
 */
#include "prims_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "prims.h"
#include "resolve.h"

/* ---- widths ---- */

/* The width a row's structure gives (Word8.andb: 8); 0 for an overloaded
 * operator. */
static uint32_t row_width(const Site *s)
{
    static const struct { const char *prefix; uint32_t bits; } w[] = {
        {"Word8.", 8}, {"Word32.", 32}, {"Word64.", 64}, {"LargeWord.", 64},
        {"Word63.", 63}, {"Word.", 63},
    };
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
        if (strncmp(s->name, w[i].prefix, strlen(w[i].prefix)) == 0) return w[i].bits;
    return 0;
}

static const Value *need_word(Site *s, const Value *v)
{
    if (v->tag != V_WORD) prim_type_error(s, "a word", v);
    return v;
}

/* The width of an operation on a and b (b may be NULL): the row's, else
 * the arguments' (a constant of unknown width takes the other's). */
static uint32_t op_width(Site *s, const Value *a, const Value *b)
{
    uint32_t w = row_width(s);
    if (w) return w;
    w = need_word(s, a)->n;
    if (!b) return w;
    uint32_t v = need_word(s, b)->n;
    if (w && v && w != v) prim_type_error(s, "two words of the same width", b);
    return w ? w : v;
}

static uint64_t bits(const Value *v, uint32_t w) { return (uint64_t)v->u.i & num_word_mask(w); }
static uint32_t real_width(uint32_t w) { return w ? w : 63; }

/* ---- arithmetic, logic, shifts ---- */

Value *prim_word_arith(Site *s, char op, Value **a)
{
    uint32_t w = op_width(s, a[0], a[1]);
    uint64_t x = bits(a[0], w), y = bits(a[1], w), r = 0;
    if ((op == '/' || op == '%') && y == 0) prim_raise(s, "Div", "division by zero");
    switch (op) {
    case '+': r = x + y; break;
    case '-': r = x - y; break;
    case '*': r = x * y; break;
    case '/': r = x / y; break;
    case '%': r = x % y; break;
    case '<': r = x < y ? x : y; break;
    case '>': r = x > y ? x : y; break;
    case '&': r = x & y; break;
    case '|': r = x | y; break;
    case '^': r = x ^ y; break;
    default: prim_type_error(s, "ints or reals", a[0]);
    }
    return val_word(r, w, prim_node(s, 1));
}

Value *prim_word_unary(Site *s, char op, Value *a)
{
    uint32_t w = op_width(s, a, NULL);
    if (op == 'a') prim_type_error(s, "an int or a real (abs of a word)", a);
    return val_word(0 - bits(a, w), w, prim_node(s, 1));
}

int prim_word_compare(Site *s, const Value *a, const Value *b)
{
    uint32_t w = op_width(s, a, b);
    uint64_t x = bits(a, w), y = bits(b, w);
    return (x > y) - (x < y);
}

#define WORD_OP(fn, op) \
    Value *fn(Site *s, Value **a, uint32_t loc) { (void)loc; return prim_word_arith(s, op, a); }
WORD_OP(p_word_add, '+')
WORD_OP(p_word_sub, '-')
WORD_OP(p_word_mul, '*')
WORD_OP(p_word_div, '/')
WORD_OP(p_word_mod, '%')
WORD_OP(p_word_min, '<')
WORD_OP(p_word_max, '>')
WORD_OP(p_word_andb, '&')
WORD_OP(p_word_orb, '|')
WORD_OP(p_word_xorb, '^')
#undef WORD_OP

Value *p_word_neg(Site *s, Value **a, uint32_t loc) { (void)loc; return prim_word_unary(s, '~', a[0]); }

Value *p_word_notb(Site *s, Value **a, uint32_t loc)
{
    uint32_t w = op_width(s, a[0], NULL);
    return val_word(~bits(a[0], w), w, loc);
}

/* x << n, x >> n (logical), x ~>> n (arithmetic: the sign bit of the
 * width fills); n is a Word.word; a shift by the width or more leaves 0
 * (~>>: all sign bits). */
static Value *shift(Site *s, char op, Value **a, uint32_t loc)
{
    uint32_t w = op_width(s, a[0], NULL), rw = real_width(w);
    uint64_t x = bits(a[0], w), n = (uint64_t)need_word(s, a[1])->u.i, r;
    int neg = (x >> (rw - 1)) & 1;
    if (n >= rw) r = op == 'a' && neg ? UINT64_MAX : 0;
    else if (op == 'l') r = x << n;
    else if (op == 'r' || !neg) r = x >> n;
    else r = ~(~(x | ~num_word_mask(rw)) >> n);  /* sign-extended to 64 bits, ~ clears it */
    return val_word(r, w, loc);
}

Value *p_word_shl(Site *s, Value **a, uint32_t loc) { return shift(s, 'l', a, loc); }
Value *p_word_shr(Site *s, Value **a, uint32_t loc) { return shift(s, 'r', a, loc); }
Value *p_word_ashr(Site *s, Value **a, uint32_t loc) { return shift(s, 'a', a, loc); }

/* ---- comparisons ---- */

Value *prim_order(int c, uint32_t loc)
{
    Value *v = val_new(V_CON, loc);
    v->con = resolve_builtin_con(c < 0 ? "LESS" : c > 0 ? "GREATER" : "EQUAL");
    return v;
}

Value *p_word_compare(Site *s, Value **a, uint32_t loc) { return prim_order(prim_word_compare(s, a[0], a[1]), loc); }
Value *p_word_lt(Site *s, Value **a, uint32_t loc) { return ev_bool(s->ev, prim_word_compare(s, a[0], a[1]) < 0, loc); }
Value *p_word_le(Site *s, Value **a, uint32_t loc) { return ev_bool(s->ev, prim_word_compare(s, a[0], a[1]) <= 0, loc); }
Value *p_word_gt(Site *s, Value **a, uint32_t loc) { return ev_bool(s->ev, prim_word_compare(s, a[0], a[1]) > 0, loc); }
Value *p_word_ge(Site *s, Value **a, uint32_t loc) { return ev_bool(s->ev, prim_word_compare(s, a[0], a[1]) >= 0, loc); }

/* ---- conversions ---- */

Value *p_word_size(Site *s, Value **a, uint32_t loc) { (void)a; return val_int(row_width(s), loc); }

/* The word's value as an int; Overflow past Int.maxInt (a Word64 only:
 * PML's int has 64 bits). */
Value *p_word_toint(Site *s, Value **a, uint32_t loc)
{
    uint64_t x = bits(a[0], op_width(s, a[0], NULL));
    if (x > INT64_MAX) prim_overflow(s);
    return val_int((int64_t)x, loc);
}

/* The word read as a two's complement number of its width. */
static int64_t signed_value(Site *s, const Value *v)
{
    uint32_t w = real_width(op_width(s, v, NULL));
    uint64_t x = bits(v, w);
    if (w < 64 && (x >> (w - 1)) & 1) x |= ~num_word_mask(w);
    return (int64_t)x;
}

Value *p_word_tointx(Site *s, Value **a, uint32_t loc) { return val_int(signed_value(s, a[0]), loc); }

Value *p_word_fromint(Site *s, Value **a, uint32_t loc)
{
    return val_word((uint64_t)prim_need_int(s, a[0]), row_width(s), loc);
}

Value *p_word_tolarge(Site *s, Value **a, uint32_t loc) { return val_word(bits(a[0], op_width(s, a[0], NULL)), 64, loc); }
Value *p_word_tolargex(Site *s, Value **a, uint32_t loc) { return val_word((uint64_t)signed_value(s, a[0]), 64, loc); }
Value *p_word_fromlarge(Site *s, Value **a, uint32_t loc) { return val_word((uint64_t)need_word(s, a[0])->u.i, row_width(s), loc); }

Value *p_word_tolargeint(Site *s, Value **a, uint32_t loc)
{
    (void)loc;
    mpz_t z;
    mpz_init(z);
    mpz_import(z, 1, 1, sizeof(uint64_t), 0, 0, &(uint64_t){bits(a[0], op_width(s, a[0], NULL))});
    return prim_big_result(s, z);
}

Value *p_word_tolargeintx(Site *s, Value **a, uint32_t loc)
{
    (void)loc;
    mpz_t z;
    mpz_init(z);
    mpz_set_si(z, signed_value(s, a[0]));
    return prim_big_result(s, z);
}

/* The low bits of an int or IntInf.int, two's complement. */
Value *p_word_fromlargeint(Site *s, Value **a, uint32_t loc)
{
    if (a[0]->tag != V_BIG) return p_word_fromint(s, a, loc);
    mpz_t r;
    mpz_init(r);
    mpz_fdiv_r_2exp(r, &a[0]->u.z, 64);
    uint64_t x = 0;
    mpz_export(&x, NULL, -1, sizeof x, 0, 0, r);
    return val_word(x, row_width(s), loc);
}

Value *p_byte_tochar(Site *s, Value **a, uint32_t loc) { return val_char((unsigned char)bits(need_word(s, a[0]), 8), loc); }

Value *p_byte_fromchar(Site *s, Value **a, uint32_t loc)
{
    if (a[0]->tag != V_CHAR) prim_type_error(s, "a char", a[0]);
    return val_word((uint64_t)a[0]->u.i, 8, loc);
}

/* ---- text ---- */

/* StringCvt.radix as its base: BIN 2, OCT 8, DEC 10, HEX 16. */
uint32_t prim_radix(Site *s, const Value *r)
{
    static const char *const names[] = {"BIN", "OCT", "DEC", "HEX"};
    static const uint32_t base[] = {2, 8, 10, 16};
    for (int i = 0; i < 4; i++)
        if (r->tag == V_CON && r->con == resolve_builtin_con(names[i])) return base[i];
    prim_type_error(s, "a StringCvt.radix", r);
}

/* x in base b, digits 0-9A-F, no prefix. */
static Value *word_text(Site *s, uint64_t x, uint32_t b)
{
    char buf[72], *p = buf + sizeof buf;
    do *--p = "0123456789ABCDEF"[x % b]; while ((x /= b) != 0);
    return prim_string(s, p, (uint32_t)(buf + sizeof buf - p));
}

Value *p_word_tostring(Site *s, Value **a, uint32_t loc)
{
    (void)loc;
    return word_text(s, bits(a[0], op_width(s, a[0], NULL)), 16);
}

Value *p_word_fmt(Site *s, Value **a, uint32_t loc)
{
    (void)loc;
    return word_text(s, bits(a[1], op_width(s, a[1], NULL)), prim_radix(s, a[0]));
}

static int digit_in(int c, uint32_t base)
{
    int d = isdigit(c) ? c - '0' : isxdigit(c) ? (tolower(c) - 'a' + 10) : 99;
    return d < (int)base ? d : -1;
}

/* Word.fromString: StringCvt.scanString (scan StringCvt.HEX): white space,
 * an optional 0x, 0X, 0wx or 0wX, hexadecimal digits; NONE without a
 * digit, Overflow past the width. */
Value *p_word_fromstring(Site *s, Value **a, uint32_t loc)
{
    (void)loc;
    if (a[0]->tag != V_STR) prim_type_error(s, "a string", a[0]);
    const char *t = a[0]->u.s, *end = t + a[0]->n;
    while (t < end && isspace((unsigned char)*t)) t++;
    const char *p = t;
    if (end - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) p += 2;
    else if (end - p >= 3 && p[0] == '0' && p[1] == 'w' && (p[2] == 'x' || p[2] == 'X')) p += 3;
    if (p == end || digit_in((unsigned char)*p, 16) < 0) p = t;   /* the 0 is the number */
    if (p == end || digit_in((unsigned char)*p, 16) < 0) return prim_none(s);
    uint32_t w = row_width(s);
    uint64_t x = 0, mask = num_word_mask(w);
    for (int d; p < end && (d = digit_in((unsigned char)*p, 16)) >= 0; p++) {
        if (x > (mask >> 4)) prim_overflow(s);
        x = x * 16 + (uint64_t)d;
    }
    if (x > mask) prim_overflow(s);
    return prim_some(s, val_word(x, w, prim_node(s, 1)));
}
