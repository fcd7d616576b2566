/*
 * num.c — words and IntInf.int (num.h): GMP's allocation in the collector's
 * heap, texts and sizes.
 */
#include "num.h"

#include <gc.h>
#include <math.h>
#include <stdlib.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* GMP's allocation functions.  Limbs hold no pointers: atomic blocks.
 * GMP frees what it no longer needs (temporaries); the collector reclaims
 * everything else. */
static void *gmp_alloc(size_t n) { return GC_MALLOC_ATOMIC(n); }
static void *gmp_realloc(void *p, size_t old, size_t n) { (void)old; return GC_REALLOC(p, n); }
static void gmp_free(void *p, size_t n) { (void)n; GC_FREE(p); }

static void init_once(void) { mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free); }

void num_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, init_once);
}

void num_word_text(uint64_t bits, char *out)
{
    snprintf(out, 24, "0wx%llX", (unsigned long long)bits);
}

char *num_big_text(mpz_srcptr z, int base)
{
    num_init();
    char *t = mpz_get_str(NULL, base, z);
    if (t[0] == '-') t[0] = '~';
    for (char *c = t; *c; c++)
        if (*c >= 'a' && *c <= 'z') *c = (char)(*c - 'a' + 'A');
    return t;
}

void num_big_const(mpz_ptr z, int64_t ival, const char *text, uint32_t len)
{
    num_init();
    if (!text) {
        mpz_set_si(z, ival);
        return;
    }
    char buf[len + 1];
    int neg = text[0] == '~';
    uint32_t i = (uint32_t)neg, base = 10;
    if (i + 1 < len && text[i] == '0' && text[i + 1] == 'x') i += 2, base = 16;
    memcpy(buf, text + i, len - i);
    buf[len - i] = 0;
    mpz_set_str(z, buf, (int)base);
    if (neg) mpz_neg(z, z);
}

uint32_t num_big_size(mpz_srcptr z)
{
    size_t limbs = mpz_size(z);
    return 1 + (uint32_t)(limbs ? limbs : 1);
}

/* ---- reals' text ---- */

/* The first sig digits of v > 0 (digits, NUL-terminated; sig may be 0)
 * and the decimal place e of the first: v ~ d1.d2d3... * 10^e.  As SML/NJ
 * does: v is scaled into [1, 10) by a power of ten, its digits drawn one by
 * one by multiplying the rest by 10 in floating point (15 of them at most,
 * then zeros), and the digit string rounded half to even.  A carry past the
 * first digit raises e. */
static void sig_digits(double v, int sig, char *digits, int *e)
{
    int x = (int)floor(log10(v));
    double w = x >= 0 ? v / pow(10, x) : v * pow(10, -x);
    if (w >= 10) w /= 10, x++;
    if (w < 1) w *= 10, x--;
    char raw[16];
    int n = 0, want = 15;   /* SML/NJ draws at most 15 digits; zeros follow */
    while (n < want && w > 0) {
        int d = w >= 9 ? 9 : (int)w;
        raw[n++] = (char)('0' + d);
        w = (w - d) * 10;
    }
    for (int i = 0; i < sig; i++) digits[i] = i < n ? raw[i] : '0';
    digits[sig] = 0;
    int up = 0;
    if (n > sig) {
        int rest = 0;
        for (int i = sig + 1; i < n; i++) rest |= raw[i] != '0';
        int odd = sig > 0 && (digits[sig - 1] - '0') % 2;
        up = raw[sig] > '5' || (raw[sig] == '5' && (rest || odd));
    }
    int i = sig - 1;
    for (; up && i >= 0; i--) {
        if (digits[i] < '9') { digits[i]++; up = 0; }
        else digits[i] = '0';
    }
    if (up) {   /* 9.99 -> 10.0: one more digit in front, one fewer behind */
        memmove(digits + 1, digits, (size_t)sig);
        digits[0] = '1';
        digits[sig] = 0;
        if (sig == 0) digits[1] = 0;
        x++;
    }
    *e = x;
}

