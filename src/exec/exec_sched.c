/*
 * exec_sched.c — processors, tasks on threads, and the depth-first and
 * breadth-first policies (paper §5.2); work stealing is exec_ws.c.
 *
 * Depth-first: one list of ready work in 1DF order.  Each processor has a
 * placeholder in the list at the place of the task it runs (the "finger"
 * of §5.2): a fork inserts its right branch just after the placeholder, a
 * join that becomes ready again is inserted after the placeholder of the
 * processor that finished the join's last branch, and a processor takes
 * the first ready entry and moves its placeholder there.  So the list
 * stays in the order a sequential execution would reach its entries.
 * Breadth-first: one FIFO queue; a fork suspends the task and queues both
 * branches at the back, a ready join goes to the back.  Both orders are
 * global (one list for every processor), so both are kept under one lock.
 *
 * A thread that reaches a join whose right branch has not started takes
 * the next work its policy gives it: when that is the right branch, it
 * runs it itself, on its own stack, with no thread switch (in df always,
 * in bf when the branch is at the head of the queue).
 *
 * Threads are bounded (ExecOptions.max_threads): a branch that would
 * need one more, or whose thread or stack cannot be made, is not started
 * but refused — it fails at once with the reason, on the thread that took
 * it, and counts as returned, so the run ends with that error instead of
 * aborting (docs/exec.md, "Limits and failures").
 */
#include "exec_sched.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bigstack.h"
#include "exec_thread.h"

typedef struct Worker Worker;
typedef struct Join Join;
typedef struct Proc Proc;

/* Ready work: a branch not yet started (join, side), or a suspended
 * thread to resume (resume).  prev/next link the df list or the bf queue. */
typedef struct Work {
    struct Work *prev, *next;
    Join *join;
    int side;
    Worker *resume;
    Proc *holder_of;        /* df: this entry is processor holder_of's placeholder */
    int queued;
} Work;

/* One pair being evaluated; lives on the forking thread's stack. */
struct Join {
    EvalBranch branch;
    void *arg;
    int pending;            /* branches not yet returned */
    Worker *waiter;         /* the forking thread, waiting at the join */
    Work right;             /* branch 1, not yet started */
    Work left;              /* bf: the forking thread, to run branch 0 */
    Work cont;              /* the waiter, ready again */
};

struct Worker {
    XThread t;              /* pool threads: the thread and its stack (as large as the
                               main evaluation stack, so a branch recurses as deep) */
    pthread_cond_t cv;
    Proc *proc;             /* the processor it holds; NULL while it waits */
    Work *job;              /* a pool thread's branch to start */
    Worker *next_idle, *next_all;
    uintptr_t stack_top;    /* the highest address of its stack */
    uint64_t stack_used;    /* bytes in use when it last stopped */
    int waiting;            /* suspended in a task (not idle in the pool) */
    XSched *x;
};

struct Proc {
    uint32_t id;
    Work holder;            /* df: its place in the list */
    int idle;
    double idle_since, idle_total;
};

struct XSched {
    pthread_mutex_t mu;
    ExecPolicy pol;
    uint32_t P;
    Proc procs[EXEC_MAX_PROCS];
    Work list;              /* df list / bf queue: a circular list with this sentinel */
    uint64_t nready, rng;
    Worker *idle_workers, *all;
    Worker main;
    int stopping;
    uint32_t max_threads;   /* ExecOptions.max_threads */
    size_t stack_bytes;     /* ExecOptions.stack_bytes */
    char why[200];          /* why the last thread could not be had */
    double start;
    uint64_t tasks, inline_tasks, threads;
};

