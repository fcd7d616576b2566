/*
 * prune.h — leaves out the prelude's functions a program never names.
 *
 * The prelude is evaluated (and profiled) before every program, so each of
 * its `fun` declarations costs a closure node, and the closures live while
 * later declarations capture them.  With the whole Basis in the prelude
 * that would put prelude closures at the top of a small program's space
 * profile.  prune_prelude keeps a prelude `fun` declaration only when the
 * program, or a kept prelude declaration after it, mentions one of its
 * names; the program's value, graph and space are then as if the prelude
 * held only what the program uses.
 *
 * Names are found lexically (identifiers and symbolic operators outside
 * comments and strings), an over-approximation: a long name S.f is kept
 * when the text mentions S.f, or f alone or T.f where it also names S
 * alone (`open S`, `structure T = S`, a functor applied to S).
 * Declarations other than `fun` are always kept.
 */
#ifndef PML_PRUNE_H
#define PML_PRUNE_H

#include "ast.h"
#include "source.h"

/* Removes from p->decs[0 .. p->nuser0) the prelude (file 0) function
 * declarations nothing mentions, and lowers nuser0 to match.  Call after
 * parsing both files, before resolving. */
void prune_prelude(Program *p, const Sources *s);

#endif
