/*
 * exec_thread.h — the runtime's threads: each on a stack it reserves as
 * large as the main evaluation stack, registered with the collector
 * (which scans the used part of the stack).  Used by the schedulers.
 */
#ifndef PML_EXEC_THREAD_H
#define PML_EXEC_THREAD_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

/* A stack no smaller than this is tried before a thread is given up. */
#define XTHREAD_STACK_MIN ((size_t)16 << 20)

typedef struct XThread {
    pthread_t th;
    void *mem;          /* its stack, bytes long */
    size_t bytes;
} XThread;

/* Starts fn(arg) on a new thread t whose stack is `bytes` reserved (not
 * committed), a quarter as much until one can be mapped (under an
 * address-space limit), down to XTHREAD_STACK_MIN.  fn should call
 * bigstack_adopt((uintptr_t)t->mem) first.  0, or -1 with why (a
 * sentence naming the cause) filled. */
int xthread_start(XThread *t, size_t bytes, void *(*fn)(void *), void *arg, char *why, size_t whylen);
/* Waits for t's end and frees its stack. */
void xthread_join(XThread *t);

/* A runtime's workers 1..P-1, each an element of the array `workers`
 * (`size` bytes each, its XThread `at` bytes in): starts fn(worker) on
 * each, *started counting them, with a stack of `bytes`.  0, or -1 with
 * why filled (the workers started so far still run). */
int xthread_start_workers(void *workers, size_t size, size_t at, uint32_t P, size_t bytes, void *(*fn)(void *),
                          uint64_t *started, char *why, size_t whylen);
/* Waits for workers 1..n of that array to end (xthread_join). */
void xthread_join_workers(void *workers, size_t size, size_t at, uint64_t n);
/* The monotonic clock, in seconds: the runtimes' wall and idle times. */
double xthread_now(void);
/* The highest address of t's stack. */
static inline uintptr_t xthread_top(const XThread *t) { return (uintptr_t)t->mem + t->bytes; }

#endif