static __thread Worker *self;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static void stack_note(Worker *w)
{
    char here;
    w->stack_used = w->stack_top > (uintptr_t)&here ? w->stack_top - (uintptr_t)&here : 0;
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

/* ---- the policies: add and get (§5.2, Fig. 9) ---- */

/* q's new work w, in its policy's place. */
static void ready_add(XSched *x, Proc *q, Work *w)
{
    if (x->pol == EXEC_DF) list_insert_after(&q->holder, w);
    else list_insert_after(x->list.prev, w);
    w->queued = 1;
    x->nready++;
}

/* The next work for q, taken out of the ready structure; NULL: none. */
static Work *ready_get(XSched *x, Proc *q)
{
    if (!x->nready) return NULL;
    Work *w;
    if (x->pol == EXEC_DF) {
        for (w = x->list.next; w != &x->list && w->holder_of; w = w->next) {}
        if (w == &x->list) return NULL;
        /* the placeholder moves to where w was */
        list_remove(&q->holder);
        list_insert_after(w, &q->holder);
        list_remove(w);
    } else {
        w = x->list.next;
        list_remove(w);
    }
    w->queued = 0;
    x->nready--;
    return w;
}

/* ---- threads ---- */

static void proc_idle(Proc *q)
{
    if (q->idle) return;
    q->idle = 1;
    q->idle_since = now();
}

static void *pool_main(void *arg);

/* A thread for a task: an idle one from the pool, or a new one.  NULL
 * when there is none to have (the limit, or no memory): x->why says why. */
static Worker *pool_take(XSched *x)
{
    Worker *w = x->idle_workers;
    if (w) {
        x->idle_workers = w->next_idle;
        return w;
    }
    if (x->threads >= x->max_threads) {
        snprintf(x->why, sizeof x->why, "more than %u suspended tasks, each holding a thread of its own "
                 "(%s scheduling); raise the limit with --max-threads N", x->max_threads,
                 exec_policy_name(x->pol));
        return NULL;
    }
    w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(x->why, sizeof x->why, "out of memory: no memory for a task's thread");
        return NULL;
    }
    pthread_cond_init(&w->cv, NULL);
    w->x = x;
    char why[150];
    if (xthread_start(&w->t, x->stack_bytes, pool_main, w, why, sizeof why)) {
        snprintf(x->why, sizeof x->why, "out of memory: %s, with %llu task threads made", why,
                 (unsigned long long)x->threads);
        pthread_cond_destroy(&w->cv);
        free(w);
        return NULL;
    }
    w->next_all = x->all;
    x->all = w;
    x->threads++;
    return w;
}

/* Both branches of j have returned, the last on processor q: the task
 * waiting at the join is ready work again (q is free). */
static void join_ready(XSched *x, Proc *q, Join *j)
{
    j->cont.resume = j->waiter;
    ready_add(x, q, &j->cont);
}

/* w, a branch not yet started, can have no thread: it fails at once, on
 * this thread, with x->why; then it has returned (q is still free). */
static int refuse(XSched *x, Proc *q, Work *w)
{
    Join *j = w->join;
    j->branch(j->arg, w->side, x->why);
    if (--j->pending == 0) join_ready(x, q, j);
    return 0;
}

/* Processor q goes to work w: 1, or 0 when w, a branch not yet started,
 * found no thread and failed at once (refuse) and q is still free. */
static int grant(XSched *x, Proc *q, Work *w)
{
    if (q->idle) {
        q->idle = 0;
        q->idle_total += now() - q->idle_since;
    }
    Worker *t = w->resume;
    if (!t) {
        t = pool_take(x);
        if (!t) return refuse(x, q, w);
        t->job = w;
        x->tasks++;
    }
    t->proc = q;
    pthread_cond_signal(&t->cv);
    return 1;
}

/* Processor q is free: it takes its next work, or goes idle. */
static void dispatch(XSched *x, Proc *q)
{
    Work *w;
    while ((w = ready_get(x, q)))
        if (grant(x, q, w)) return;
    proc_idle(q);
}

/* New ready work: idle processors take it (greedy, §5.2). */
static void wake_idle(XSched *x)
{
    for (uint32_t i = 0; i < x->P && x->nready; i++)
        if (x->procs[i].idle) dispatch(x, &x->procs[i]);
}

static void wait_for_proc(XSched *x, Worker *t)
{
    stack_note(t);
    t->waiting = 1;
    while (!t->proc) pthread_cond_wait(&t->cv, &x->mu);
    t->waiting = 0;
}

/* The right branch of j has returned on thread t. */
static void right_done(XSched *x, Worker *t, Join *j)
{
    Proc *r = t->proc;
    t->proc = NULL;
    if (--j->pending == 0) join_ready(x, r, j);
    dispatch(x, r);
    wake_idle(x);
}

static void *pool_main(void *arg)
{
    Worker *t = arg;
    XSched *x = t->x;
    self = t;
    bigstack_adopt((uintptr_t)t->t.mem);
    t->stack_top = xthread_top(&t->t);
    pthread_mutex_lock(&x->mu);
    for (;;) {
        while (!t->job && !x->stopping) pthread_cond_wait(&t->cv, &x->mu);
        if (!t->job) break;
        Work *w = t->job;
        t->job = NULL;
        pthread_mutex_unlock(&x->mu);
        w->join->branch(w->join->arg, w->side, NULL);
        pthread_mutex_lock(&x->mu);
        right_done(x, t, w->join);
        t->next_idle = x->idle_workers;
        x->idle_workers = t;
    }
    pthread_mutex_unlock(&x->mu);
    return NULL;
}

