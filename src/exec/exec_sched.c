/*
 * exec_sched.c — the depth-first and breadth-first policies of paper §5.2
 * on a pool of P workers; work stealing is exec_ws.c.
 *
 * Both keep one global order of ready work (the 1DF list, the FIFO
 * queue), so their decisions are taken under one lock, at forks and joins
 * only (§5.2).  P workers run the tasks, the program's thread among them;
 * they are the only threads, whatever the program.  Each started task
 * runs on a stack of its own (exec_fiber.h, as MLton's threads, §5.3): a
 * task that reaches a join whose other branch has not returned switches
 * back to its worker's scheduler loop, which takes the next entry in the
 * policy's order; when the join's branches have both returned, any
 * worker may switch to the task's stack and go on.  So both policies
 * follow their order exactly, within the greedy rule: a worker with
 * ready work never idles.
 *
 * Ready work is of two kinds: a branch not yet started (a new stack from
 * the pool), and the continuation of a pair whose branches have both
 * returned and whose task has left its stack at the join (`cont`: a
 * switch to that stack).  A task at its join runs the next entry itself,
 * on its own stack, when that entry is one of the join's own branches
 * (`inline`): the join waits for it anyway.  Should no stack be had (an
 * address-space limit), a worker runs the branch on its scheduler's
 * stack, and a task there waits at its joins running other work above
 * them, as a ws worker does.
 *
 * Depth-first: one list in 1DF order.  Each worker has a placeholder in
 * the list where the task it runs stands (the "finger" of §5.2).  A fork
 * puts its right branch just after the placeholder and its continuation
 * after that (not ready until both branches return and the task has left
 * its stack): what the left branch forks goes between, after the
 * placeholder; what the right branch forks, after its taker's
 * placeholder, there too.  A worker takes the first ready entry and moves
 * its placeholder there.  So the list stays in the order a sequential
 * execution would reach its entries.
 * Breadth-first: one FIFO queue; a fork queues both branches at the back,
 * a pair whose branches have returned takes its place at the back of the
 * order then, a worker takes the first entry.
 */
#include "exec_sched.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bigstack.h"
#include "exec_fiber.h"
#include "exec_thread.h"

typedef struct Join Join;
typedef struct Proc Proc;

/* An entry of the df list or the bf queue: a branch (join, side), a
 * pair's continuation (cont: join, side -1), or a worker's placeholder
 * (holder_of).  prev/next link the list (NULL: not in it). */
typedef struct Work {
    struct Work *prev, *next;
    Join *join;
    int side;               /* 0, 1: a branch; -1: the continuation */
    int ready;              /* a continuation: both branches have returned and
                               its task has left its stack (any worker may resume it) */
    uint64_t seq;           /* bf: its place in the FIFO order */
    Proc *holder_of;        /* df: this entry is worker holder_of's placeholder */
} Work;

/* One pair being evaluated; lives on the forking task's stack. */
struct Join {
    XSched *x;
    EvalBranch branch;
    void *arg;
    int pending;            /* branches not yet returned */
    Fiber *parked;          /* the task's stack, left at the join (NULL: on it still) */
    Work left, right;       /* bf queues both, df the right one */
    Work cont;
};

/* A worker: a thread holding one of the P processors. */
struct Proc {
    uint32_t id;
    XThread t;              /* workers 1..P-1: the thread and its stack */
    Work holder;            /* df: its place in the list */
    Fiber native;           /* the thread's own stack: the scheduler loop of
                               workers 1..P-1, the program's evaluation on worker 0 */
    Diag diag;              /* worker 0: its native stack's branch errors (that
                               stack may run on any worker) */
    Fiber *sched;           /* where its scheduler loop runs: native, or for
                               worker 0 a stack of the pool */
    Fiber *cur;             /* the stack it runs */
    void *gc;               /* the collector's handle of its thread */
    Join *parking;          /* back on sched: the task on cur left its stack at this join, */
    int ending;             /* or ended, */
    int homing;             /* or is the program's, to end on worker 0 */
    double idle;            /* seconds asleep with nothing to run */
    XSched *x;
};

struct XSched {
    pthread_mutex_t mu;     /* guards everything below, and every Join */
    pthread_cond_t cv;      /* workers with nothing to run sleep on it */
    ExecPolicy pol;
    uint32_t P;
    Proc procs[EXEC_MAX_PROCS];
    Work list;              /* df list / bf queue: a circular list with this sentinel */
    uint64_t nready;        /* branches and ready continuations in it */
    uint64_t seq;           /* bf: entries queued so far */
    uint32_t sleepers;
    int stopping;
    Fiber *home;            /* the program's stack, for worker 0 to resume */
    FiberPool pool;         /* the tasks' stacks */
    double start;
    uint64_t tasks, inline_tasks, threads;
};

