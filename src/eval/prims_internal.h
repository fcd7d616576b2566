/*
 * prims_internal.h — what the primitives' files share: eval_prims.c (the
 * core), prims_word.c (Word, Word8, Word32, Word64, LargeWord, Byte) and
 * prims_intinf.c (IntInf, LargeInt).  Not part of any other module's
 * interface.
 */
#ifndef PML_PRIMS_INTERNAL_H
#define PML_PRIMS_INTERNAL_H

#include "eval_internal.h"
#include "prims.h"

/* One application of a primitive. */
typedef struct Site {
    Ev *ev;
    Span sp;
    const char *name;   /* the primitive's name, for messages */
    uint32_t annot;     /* annotation of the chain's nodes */
    uint32_t last;      /* the chain's last node, once built */
} Site;

/* N1 and N0 rows: loc is their node; OWN rows: loc is 0. */
typedef Value *PrimFn(Site *s, Value **a, uint32_t loc);

/* eval_prims.c's helpers: a node of the chain after the ones before it;
 * the errors; results that build their own nodes (NONE, SOME v, a string). */
uint32_t prim_node(Site *s, uint32_t size);
_Noreturn void prim_type_error(Site *s, const char *want, const Value *got);
_Noreturn void prim_overflow(Site *s);
_Noreturn void prim_raise(Site *s, const char *exn, const char *why);
int64_t prim_need_int(Site *s, const Value *v);
Value *prim_none(Site *s);
Value *prim_some(Site *s, Value *v);
Value *prim_string(Site *s, const char *t, uint32_t n);

/* The overloaded operators on words and IntInf.int (either argument a
 * V_WORD or V_BIG): op is one of + - * / (div) % (mod) < (min) > (max);
 * unary '~' or 'a' (abs); compare gives -1, 0, 1.  Each builds its node. */
Value *prim_num_arith(Site *s, char op, Value **a);
Value *prim_num_unary(Site *s, char op, Value *a);
int prim_num_compare(Site *s, const Value *a, const Value *b);

/* prims_word.c; prim_radix: StringCvt.radix r as its base (2, 8, 10, 16);
 * prim_order: LESS, EQUAL or GREATER as c < 0, = 0, > 0, at loc */
uint32_t prim_radix(Site *s, const Value *r);
Value *prim_order(int c, uint32_t loc);
/* prims_intinf.c: an IntInf.int result z (taken): one node of its size */
Value *prim_big_result(Site *s, mpz_ptr z);
Value *prim_word_arith(Site *s, char op, Value **a);
Value *prim_word_unary(Site *s, char op, Value *a);
int prim_word_compare(Site *s, const Value *a, const Value *b);

#define PRIM_FN(fn) Value *fn(Site *s, Value **a, uint32_t loc);
PML_WORD_FNS(PRIM_FN)
PML_INTINF_FNS(PRIM_FN)
#undef PRIM_FN

#endif
