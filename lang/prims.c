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
};

const uint32_t prim_count = sizeof prim_table / sizeof prim_table[0];

int prim_lookup(const char *name)
{
    for (uint32_t i = 0; i < prim_count; i++)
        if (strcmp(prim_table[i].name, name) == 0) return (int)i;
    return -1;
}
