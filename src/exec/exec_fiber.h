/*
 * exec_fiber.h — a stack per started task, switched to in user space (as
 * MLton's threads are, paper §5.3), for the df and bf runtime
 * (exec_sched.c).
 *
 * A task that waits at a join whose other branch has not returned leaves
 * its stack where it is and its worker switches to another: so a
 * suspended task holds neither a thread nor the top of a worker's stack,
 * and any worker may resume it.  A switch tells the collector (the
 * running stack's bounds; the suspended stacks as roots, each from its
 * saved stack pointer up, never the dead part below), the sanitizers
 * (their fiber interfaces, in their builds only) and the evaluator (the
 * stack's own state: bigstack_enter, eval_set_stack_running), so all of
 * them follow the stack, not the thread.
 *
 * Stacks come from a pool: each is reserved (MAP_NORESERVE, so only the
 * pages touched cost memory), the first ones as large as a worker's, the
 * later ones carved FIBER_SLAB at a time out of one mapping, and reused
 * when its task ends; a stack that went deep gives its deep pages back
 * (MADV_DONTNEED) when it returns to the pool.  The records of a
 * mapping's stacks are one array, so that the collector's walk over them
 * is not one far page per stack.
 */
#ifndef PML_EXEC_FIBER_H
#define PML_EXEC_FIBER_H

#include <stddef.h>
#include <stdint.h>
#include "bigstack.h"

typedef enum FiberState { FIBER_FREE, FIBER_RUNNING, FIBER_SUSPENDED } FiberState;

typedef struct Fiber Fiber;
struct Fiber {
    uintptr_t sp;           /* its saved stack pointer while switched out: the
                               callee-saved registers lie just above it */
    uintptr_t top, low;     /* its stack [low, top) */
    FiberState state;       /* SUSPENDED: [sp, top) is one of the collector's roots */
    Fiber *root_next, *root_prev; /* the fibers the collector looks at */
    void *mem;              /* the mapping it is the first stack of, bytes long,
                               this record the first of its array (NULL: a later
                               one, or a thread's own stack) */
    size_t bytes;
    void *running;          /* the evaluation on it when it was switched out */
    void (*fn)(void *);     /* what it runs when first switched to */
    void *arg;
    uint64_t used;          /* bytes in use, as its runtime last noted */
    int inuse;              /* taken from its pool and not given back */
    Fiber *free_next;       /* in its pool's free list */
    void *asan_fake;        /* AddressSanitizer's fake stack while switched out */
    void *tsan;             /* ThreadSanitizer's fiber */
    BigStack bs;            /* the evaluator's state that is the stack's */
};

typedef struct FiberPool {
    size_t bytes;           /* the reserve of the first FIBER_FULL stacks */
    size_t fits;            /* the largest reserve known to map */
    size_t budget;          /* the most all its stacks may reserve: a quarter of the
                               address-space limit (ulimit -v), at most 32 TiB */
    size_t reserved;        /* what they reserve */
    Fiber **all;            /* every stack carved, nall of them, in order */
    uint32_t nall, capall;
    Fiber *free;            /* those whose task has ended */
    uint32_t most;          /* the most in use at once */
    uint32_t inuse;
    int full;               /* no more could be mapped: only those given back are reused */
    Fiber *slab;            /* the newest mapping's next record, slab_left of them */
    uint32_t slab_left;
    uintptr_t slab_next;    /* and its stack's slot, slab_stride bytes */
    size_t slab_stride;
} FiberPool;

/* The smallest stack mapped when a larger one cannot be (an address-space
 * limit, the kernel's count of mappings). */
#define FIBER_MIN ((size_t)1 << 20)
/* The first stacks of a pool (at most 16, and at most half its budget)
 * are reserved `bytes` each, the later ones 1/32 of it, so that
 * thousands of suspended tasks (bf) do not take the address space the
 * heap needs: 16 of 8 GiB and 16,000 of 256 MiB are 4 TiB of the 128 TiB
 * a process has. */
#define FIBER_FULL 16
/* The later stacks are carved this many at a time out of one mapping
 * (one mmap, one guard page below the lowest, one of the kernel's
 * mappings), not mapped one by one: a stack's own system calls cost more
 * than a run of bf that holds thousands of them (docs/exec.md, "Task
 * stacks"). */
#define FIBER_SLAB 64

/* A pool whose stacks are reserved `bytes` each (FIBER_FULL of them; the
 * rest 1/32 as large), a quarter as much, and so on down to FIBER_MIN,
 * when that cannot be mapped. */
void fiber_pool_init(FiberPool *p, size_t bytes);
/* Unmaps every stack of p; none may be running or suspended. */
void fiber_pool_destroy(FiberPool *p);
/* A stack that runs fn(arg) when first switched to (fn must never
 * return: it ends with fiber_switch(..., 1)); NULL when none can be
 * mapped. */
Fiber *fiber_take(FiberPool *p, void (*fn)(void *), void *arg);
/* f, whose task has switched away for good, goes back to p. */
void fiber_give(FiberPool *p, Fiber *f);

/* f describes the calling thread's own stack, running (a bigstack.h
 * thread's): from the collector's idea of its bottom down to its end;
 * a branch started on it writes its error in d (NULL: the thread's, for
 * a stack that never runs on another thread). */
void fiber_adopt(Fiber *f, Diag *d);
/* f (adopted) is not looked at any more. */
void fiber_drop(Fiber *f);
/* The collector's handle of the calling thread (for fiber_switch). */
void *fiber_gc_thread(void);

/* Switches the calling thread, running `from` (gc_thread: its collector
 * handle), to `to` (suspended, or new from fiber_take).  Returns when
 * some thread switches back to `from`; ends: `from`'s task is over and
 * nothing will switch back. */
void fiber_switch(Fiber *from, Fiber *to, void *gc_thread, int ends);

#endif
