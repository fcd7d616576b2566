/*
 * values.h — interpreter values, in the Boehm GC heap.
 *
 * Every value carries its location: the id of the graph node that allocated
 * it (docs/semantics.md, Graphs; the cost semantics treats every value as a heap object).
 * Graph data never point to values and values never point into the graph.
 */
#ifndef PML_VALUES_H
#define PML_VALUES_H

#include <stddef.h>
#include <stdint.h>
#include "ast.h"
#include "num.h"

typedef enum VTag {
    V_INT, V_REAL, V_STR,
    V_CHAR,     /* u.i: 0..255 */
    V_TUPLE,    /* n fields; n == 0 is () */
    V_CON,      /* constructor con with n fields (0: nullary); bools and lists too */
    V_VEC,      /* n elements */
    V_CLOS,     /* function idx of closure group grp */
    V_PRIMFN,   /* a primitive used as a value */
    V_CONFN,    /* a constructor used as a value */
    V_ARRAY,    /* n elements, mutable (Array.update); equal only to itself */
    V_COMPOSED, /* f o g: u.f[0] = f, u.f[1] = g (n = 2) */
    V_WORD,     /* u.i: the bits (below 2^n); n: the width (num.h; 0: unknown) */
    V_BIG,      /* u.z: an IntInf.int (num.h) */
} VTag;

typedef struct Value Value;

/* The captured values of one closure (a fn, or the functions of a fun
 * group, which share them).  fnv[i] is the value of function i. */
typedef struct Group {
    const Dec *dec;         /* the fun group, or NULL for a fn */
    const Expr *fn;         /* the fn, when dec is NULL */
    Value **fnv;
    uint32_t nfree;
    uint32_t nfuns;         /* fnv's length */
    uint32_t magic;         /* GROUP_MAGIC (val_model_size) */
    Value *free[];
} Group;

#define GROUP_MAGIC 0x6e0c1a55u

struct Value {
    uint8_t tag;
    uint8_t listed;         /* a ref cell in Ev's list of assigned cells */
    uint16_t magic;         /* VAL_MAGIC: tells a value among the collector's
                               objects (val_is_value) */
    uint32_t loc;           /* the allocating node's id */
    uint32_t n;             /* fields, elements, string bytes */
    union {
        const ConDef *con;      /* V_CON, V_CONFN */
        const RecShape *shape;  /* V_TUPLE: a record's labels; NULL: a tuple */
    };
    union {
        int64_t i;
        double r;
        char *s;            /* V_STR: n bytes (GC atomic) */
        Value **f;          /* V_TUPLE, V_CON, V_VEC, V_ARRAY, V_COMPOSED */
        struct { const Expr *code; Group *grp; } clo;
        uint32_t prim;      /* V_PRIMFN: index in prim_table */
        __mpz_struct z;     /* V_BIG: set once, never changed */
    } u;
};

/* Allocation accounting for pml exec's heap samples (docs/exec.md): every
 * allocation of the interpreter charges its bytes, and its size in the
 * cost semantics (model words: val_model_words), to this thread's
 * val_budget; when either part goes below 0, val_budget_hook runs (it
 * resets both).  A charge's bytes are never fewer than 8 times its model
 * words (a value's header alone is 40 bytes, the model's largest size per
 * header 1 + its fields, which are 8 bytes each), but for the tuple that
 * views the fields of a constructor of more than 5 (val_con_arg: a
 * header, its n fields shared).  The budget starts at
 * INT64_MAX: no hook runs unless a runtime sets one. */
typedef struct ValBudget { int64_t bytes, model; } ValBudget;
extern __thread ValBudget val_budget;
extern void (*val_budget_hook)(void);
static inline void val_charge(size_t bytes, uint64_t model)
{
    int64_t b = val_budget.bytes -= (int64_t)bytes, m = val_budget.model -= (int64_t)model;
    if (__builtin_expect((b | m) < 0, 0)) val_budget_hook();
}

/* The words the cost semantics charges for a value of tag t with n fields,
 * elements or string bytes (docs/semantics.md, Sizes, the sizes
 * eval_rules.c gives its allocation nodes): scalars 1, a k-tuple k (unit
 * 1), a constructor with k fields 1 + k, a vector or array of n 1 + n, a
 * string 1 + ceil(bytes / 8), a closure 0 (its group counts: its function
 * count + its captured values). */
static inline uint64_t val_model_words(VTag t, uint32_t n)
{
    switch (t) {
    case V_STR: return 1 + ((uint64_t)n + 7) / 8;
    case V_TUPLE: return n ? n : 1;
    case V_CON: case V_VEC: case V_ARRAY: case V_COMPOSED: return 1 + (uint64_t)n;
    case V_CLOS: return 0;
    default: return 1;
    }
}

