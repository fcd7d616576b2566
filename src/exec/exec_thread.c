/* exec_thread.c — see exec_thread.h. */
#include "exec_thread.h"

#include <errno.h>
#include <gc.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

double xthread_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

int xthread_start(XThread *t, size_t bytes, void *(*fn)(void *), void *arg, char *why, size_t whylen)
{
    if (bytes < XTHREAD_STACK_MIN) bytes = XTHREAD_STACK_MIN;
    for (t->bytes = bytes; t->bytes >= XTHREAD_STACK_MIN; t->bytes /= 4) {
        t->mem = mmap(NULL, t->bytes, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
        if (t->mem != MAP_FAILED) break;
    }
    if (t->bytes < XTHREAD_STACK_MIN) {
        snprintf(why, whylen, "cannot reserve a stack of %zu MiB for a worker (%s)", XTHREAD_STACK_MIN >> 20,
                 strerror(errno));
        return -1;
    }
    pthread_attr_t attr;
    int rc = pthread_attr_init(&attr);
    if (!rc) {
        rc = pthread_attr_setstack(&attr, t->mem, t->bytes);
        if (!rc) rc = GC_pthread_create(&t->th, &attr, fn, arg);
        pthread_attr_destroy(&attr);
    }
    if (rc) {
        snprintf(why, whylen, "cannot create a worker thread (%s)", strerror(rc));
        munmap(t->mem, t->bytes);
        return -1;
    }
    return 0;
}

void xthread_join(XThread *t)
{
    GC_pthread_join(t->th, NULL);
    munmap(t->mem, t->bytes);
}

int xthread_start_workers(void *workers, size_t size, size_t at, uint32_t P, size_t bytes, void *(*fn)(void *),
                          uint64_t *started, char *why, size_t whylen)
{
    for (uint32_t i = 1; i < P; i++) {
        char *w = (char *)workers + i * size, e[150];
        if (xthread_start((XThread *)(w + at), bytes, fn, w, e, sizeof e)) {
            snprintf(why, whylen, "out of memory: %s, with %llu worker threads made", e,
                     (unsigned long long)*started);
            return -1;
        }
        ++*started;
    }
    return 0;
}

void xthread_join_workers(void *workers, size_t size, size_t at, uint64_t n)
{
    for (uint64_t i = 1; i <= n; i++) xthread_join((XThread *)((char *)workers + i * size + at));
}