static __thread Proc *self;

/* The worker running the caller.  Out of line, and read anew after every
 * switch: a task's stack may resume on another thread, and a thread
 * pointer read before a switch must not be reused after it. */
__attribute__((noinline)) static Proc *proc_self(void)
{
    __asm__ volatile("" ::: "memory");
    return self;
}

static void stack_note(Proc *q)
{
    char here;
    Fiber *f = q->cur;
    f->used = f->top > (uintptr_t)&here ? f->top - (uintptr_t)&here : 0;
}

/* ---- the list (df, bf) ---- */

static void list_insert_after(Work *pos, Work *w)
{
    w->prev = pos;
    w->next = pos->next;
    pos->next->prev = w;
    pos->next = w;
}

static void list_remove(Work *w)
{
    w->prev->next = w->next;
    w->next->prev = w->prev;
    w->prev = w->next = NULL;
}

/* ---- the policies: add, look and take (§5.2, Fig. 9) ---- */

/* q's new branch w, in its policy's place: df after q's placeholder, bf
 * at the back.  (df puts the continuation there too, not ready.) */
static void ready_add(XSched *x, Proc *q, Work *w)
{
    if (x->pol == EXEC_BF) {
        w->seq = x->seq++;
        list_insert_after(x->list.prev, w);
    } else {
        list_insert_after(&q->holder, w);
    }
    if (w->side >= 0) x->nready++;
}

/* j's branches have both returned and its task has left its stack: any
 * worker may resume it, in its place (df: where the fork put it; bf: by
 * the seq it took when its branches had returned). */
static void cont_ready(XSched *x, Join *j)
{
    j->cont.ready = 1;
    x->nready++;
    if (x->pol == EXEC_BF) {
        Work *pos = x->list.prev;
        while (pos != &x->list && pos->seq > j->cont.seq) pos = pos->prev;
        list_insert_after(pos, &j->cont);
    }
    if (x->sleepers) pthread_cond_broadcast(&x->cv);
}

/* May the task waiting at `at` (NULL: a scheduler loop) run w: a branch,
 * a continuation ready to resume, or at's own once its branches have
 * returned? */
static int runnable(const Work *w, const Join *at)
{
    if (w->side >= 0) return !w->holder_of;
    return w->ready || (at && w == &at->cont && !at->pending);
}

/* The first entry in the policy's order that the caller (waiting at
 * `at`, or NULL) may run; NULL: none. */
static Work *ready_peek(XSched *x, Join *at)
{
    Work *w = x->list.next;
    if (x->pol == EXEC_DF) {
        while (w != &x->list && !runnable(w, at)) w = w->next;
    } else if (at && !at->pending && !at->cont.ready &&
               (w == &x->list || w->seq > at->cont.seq)) {
        return &at->cont;   /* bf: its turn came while its task is on its stack */
    }
    return w == &x->list ? NULL : w;
}

/* q takes w (from ready_peek): out of the order, q's placeholder (df)
 * moved to where it was. */
static void ready_take(XSched *x, Proc *q, Work *w)
{
    if (w->side >= 0 || w->ready) x->nready--;
    if (x->pol == EXEC_DF) {
        list_remove(&q->holder);
        list_insert_after(w, &q->holder);
    }
    if (w->prev) list_remove(w);
}

/* q has nothing it may run: it sleeps until something changes. */
static void idle_wait(XSched *x, Proc *q)
{
    double t0 = xthread_now();
    x->sleepers++;
    pthread_cond_wait(&x->cv, &x->mu);
    x->sleepers--;
    q->idle += xthread_now() - t0;
}

/* ---- running work ---- */

/* A branch of j has returned: with both, j's continuation is ready once
 * its task has left its stack (bf: its place in the order is now). */
static void branch_returned(XSched *x, Join *j)
{
    if (--j->pending > 0) return;
    if (x->pol == EXEC_BF) j->cont.seq = x->seq++;
    if (j->parked) cont_ready(x, j);
    else if (x->sleepers) pthread_cond_broadcast(&x->cv); /* its task may sleep at the join, on a scheduler's stack */
}

/* Branch w runs on the caller's stack, with the lock released meanwhile. */
static void run_here(XSched *x, Work *w)
{
    Join *j = w->join;
    x->tasks++;
    pthread_mutex_unlock(&x->mu);
    j->branch(j->arg, w->side);
    pthread_mutex_lock(&x->mu);
    branch_returned(x, j);
}

/* A started branch's stack: it runs the branch, then switches back to
 * its worker's scheduler for good. */
