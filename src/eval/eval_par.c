/*
 * eval_par.c — parallel pairs {e1, e2} (C-FORK, paper §3.1): under pml
 * run both branches build their graphs from the fork, one after the
 * other, and join; under pml exec each branch runs on an Ev of its own
 * where the runtime (src/exec/, EvalFork) puts it.
 */
#include "eval_internal.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bigstack.h"

/* A parallel pair's branches each run on a frame of their own (fr, of the
 * pair's nlocals slots) holding the slots the branch reads, so that each
 * lets go of a value at its own last read of it (live.c, pair); the frame
 * itself lets go at the fork of what only the branches read. */
static void fork_frames(const Ev *ev, const Expr *e, const Env *env, Env out[2], Value *fr[2][e->nlocals ? e->nlocals : 1])
{
    for (int i = 0; i < 2; i++) {
        memset(fr[i], 0, (e->nlocals ? e->nlocals : 1) * sizeof *fr[i]);
        const RefList *l = &e->elems[i]->free;
        for (uint32_t k = 0; k < l->n; k++)
            if (l->refs[k].kind == REF_LOCAL) fr[i][l->refs[k].index] = env->fr[l->refs[k].index];
        out[i].fr = fr[i];
        out[i].self = env->self;
    }
    clear_slots(ev, env, &e->kill_path[0]);
}

/* pml exec: a parallel pair's branches as the runtime runs them
 * (EvalFork).  Each branch evaluates on its own Ev, copied from the
 * parent's at the fork (base, never written after it), and catches what it
 * raises or fails with; the parent re-raises or fails at the join, as the
 * cost semantics does: the left branch's failure first, then the right's,
 * then the left's exception, then the right's.
 *
 * A failure (an error, or an exception no handler catches) always stops
 * the run, so what follows it in program order need not run: the right
 * branch of every pair whose left branch holds the failure is cancelled
 * (stop), and stops at its next batch of nodes.  What precedes it runs on,
 * since it may fail first: a right branch that fails while its left
 * branch runs forever waits for the left to reach the node limit, which
 * is then the error reported, as pml run reports it. */
typedef struct ParJob {
    Ev base;                /* the parent at the fork */
    const Expr *e;
    Env env[2];             /* each branch's: a copy of the frame (fork_frames) */
    Value *v[2], *x[2];     /* each branch's value, or the exception it raised */
    int failed[2];          /* the branch stopped with an error: d[side] */
    const Expr *site[2];    /* and its user_site then */
    uint64_t params_read[2];/* what each branch read (Ev.params_read) */
    int stop;               /* atomic: the right branch is cancelled */
    Diag *d[2];             /* a failed branch's error (malloc'd, copied from
                               its stack's, bigstack_diag) */
} ParJob;

/* Is a pair around ev's branch, with ev in its right branch, cancelled? */
int ev_exec_cancelled(const Ev *ev)
{
    int side = ev->side;
    for (const ParJob *j = ev->job; j; side = j->base.side, j = j->base.job)
        if (side == 1 && __atomic_load_n(&j->stop, __ATOMIC_ACQUIRE)) return 1;
    return 0;
}

/* Branch side of j failed: cancels the right branch of each pair around
 * it that holds it on its left.  The walk ends at a pair already
 * cancelled: its own canceller walked on from there. */
static void exec_cancel_after(ExecCount *c, ParJob *j, int side)
{
    int any = 0;
    for (; j; side = j->base.side, j = j->base.job)
        if (side == 0) {
            if (__atomic_exchange_n(&j->stop, 1, __ATOMIC_ACQ_REL)) break;
            any = 1;
        }
    if (any) __atomic_add_fetch(&c->cancels, 1, __ATOMIC_RELEASE);
}

/* A branch has ended: a thread runs other tasks next, on this stack, and
 * their frames must not find this branch's pointers, so what it used is
 * zeroed (scrub).  The frames between it and the Ev that ran on this
 * thread before it (outer: the pair's parent, or a task whose worker
 * helps while it waits at a join) — the runtime's, and the pair's own —
 * are left to outer, which scrubs from child->stack_low at its next
 * ev_scrub_after: otherwise a later call laid over them finds, in the words
 * it does not write, a value the pair made (quicksort_join.pml kept each
 * level's partition so: O(n^2) words). */