/* The exponent as SML/NJ writes it: ~ for minus, at least `width` digits. */
static void put_exp(char *o, int e, int width)
{
    sprintf(o, "E%s%0*d", e < 0 ? "~" : "", width, abs(e));
}

/* GEN: the shorter of fixed and scientific notation, as C's %g chooses,
 * without trailing zeros; a fixed number keeps one digit after the point. */
static void gen(double v, int prec, char *o)
{
    char d[450];
    int e;
    sig_digits(v, prec, d, &e);
    int n = (int)strlen(d);
    while (n > 1 && d[n - 1] == '0') d[--n] = 0;
    if (e < -4 || e >= prec) {
        *o++ = d[0];
        if (n > 1) o += sprintf(o, ".%s", d + 1);
        put_exp(o, e, 2);
    } else if (e < 0) {
        o += sprintf(o, "0.");
        for (int i = -1; i > e; i--) *o++ = '0';
        strcpy(o, d);
    } else {
        for (int i = 0; i <= e; i++) *o++ = i < n ? d[i] : '0';
        *o++ = '.';
        strcpy(o, n > e + 1 ? d + e + 1 : "0");
    }
}

/* FIX: prec digits after the point (none and no point for 0). */
static void fix(double v, int prec, char *o)
{
    char d[900];
    int e = 0;
    int sig = v > 0 ? (int)floor(log10(v)) + 1 + prec : -1;  /* digits to the last place */
    if (sig < 0) strcpy(d, "0"), e = -prec;
    else {
        sig_digits(v, sig, d, &e);
        if (!d[0]) strcpy(d, "0"), e = -prec;   /* rounded down to 0 */
    }
    /* d holds v's digits from place 10^e down to 10^-prec (v = 0: none) */
    int n = (int)strlen(d), first = e;          /* the first digit's place */
    if (first < 0) {
        *o++ = '0';
    } else {
        for (int i = 0; i <= first; i++) *o++ = d[i];
    }
    if (prec > 0) {
        *o++ = '.';
        for (int place = -1; place >= -prec; place--) {
            int i = first - place;
            *o++ = i >= 0 && i < n ? d[i] : '0';
        }
    }
    *o = 0;
}

static void sci(double v, int prec, char *o)
{
    char d[450];
    int e;
    if (prec > 14) prec = 14;   /* SML/NJ writes at most 15 digits here */
    sig_digits(v, prec + 1, d, &e);
    *o++ = d[0];
    if (prec > 0) o += sprintf(o, ".%s", d + 1);
    put_exp(o, e, 1);
}

/* EXACT: 0.ddd...Ee with the fewest digits that read back as v. */
static void exact(double v, char *o)
{
    char t[40];
    int p = 1;
    for (; p < 17; p++) {
        snprintf(t, sizeof t, "%.*e", p - 1, v);
        if (strtod(t, NULL) == v) break;
    }
    snprintf(t, sizeof t, "%.*e", p - 1, v);
    char digits[24];
    int n = 0;
    for (char *c = t; *c && *c != 'e'; c++)
        if (*c >= '0' && *c <= '9') digits[n++] = *c;
    while (n > 1 && digits[n - 1] == '0') n--;
    digits[n] = 0;
    int e = atoi(strchr(t, 'e') + 1) + 1;
    o += sprintf(o, "0.%s", digits);
    put_exp(o, e, 1);
}

char *num_real_fmt(double r, char mode, int prec, char *out, size_t cap)
{
    char buf[1024], *o = buf;
    if (isnan(r)) { snprintf(out, cap, "nan"); return out; }
    if (signbit(r)) *o++ = '~';
    double v = fabs(r);
    if (isinf(v)) strcpy(o, "inf");
    else if (v == 0) {
        if (mode == 'F' || mode == 'S') fix(0, prec, o);   /* 0.00 */
        else strcpy(o, "0.0");
        if (mode == 'S') strcat(o, "E0");
    }
    else if (mode == 'S') sci(v, prec, o);
    else if (mode == 'F') fix(v, prec, o);
    else if (mode == 'E') exact(v, o);
    else gen(v, prec, o);
    snprintf(out, cap, "%s", buf);
    return out;
}
