/*
 * exec_ws.h — the work-stealing runtime (paper §5.2's ws; the fast path
 * of pml exec): P workers, a lock-free deque each, and joins that help
 * instead of blocking, so a suspended task holds no thread.  Used by
 * exec.c only.
 */
#ifndef PML_EXEC_WS_H
#define PML_EXEC_WS_H

#include <stdint.h>
#include "exec.h"

typedef struct XWs XWs;

/* A runtime with xo's P workers: the calling thread is worker 0 and runs
 * the program; P - 1 threads are started.  NULL with why filled when a
 * thread or the memory cannot be had. */
XWs *xws_new(const ExecOptions *xo, char *why, size_t whylen);
/* Stops the workers (no task may be running but the caller's), fills
 * the counts and busy times of st; frees x. */
void xws_free(XWs *x, ExecStats *st);
/* EvalFork.pair: runs branch(arg, 0) and branch(arg, 1),
 * the right one possibly on another worker; returns when both have. */
void xws_pair(void *x, EvalBranch branch, void *arg);
/* The runtime's own space now (bytes): the used part of the workers'
 * stacks (each as of its last fork) and the deques. */
uint64_t xws_overhead(XWs *x);

#endif