static void task_main(void *wp)
{
    Work *w = wp;
    Join *j = w->join;
    XSched *x = j->x;
    j->branch(j->arg, w->side);
    pthread_mutex_lock(&x->mu);
    branch_returned(x, j);
    Proc *q = proc_self();
    q->ending = 1;
    Fiber *f = q->cur;
    pthread_mutex_unlock(&x->mu);
    fiber_switch(f, q->sched, q->gc, 1);
}

/* Back on q's scheduler stack: what the task it switched to did. */
static void after_switch(XSched *x, Proc *q)
{
    Fiber *f = q->cur;
    q->cur = q->sched;
    if (q->ending) {
        q->ending = 0;
        fiber_give(&x->pool, f);
    } else if (q->homing) {
        q->homing = 0;
        x->home = f;
        pthread_cond_broadcast(&x->cv);
    } else if (q->parking) {
        Join *j = q->parking;
        q->parking = NULL;
        f->used = f->top - f->sp;
        j->parked = f;
        if (!j->pending) cont_ready(x, j);
    }
}

/* q, on its scheduler's stack, runs w (taken): a branch on a new stack
 * (on this one when none can be had), a continuation on its task's. */
static void run_entry(XSched *x, Proc *q, Work *w)
{
    Fiber *f;
    if (w->side < 0) {
        f = w->join->parked;
        w->join->parked = NULL;
    } else if ((f = fiber_take(&x->pool, task_main, w))) {
        x->tasks++;
    } else {
        run_here(x, w);
        return;
    }
    q->cur = f;
    pthread_mutex_unlock(&x->mu);
    fiber_switch(q->sched, f, q->gc, 0);
    pthread_mutex_lock(&x->mu);
    after_switch(x, q);
}

/* The task on q's stack leaves it (why: q's parking, ending or homing
 * set) and q's scheduler goes on; returns when a worker resumes it. */
static void leave_stack(XSched *x, Proc *q)
{
    Fiber *f = q->cur;
    pthread_mutex_unlock(&x->mu);
    fiber_switch(f, q->sched, q->gc, 0);
    pthread_mutex_lock(&x->mu);
}

/* The caller waits at j's join: it runs j's branches when their turn
 * comes, and leaves its stack when another entry comes first (on a
 * scheduler's stack, which it cannot leave, it runs that entry above the
 * join).  Returns when j's continuation is taken, on whichever worker. */
static void join_wait(XSched *x, Join *j)
{
    for (;;) {
        Proc *q = proc_self();
        Work *w = ready_peek(x, j);
        if (w == &j->cont) {
            ready_take(x, q, w);
            return;
        }
        if (w && w->join == j) {
            ready_take(x, q, w);
            x->inline_tasks++;
            run_here(x, w);
        } else if (q->cur == q->sched) {
            if (!w) idle_wait(x, q);
            else {
                ready_take(x, q, w);
                run_entry(x, q, w);
            }
        } else {
            q->parking = j;
            leave_stack(x, q);  /* the resumer took j->cont */
            return;
        }
    }
}

/* A scheduler loop: the next entry in the policy's order, until the
 * runtime stops; worker 0 resumes the program's stack at its end. */
static void sched_loop(XSched *x, Proc *q)
{
    while (!x->stopping) {
        if (x->home && q->id == 0) {
            Fiber *h = x->home;
            x->home = NULL;
            q->cur = h;
            pthread_mutex_unlock(&x->mu);
            fiber_switch(q->sched, h, q->gc, 0); /* never back: the runtime stops */
            pthread_mutex_lock(&x->mu);
            continue;
        }
        Work *w = ready_peek(x, NULL);
        if (w) {
            ready_take(x, q, w);
            run_entry(x, q, w);
        } else {
            idle_wait(x, q);
        }
    }
}

/* Worker 0's scheduler, on a stack of the pool (its thread's own holds the program). */
static void sched0_main(void *xp)
{
    XSched *x = xp;
    pthread_mutex_lock(&x->mu);
    after_switch(x, &x->procs[0]);  /* the program's task left its stack: its first switch here */
    sched_loop(x, &x->procs[0]);
    pthread_mutex_unlock(&x->mu);
    abort(); /* worker 0 leaves its loop only for the program's stack */
}

static void *worker_main(void *arg)
{
    Proc *q = arg;
    XSched *x = q->x;
    self = q;
    bigstack_adopt((uintptr_t)q->t.mem);
    fiber_adopt(&q->native, NULL);
    q->gc = fiber_gc_thread();
    pthread_mutex_lock(&x->mu);
    q->sched = q->cur = &q->native;
    sched_loop(x, q);
    pthread_mutex_unlock(&x->mu);
    fiber_drop(&q->native);
    return NULL;
}

/* ---- pairs ---- */

