/*
 * exec_ws.c — the work-stealing runtime (paper §5.2, ws).
 *
 * P workers, each with a Chase–Lev deque (Chase and Lev, SPAA 2005, in
 * the C11 form of Lê, Pop, Cohen and Zappa Nardelli, PPoPP 2013): the
 * owner pushes and pops at the bottom with no lock and no atomic
 * read-modify-write unless the deque holds one entry; thieves take the
 * top with one compare-and-swap.
 *
 * Work first: a fork pushes its right branch at the bottom of its
 * worker's deque and runs the left branch at once.  At the join the
 * worker pops the bottom, which is the right branch unless a thief took
 * it (everything pushed after it was popped by the joins nested inside
 * the left branch), and runs it there: `inline`.  A worker whose right
 * branch was stolen helps: it steals and runs other work on its own
 * stack, above the join's frame, until the thief has finished the
 * branch.  So a task suspended at a join holds no thread, and the P
 * workers are the only threads; a helped task that runs long delays the
 * join below it, never the program's progress (every worker is busy).
 *
 * A worker that finds nothing to steal yields a few times, then sleeps
 * on one condition variable.  A push (or a finished stolen branch) wakes
 * the sleepers only when there are some: the count is read after the
 * push, and a sleeper rechecks the deques after counting itself, both
 * sequentially consistent, so no wake-up is lost and the fast path takes
 * no lock.
 */
#include "exec_ws.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bigstack.h"
#include "exec_thread.h"

#define SPINS 64            /* failed steal rounds before a worker sleeps */

/* POSIX's, from <sched.h>, which the include path's src/sched hides */
int sched_yield(void);

/* A right branch offered to thieves; lives on the forking worker's stack. */
typedef struct WsTask {
    EvalBranch branch;
    void *arg;
    int done;               /* atomic: a thief has run it */
} WsTask;

/* A deque's ring: slot i % size; replaced by one twice as large when
 * full, the old one kept until the end (a thief may still read it). */
typedef struct WsRing {
    int64_t size;
    struct WsRing *older;
    WsTask *slot[];         /* atomic */
} WsRing;

typedef struct WsWorker {
    int64_t top;            /* atomic: thieves take slot top (and move it on) */
    char pad1[56];
    int64_t bottom;         /* atomic: the owner pushes at bottom */
    WsRing *ring;           /* atomic: replaced by the owner only */
    struct XWs *x;
    uint32_t id;
    XThread t;              /* workers 1..P-1: their thread and stack */
    uintptr_t stack_top;    /* the highest address of its stack */
    uintptr_t sp;           /* atomic: its stack pointer at its last fork */
    uint64_t rng;
    uint64_t tasks, inline_tasks, steals;  /* its own counts */
    double idle;            /* seconds spent finding no work */
} __attribute__((aligned(64))) WsWorker;   /* a cache line of its own: sizeof a multiple of 64 */

struct XWs {
    uint32_t P;
    WsWorker *w;            /* P of them, w[0] the program's thread */
    uint32_t sleepers;      /* atomic: workers asleep (or about to be) */
    int stopping;           /* atomic */
    pthread_mutex_t mu;     /* guards gen, with cv */
    pthread_cond_t cv;
    uint64_t gen;           /* wake-ups so far */
    uint64_t threads;
    double start;
};

static __thread WsWorker *ws_self;

/* ---- the deque (Lê et al., Fig. 1, with sequentially consistent
 * accesses to top and bottom in place of the fences) ---- */

static WsRing *ring_new(int64_t size)
{
    WsRing *r = calloc(1, sizeof *r + (size_t)size * sizeof r->slot[0]);
    if (r) r->size = size;
    return r;
}

/* The owner's push: 0, or -1 when the ring cannot grow (no memory). */
static int dq_push(WsWorker *q, WsTask *t)
{
    int64_t b = __atomic_load_n(&q->bottom, __ATOMIC_RELAXED);
    int64_t top = __atomic_load_n(&q->top, __ATOMIC_ACQUIRE);
    WsRing *r = __atomic_load_n(&q->ring, __ATOMIC_RELAXED);
    if (b - top > r->size - 1) {
        WsRing *g = ring_new(2 * r->size);
        if (!g) return -1;
        for (int64_t i = top; i < b; i++)
            __atomic_store_n(&g->slot[i % g->size], __atomic_load_n(&r->slot[i % r->size], __ATOMIC_RELAXED),
                             __ATOMIC_RELAXED);
        g->older = r;
        __atomic_store_n(&q->ring, g, __ATOMIC_RELEASE);
        r = g;
    }
    __atomic_store_n(&r->slot[b % r->size], t, __ATOMIC_RELAXED);
    __atomic_store_n(&q->bottom, b + 1, __ATOMIC_SEQ_CST);
    return 0;
}

