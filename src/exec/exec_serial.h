/*
 * exec_serial.h — the runtime of one processor in the sequential order
 * (df at P = 1, paper §5.2).  Used by exec.c only.
 *
 * On one processor the depth-first policy runs a pair's left branch at
 * once, its right branch when the left returns, and the pair's
 * continuation when the right returns: the program's own order.  This
 * runtime does that with no list, no lock and no record of its own, so
 * that a fork costs a call (EvalFork.serial: the branches run on the
 * parent's evaluation).  The other policies and P > 1 have their
 * runtimes (exec_sched.h, exec_ws.h).
 */
#ifndef PML_EXEC_SERIAL_H
#define PML_EXEC_SERIAL_H

#include <stdint.h>
#include "exec.h"

typedef struct XSerial XSerial;

/* The runtime on the calling thread (which runs the program): NULL with
 * why filled when out of memory. */
XSerial *xserial_new(char *why, size_t whylen);
/* With st, fills its counts and times; frees x. */
void xserial_free(XSerial *x, ExecStats *st);
/* EvalFork.pair with EvalFork.serial set: branch(arg, 0), then
 * branch(arg, 1), here. */
void xserial_pair(void *x, EvalBranch branch, void *arg);
/* The runtime's own space now (bytes): the used part of the stack as of
 * the last fork or join. */
uint64_t xserial_overhead(XSerial *x);

#endif
