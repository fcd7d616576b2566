/* prims.c — the table of primitive names, from PML_PRIMS (the semantics are
 * in src/eval/eval_prims.c). */
#include "prims.h"

#include <string.h>

#define PML_PRIM_DEF(id, name, arity, fn, chain) {name, arity},
const PrimDef prim_table[] = { PML_PRIMS(PML_PRIM_DEF) };
#undef PML_PRIM_DEF

const uint32_t prim_count = sizeof prim_table / sizeof prim_table[0];

int prim_lookup(const char *name)
{
    for (uint32_t i = 0; i < prim_count; i++)
        if (strcmp(prim_table[i].name, name) == 0) return (int)i;
    return -1;
}
