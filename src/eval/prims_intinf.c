/*
 * prims_intinf.c — IntInf and LargeInt (one structure in SML/NJ), the
 * overloaded operators on IntInf.int, and their dispatch from the core's
 * operators (docs/semantics.md, "Words and IntInf").
 *
 * Arithmetic is GMP's (num.h: its memory is the collector's).  An
 * IntInf.int meeting an int (an integer constant the type checker did not
 * make an IntInf.int) takes the int's value.  A result is one node whose
 * size is the bignum's: its limbs plus a header word (num_big_size); the
 * node is made once the result is known, so its size is exact.
 */
#include "prims_internal.h"

#include <ctype.h>
#include <gc.h>
#include <string.h>

#include "resolve.h"

/* ---- arguments and results ---- */

/* v (an IntInf.int or an int) as a GMP integer: v's own, or z set to it. */
static mpz_srcptr need_big(Site *s, const Value *v, mpz_ptr z)
{
    if (v->tag == V_BIG) return &v->u.z;
    mpz_set_si(z, prim_need_int(s, v));
    return z;
}

/* The result z (taken): one node of its size. */
Value *prim_big_result(Site *s, mpz_ptr z)
{
    Value *v = val_big(0);
    mpz_swap(&v->u.z, z);
    v->loc = prim_node(s, num_big_size(&v->u.z));
    return v;
}

static void need_nonzero(Site *s, mpz_srcptr y)
{
    if (mpz_sgn(y) == 0) prim_raise(s, "Div", "division by zero");
}

/* ---- arithmetic ---- */

static Value *big_arith(Site *s, char op, Value **a)
{
    mpz_t tx, ty, r;
    mpz_inits(tx, ty, r, NULL);
    mpz_srcptr x = need_big(s, a[0], tx), y = need_big(s, a[1], ty);
    switch (op) {
    case '+': mpz_add(r, x, y); break;
    case '-': mpz_sub(r, x, y); break;
    case '*': mpz_mul(r, x, y); break;
    case '/': need_nonzero(s, y); mpz_fdiv_q(r, x, y); break;   /* div: toward -inf */
    case '%': need_nonzero(s, y); mpz_fdiv_r(r, x, y); break;
    case 'q': need_nonzero(s, y); mpz_tdiv_q(r, x, y); break;   /* quot: toward 0 */
    case 'r': need_nonzero(s, y); mpz_tdiv_r(r, x, y); break;
    case '<': mpz_set(r, mpz_cmp(x, y) <= 0 ? x : y); break;
    case '>': mpz_set(r, mpz_cmp(x, y) >= 0 ? x : y); break;
    case '&': mpz_and(r, x, y); break;
    case '|': mpz_ior(r, x, y); break;
    case '^': mpz_xor(r, x, y); break;
    default: prim_type_error(s, "ints or reals", a[0]);
    }
    return prim_big_result(s, r);
}

static Value *big_unary(Site *s, char op, Value *a)
{
    mpz_t t, r;
    mpz_inits(t, r, NULL);
    mpz_srcptr x = need_big(s, a, t);
    if (op == '~') mpz_neg(r, x);
    else if (op == 'a') mpz_abs(r, x);
    else mpz_com(r, x);
    return prim_big_result(s, r);
}

static int big_compare(Site *s, const Value *a, const Value *b)
{
    mpz_t tx, ty;
    mpz_inits(tx, ty, NULL);
    int c = mpz_cmp(need_big(s, a, tx), need_big(s, b, ty));
    return (c > 0) - (c < 0);
}

/* ---- the overloaded operators (prims_internal.h) ---- */

static int is_big(const Value *a, const Value *b) { return a->tag == V_BIG || (b && b->tag == V_BIG); }

Value *prim_num_arith(Site *s, char op, Value **a)
{
    return is_big(a[0], a[1]) ? big_arith(s, op, a) : prim_word_arith(s, op, a);
}

Value *prim_num_unary(Site *s, char op, Value *a)
{
    return is_big(a, NULL) ? big_unary(s, op, a) : prim_word_unary(s, op, a);
}

int prim_num_compare(Site *s, const Value *a, const Value *b)
{
    return is_big(a, b) ? big_compare(s, a, b) : prim_word_compare(s, a, b);
}

/* ---- IntInf's rows ---- */

#define BIG_OP(fn, op) \
    Value *fn(Site *s, Value **a, uint32_t loc) { (void)loc; return big_arith(s, op, a); }
BIG_OP(p_big_add, '+')
BIG_OP(p_big_sub, '-')
BIG_OP(p_big_mul, '*')
BIG_OP(p_big_div, '/')
BIG_OP(p_big_mod, '%')
BIG_OP(p_big_quot, 'q')
BIG_OP(p_big_rem, 'r')
BIG_OP(p_big_min, '<')
BIG_OP(p_big_max, '>')
BIG_OP(p_big_andb, '&')
BIG_OP(p_big_orb, '|')
BIG_OP(p_big_xorb, '^')
#undef BIG_OP

