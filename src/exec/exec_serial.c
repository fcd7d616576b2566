/*
 * exec_serial.c — one processor in the sequential order (df at P = 1,
 * paper §5.2): each pair's branches in order, on the program's thread.
 */
#include "exec_serial.h"

#include <stdio.h>
#include <stdlib.h>

#include "exec_thread.h"

struct XSerial {
    uintptr_t stack_top;    /* the highest address of the program's stack seen */
    uintptr_t sp;           /* atomic: the stack pointer at the last fork or join */
    uint64_t pairs;
    double start;
};

XSerial *xserial_new(char *why, size_t whylen)
{
    XSerial *x = calloc(1, sizeof *x);
    if (!x) {
        snprintf(why, whylen, "out of memory for the runtime");
        return NULL;
    }
    char here;
    x->stack_top = (uintptr_t)&here;
    x->start = xthread_now();
    return x;
}

void xserial_pair(void *xp, EvalBranch branch, void *arg)
{
    XSerial *x = xp;
    char here;
    __atomic_store_n(&x->sp, (uintptr_t)&here, __ATOMIC_RELAXED);
    x->pairs++;
    branch(arg, 0);
    branch(arg, 1);
    __atomic_store_n(&x->sp, (uintptr_t)&here, __ATOMIC_RELAXED);
}

uint64_t xserial_overhead(XSerial *x)
{
    uintptr_t sp = __atomic_load_n(&x->sp, __ATOMIC_RELAXED);
    return sp && sp < x->stack_top ? x->stack_top - sp : 0;
}

void xserial_free(XSerial *x, ExecStats *st)
{
    if (st) {
        st->wall = xthread_now() - x->start;
        st->busy[0] = st->wall;
        st->tasks = 2 * x->pairs;
        st->inline_tasks = x->pairs; /* each right branch, by the worker that forked it */
        st->threads = 0;
    }
    free(x);
}
