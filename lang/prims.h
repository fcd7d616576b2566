/*
 * prims.h — the primitives built into the interpreter (README, The language;
 * docs/semantics.md), as one table.
 *
 * PML_PRIMS(X) has one row per name the resolver knows:
 *
 *     X(ID, "name", arity, fn, chain)
 *
 *   ID     the row's enum constant P_ID, which is its index in prim_table
 *   name   the name a program uses (after the program's own bindings, so
 *          a program may shadow a primitive)
 *   arity  the number of arguments; > 1 means a tuple of them (a primitive
 *          applied to a syntactic tuple takes its arguments directly);
 *          0 means a constant, whose name is its value (Math.pi)
 *   fn     the function of src/eval/eval_prims.c that implements it; an
 *          alias (Real.fromInt, Math.sqrt ...) is a row naming the same fn
 *   chain  its nodes (docs/semantics.md, Primitives): N1, one node of size 1
 *          (the result's location); N0, one node of size 0 (the result is a
 *          value that exists already); OWN, fn builds its chain itself
 *
 * Adding a primitive is one row here and one function there; the enum, the
 * name table, the resolver's arity check and the dispatch come from the rows.
 */
#ifndef PML_PRIMS_H
#define PML_PRIMS_H

#include <stdint.h>

#define PML_PRIMS(X) \
    /* arithmetic and comparison */ \
    X(ADD,             "+",                2, p_add,            N1) \
    X(SUB,             "-",                2, p_sub,            N1) \
    X(MUL,             "*",                2, p_mul,            N1) \
    X(RDIV,            "/",                2, p_rdiv,           N1) \
    X(DIV,             "div",              2, p_div,            N1) \
    X(MOD,             "mod",              2, p_mod,            N1) \
    X(NEG,             "~",                1, p_neg,            N1) \
    X(ABS,             "abs",              1, p_abs,            N1) \
    X(REAL,            "real",             1, p_real,           N1) \
    X(REAL_FROMINT,    "Real.fromInt",     1, p_real,           N1) \
    X(FLOOR,           "floor",            1, p_floor,          N1) \
    X(ROUND,           "round",            1, p_round,          N1) \
    X(TRUNC,           "trunc",            1, p_trunc,          N1) \
    X(SQRT,            "sqrt",             1, p_sqrt,           N1) \
    X(MATH_SQRT,       "Math.sqrt",        1, p_sqrt,           N1) \
    X(MIN,             "min",              2, p_min,            N1) \
    X(MAX,             "max",              2, p_max,            N1) \
    X(NOT,             "not",              1, p_not,            N1) \
    X(EQ,              "=",                2, p_eq,             N1) \
    X(NE,              "<>",               2, p_ne,             N1) \
    X(LT,              "<",                2, p_lt,             N1) \
    X(GT,              ">",                2, p_gt,             N1) \
    X(LE,              "<=",               2, p_le,             N1) \
    X(GE,              ">=",               2, p_ge,             N1) \
    /* strings */ \
    X(CONCAT,          "^",                2, p_concat,         OWN) \
    X(SIZE,            "size",             1, p_size,           N1) \
    X(INT_TOSTRING,    "Int.toString",     1, p_int_tostring,   N1) \
    X(INTTOSTRING,     "intToString",      1, p_int_tostring,   N1) \
    X(REAL_TOSTRING,   "Real.toString",    1, p_real_tostring,  N1) \
    /* vectors, the driver's parameters, references */ \
    X(VECTOR,          "vector",           2, p_vector,         OWN) \
    X(VSUB,            "sub",              2, p_vsub,           N0) \
    X(LENGTH,          "length",           1, p_length,         N1) \
    X(APPEND,          "append",           2, p_append,         OWN) \
    X(UPDATE,          "update",           3, p_update,         OWN) \
    X(FROMLIST,        "fromList",         1, p_fromlist,       OWN) \
    X(TOLIST,          "toList",           1, p_tolist,         OWN) \
    X(PARAM,           "param",            2, p_param,          N1) \
    X(DEREF,           "!",                1, p_deref,          N0) \
    X(ASSIGN,          ":=",               2, p_assign,         N1) \
    /* characters, strings and the Basis (docs/semantics.md, "The Basis") */ \
    X(ORD,             "ord",              1, p_ord,            N1) \
    X(CHAR_ORD,        "Char.ord",         1, p_ord,            N1) \
    X(CHR,             "chr",              1, p_chr,            N1) \
    X(CHAR_CHR,        "Char.chr",         1, p_chr,            N1) \
    X(STR,             "str",              1, p_str,            OWN) \
    X(STRING_STR,      "String.str",       1, p_str,            OWN) \
    X(STRING_SUB,      "String.sub",       2, p_string_sub,     N1) \
    X(SUBSTRING,       "substring",        3, p_substring,      OWN) \
    X(STRING_SUBSTRING, "String.substring", 3, p_substring,     OWN) \
    X(IMPLODE,         "implode",          1, p_implode,        OWN) \
    X(STRING_IMPLODE,  "String.implode",   1, p_implode,        OWN) \
    X(STRING_SIZE,     "String.size",      1, p_size,           N1) \
    X(INT_FROMSTRING,  "Int.fromString",   1, p_int_fromstring, OWN) \
    X(INT_QUOT,        "Int.quot",         2, p_quot,           N1) \
    X(INT_REM,         "Int.rem",          2, p_rem,            N1) \
    X(INT_ABS,         "Int.abs",          1, p_abs,            N1) \
    X(INT_MIN,         "Int.min",          2, p_min,            N1) \
    X(INT_MAX,         "Int.max",          2, p_max,            N1) \
    X(REAL_ABS,        "Real.abs",         1, p_abs,            N1) \
    X(REAL_MIN,        "Real.min",         2, p_min,            N1) \
    X(REAL_MAX,        "Real.max",         2, p_max,            N1) \
    X(REAL_FLOOR,      "Real.floor",       1, p_floor,          N1) \
    X(REAL_ROUND,      "Real.round",       1, p_round,          N1) \
    X(REAL_TRUNC,      "Real.trunc",       1, p_trunc,          N1) \
    X(CEIL,            "ceil",             1, p_ceil,           N1) \
    X(REAL_CEIL,       "Real.ceil",        1, p_ceil,           N1) \
    X(REAL_FROMSTRING, "Real.fromString",  1, p_real_fromstring, OWN) \
    X(MATH_SIN,        "Math.sin",         1, p_sin,            N1) \
    X(MATH_COS,        "Math.cos",         1, p_cos,            N1) \
    X(MATH_TAN,        "Math.tan",         1, p_tan,            N1) \
    X(MATH_ATAN,       "Math.atan",        1, p_atan,           N1) \
    X(MATH_EXP,        "Math.exp",         1, p_exp,            N1) \
    X(MATH_LN,         "Math.ln",          1, p_ln,             N1) \
    X(MATH_POW,        "Math.pow",         2, p_pow,            N1) \
    X(MATH_ASIN,       "Math.asin",        1, p_asin,           N1) \
    X(MATH_ACOS,       "Math.acos",        1, p_acos,           N1) \
    X(MATH_ATAN2,      "Math.atan2",       2, p_atan2,          N1) \
    X(MATH_SINH,       "Math.sinh",        1, p_sinh,           N1) \
    X(MATH_COSH,       "Math.cosh",        1, p_cosh,           N1) \
    X(MATH_TANH,       "Math.tanh",        1, p_tanh,           N1) \
    X(MATH_LOG10,      "Math.log10",       1, p_log10,          N1) \
    X(PRINT,           "print",            1, p_print,          N1) \
    X(CHAR_TOSTRING,   "Char.toString",    1, p_char_tostring,  OWN) \
    X(STRING_TOSTRING, "String.toString",  1, p_string_tostring, OWN) \
    X(VECTOR_SUB,      "Vector.sub",       2, p_vsub,           N0) \
    X(VECTOR_LENGTH,   "Vector.length",    1, p_length,         N1) \
    X(VECTOR_FROMLIST, "Vector.fromList",  1, p_fromlist,       OWN) \
    X(VECTOR_UPDATE,   "Vector.update",    3, p_update,         OWN) \
    /* arrays: mutable (docs/semantics.md, "Arrays") */ \
    X(ARRAY_ARRAY,     "Array.array",      2, p_array,          OWN) \
    X(ARRAY_FROMLIST,  "Array.fromList",   1, p_array_fromlist, OWN) \
    X(ARRAY_SUB,       "Array.sub",        2, p_array_sub,      N0) \
    X(ARRAY_UPDATE,    "Array.update",     3, p_array_update,   N1) \
    X(ARRAY_LENGTH,    "Array.length",     1, p_array_length,   N1) \
    X(ARRAY_VECTOR,    "Array.vector",     1, p_array_vector,   OWN) \
    /* functions and constants of SML's top level and Math */ \
    X(COMPOSE,         "o",                2, p_compose,        OWN) \
    X(BEFORE,          "before",           2, p_before,         N0) \
    X(MATH_PI,         "Math.pi",          0, p_pi,             N1) \
    X(MATH_E,          "Math.e",           0, p_e,              N1) \
    /* exceptions (General) */ \
    X(EXNNAME,         "exnName",          1, p_exn_name,       OWN) \
    X(GENERAL_EXNNAME, "General.exnName",  1, p_exn_name,       OWN) \
    X(EXNMESSAGE,      "exnMessage",       1, p_exn_message,    OWN) \
    X(GENERAL_EXNMESSAGE, "General.exnMessage", 1, p_exn_message, OWN) \
    /* limits (docs/semantics.md, "Limits of the Basis types") */ \
    X(INT_MAXINT,      "Int.maxInt",       0, p_int_maxint,     OWN) \
    X(INT_MININT,      "Int.minInt",       0, p_int_minint,     OWN) \
    X(INT_PRECISION,   "Int.precision",    0, p_int_precision,  OWN) \
    X(VECTOR_MAXLEN,   "Vector.maxLen",    0, p_maxlen,         N1) \
    X(ARRAY_MAXLEN,    "Array.maxLen",     0, p_maxlen,         N1) \
    X(STRING_MAXSIZE,  "String.maxSize",   0, p_string_maxsize, N1) \
    X(CHAR_MAXORD,     "Char.maxOrd",      0, p_char_maxord,    N1) \
    X(CHAR_MINCHAR,    "Char.minChar",     0, p_char_minchar,   N1) \
    X(CHAR_MAXCHAR,    "Char.maxChar",     0, p_char_maxchar,   N1) \
    /* TextIO: the standard streams (docs/semantics.md, "TextIO") */ \
    X(TEXTIO_PRINT,    "TextIO.print",     1, p_print,          N1) \
    X(TEXTIO_OUTPUT,   "TextIO.output",    2, p_output,         N1) \
    X(TEXTIO_FLUSHOUT, "TextIO.flushOut",  1, p_flush_out,      N1) \
    X(TEXTIO_INPUTLINE, "TextIO.inputLine", 1, p_input_line,    OWN) \
    X(TEXTIO_INPUTALL, "TextIO.inputAll",  1, p_input_all,      OWN) \
    X(TEXTIO_INPUT,    "TextIO.input",     1, p_input_all,      OWN) \
    X(TEXTIO_INPUT1,   "TextIO.input1",    1, p_input1,         OWN) \
    X(TEXTIO_LOOKAHEAD, "TextIO.lookahead", 1, p_lookahead,     OWN) \
    X(TEXTIO_INPUTN,   "TextIO.inputN",    2, p_input_n,        OWN) \
    X(TEXTIO_ENDOFSTREAM, "TextIO.endOfStream", 1, p_end_of_stream, N1) \
    X(TEXTIO_CLOSEIN,  "TextIO.closeIn",   1, p_close,          N1)

#define PML_PRIM_ENUM(id, name, arity, fn, chain) P_##id,
typedef enum PrimOp { PML_PRIMS(PML_PRIM_ENUM) P__COUNT } PrimOp;
#undef PML_PRIM_ENUM

typedef struct PrimDef {
    const char *name;
    uint32_t arity;     /* number of arguments; > 1 means a tuple of them */
} PrimDef;

/* The rows' names and arities, indexed by PrimOp; prim_count entries.  A
 * Ref of kind REF_PRIM and a V_PRIMFN value index it. */
extern const PrimDef prim_table[];
extern const uint32_t prim_count;
/* Index of NAME in prim_table, or -1. */
int prim_lookup(const char *name);

#endif
