/*
 * num.c — words and IntInf.int (num.h): GMP's allocation in the collector's
 * heap, texts and sizes.
 */
#include "num.h"

#include <gc.h>
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