/* ---- pairs ---- */

void xsched_pair(void *xp, EvalBranch branch, void *arg)
{
    XSched *x = xp;
    Worker *me = self;
    Join j;
    memset(&j, 0, sizeof j);
    j.branch = branch;
    j.arg = arg;
    j.pending = 2;
    j.right.join = &j;
    j.right.side = 1;
    pthread_mutex_lock(&x->mu);
    x->tasks++;                 /* the left branch, run by this thread */
    Proc *q = me->proc;
    if (x->pol == EXEC_BF) {    /* both branches to the back; take the head */
        j.left.resume = me;
        ready_add(x, q, &j.left);
        ready_add(x, q, &j.right);
        me->proc = NULL;
        dispatch(x, q);
        wake_idle(x);
        wait_for_proc(x, me);
    } else {
        ready_add(x, q, &j.right);
        wake_idle(x);
    }
    pthread_mutex_unlock(&x->mu);

    branch(arg, 0, NULL);

    pthread_mutex_lock(&x->mu);
    if (--j.pending > 0) {
        q = me->proc;
        Work *w = j.right.queued ? ready_get(x, q) : NULL;
        if (w == &j.right) { /* its next work is the right branch: run it here */
            x->tasks++;
            x->inline_tasks++;
            pthread_mutex_unlock(&x->mu);
            branch(arg, 1, NULL);
            pthread_mutex_lock(&x->mu);
            j.pending--;
        } else {
            j.waiter = me;
            me->proc = NULL;
            if (!w || !grant(x, q, w)) dispatch(x, q);
            wait_for_proc(x, me);
        }
    }
    pthread_mutex_unlock(&x->mu);
}

/* ---- the scheduler ---- */

XSched *xsched_new(const ExecOptions *xo)
{
    XSched *x = calloc(1, sizeof *x);
    if (!x) return NULL;
    pthread_mutex_init(&x->mu, NULL);
    x->pol = xo->policy;
    x->P = xo->procs;
    x->rng = xo->seed * 2 + 1;
    x->max_threads = xo->max_threads ? xo->max_threads : EXEC_MAX_THREADS;
    x->stack_bytes = xo->stack_bytes;
    x->list.next = x->list.prev = &x->list;
    x->start = now();
    for (uint32_t i = 0; i < x->P; i++) {
        Proc *q = &x->procs[i];
        q->id = i;
        q->holder.holder_of = q;
        if (x->pol == EXEC_DF) list_insert_after(x->list.prev, &q->holder);
        if (i > 0) proc_idle(q);
    }
    pthread_cond_init(&x->main.cv, NULL);
    char here;
    x->main.stack_top = (uintptr_t)&here;
    x->main.proc = &x->procs[0];
    self = &x->main;
    return x;
}

uint64_t xsched_overhead(XSched *x)
{
    pthread_mutex_lock(&x->mu);
    if (self) stack_note(self);
    uint64_t b = x->nready * sizeof(Work) + x->threads * sizeof(Worker) + x->main.stack_used;
    for (Worker *w = x->all; w; w = w->next_all)
        if (w->waiting || w == self) b += w->stack_used;
    pthread_mutex_unlock(&x->mu);
    return b;
}

void xsched_free(XSched *x, ExecStats *st)
{
    double end = now();
    pthread_mutex_lock(&x->mu);
    x->stopping = 1;
    for (Worker *w = x->all; w; w = w->next_all) pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&x->mu);
    for (Worker *w = x->all, *next; w; w = next) {
        next = w->next_all;
        xthread_join(&w->t);
        pthread_cond_destroy(&w->cv);
        free(w);
    }
    st->wall = end - x->start;
    for (uint32_t i = 0; i < x->P; i++) {
        Proc *q = &x->procs[i];
        double idle = q->idle_total + (q->idle ? end - q->idle_since : 0);
        st->busy[i] = st->wall - idle;
    }
    st->tasks = x->tasks;
    st->inline_tasks = x->inline_tasks;
    st->threads = x->threads;
    self = NULL;
    pthread_cond_destroy(&x->main.cv);
    pthread_mutex_destroy(&x->mu);
    free(x);
}