static void branch_scrub(Ev *child, Ev *outer)
{
    ev_scrub_after(child);
    if (outer && child->stack_low < outer->stack_low) outer->stack_low = child->stack_low;
}

static void par_branch(void *arg, int side)
{
    ParJob *j = arg;
    Ev child = j->base;
    jmp_buf fail;
    child.fail = &fail;
    /* where its error is written while it runs: one per stack (a branch
     * stays on the stack it starts on, which may move to another thread),
     * since a failure is reported at once, the Diag copied out of it then,
     * so that a pair's record (which every pair clears, and which its
     * caller scrubs) holds no Diag */
    child.d = bigstack_diag();
    child.handler = NULL;
    child.stack_limit = child.stack_mark = bigstack_limit();
    child.stack_top = 0;
    child.stack_low = (uintptr_t)&child; /* this thread's stack */
    child.assigned = NULL;
    child.nassigned = child.capassigned = 0;
    child.print_midline = 0;
    child.params_read = 0;
    if (side || !j->base.o->fork->left_here)
        child.budget = 0;   /* its first node takes a batch, and looks for a cancellation */
    child.job = j;
    child.side = side;
    Ev *outer = ev_gc_running;
    ev_gc_running = &child;
    if (setjmp(fail)) {
        j->failed[side] = 1;
        if ((j->d[side] = malloc(sizeof *child.d))) *j->d[side] = *child.d;
        j->site[side] = child.user_site;
        ev_exec_give_back(&child);
        exec_cancel_after(child.sh->count, j, side);
        ev_gc_running = outer;
        bigstack_unwound();
        branch_scrub(&child, outer);
        return;
    }
    /* with no handler around the pair, a raise stops the run where it
     * happens, as in the cost semantics' run */
    if (!j->base.handler) j->v[side] = eval(&child, j->e->elems[side], &j->env[side]);
    else if (!(j->v[side] = ev_handled(&child, j->e->elems[side], &j->env[side]))) j->x[side] = child.exn;
    j->params_read[side] = child.params_read;
    ev_exec_give_back(&child);
    ev_gc_running = outer;
    branch_scrub(&child, outer);
}

/* C-FORK's join and pair: the branches' values v (or the exceptions x
 * they raised, the left one first) made the pair's value. */
static inline __attribute__((always_inline)) Value *par_join(Ev *ev, const Expr *e, Value *const v[2],
                                                            Value *const x[2])
{
    ev_node(ev, NK_JOIN, 0, e->id);
    if (x[0] || x[1]) ev_raise(ev, x[0] ? x[0] : x[1], e->span, NULL);
    ev_node(ev, NK_PAIR, 2, e->id);
    Value *p = val_fields(V_TUPLE, 2, 0);
    p->u.f[0] = v[0];
    p->u.f[1] = v[1];
    return p;
}

/* Under a serial runtime (EvalFork.serial: the branches in order on this
 * thread, the join at once) a branch needs nothing of its own: it runs on
 * the parent's Ev, as pml run's pair does, with no copy of the Ev, no
 * setjmp, no hand-over of the node budget.  A failure unwinds to the
 * run's end at once, which is what the cancelling of the right branch
 * amounts to in this order; an exception, with a handler around the
 * pair, waits for the join, as in the cost semantics. */
typedef struct SerialJob {
    Ev *ev;
    const Expr *e;
    Env env[2];
    Value *v[2], *x[2];
} SerialJob;

static void serial_branch(void *arg, int side)
{
    SerialJob *j = arg;
    Ev *ev = j->ev;
    if (!ev->handler) j->v[side] = eval(ev, j->e->elems[side], &j->env[side]);
    else if (!(j->v[side] = ev_handled(ev, j->e->elems[side], &j->env[side]))) j->x[side] = ev->exn;
    ev_scrub_after(ev); /* what the branch used, before the next one's frames */
}

__attribute__((noinline)) static Value *eval_par_serial(Ev *ev, const Expr *e, const Env *env)
{
    SerialJob job = {ev, e, {{0}}, {NULL, NULL}, {NULL, NULL}};
    Value *fr[2][e->nlocals ? e->nlocals : 1];
    fork_frames(ev, e, env, job.env, fr);
    ev->o->fork->pair(ev->o->fork->st, serial_branch, &job);
    return par_join(ev, e, job.v, job.x);
}

