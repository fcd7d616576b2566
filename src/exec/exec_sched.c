/*
 * exec_sched.c — the depth-first and breadth-first policies of paper §5.2
 * on a pool of P workers; work stealing is exec_ws.c.
 *
 * Both keep one global order of ready work (the 1DF list, the FIFO
 * queue), so their decisions are taken under one lock, at forks and joins
 * only (§5.2).  P workers run the tasks, the program's thread among them;
 * they are the only threads, whatever the program.  A worker waiting at
 * a join does not block: it takes the next ready work its policy gives it
 * and runs it on its own stack, above the join's frame, until the join is
 * ready and its turn comes.  So a task suspended at a join holds no
 * thread, as under ws; the cost is that a task runs on the stack of the
 * worker that forked it, so it goes on only when the work that worker
 * took meanwhile has returned (never a delay of the program: that worker
 * is busy).
 *
 * Ready work is of two kinds: a branch not yet started, which any worker
 * may take, and the continuation of a pair whose branches have both
 * returned (its join, `cont`), which only the worker that forked the pair
 * can take.  A worker that finds the first ready entry is another's
 * continuation passes over it to the next.
 *
 * Depth-first: one list in 1DF order.  Each worker has a placeholder in
 * the list where the task it runs stands (the "finger" of §5.2).  A fork
 * puts its right branch just after the placeholder and its continuation
 * after that (not ready until both branches return): what the left branch
 * forks goes between, after the placeholder; what the right branch forks,
 * after its taker's placeholder, there too.  A worker takes the first
 * ready entry and moves its placeholder there.  So the list stays in the
 * order a sequential execution would reach its entries.
 * Breadth-first: one FIFO queue; a fork queues both branches at the back,
 * a pair whose branches have returned queues its continuation at the
 * back, a worker takes the first entry it may run.
 */
#include "exec_sched.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bigstack.h"
#include "exec_thread.h"

typedef struct Join Join;
typedef struct Proc Proc;

/* An entry of the df list or the bf queue: a branch (join, side), a
 * pair's continuation (cont: join, side -1), or a worker's placeholder
 * (holder_of).  prev/next link the list. */
typedef struct Work {
    struct Work *prev, *next;
    Join *join;
    int side;               /* 0, 1: a branch; -1: the continuation */
    int ready;              /* a continuation: both branches have returned */
    uint64_t seq;           /* bf: its place in the FIFO order */
    Proc *holder_of;        /* df: this entry is worker holder_of's placeholder */
} Work;

/* One pair being evaluated; lives on the forking worker's stack. */
struct Join {
    EvalBranch branch;
    void *arg;
    Proc *owner;            /* the forking worker: it alone runs cont */
    int pending;            /* branches not yet returned */
    Work left, right;       /* bf queues both, df the right one */
    Work cont;
};

/* A worker: a thread holding one of the P processors. */
struct Proc {
    uint32_t id;
    XThread t;              /* workers 1..P-1: the thread and its stack (as large as the
                               main evaluation stack, so a branch recurses as deep) */
    Work holder;            /* df: its place in the list */
    uintptr_t stack_top;    /* the highest address of its stack */
    uint64_t stack_used;    /* bytes in use at its last fork or join */
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
    double start;
    uint64_t tasks, inline_tasks, threads;
};

