/* prims.c — the table of primitive names (the semantics are in eval.c). */
#include "prims.h"

#include <string.h>

const PrimDef prim_table[] = {
    {"+", P_ADD, 2},        {"-", P_SUB, 2},          {"*", P_MUL, 2},
    {"/", P_RDIV, 2},       {"div", P_DIV, 2},        {"mod", P_MOD, 2},
    {"~", P_NEG, 1},        {"abs", P_ABS, 1},        {"real", P_REAL, 1},
    {"Real.fromInt", P_REAL, 1},
    {"floor", P_FLOOR, 1},  {"round", P_ROUND, 1},    {"trunc", P_TRUNC, 1},
    {"sqrt", P_SQRT, 1},    {"Math.sqrt", P_SQRT, 1},
    {"min", P_MIN, 2},      {"max", P_MAX, 2},        {"not", P_NOT, 1},
    {"=", P_EQ, 2},         {"<>", P_NE, 2},          {"<", P_LT, 2},
    {">", P_GT, 2},         {"<=", P_LE, 2},          {">=", P_GE, 2},
    {"^", P_CONCAT, 2},     {"size", P_SIZE, 1},
    {"Int.toString", P_INTTOSTRING, 1}, {"intToString", P_INTTOSTRING, 1},
    {"Real.toString", P_REALTOSTRING, 1},
    {"vector", P_VECTOR, 2}, {"sub", P_VSUB, 2},      {"length", P_LENGTH, 1},
    {"append", P_APPEND, 2}, {"update", P_UPDATE, 3}, {"fromList", P_FROMLIST, 1},
    {"toList", P_TOLIST, 1}, {"param", P_PARAM, 2},
    {"!", P_DEREF, 1},      {":=", P_ASSIGN, 2},
    {"ord", P_ORD, 1},      {"Char.ord", P_ORD, 1},   {"chr", P_CHR, 1},
    {"Char.chr", P_CHR, 1}, {"str", P_STR, 1},        {"String.str", P_STR, 1},
    {"String.sub", P_SSUB, 2}, {"substring", P_SUBSTRING, 3},
    {"String.substring", P_SUBSTRING, 3}, {"implode", P_IMPLODE, 1},
    {"String.implode", P_IMPLODE, 1}, {"String.size", P_SIZE, 1},
    {"Int.fromString", P_INTFROMSTRING, 1}, {"Int.quot", P_QUOT, 2},
    {"Int.rem", P_REM, 2},  {"Int.abs", P_ABS, 1},    {"Int.min", P_MIN, 2},
    {"Int.max", P_MAX, 2},  {"Real.abs", P_ABS, 1},   {"Real.min", P_MIN, 2},
    {"Real.max", P_MAX, 2}, {"Real.floor", P_FLOOR, 1}, {"Real.round", P_ROUND, 1},
    {"Real.trunc", P_TRUNC, 1}, {"ceil", P_CEIL, 1},  {"Real.ceil", P_CEIL, 1},
    {"Real.fromString", P_REALFROMSTRING, 1},
    {"Math.sin", P_SIN, 1}, {"Math.cos", P_COS, 1},   {"Math.tan", P_TAN, 1},
    {"Math.atan", P_ATAN, 1}, {"Math.exp", P_EXP, 1}, {"Math.ln", P_LN, 1},
    {"Math.pow", P_POW, 2}, {"print", P_PRINT, 1},
    {"Char.toString", P_CHARTOSTRING, 1}, {"String.toString", P_STRINGTOSTRING, 1},
    {"Vector.sub", P_VSUB, 2}, {"Vector.length", P_LENGTH, 1},
    {"Vector.fromList", P_FROMLIST, 1}, {"Vector.update", P_UPDATE, 3},
};

const uint32_t prim_count = sizeof prim_table / sizeof prim_table[0];

int prim_lookup(const char *name)
{
    for (uint32_t i = 0; i < prim_count; i++)
        if (strcmp(prim_table[i].name, name) == 0) return (int)i;
    return -1;
}