#define VAL_MAGIC 0x5eb1

Value *val_new(VTag t, uint32_t loc);

/* Is obj, an object of the collector's heap of `bytes` bytes, a value or
 * a closure group?  1 with *model the words the cost semantics charges
 * for allocating it (val_model_words; a closure group its function
 * count + its captured values), 0 for any other object (the
 * interpreter's own).  pml exec's heap walk: values and
 * groups carry a magic number, and only obj's own words are read (a
 * conservative collector may report a freed object, whose pointers are
 * stale, as reachable).  Another object passes for a value only by a
 * chance of 1 in 2^16 per object of a value's size. */
static inline int val_fields_inline(const Value *v)
{
    switch (v->tag) {
    case V_TUPLE: case V_CON: case V_VEC: case V_ARRAY: case V_COMPOSED:
        return v->n && v->u.f == (Value **)(v + 1);
    default:
        return 0;
    }
}
/* (inline: a sample calls it for every object the collector marked) */
static inline int val_model_size(const void *obj, size_t bytes, uint64_t *model)
{
    const Group *g = obj;
    if (bytes >= sizeof *g && g->magic == GROUP_MAGIC && bytes >= sizeof *g + g->nfree * sizeof g->free[0]) {
        *model = (uint64_t)g->nfuns + g->nfree;
        return 1;
    }
    const Value *v = obj;
    if (bytes < sizeof *v || v->magic != VAL_MAGIC || v->tag > V_COMPOSED || v->listed > 1) return 0;
    size_t own = sizeof *v + (val_fields_inline(v) ? (size_t)v->n * sizeof v->u.f[0] : 0);
    if (bytes < own || bytes >= own + 16) return 0;
    *model = val_model_words((VTag)v->tag, v->n);
    return 1;
}
Value *val_int(int64_t i, uint32_t loc);
/* A constructor without argument (true, nil, NONE ...), pointer-free: c
 * must not be in the collector's heap (a fresh exception's is). */
Value *val_nullary(const ConDef *c, uint32_t loc);
Value *val_real(double r, uint32_t loc);
Value *val_str(const char *s, uint32_t n, uint32_t loc);
Value *val_char(unsigned char c, uint32_t loc);
Value *val_word(uint64_t bits, uint32_t width, uint32_t loc); /* bits masked to width */
Value *val_big(uint32_t loc);   /* an IntInf.int 0, to be set by the caller */
Value *val_fields(VTag t, uint32_t n, uint32_t loc); /* tuple, con or vector of n */

/* A constructor's argument: its one field, or a tuple of its fields. */
Value *val_con_arg(Value *v);

/* The index of field `label` of the record or tuple v (V_TUPLE), or -1.
 * A numeral label names a tuple's field by position. */
int val_field(const Value *v, const char *label);

/* Structural equality: 1 equal, 0 not, -1 a function is compared, -2 more
 * than max_pairs distinct pairs of tuples, records, constructors or vectors
 * would be compared, -3 out of memory.  Linear in the shared structure:
 * each pair of parts is compared once however often it is reached. */
int val_equal(const Value *a, const Value *b, uint64_t max_pairs);

/* How much of a value is printed: SML/NJ's Control.Print.printDepth
 * (deeper parts print as #), printLength (a list's or vector's elements
 * past it print as ...) and stringDepth (a longer string ends in #), and
 * the most bytes the text may take. */
typedef struct ValPrint {
    uint32_t depth, length, string_depth;
    size_t max_bytes;
} ValPrint;

/* SML/NJ's defaults: depth 5, length 12, strings 70; no bound on bytes. */
void val_print_default(ValPrint *lim);

/* The value as SML/NJ prints it ("~3", "[1,2]", "SOME (1,\"a\")",
 * "0.333333333333", "#[1,2]", "#\"a\"", "fn", "(((#,#),(#,#)),...)") within lim
 * (NULL: the defaults), a value of an abstract type as "-" where shape (its
 * static type's, ast.h; NULL: none) says; malloc'd.  NULL if the text would
 * pass lim->max_bytes (or memory ran out). */
char *val_to_sml(const Value *v, const ValPrint *lim, const PrintShape *shape);
/* A real as SML's Real.toString writes it; out has room for 32 bytes. */
void val_real_text(double r, char *out);
const char *val_tag_name(const Value *v);
/* n bytes escaped as SML's String.toString does; malloc'd. */
char *val_escape(const char *s, uint32_t n);

#endif