static __thread Proc *self;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static void stack_note(Proc *q)
{
    char here;
    q->stack_used = q->stack_top > (uintptr_t)&here ? q->stack_top - (uintptr_t)&here : 0;
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

/* q's new entry w, in its policy's place: df after q's placeholder (a
 * continuation not ready yet), bf a branch at the back. */
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

/* Can a worker waiting at join `at` (NULL: at none) run w: a branch, or
 * at's continuation once ready?  (Not the continuation of a join further
 * down its stack: that one goes on when `at`'s has returned.) */
static int runnable(const Work *w, const Join *at)
{
    return w->side >= 0 ? !w->holder_of : at && w == &at->cont && w->ready;
}

/* df: the first entry q, waiting at join `at`, may run, taken out of the
 * list, q's placeholder moved to where it was; NULL: none. */
static Work *df_get(XSched *x, Proc *q, Join *at)
{
    if (!x->nready) return NULL;
    Work *w;
    for (w = x->list.next; w != &x->list && !runnable(w, at); w = w->next) {}
    if (w == &x->list) return NULL;
    list_remove(&q->holder);
    list_insert_after(w, &q->holder);
    list_remove(w);
    x->nready--;
    return w;
}

/* bf: the queue holds branches only; a ready continuation is not queued
 * but has its place in the order (its seq), so at's goes on when no
 * branch queued before it is left.  NULL: none. */
static Work *bf_get(XSched *x, Join *at)
{
    Work *w = x->list.next;
    if (at && at->cont.ready && (w == &x->list || w->seq > at->cont.seq)) return &at->cont;
    if (w == &x->list) return NULL;
    list_remove(w);
    x->nready--;
    return w;
}

/* The next work for q, waiting at join `at` (NULL: at none), in its
 * policy's order: a branch, or at's continuation. */
static Work *ready_get(XSched *x, Proc *q, Join *at)
{
    return x->pol == EXEC_DF ? df_get(x, q, at) : bf_get(x, at);
}

/* New ready work, or a continuation made ready: the sleepers look again. */
static void wake(XSched *x)
{
    if (x->sleepers) pthread_cond_broadcast(&x->cv);
}

/* q has nothing it may run: it sleeps until something changes. */
static void idle_wait(XSched *x, Proc *q)
{
    double t0 = now();
    x->sleepers++;
    pthread_cond_wait(&x->cv, &x->mu);
    x->sleepers--;
    q->idle += now() - t0;
}

/* ---- running work ---- */

/* A branch of j has returned: with both, j's continuation is ready (df:
 * where the fork put it; bf: at the back). */
static void branch_returned(XSched *x, Join *j)
{
    if (--j->pending > 0) return;
    j->cont.ready = 1;
    if (x->pol == EXEC_DF) x->nready++;     /* in the list since the fork */
    else j->cont.seq = x->seq++;            /* bf: at the back of the order */
    wake(x);
}

/* q runs branch w (taken from the list), with the lock released meanwhile. */
static void run_branch(XSched *x, Proc *q, Work *w)
{
    Join *j = w->join;
    x->tasks++;
    if (j->owner == q && w->side == 1) x->inline_tasks++;
    pthread_mutex_unlock(&x->mu);
    j->branch(j->arg, w->side);
    pthread_mutex_lock(&x->mu);
    branch_returned(x, j);
}

/* q waits at j's join: it runs what its policy gives it until that is
 * j's continuation. */
static void join_wait(XSched *x, Proc *q, Join *j)
{
    for (;;) {
        Work *w = ready_get(x, q, j);
        if (w == &j->cont) return;
        if (w) run_branch(x, q, w);
        else idle_wait(x, q);
    }
}

static void *worker_main(void *arg)
{
    Proc *q = arg;
    XSched *x = q->x;
    self = q;
    bigstack_adopt((uintptr_t)q->t.mem);
    q->stack_top = xthread_top(&q->t);
    pthread_mutex_lock(&x->mu);
    while (!x->stopping) {
        Work *w = ready_get(x, q, NULL);
        if (w) run_branch(x, q, w);
        else idle_wait(x, q);
    }
    pthread_mutex_unlock(&x->mu);
    return NULL;
}

/* ---- pairs ---- */

void xsched_pair(void *xp, EvalBranch branch, void *arg)
{
    XSched *x = xp;
    Proc *q = self;
    Join j;
    memset(&j, 0, sizeof j);
    j.branch = branch;
    j.arg = arg;
    j.owner = q;
    j.pending = 2;
    j.left.join = j.right.join = j.cont.join = &j;
    j.right.side = 1;
    j.cont.side = -1;
    pthread_mutex_lock(&x->mu);
    stack_note(q);
    if (x->pol == EXEC_BF) {    /* both branches to the back; q takes the head */
        ready_add(x, q, &j.left);
        ready_add(x, q, &j.right);
        wake(x);
    } else {                    /* placeholder, right branch, continuation */
        ready_add(x, q, &j.cont);
        ready_add(x, q, &j.right);
        wake(x);
        x->tasks++;             /* the left branch, at once */
        pthread_mutex_unlock(&x->mu);
        branch(arg, 0);
        pthread_mutex_lock(&x->mu);
        branch_returned(x, &j);
    }
    join_wait(x, q, &j);
    stack_note(q);
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
    x->start = now();
    for (uint32_t i = 0; i < x->P; i++) {
        Proc *q = &x->procs[i];
        q->id = i;
        q->x = x;
        q->holder.holder_of = q;
        if (x->pol == EXEC_DF) list_insert_after(x->list.prev, &q->holder);
    }
    char here;
    x->procs[0].stack_top = (uintptr_t)&here;
    self = &x->procs[0];
    for (uint32_t i = 1; i < x->P; i++) {
        char e[150];
        if (xthread_start(&x->procs[i].t, xo->stack_bytes, worker_main, &x->procs[i], e, sizeof e)) {
            snprintf(why, whylen, "out of memory: %s, with %llu worker threads made", e,
                     (unsigned long long)x->threads);
            xsched_free(x, NULL);
            return NULL;
        }
        x->threads++;
    }
    return x;
}

uint64_t xsched_overhead(XSched *x)
{
    pthread_mutex_lock(&x->mu);
    if (self) stack_note(self);
    uint64_t b = x->nready * sizeof(Work);
    for (uint32_t i = 0; i < x->P; i++) b += x->procs[i].stack_used;
    pthread_mutex_unlock(&x->mu);
    return b;
}

void xsched_free(XSched *x, ExecStats *st)
{
    double end = now();
    pthread_mutex_lock(&x->mu);
    x->stopping = 1;
    pthread_cond_broadcast(&x->cv);
    pthread_mutex_unlock(&x->mu);
    for (uint32_t i = 1; i <= x->threads; i++) xthread_join(&x->procs[i].t);
    if (st) {
        st->wall = end - x->start;
        for (uint32_t i = 0; i < x->P; i++) st->busy[i] = st->wall - x->procs[i].idle;
        st->tasks = x->tasks;
        st->inline_tasks = x->inline_tasks;
        st->threads = x->threads;
    }
    self = NULL;
    pthread_cond_destroy(&x->cv);
    pthread_mutex_destroy(&x->mu);
    free(x);
}
