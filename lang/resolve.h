/*
 * resolve.h — name resolution, once, before running (docs/semantics.md).
 *
 * Fills the "resolver:" fields of the tree (ast.h): what each name refers
 * to (frame slot, captured slot, own fun group, primitive, constructor),
 * frame sizes, each closure's captured variables (flat, safe-for-space
 * closures), the free variables of branches and arms (the use edges when
 * not taken), and of every expression (for the Theorem 1 check); numbers
 * the expressions (their ids are the annotation indexes); and turns curried
 * clausal funs into chains of fns.
 */
#ifndef PML_RESOLVE_H
#define PML_RESOLVE_H

#include "ast.h"

/* 0, or -1 with d filled (unbound name, constructor arity, a pattern that
 * binds a name twice, nesting too deep). */
int resolve_program(Program *p, Diag *d);

/* The builtin constructors true, false, nil, ::, NONE, SOME, Fail. */
const ConDef *resolve_builtin_con(const char *name);

#endif
