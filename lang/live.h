/*
 * live.h — safe-for-space frames: where each frame slot is read for the
 * last time (docs/semantics.md, Safe for space).
 *
 * The cost semantics (paper §3.1) substitutes values into the expression,
 * so a variable's value stops being a root once the part of the program
 * that names it has run.  An interpreter with frames keeps it until the
 * frame is popped unless the frame lets go: this pass, run on a resolved
 * program, fills the Kill lists of the tree (ast.h) with the slots the
 * evaluator clears after their last read on each path — after an
 * expression, at the start of an arm or branch, after a declaration.  A
 * slot read on some path later is never cleared before it; a slot read
 * by both branches of a parallel pair is cleared after the join.
 */
#ifndef PML_LIVE_H
#define PML_LIVE_H

#include "ast.h"

/* Fills the Kill lists of a resolved program (resolve_program calls it). */
void live_program(Program *p);

#endif
