/*
 * exec_sched.h — the runtime's scheduler: P processors, tasks, and the
 * three policies of paper §5.2.  Used by exec.c only.
 *
 * A processor is a right to run: at most P threads hold one at a time.
 * Every task that has started runs on its own thread (its C stack holds
 * the interpreter's recursion), so a task suspended at a fork or a join
 * is a thread waiting for a processor.  The ready work is of two kinds:
 * a branch not yet started (it gets a thread from a pool when a processor
 * takes it) and a suspended thread to resume.  All scheduling decisions
 * are taken under one lock, at forks and joins only (§5.2).
 */
#ifndef PML_EXEC_SCHED_H
#define PML_EXEC_SCHED_H

#include <stdint.h>
#include "exec.h"

typedef struct XSched XSched;

/* A scheduler with xo's P processors, policy, seed, thread limit and
 * stack size; the calling thread holds processor 0 and runs the program.
 * NULL if out of memory. */
XSched *xsched_new(const ExecOptions *xo);
/* Stops the pool's threads (no task may be running but the caller's)
 * and fills the counts and busy times of st; frees x. */
void xsched_free(XSched *x, ExecStats *st);
/* EvalFork.pair: runs branch(arg, 0, NULL) and branch(arg, 1, NULL) as
 * two tasks.  A branch that needs a thread when none can be had (the
 * limit, or no memory for it) is called as branch(arg, side, why) instead,
 * on whichever thread found out, and counts as returned. */
void xsched_pair(void *x, EvalBranch branch, void *arg);
/* The runtime's own space now (bytes): the used part of the stacks of
 * the suspended tasks and of the caller, and the ready entries. */
uint64_t xsched_overhead(XSched *x);

#endif
