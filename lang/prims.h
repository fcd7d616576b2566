/*
 * prims.h — the primitives built into the interpreter (README, The language; docs/semantics.md), by name.
 * The resolver looks names up here (after the program's own bindings, so a
 * program may shadow a primitive); the interpreter implements them.
 */
#ifndef PML_PRIMS_H
#define PML_PRIMS_H

#include <stdint.h>

typedef enum PrimOp {
    P_ADD, P_SUB, P_MUL, P_RDIV, P_DIV, P_MOD, P_NEG, P_ABS,
    P_REAL, P_FLOOR, P_ROUND, P_TRUNC, P_SQRT, P_MIN, P_MAX, P_NOT,
    P_EQ, P_NE, P_LT, P_GT, P_LE, P_GE, P_CONCAT, P_SIZE,
    P_INTTOSTRING, P_REALTOSTRING, P_VECTOR, P_VSUB, P_LENGTH, P_APPEND,
    P_UPDATE, P_FROMLIST, P_TOLIST, P_PARAM, P_DEREF, P_ASSIGN,
    /* characters, strings and the Basis (docs/semantics.md, "The Basis") */
    P_ORD, P_CHR, P_STR, P_SSUB, P_SUBSTRING, P_IMPLODE, P_INTFROMSTRING,
    P_QUOT, P_REM, P_CEIL, P_SIN, P_COS, P_TAN, P_ATAN, P_EXP, P_LN,
    P_POW, P_PRINT, P_CHARTOSTRING, P_STRINGTOSTRING, P_REALFROMSTRING,
    P__COUNT
} PrimOp;

typedef struct PrimDef {
    const char *name;
    PrimOp op;
    uint32_t arity;     /* number of arguments; > 1 means a tuple of them */
} PrimDef;

/* The table, with aliases (intToString, Real.fromInt, Math.sqrt ...);
 * prim_count entries.  A Ref of kind REF_PRIM indexes it. */
extern const PrimDef prim_table[];
extern const uint32_t prim_count;
/* Index of NAME in prim_table, or -1. */
int prim_lookup(const char *name);

#endif
