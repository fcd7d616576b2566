/*
 * num.h — words and IntInf.int, the numbers beyond int and real
 * (docs/semantics.md, "Words and IntInf").
 *
 * A word (V_WORD) is its bits and its width: 8 (Word8), 32 (Word32), 63
 * (Word, as in 64-bit SML/NJ), 64 (Word64, LargeWord); arithmetic wraps
 * modulo 2^width.  A width of 0 marks a word constant whose type nobody
 * fixed: it counts as 63 bits until an operation meets it with a word of
 * known width, whose width it takes.
 *
 * An IntInf.int (V_BIG) is a GMP integer in the collector's heap: GMP
 * allocates through Boehm GC (num_init), so bignums are collected like
 * every other value.  Its space in the cost semantics is num_big_size.
 */
#ifndef PML_NUM_H
#define PML_NUM_H

#include <stdint.h>
#include <gmp.h>

/* Makes GMP allocate in the Boehm GC heap; idempotent, thread-safe. */
void num_init(void);

/* The mask of a word of `bits` bits (0: 63). */
static inline uint64_t num_word_mask(uint32_t bits)
{
    if (bits == 0) bits = 63;
    return bits >= 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
}

/* A word's text as SML/NJ prints a word value: 0wx1F (out: 24 bytes). */
void num_word_text(uint64_t bits, char *out);

/* z in decimal, ~ for minus, as SML/NJ prints an IntInf.int; in the GC heap. */
char *num_big_text(mpz_srcptr z, int base);

/* z = the integer constant text[0..len) ([~]digits or [~]0xhex), or ival
 * when text is NULL. */
void num_big_const(mpz_ptr z, int64_t ival, const char *text, uint32_t len);

/* The words an IntInf.int takes in the cost semantics: its limbs (64-bit
 * words) plus one for the header (sign and length), at least 2. */
uint32_t num_big_size(mpz_srcptr z);

/* r as SML/NJ's Real.fmt writes it (StringCvt.realfmt): mode 'S' (SCI),
 * 'F' (FIX), 'G' (GEN) with prec digits (after the point; GEN:
 * significant), or 'E' (EXACT: the shortest digits that read back as r,
 * 0.dddEn).  The digits are r scaled by a power of ten in floating point
 * and rounded half to even, as SML/NJ computes them (FIX 1 of 0.35 is 0.4;
 * past 15 significant digits, zeros; SCI writes at most 15 digits).  ~ for minus; nan, inf, ~inf.  out
 * has room for cap bytes; prec must be at most 400.  Returns out. */
char *num_real_fmt(double r, char mode, int prec, char *out, size_t cap);

#endif
