/*
 * exec_sched.h — the runtime's depth-first and breadth-first schedulers
 * (paper §5.2) on P workers.  Used by exec.c only.
 *
 * The P workers (the program's thread and P - 1 started here) are the
 * only threads: each started task runs on a stack of its own
 * (exec_fiber.h), which it leaves at a join whose other branch has not
 * returned, so a suspended task holds no thread, and any worker resumes
 * it in its turn.  The policies keep one global order of ready work, so
 * all scheduling decisions are taken under one lock, at forks and joins
 * only (§5.2).
 */
#ifndef PML_EXEC_SCHED_H
#define PML_EXEC_SCHED_H

#include <stddef.h>
#include <stdint.h>
#include "exec.h"

typedef struct XSched XSched;

/* A scheduler with xo's P workers and policy: the calling thread is
 * worker 0 and runs the program; P - 1 threads are started, each with a
 * stack of xo->stack_bytes, as large as the first task stacks.  NULL
 * with why filled when a thread or the memory cannot be had. */
XSched *xsched_new(const ExecOptions *xo, char *why, size_t whylen);
/* Called by the program's task (on whichever worker it runs: it goes
 * back to worker 0's thread first): stops the workers (no other task may
 * be running) and, with st, fills the counts and busy times of st; frees
 * x. */
void xsched_free(XSched *x, ExecStats *st);
/* EvalFork.pair: runs branch(arg, 0) and branch(arg, 1) as
 * two tasks, possibly on other workers; returns when both have. */
void xsched_pair(void *x, EvalBranch branch, void *arg);
/* The runtime's own space now (bytes): the used part of the tasks'
 * stacks (a suspended one's from its saved stack pointer, a running
 * one's as of its last fork or join) and the ready entries. */
uint64_t xsched_overhead(XSched *x);

#endif
