/*
 * bigstack.h — run a function on a thread with a very large stack.
 *
 * The interpreter, the resolver and the parser recurse on the program's own
 * nesting and recursion depth; a PML program recursing 10^6 deep needs far
 * more than the usual 8 MiB.  The stack is reserved (not committed) up
 * front, so only what is used costs memory; the thread is registered with
 * the garbage collector, which scans the used part.
 */
#ifndef PML_BIGSTACK_H
#define PML_BIGSTACK_H

#include <stddef.h>
#include <stdint.h>
#include "source.h"

/* Runs fn(arg) on a fresh thread with a stack of `bytes`; returns fn's
 * result, or -1 if the thread could not be made. */
int bigstack_run(size_t bytes, int (*fn)(void *), void *arg);

/* On that thread: the lowest address it may use before it must stop with
 * an error (the stack's end plus a safety margin); 0 elsewhere. */
uintptr_t bigstack_limit(void);

/* On a thread whose stack starts at low (a runtime's own thread, made
 * with a stack it mapped): what bigstack_limit returns there. */
void bigstack_adopt(uintptr_t low);

/* What belongs to a stack rather than to a thread, for a runtime that
 * switches a thread between stacks of its own (exec_fiber.h), since a
 * task's stack may resume on another thread: it installs the stack's at
 * every switch (bigstack_enter; NULL: the thread's own again). */
typedef struct BigStack {
    uintptr_t limit;    /* what bigstack_limit returns on it */
    uintptr_t deepest;  /* the lowest address the evaluator cleared on it
                           (bigstack_reached): how deep it went */
    Diag *diag;         /* where a branch started on it writes its error (a
                           stack's own, since a stack may move between
                           threads; NULL: the thread's) */
} BigStack;
void bigstack_enter(BigStack *s);
/* For a stack [low, low + bytes): its end plus a margin of a quarter of
 * it, at most 4 MiB. */
uintptr_t bigstack_limit_of(uintptr_t low, size_t bytes);
/* The lowest address of the thread's own stack (bigstack_run's, or
 * adopted); 0 elsewhere. */
uintptr_t bigstack_base(void);
/* The evaluator's stack reached down to low (its scrub clears from there). */
void bigstack_reached(uintptr_t low);

/* Where a parallel branch started on the running stack writes its error
 * (eval_par.c): one per stack, so that a branch that fails after its
 * stack moved to another thread writes its own, not that thread's. */
Diag *bigstack_diag(void);

/* On that thread, just before a longjmp: notes where the jump leaves from,
 * the lower end of the frames it will skip (a no-op in other builds than
 * AddressSanitizer's). */
void bigstack_leaving(void);

/* On that thread, after a longjmp out of deep recursion: makes the frames
 * it skipped (from where bigstack_leaving was last called up to the caller's
 * frame) usable again for AddressSanitizer (a no-op in other builds). */
void bigstack_unwound(void);

#endif