/* The owner's pop at the bottom: NULL when empty (or a thief won the last). */
static WsTask *dq_take(WsWorker *q)
{
    int64_t b = __atomic_load_n(&q->bottom, __ATOMIC_RELAXED) - 1;
    WsRing *r = __atomic_load_n(&q->ring, __ATOMIC_RELAXED);
    __atomic_store_n(&q->bottom, b, __ATOMIC_SEQ_CST);
    int64_t top = __atomic_load_n(&q->top, __ATOMIC_SEQ_CST);
    if (top > b) {
        __atomic_store_n(&q->bottom, b + 1, __ATOMIC_RELAXED);
        return NULL;
    }
    WsTask *t = __atomic_load_n(&r->slot[b % r->size], __ATOMIC_RELAXED);
    if (top == b) {             /* the last one: race the thieves for it */
        if (!__atomic_compare_exchange_n(&q->top, &top, top + 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
            t = NULL;
        __atomic_store_n(&q->bottom, b + 1, __ATOMIC_RELAXED);
    }
    return t;
}

/* A thief's take at the top: NULL when empty or lost to another. */
static WsTask *dq_steal(WsWorker *q)
{
    int64_t top = __atomic_load_n(&q->top, __ATOMIC_SEQ_CST);
    int64_t b = __atomic_load_n(&q->bottom, __ATOMIC_SEQ_CST);
    if (top >= b) return NULL;
    WsRing *r = __atomic_load_n(&q->ring, __ATOMIC_ACQUIRE);
    WsTask *t = __atomic_load_n(&r->slot[top % r->size], __ATOMIC_RELAXED);
    if (!__atomic_compare_exchange_n(&q->top, &top, top + 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
        return NULL;
    return t;
}

static int dq_nonempty(WsWorker *q)
{
    return __atomic_load_n(&q->top, __ATOMIC_SEQ_CST) < __atomic_load_n(&q->bottom, __ATOMIC_SEQ_CST);
}

/* ---- idle workers: steal, yield, sleep ---- */

/* One round over the other workers, from a random one. */
static WsTask *steal_any(WsWorker *me)
{
    XWs *x = me->x;
    me->rng = me->rng * 6364136223846793005ull + 1442695040888963407ull;
    uint32_t start = (uint32_t)(me->rng >> 33) % x->P;
    for (uint32_t k = 0; k < x->P; k++) {
        WsWorker *v = &x->w[(start + k) % x->P];
        WsTask *t;
        if (v != me && (t = dq_steal(v))) {
            me->steals++;
            return t;
        }
    }
    return NULL;
}

/* Wakes the sleepers, if any (after new work, a stolen branch's end, or
 * the stop). */
static void ws_wake(XWs *x)
{
    if (!__atomic_load_n(&x->sleepers, __ATOMIC_SEQ_CST)) return;
    pthread_mutex_lock(&x->mu);
    x->gen++;
    pthread_cond_broadcast(&x->cv);
    pthread_mutex_unlock(&x->mu);
}

/* Is what me waits for there: *until set (a join's stolen branch done),
 * or, with until NULL, the stop? */
static int ws_over(XWs *x, const int *until)
{
    return __atomic_load_n(until ? until : &x->stopping, __ATOMIC_SEQ_CST);
}

static void ws_sleep(XWs *x, const int *until)
{
    pthread_mutex_lock(&x->mu);
    uint64_t g = x->gen;
    pthread_mutex_unlock(&x->mu);
    __atomic_add_fetch(&x->sleepers, 1, __ATOMIC_SEQ_CST);
    int work = ws_over(x, until);
    for (uint32_t i = 0; i < x->P && !work; i++) work = dq_nonempty(&x->w[i]);
    if (!work) {
        pthread_mutex_lock(&x->mu);
        while (x->gen == g) pthread_cond_wait(&x->cv, &x->mu);
        pthread_mutex_unlock(&x->mu);
    }
    __atomic_sub_fetch(&x->sleepers, 1, __ATOMIC_SEQ_CST);
}

/* me runs stolen work until `until` (see ws_over). */
static void ws_help(WsWorker *me, const int *until)
{
    XWs *x = me->x;
    double t0 = xthread_now();
    unsigned fails = 0;
    while (!ws_over(x, until)) {
        WsTask *t = steal_any(me);
        if (!t) {
            if (++fails < SPINS) sched_yield();
            else ws_sleep(x, until), fails = 0;
            continue;
        }
        double t1 = xthread_now();
        me->idle += t1 - t0;
        t->branch(t->arg, 1);
        __atomic_store_n(&t->done, 1, __ATOMIC_SEQ_CST);
        ws_wake(x);             /* its owner may sleep at the join */
        t0 = xthread_now();
        fails = 0;
    }
    me->idle += xthread_now() - t0;
}

static void *worker_main(void *arg)
{
    WsWorker *me = arg;
    bigstack_adopt((uintptr_t)me->t.mem);
    me->stack_top = xthread_top(&me->t);
    ws_self = me;
    ws_help(me, NULL);
    return NULL;
}

/* ---- pairs ---- */

void xws_pair(void *xp, EvalBranch branch, void *arg)
{
    XWs *x = xp;
    WsWorker *me = ws_self;
    WsTask t = {branch, arg, 0};
    __atomic_store_n(&me->sp, (uintptr_t)&t, __ATOMIC_RELAXED);
    me->tasks += 2;
    if (dq_push(me, &t)) {      /* no room to offer it: both here, in order */
        branch(arg, 0);
        me->inline_tasks++;
        branch(arg, 1);
        return;
    }
    ws_wake(x);
    branch(arg, 0);
    if (dq_take(me) == &t) {
        me->inline_tasks++;
        branch(arg, 1);
    } else {
        ws_help(me, &t.done);   /* stolen: help until the thief is done */
    }
}

/* ---- the runtime ---- */

XWs *xws_new(const ExecOptions *xo, char *why, size_t whylen)
{
    XWs *x = calloc(1, sizeof *x);
    WsWorker *w = x ? aligned_alloc(64, xo->procs * sizeof *w) : NULL;
    if (!w) {
        free(x);
        snprintf(why, whylen, "out of memory for the runtime");
        return NULL;
    }
    memset(w, 0, xo->procs * sizeof *w);
    x->w = w;
    x->P = xo->procs;
    pthread_mutex_init(&x->mu, NULL);
    pthread_cond_init(&x->cv, NULL);
    x->start = xthread_now();
    char here;
    w[0].stack_top = (uintptr_t)&here;
    for (uint32_t i = 0; i < x->P; i++) {
        w[i].x = x;
        w[i].id = i;
        w[i].rng = (xo->seed + i) * 2 + 1;
        w[i].ring = ring_new(64);
        if (!w[i].ring) {
            snprintf(why, whylen, "out of memory for the runtime");
            xws_free(x, NULL);
            return NULL;
        }
    }
    ws_self = &w[0];
    if (xthread_start_workers(w, sizeof *w, offsetof(WsWorker, t), x->P, xo->stack_bytes, worker_main, &x->threads,
                              why, whylen)) {
        xws_free(x, NULL);
        return NULL;
    }
    return x;
}

uint64_t xws_overhead(XWs *x)
{
    char here;
    uint64_t b = 0;
    for (uint32_t i = 0; i < x->P; i++) {
        WsWorker *w = &x->w[i];
        uintptr_t sp = w == ws_self ? (uintptr_t)&here : __atomic_load_n(&w->sp, __ATOMIC_RELAXED);
        if (sp && sp < w->stack_top) b += w->stack_top - sp;
        b += (uint64_t)__atomic_load_n(&w->ring, __ATOMIC_ACQUIRE)->size * sizeof(WsTask *);
    }
    return b;
}

void xws_free(XWs *x, ExecStats *st)
{
    double end = xthread_now();
    __atomic_store_n(&x->stopping, 1, __ATOMIC_SEQ_CST);
    pthread_mutex_lock(&x->mu);
    x->gen++;
    pthread_cond_broadcast(&x->cv);
    pthread_mutex_unlock(&x->mu);
    xthread_join_workers(x->w, sizeof *x->w, offsetof(WsWorker, t), x->threads);
    if (st) {
        st->wall = end - x->start;
        for (uint32_t i = 0; i < x->P; i++) {
            WsWorker *w = &x->w[i];
            st->busy[i] = st->wall - w->idle;
            st->tasks += w->tasks;
            st->inline_tasks += w->inline_tasks;
            st->steals += w->steals;
        }
        st->threads = x->threads;
    }
    for (uint32_t i = 0; i < x->P; i++)
        for (WsRing *r = x->w[i].ring, *o; r; r = o) {
            o = r->older;
            free(r);
        }
    ws_self = NULL;
    pthread_cond_destroy(&x->cv);
    pthread_mutex_destroy(&x->mu);
    free(x->w);
    free(x);
}