Value *p_big_neg(Site *s, Value **a, uint32_t loc) { (void)loc; return big_unary(s, '~', a[0]); }
Value *p_big_abs(Site *s, Value **a, uint32_t loc) { (void)loc; return big_unary(s, 'a', a[0]); }
Value *p_big_notb(Site *s, Value **a, uint32_t loc) { (void)loc; return big_unary(s, 'n', a[0]); }

/* toLarge, fromLarge, fromInt: the same number as an IntInf.int. */
Value *p_big_tobig(Site *s, Value **a, uint32_t loc)
{
    (void)loc;
    mpz_t t, r;
    mpz_inits(t, r, NULL);
    mpz_set(r, need_big(s, a[0], t));
    return prim_big_result(s, r);
}

Value *p_big_fromint(Site *s, Value **a, uint32_t loc)
{
    prim_need_int(s, a[0]);
    return p_big_tobig(s, a, loc);
}

/* toInt: Overflow outside int's range (64 bits in PML). */
Value *p_big_toint(Site *s, Value **a, uint32_t loc)
{
    mpz_t t;
    mpz_init(t);
    mpz_srcptr x = need_big(s, a[0], t);
    if (!mpz_fits_slong_p(x)) prim_overflow(s);
    return val_int(mpz_get_si(x), loc);
}

Value *p_big_toreal(Site *s, Value **a, uint32_t loc)
{
    mpz_t t;
    mpz_init(t);
    return val_real(mpz_get_d(need_big(s, a[0], t)), loc);
}

/* precision, minInt, maxInt: NONE (no bound). */
Value *p_big_none(Site *s, Value **a, uint32_t loc) { (void)a, (void)loc; return prim_none(s); }

Value *p_big_compare(Site *s, Value **a, uint32_t loc) { return prim_order(big_compare(s, a[0], a[1]), loc); }
Value *p_big_lt(Site *s, Value **a, uint32_t loc) { return ev_bool(s->ev, big_compare(s, a[0], a[1]) < 0, loc); }
Value *p_big_le(Site *s, Value **a, uint32_t loc) { return ev_bool(s->ev, big_compare(s, a[0], a[1]) <= 0, loc); }
Value *p_big_gt(Site *s, Value **a, uint32_t loc) { return ev_bool(s->ev, big_compare(s, a[0], a[1]) > 0, loc); }
Value *p_big_ge(Site *s, Value **a, uint32_t loc) { return ev_bool(s->ev, big_compare(s, a[0], a[1]) >= 0, loc); }

Value *p_big_sign(Site *s, Value **a, uint32_t loc)
{
    mpz_t t;
    mpz_init(t);
    return val_int(mpz_sgn(need_big(s, a[0], t)), loc);
}

Value *p_big_samesign(Site *s, Value **a, uint32_t loc)
{
    mpz_t tx, ty;
    mpz_inits(tx, ty, NULL);
    return ev_bool(s->ev, mpz_sgn(need_big(s, a[0], tx)) == mpz_sgn(need_big(s, a[1], ty)), loc);
}

/* divMod and quotRem: the pair (a tuple node of size 3 after the two
 * numbers' nodes). */
static Value *pair(Site *s, char q, char r, Value **a)
{
    Value *t = val_fields(V_TUPLE, 2, 0);
    t->u.f[0] = big_arith(s, q, a);
    t->u.f[1] = big_arith(s, r, a);
    t->loc = prim_node(s, 3);
    for (int i = 0; i < 2; i++) ev_heap(s->ev, t->loc, t->u.f[i]->loc, HE_RETAIN);
    return t;
}

Value *p_big_divmod(Site *s, Value **a, uint32_t loc) { (void)loc; return pair(s, '/', '%', a); }
Value *p_big_quotrem(Site *s, Value **a, uint32_t loc) { (void)loc; return pair(s, 'q', 'r', a); }

/* pow (x, n): x^n for n >= 0; for n < 0, as SML/NJ 110: Div when x = 0,
 * else 0 (even for x = 1 or ~1). */
Value *p_big_pow(Site *s, Value **a, uint32_t loc)
{
    (void)loc;
    mpz_t t, r;
    mpz_inits(t, r, NULL);
    mpz_srcptr x = need_big(s, a[0], t);
    int64_t n = prim_need_int(s, a[1]);
    if (n < 0) need_nonzero(s, x);
    else if (n > (int64_t)1 << 32) prim_raise(s, "Overflow", "the power is too large");
    else mpz_pow_ui(r, x, (unsigned long)n);
    return prim_big_result(s, r);
}