/* kept out of line: its ParJob must not enlarge the frames of the
 * recursion (eval_kind) that every evaluation goes through.  The nodes
 * counted are C-FORK's: the fork, the branches', the join and the pair. */
__attribute__((noinline)) static Value *eval_par_exec(Ev *ev, const Expr *e, const Env *env)
{
    ev_node(ev, NK_FORK, 0, e->id);
    if (ev->o->fork->serial) return eval_par_serial(ev, e, env);
    /* on this thread's stack, which the collector scans: the branches'
     * values stay reachable until the join */
    ParJob job, *j = &job;
    /* the left branch, run at once here, takes over the budget (the
     * copy's), so no node is held by a suspended Ev: the count stays exact */
    if (!ev->o->fork->left_here) ev_exec_give_back(ev);
    /* all of it is written, since the collector scans it whole: base by
     * the copy (memcpy: its padding too; first, so the rest is one span),
     * the rest zeroed */
    _Static_assert(offsetof(ParJob, base) == 0, "base first");
    memcpy(&j->base, ev, sizeof j->base);
    memset((char *)j + sizeof j->base, 0, sizeof *j - sizeof j->base);
    ev->budget = 0;
    j->e = e;
    Value *fr[2][e->nlocals ? e->nlocals : 1];
    fork_frames(ev, e, env, j->env, fr);
    ev->o->fork->pair(ev->o->fork->st, par_branch, j);
    ev->params_read |= j->params_read[0] | j->params_read[1];
    if (j->failed[0] || j->failed[1]) {
        int side = j->failed[0] ? 0 : 1;
        if (j->d[side]) *ev->d = *j->d[side];
        else diag_set_nospan(ev->d, "out of memory for a branch's error");
        free(j->d[0]);
        free(j->d[1]);
        ev->user_site = j->site[side];
        bigstack_leaving();
        longjmp(*ev->fail, 1);
    }
    return par_join(ev, e, j->v, j->x);
}

/* C-FORK: (g1 ⊗ g2) ⊕ [ℓ], retain ℓ -> loc(v1), loc(v2) */
__attribute__((noinline)) Value *ev_par(Ev *ev, const Expr *e, const Env *env_in)
{
    if (!ev->record) return eval_par_exec(ev, e, env_in);
    Env env[2];
    Value *fr[2][e->nlocals ? e->nlocals : 1];
    fork_frames(ev, e, env_in, env, fr);
    uint32_t fork = ev_node(ev, NK_FORK, 0, e->id);
    Value *v1, *v2, *x1 = NULL;
    const EvalCells *cells = ev->o->cells;
    if (cells) ev_watch_pair(ev, cells->fork, e->span);
    if (!ev->handler) {
        v1 = eval(ev, e->elems[0], &env[0]);
    } else if (!(v1 = ev_handled(ev, e->elems[0], &env[0]))) {
        x1 = ev->exn;
    }
    uint32_t end1 = ev->cur;
    ev->cur = fork;
    if (cells) ev_watch_pair(ev, cells->next, e->span);
    if (!ev->handler) v2 = eval(ev, e->elems[1], &env[1]);
    else v2 = ev_handled(ev, e->elems[1], &env[1]);
    uint32_t end2 = ev->cur;
    uint32_t join = graph_add_node(ev->g, NK_JOIN, 0, e->id);
    if (!join) ev_node_limit(ev, e->id);
    graph_add_edge(ev->g, end1, join);
    graph_add_edge(ev->g, end2, join);
    ev_grow_seen(ev, join);
    ev->cur = join;
    if (cells) ev_watch_pair(ev, cells->join, e->span);
    /* a branch raised: both ran, the pair raises at the join, the left
     * branch's exception first (the sequential pair's) */
    if (x1 || !v2) ev_raise(ev, x1 ? x1 : ev->exn, e->span, NULL);
    uint32_t l = ev_node(ev, NK_PAIR, 2, e->id);
    Value *v = val_fields(V_TUPLE, 2, l);
    v->u.f[0] = v1;
    v->u.f[1] = v2;
    ev_heap(ev, l, v1->loc, HE_RETAIN);
    ev_heap(ev, l, v2->loc, HE_RETAIN);
    return v;
}