void xsched_pair(void *xp, EvalBranch branch, void *arg)
{
    XSched *x = xp;
    Join j;
    memset(&j, 0, sizeof j);
    j.x = x;
    j.branch = branch;
    j.arg = arg;
    j.pending = 2;
    j.left.join = j.right.join = j.cont.join = &j;
    j.right.side = 1;
    j.cont.side = -1;
    pthread_mutex_lock(&x->mu);
    Proc *q = proc_self();
    stack_note(q);
    if (x->pol == EXEC_BF) {    /* both branches to the back */
        ready_add(x, q, &j.left);
        ready_add(x, q, &j.right);
    } else {                    /* placeholder, right branch, continuation */
        ready_add(x, q, &j.cont);
        ready_add(x, q, &j.right);
    }
    if (x->sleepers) pthread_cond_broadcast(&x->cv);
    if (x->pol == EXEC_DF) {    /* the left branch, at once */
        x->tasks++;
        pthread_mutex_unlock(&x->mu);
        branch(arg, 0);
        pthread_mutex_lock(&x->mu);
        branch_returned(x, &j);
    }
    join_wait(x, &j);
    stack_note(proc_self());
    pthread_mutex_unlock(&x->mu);
}

/* ---- the scheduler ---- */

XSched *xsched_new(const ExecOptions *xo, char *why, size_t whylen)
{
    XSched *x = calloc(1, sizeof *x);
    if (!x) {
        snprintf(why, whylen, "out of memory for the runtime");
        return NULL;
    }
    pthread_mutex_init(&x->mu, NULL);
    pthread_cond_init(&x->cv, NULL);
    x->pol = xo->policy;
    x->P = xo->procs;
    x->list.next = x->list.prev = &x->list;
    x->start = xthread_now();
    /* a task's stack is as large as a worker's: a recursion that fits on
     * one processor fits in a branch on another */
    fiber_pool_init(&x->pool, xo->stack_bytes);
    for (uint32_t i = 0; i < x->P; i++) {
        Proc *q = &x->procs[i];
        q->id = i;
        q->x = x;
        q->holder.holder_of = q;
        if (x->pol == EXEC_DF) list_insert_after(x->list.prev, &q->holder);
    }
    Proc *q0 = &x->procs[0];
    fiber_adopt(&q0->native, &q0->diag);
    q0->cur = &q0->native;
    q0->gc = fiber_gc_thread();
    self = q0;
    if (!(q0->sched = fiber_take(&x->pool, sched0_main, x))) {
        snprintf(why, whylen, "out of memory: cannot reserve a stack of %zu MiB for the scheduler",
                 FIBER_MIN >> 20);
        xsched_free(x, NULL);
        return NULL;
    }
    if (xthread_start_workers(x->procs, sizeof *x->procs, offsetof(Proc, t), x->P, xo->stack_bytes, worker_main,
                              &x->threads, why, whylen)) {
        xsched_free(x, NULL);
        return NULL;
    }
    return x;
}

uint64_t xsched_overhead(XSched *x)
{
    pthread_mutex_lock(&x->mu);
    Proc *q = proc_self();
    if (q && q->x == x) stack_note(q);
    uint64_t b = x->nready * sizeof(Work) + x->procs[0].native.used;
    for (uint32_t i = 0; i < x->pool.nall; i++) {
        const Fiber *f = x->pool.all[i];
        if (f->inuse && f != x->procs[0].sched) b += f->used;
    }
    pthread_mutex_unlock(&x->mu);
    return b;
}

void xsched_free(XSched *x, ExecStats *st)
{
    double end = xthread_now();
    pthread_mutex_lock(&x->mu);
    Proc *q = proc_self();
    if (q != &x->procs[0]) {    /* the program ends on its own thread */
        q->homing = 1;
        leave_stack(x, q);
    }
    x->stopping = 1;
    pthread_cond_broadcast(&x->cv);
    pthread_mutex_unlock(&x->mu);
    xthread_join_workers(x->procs, sizeof *x->procs, offsetof(Proc, t), x->threads);
    if (st) {
        st->wall = end - x->start;
        for (uint32_t i = 0; i < x->P; i++) st->busy[i] = st->wall - x->procs[i].idle;
        st->tasks = x->tasks;
        st->inline_tasks = x->inline_tasks;
        st->threads = x->threads;
        st->stacks = x->pool.most - (x->procs[0].sched != NULL);
    }
    Fiber *root = &x->procs[0].native;
    bigstack_enter(NULL);
    fiber_drop(root);
    fiber_pool_destroy(&x->pool);
    self = NULL;
    pthread_cond_destroy(&x->cv);
    pthread_mutex_destroy(&x->mu);
    free(x);
}