/* log2 x: the position of x's highest bit; Domain unless x > 0. */
Value *p_big_log2(Site *s, Value **a, uint32_t loc)
{
    mpz_t t;
    mpz_init(t);
    mpz_srcptr x = need_big(s, a[0], t);
    if (mpz_sgn(x) <= 0) prim_raise(s, "Domain", "log2 of a number that is not positive");
    return val_int((int64_t)mpz_sizeinbase(x, 2) - 1, loc);
}

/* x << n and x ~>> n (n a Word.word): multiplication by 2^n and division
 * by 2^n rounding toward -inf. */
static Value *big_shift(Site *s, int left, Value **a)
{
    if (a[1]->tag != V_WORD) prim_type_error(s, "an IntInf.int and a word", a[1]);
    mpz_t t, r;
    mpz_inits(t, r, NULL);
    mpz_srcptr x = need_big(s, a[0], t);
    uint64_t n = (uint64_t)a[1]->u.i;
    if (left && n > (uint64_t)1 << 32) prim_raise(s, "Overflow", "the shift is too large");
    if (left) mpz_mul_2exp(r, x, (mp_bitcnt_t)n);
    else mpz_fdiv_q_2exp(r, x, (mp_bitcnt_t)n);
    return prim_big_result(s, r);
}

Value *p_big_shl(Site *s, Value **a, uint32_t loc) { (void)loc; return big_shift(s, 1, a); }
Value *p_big_ashr(Site *s, Value **a, uint32_t loc) { (void)loc; return big_shift(s, 0, a); }

/* ---- text ---- */

static Value *text(Site *s, const Value *v, int base)
{
    mpz_t t;
    mpz_init(t);
    char *str = num_big_text(need_big(s, v, t), base);
    /* SML/NJ 110's IntInf.fmt writes hexadecimal digits in lower case */
    if (base == 16)
        for (char *c = str; *c; c++) *c = (char)tolower((unsigned char)*c);
    return prim_string(s, str, (uint32_t)strlen(str));
}

Value *p_big_tostring(Site *s, Value **a, uint32_t loc) { (void)loc; return text(s, a[0], 10); }
Value *p_big_fmt(Site *s, Value **a, uint32_t loc) { (void)loc; return text(s, a[1], (int)prim_radix(s, a[0])); }

/* fromString: white space, an optional sign (~, -, +), decimal digits, the
 * rest ignored; NONE without a digit. */
Value *p_big_fromstring(Site *s, Value **a, uint32_t loc)
{
    (void)loc;
    if (a[0]->tag != V_STR) prim_type_error(s, "a string", a[0]);
    const char *p = a[0]->u.s, *end = p + a[0]->n;
    while (p < end && isspace((unsigned char)*p)) p++;
    int neg = p < end && (*p == '~' || *p == '-');
    if (p < end && (*p == '~' || *p == '-' || *p == '+')) p++;
    const char *d = p;
    while (p < end && isdigit((unsigned char)*p)) p++;
    if (p == d) return prim_none(s);
    char *buf = GC_MALLOC_ATOMIC((size_t)(p - d) + 1);
    memcpy(buf, d, (size_t)(p - d));
    buf[p - d] = 0;
    mpz_t r;
    mpz_init(r);
    mpz_set_str(r, buf, 10);
    if (neg) mpz_neg(r, r);
    return prim_some(s, prim_big_result(s, r));
}

/* ---- Real.fmt (num_real_fmt), here beside IntInf.fmt ---- */

/* Real.fmt spec r: spec is SCI, FIX or GEN of an int option, or EXACT;
 * Size for a precision below 0 (GEN: below 1). */
Value *p_real_fmt(Site *s, Value **a, uint32_t loc)
{
    (void)loc;
    const Value *spec = a[0];
    if (a[1]->tag != V_REAL) prim_type_error(s, "a StringCvt.realfmt and a real", a[1]);
    static const char *const modes[] = {"SCI", "FIX", "GEN", "EXACT"};
    static const int defaults[] = {6, 6, 12, 0};
    int m = 0;
    while (m < 4 && !(spec->tag == V_CON && spec->con == resolve_builtin_con(modes[m]))) m++;
    if (m == 4) prim_type_error(s, "a StringCvt.realfmt", spec);
    int64_t prec = defaults[m];
    if (m < 3 && spec->u.f[0]->con == s->ev->sh->c_some) prec = prim_need_int(s, spec->u.f[0]->u.f[0]);
    if (prec < (m == 2) || prec > 400) prim_raise(s, "Size", "precision out of range");
    char buf[1024];
    num_real_fmt(a[1]->u.r, "SFGE"[m], (int)prec, buf, sizeof buf);
    return prim_string(s, buf, (uint32_t)strlen(buf));
}
