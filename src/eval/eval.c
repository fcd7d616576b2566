/*
 * eval.c — the cost semantics e ⇓ v; g; h (paper §3.1; docs/semantics.md).
 *
 * The computation graph is built with a cursor: ev->cur is the final node
 * of the graph built so far, and every new node is composed serially after
 * it (g ⊕ [n]).  A parallel pair saves the cursor at its fork, builds each
 * branch from there and joins them.  Nodes are therefore created in the
 * order of a sequential left-to-right execution: ids are the 1DF order.
 *
 * Environments: each function call has a frame of nlocals slots (on the C
 * stack); a closure holds exactly the values its code names (flat,
 * safe-for-space), so "ρ(y) for y free in e" is a list of slots fixed by
 * the resolver.
 */
#include "eval_internal.h"

#include <gc.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bigstack.h"
#include "prims.h"
#include "resolve.h"

/* ---- errors ---- */

/* The calls being evaluated, into d's backtrace: the DIAG_BT_HEAD newest,
 * and the oldest after the elided middle (a ring of the last ones seen).
 * O(depth), once per error. */
static void backtrace_fill(const CallFrame *f, Diag *d)
{
    enum { TAIL = DIAG_BT_MAX - DIAG_BT_HEAD };
    Span tail[TAIL];
    uint64_t n = 0;
    d->nbt = d->bt_more = 0;
    for (; f; f = f->prev, n++) {
        if (n < DIAG_BT_HEAD) d->bt[n] = f->site->span;
        else tail[(n - DIAG_BT_HEAD) % TAIL] = f->site->span;
    }
    if (n <= DIAG_BT_MAX) {
        for (uint64_t i = DIAG_BT_HEAD; i < n; i++) d->bt[i] = tail[i - DIAG_BT_HEAD];
        d->nbt = (uint32_t)n;
        return;
    }
    uint64_t first = n - TAIL; /* the oldest TAIL frames, newest of them first */
    for (uint64_t i = 0; i < TAIL; i++) d->bt[DIAG_BT_HEAD + i] = tail[(first + i - DIAG_BT_HEAD) % TAIL];
    d->nbt = DIAG_BT_MAX;
    d->bt_more = (uint32_t)(first - DIAG_BT_HEAD < UINT32_MAX ? first - DIAG_BT_HEAD : UINT32_MAX);
}

/* ev->d's backtrace.  An error inside the prelude is reported at the
 * user's call that led to it (blame_user): the calls inside the prelude
 * and that call itself are left out. */
static void ev_backtrace(Ev *ev)
{
    const CallFrame *f = ev->frames;
    if (ev->d->span.file == 0 && ev->user_site) {
        while (f && f->site != ev->user_site) f = f->prev;
        if (f) f = f->prev;
    }
    backtrace_fill(f, ev->d);
}

void ev_fail(Ev *ev, Span sp, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ev->d->span = sp;
    ev->d->has_span = 1;
    ev->d->has_note = 0;
    vsnprintf(ev->d->msg, sizeof ev->d->msg, fmt, ap);
    va_end(ap);
    ev_backtrace(ev);
    bigstack_leaving();
    longjmp(ev->fail, 1);
}

#define TYPE_ERROR_PREFIX "internal error: a run-time type error in a program the type checker accepted (please report it): type error: "

/* The message of a run-time type error, then the assertion (see eval_internal.h). */
static void type_error_msg(Ev *ev, const char *fmt, va_list ap)
{
    size_t n = strlen(TYPE_ERROR_PREFIX);
    memcpy(ev->d->msg, TYPE_ERROR_PREFIX, n + 1);
    vsnprintf(ev->d->msg + n, sizeof ev->d->msg - n, fmt, ap);
    const char *a = getenv("PML_ABORT_ON_TYPE_ERROR");
    if (a && *a) {
        fprintf(stderr, "pml: %s\n", ev->d->msg);
        abort();
    }
}

void ev_type_fail(Ev *ev, Span sp, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    type_error_msg(ev, fmt, ap);
    va_end(ap);
    ev->d->span = sp;
    ev->d->has_span = 1;
    ev->d->has_note = 0;
    ev_backtrace(ev);
    bigstack_leaving();
    longjmp(ev->fail, 1);
}

/* ---- graph building ---- */

/* pml exec: the nodes not yet handed out, and the cancellations so far.
 * A running branch holds at most EXEC_BATCH nodes of its own (Ev.budget),
 * and gives back what it did not use when it forks or ends; so on one
 * thread the count is exact (the run stops at the node pml run stops at),
 * and with P running it stops at most (P - 1) * EXEC_BATCH nodes early. */
typedef struct ExecCount {
    uint64_t left;          /* atomic */
    uint32_t cancels;       /* atomic: how many pairs' right branches were cancelled */
} ExecCount;

#define EXEC_BATCH 4096

/* The nodes made so far (pml exec: handed out and not given back). */
static uint64_t nodes_made(const Ev *ev)
{
    if (ev->record) return graph_nodes(ev->g);
    uint64_t left = __atomic_load_n(&ev->count->left, __ATOMIC_RELAXED) + (uint64_t)(ev->budget > 0 ? ev->budget : 0);
    return ev->o->max_nodes > left ? ev->o->max_nodes - left : 0;
}

/* Seconds since the evaluation began. */
static double elapsed(const Ev *ev)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - ev->started.tv_sec) + 1e-9 * (double)(now.tv_nsec - ev->started.tv_nsec);
}

static void node_limit(Ev *ev, uint32_t annot)
{
    Span sp = ev->p->id_span[annot];
    if (!ev->record || graph_full(ev->g))       /* most often a loop: say so before the remedy */
        ev_fail(ev, sp, "the program may not terminate: its cost graph reached the node limit, %llu nodes, "
                "in %.1f s; if it does end, raise the limit with --max-nodes N",
                (unsigned long long)ev->o->max_nodes, elapsed(ev));
    ev_fail(ev, sp, "out of memory for the cost graph at %u nodes", graph_nodes(ev->g));
}

#define PROGRESS_AFTER 2.0      /* s: a run that ends sooner shows no progress line */

/* Now and then (every 65536 nodes; pml exec: every batch): past
 * --time-limit, an error that says first that the program may not end; on
 * a terminal, once the run has taken PROGRESS_AFTER s, a progress line on
 * stderr, redrawn at most twice a second (the cost semantics only: exec's
 * branches run on several threads). */
static __attribute__((noinline)) void clock_check(Ev *ev, Span sp)
{
    double t = elapsed(ev);
    uint64_t nodes = nodes_made(ev);
    if (ev->o->time_limit > 0 && t > ev->o->time_limit) {
        if (ev->progress_shown) fputs("\r\033[K", stderr);
        ev->progress_shown = 0;
        ev_fail(ev, sp, "the program may not terminate: it ran past the time limit, %g s, with %llu nodes in its "
                "cost graph; if it does end, raise the limit with --time-limit SECONDS", ev->o->time_limit,
                (unsigned long long)nodes);
    }
    if (!ev->o->progress || !ev->record || t < PROGRESS_AFTER || t - ev->progress_at < 0.5) return;
    ev->progress_at = t;
    ev->progress_shown = 1;
    fprintf(stderr, "\rpml: evaluating: %llu nodes (limit %llu), %.0f s\033[K", (unsigned long long)nodes,
            (unsigned long long)ev->o->max_nodes, t);
    fflush(stderr);
}

/* The message of a branch cancelled by an earlier failure: never shown,
 * as that failure is the one reported. */
static const char cancelled_msg[] = "cancelled: an earlier branch failed";

static int exec_cancelled(const Ev *ev);

/* pml exec: ev has used its budget.  A branch that an earlier failure
 * cancelled stops here; otherwise it takes the next batch, or stops at
 * the node limit. */
__attribute__((noinline)) void ev_exec_take(Ev *ev, uint32_t annot)
{
    ev->budget = 0;
    uint32_t c = __atomic_load_n(&ev->count->cancels, __ATOMIC_ACQUIRE);
    if (c != ev->cancels_seen) {
        ev->cancels_seen = c;
        if (exec_cancelled(ev)) ev_fail(ev, ev->p->id_span[annot], "%s", cancelled_msg);
    }
    if (ev->o->time_limit > 0) clock_check(ev, ev->p->id_span[annot]);
    uint64_t left = __atomic_load_n(&ev->count->left, __ATOMIC_RELAXED), take;
    do {
        if (!left) node_limit(ev, annot);
        take = left < EXEC_BATCH ? left : EXEC_BATCH;
    } while (!__atomic_compare_exchange_n(&ev->count->left, &left, left - take, 1, __ATOMIC_RELAXED,
                                          __ATOMIC_RELAXED));
    ev->budget = (int64_t)take - 1; /* the node being made */
}

/* pml exec: ev's unused nodes go back to the count (at a fork, at a
 * branch's end). */
static void exec_give_back(Ev *ev)
{
    if (ev->budget > 0) __atomic_add_fetch(&ev->count->left, (uint64_t)ev->budget, __ATOMIC_RELAXED);
    ev->budget = 0;
}

/* Theorem 1 mode: last_src[l] is the newest source of an edge into l. */
static __attribute__((noinline)) void grow_seen_to(Ev *ev, uint32_t need)
{
    uint32_t cap = ev->seen_cap ? ev->seen_cap : 1024;
    while (cap <= need) cap *= 2;
    uint32_t *c = realloc(ev->last_src, cap * sizeof *c);
    if (!c) ev_fail(ev, ev->p->id_span[0], "out of memory for the cost graph");
    memset(c + ev->seen_cap, 0, (cap - ev->seen_cap) * sizeof *c);
    ev->last_src = c;
    ev->seen_cap = cap;
}

static inline void grow_seen(Ev *ev, uint32_t need)
{
    if (__builtin_expect(ev->o->check_theorem1 && need >= ev->seen_cap, 0)) grow_seen_to(ev, need);
}

/* The cost graph's store, as large as it will be when it next grows, the
 * interpreter's heap and the evaluation stack's deepest extent (its pages
 * stay resident) may take 2/3 of the usable memory together; the rest is
 * for scheduling, the space profile and the printed result.  Checked
 * every 2^16 nodes and every STACK_STEP of new stack depth. */
static void memory_check(Ev *ev, Span sp)
{
    uint64_t graph = graph_bytes(ev->g), heap = GC_get_heap_size();
    if (graph_bytes_next(ev->g) + heap + ev->stack_used <= ev->o->max_memory / 3 * 2) return;
    ev_fail(ev, sp,
            "out of memory: the cost graph (%llu MiB), the interpreter's heap (%llu MiB) and the "
            "evaluation stack (%llu MiB) passed 2/3 of %s at %u nodes; --max-nodes N stops a run sooner",
            (unsigned long long)(graph >> 20), (unsigned long long)(heap >> 20),
            (unsigned long long)(ev->stack_used >> 20),
            ev->o->memory_limit ? ev->o->memory_limit : "the usable memory", graph_nodes(ev->g));
}

#define STACK_STEP ((uintptr_t)1 << 20)

/* eval() went below stack_mark, at address `at`: past the stack's end, an
 * error; else, when the stack counts against memory (pml run), a new
 * deepest extent, checked with the graph and the heap. */
static __attribute__((noinline, cold)) void stack_deeper(Ev *ev, Span sp, uintptr_t at)
{
    if (at < ev->stack_limit)
        ev_fail(ev, sp, "recursion too deep: the evaluation stack is exhausted after %llu "
                "nested evaluations", (unsigned long long)ev->depth);
    ev->stack_used = ev->stack_top - at;
    memory_check(ev, sp);
    ev->stack_mark = at - ev->stack_limit > STACK_STEP ? at - STACK_STEP : ev->stack_limit;
}

uint32_t ev_node_add(Ev *ev, NodeKind k, uint32_t size, uint32_t annot)
{
    uint32_t id = graph_add_node(ev->g, k, size, annot);
    if (!id) node_limit(ev, annot);
    if ((id & 0xFFFF) == 0) {
        if (ev->o->max_memory) memory_check(ev, ev->p->id_span[annot]);
        clock_check(ev, ev->p->id_span[annot]);
    }
    if (ev->cur && graph_add_edge(ev->g, ev->cur, id))
        ev_fail(ev, ev->p->id_span[annot], "internal error: computation edge");
    ev->cur = id;
    grow_seen(ev, id);
    return id;
}

void ev_heap_add(Ev *ev, uint32_t src, uint32_t dst, HeapKind k)
{
    /* the same edge again?  A source's edges are the newest ones, so look
     * back over (a few of) them, kept in ev->dup rather than decoded from
     * the store; a rare duplicate left is harmless */
    EvDup *dup = ev->dup;
    enum { EV_DUP = sizeof dup->key / sizeof dup->key[0] };
    if (src != dup->src) dup->src = src, dup->n = 0;
    uint64_t key = (uint64_t)dst << 1 | (uint64_t)k;
    uint32_t n = dup->n < EV_DUP ? dup->n : EV_DUP;
    for (uint32_t i = 0; i < n; i++)
        if (dup->key[i] == key) return;
    dup->key[dup->n++ % EV_DUP] = key;
    Graph *g = ev->g;
    if (ev->last_src) ev->last_src[dst] = src;
    if (graph_add_heap(g, src, dst, k))
        ev_fail(ev, ev->p->id_span[graph_annot(g, src)], "out of memory for the heap graph");
}

void ev_cell_access(Ev *ev, const Value *cell, uint32_t index, int write, uint32_t annot, uint32_t node)
{
    if (!ev->record) return;
    const EvalCells *c = ev->o->cells;
    /* the position a user can act on: a prelude access counts for the
     * user's call that led there */
    uint32_t site = ev->p->id_span[annot].file != 0 || !ev->user_site ? annot : ev->user_site->id;
    EvalAccess a = {cell->loc, index, site, node, ev->cs, (uint8_t)write, cell->tag == V_ARRAY};
    if (c->access(c->st, &a)) ev_fail(ev, ev->p->id_span[annot], "out of memory watching the cells for races");
}

/* A parallel pair's fork, the start of its right branch or its join, for
 * the cells' watcher (EvalCells). */
static void watch_pair(Ev *ev, int (*event)(void *st), Span sp)
{
    if (event(ev->o->cells->st)) ev_fail(ev, sp, "out of memory watching the cells for races");
}

/* The call stack of the nodes made from now on (callstack.h). */
static void set_stack(Ev *ev, uint32_t cs, Span sp)
{
    if (cs == UINT32_MAX || graph_set_stack(ev->g, cs)) ev_fail(ev, sp, "out of memory for the call stacks");
    ev->cs = cs;
}

Value *ev_bool(Ev *ev, int b, uint32_t loc) { return val_nullary(b ? ev->c_true : ev->c_false, loc); }

_Noreturn void ev_raise(Ev *ev, Value *exn, Span sp, const char *detail)
{
    if (ev->handler) {
        ev->exn = exn;
        bigstack_leaving();
        longjmp(ev->handler->jb, 1);
    }
    const char *name = exn->con->name;
    if (exn->con == ev->c_fail && exn->n == 1 && exn->u.f[0]->tag == V_STR)
        ev_fail(ev, sp, "uncaught exception Fail: %s", exn->u.f[0]->u.s);
    if (detail) ev_fail(ev, sp, "uncaught exception %s: %s", name, detail);
    ev_fail(ev, sp, "uncaught exception %s", name);
}

void ev_raise_basis(Ev *ev, const ConDef *c, Span sp, const char *fmt, ...)
{
    char detail[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    Value *v = val_new(V_CON, ev_node(ev, NK_CONST, 1, ev->cur ? graph_annot(ev->g, ev->cur) : 0));
    v->con = c;
    ev_raise(ev, v, sp, detail);
}

static int is_bool(const Ev *ev, const Value *v, int *b)
{
    if (v->tag != V_CON || (v->con != ev->c_true && v->con != ev->c_false)) return 0;
    *b = v->con == ev->c_true;
    return 1;
}

/* ---- environments ---- */

typedef struct Env {
    Value **fr;         /* the frame of the running function */
    Group *self;        /* the running closure */
} Env;

/* An expression's code (closure generation, below eval_kind). */
typedef Value *Code(Ev *, const Expr *, const Env *);

static Value *lookup(const Env *env, const Ref *r)
{
    switch (r->kind) {
    case REF_LOCAL: return env->fr[r->index];
    case REF_FREE: return env->self->free[r->index];
    case REF_SELF: return env->self->fnv[r->index];
    default: return NULL;
    }
}

/* Safe-for-space frames (live.h): the slots k lists are not read again on
 * this path, so their values stop being roots here, as in the cost
 * semantics; with k->self, nor the running closure's captured values, so
 * the Env lets go of its group. */
static inline void kill_now(const Env *env, const Kill *k)
{
    for (uint32_t i = 0; i < k->n; i++) env->fr[k->slots[i]] = NULL;
    if (k->self) ((Env *)env)->self = NULL; /* every Env is a frame's, never const */
}

/* kill_now, but not in the Theorem 1 check, which reads every
 * expression's free variables after it (the specialised codes, which
 * call kill_now, do not run in that check). */
static void clear_slots(const Ev *ev, const Env *env, const Kill *k)
{
    if ((k->n || k->self) && !ev->o->check_theorem1) kill_now(env, k);
}

/* use n -> ρ(y) for each y in l */
static void use_all(Ev *ev, uint32_t n, const Env *env, const RefList *l)
{
    if (!ev->record) return; /* no edges under pml exec: not even the lookups */
    for (uint32_t i = 0; i < l->n; i++) ev_heap(ev, n, lookup(env, &l->refs[i])->loc, HE_USE);
}

/* ---- pattern matching ---- */

/* A pattern that cannot apply to the value (a type error): while a
 * function's argument is matched, reported at the call, with the pattern
 * as a note; elsewhere (case, val) at the pattern. */
_Noreturn static void pat_fail(Ev *ev, const Pat *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    type_error_msg(ev, fmt, ap);
    va_end(ap);
    ev->d->has_span = 1;
    ev->d->has_note = 0;
    ev->d->span = p->span;
    if (ev->match_site) {
        ev->d->span = ev->match_site->span;
        ev->d->has_note = 1;
        ev->d->note_span = p->span;
        snprintf(ev->d->note, sizeof ev->d->note, "the pattern the argument does not fit");
    }
    ev_backtrace(ev);
    bigstack_leaving();
    longjmp(ev->fail, 1);
}

/* The objects a match inspects (docs/semantics.md, the case rule): gathered while matching,
 * then made use edges of the matching node. */
#define INSP_MAX 256

/* locs: INSP_MAX entries under pml run, NULL under pml exec (no edges:
 * only the count, for the same error); n: how many were inspected. */
typedef struct Insp { uint32_t *locs; uint32_t n; } Insp;

static void inspect(Insp *in, const Value *v)
{
    if (in->locs && in->n < INSP_MAX) in->locs[in->n] = v->loc;
    in->n++;
}

/* An empty Insp over buf (INSP_MAX entries when ev records, else 1): a
 * kilobyte on the stack of every match only where edges are made. */
#define INSP_BUF(ev) uint32_t insp_buf_[(ev)->record ? INSP_MAX : 1]
#define INSP_INIT(ev) {(ev)->record ? insp_buf_ : NULL, 0}

static int match(Ev *ev, const Pat *p, Value *v, const Env *env, Insp *in);
static int match_record(Ev *ev, const Pat *p, Value *v, const Env *env, Insp *in);

static int match_con(Ev *ev, const Pat *p, Value *v, const Env *env, Insp *in)
{
    if (v->tag != V_CON)
        pat_fail(ev, p, "pattern '%s' expects a constructor value, got %s",
                p->con->name, val_tag_name(v));
    inspect(in, v);
    if (p->fresh.kind != REF_NONE) { /* an exception made at each evaluation */
        const Value *x = lookup(env, &p->fresh);
        inspect(in, x);
        if (v->con != x->con) return 0;
    } else if (v->con != p->con) {
        /* another constructor of the type (the names compared last: a
         * mismatch is the common case, a type error the rare one) */
        if (v->con->ncons != p->con->ncons && !(p->con->tag < v->con->ncons) &&
            strcmp(v->con->name, p->con->name) != 0)
            pat_fail(ev, p, "constructor '%s' does not match a value of another type",
                    p->con->name);
        return 0;
    }
    if (!p->arg) return 1;
    /* `ref x` reads the cell; the matching node is the current one */
    if (v->con == ev->c_ref) ev_watch(ev, v, 0, 0, graph_annot(ev->g, ev->cur), ev->cur);
    if (v->n > 1 && p->arg->kind == PAT_TUPLE && p->arg->n == v->n) {
        for (uint32_t i = 0; i < v->n; i++)
            if (!match(ev, p->arg->elems[i], v->u.f[i], env, in)) return 0;
        return 1;
    }
    return match(ev, p->arg, val_con_arg(v), env, in);
}

static int match_list(Ev *ev, const Pat *p, Value *v, const Env *env, Insp *in)
{
    for (uint32_t i = 0; i < p->n; i++) {
        if (v->tag != V_CON || (v->con != ev->c_cons && v->con != ev->c_nil))
            pat_fail(ev, p, "list pattern applied to %s", val_tag_name(v));
        inspect(in, v);
        if (v->con == ev->c_nil) return 0;
        if (!match(ev, p->elems[i], v->u.f[0], env, in)) return 0;
        v = v->u.f[1];
    }
    if (v->tag != V_CON || (v->con != ev->c_cons && v->con != ev->c_nil))
        pat_fail(ev, p, "list pattern applied to %s", val_tag_name(v));
    inspect(in, v);
    return v->con == ev->c_nil;
}

/* {l1 = p1, ..., ln = pn [, ...]}: each field by its label. */
static int match_record(Ev *ev, const Pat *p, Value *v, const Env *env, Insp *in)
{
    if (v->tag != V_TUPLE)
        pat_fail(ev, p, "record pattern applied to %s", val_tag_name(v));
    if (!p->ival && v->n != p->n)
        pat_fail(ev, p, "a record pattern with %u fields applied to %s with %u",
                p->n, v->shape ? "a record" : "a tuple", v->n);
    inspect(in, v);
    for (uint32_t i = 0; i < p->n; i++) {
        int k = val_field(v, p->labels[i]);
        if (k < 0)
            pat_fail(ev, p, "record pattern: %s has no field '%s'",
                    val_tag_name(v), p->labels[i]);
        if (!match(ev, p->elems[i], v->u.f[k], env, in)) return 0;
    }
    return 1;
}

/* An integer or word constant pattern against a word or an IntInf.int. */
static int match_num(Ev *ev, const Pat *p, Value *v, Insp *in)
{
    if (v->tag == V_WORD && p->num == NUM_WORD) {
        inspect(in, v);
        return (uint64_t)v->u.i == ((uint64_t)p->ival & num_word_mask(v->n));
    }
    if (v->tag != V_BIG || p->num == NUM_WORD)
        pat_fail(ev, p, "type error: %s pattern applied to %s", p->num == NUM_WORD ? "word" : "int",
                 val_tag_name(v));
    inspect(in, v);
    mpz_t k;
    mpz_init(k);
    num_big_const(k, p->ival, p->sval, p->slen);
    return mpz_cmp(k, &v->u.z) == 0;
}

static int match(Ev *ev, const Pat *p, Value *v, const Env *env, Insp *in)
{
    char here; /* what enter leaves on the stack is scrubbed (scrub_after) */
    if ((uintptr_t)&here < ev->stack_low) ev->stack_low = (uintptr_t)&here;
    switch (p->kind) {
    case PAT_WILD:
        return 1;
    case PAT_VAR:
        env->fr[p->slot] = v;
        return 1;
    case PAT_AS:
        env->fr[p->slot] = v;
        return match(ev, p->arg, v, env, in);
    case PAT_INT:
        if (v->tag != V_INT) return match_num(ev, p, v, in);
        inspect(in, v);
        return v->u.i == p->ival && p->num != NUM_WORD && !p->sval;
    case PAT_CHAR:
        if (v->tag != V_CHAR)
            ev_type_fail(ev, p->span, "char pattern applied to %s", val_tag_name(v));
        inspect(in, v);
        return v->u.i == p->ival;
    case PAT_STRING:
        if (v->tag != V_STR)
            pat_fail(ev, p, "string pattern applied to %s", val_tag_name(v));
        inspect(in, v);
        return v->n == p->slen && memcmp(v->u.s, p->sval, p->slen) == 0;
    case PAT_TUPLE:
        if (v->tag != V_TUPLE || v->n != p->n || v->shape)
            pat_fail(ev, p, "%u-tuple pattern applied to %s%s", p->n,
                    v->tag == V_TUPLE ? "a tuple of another size" : val_tag_name(v), "");
        inspect(in, v);
        for (uint32_t i = 0; i < p->n; i++)
            if (!match(ev, p->elems[i], v->u.f[i], env, in)) return 0;
        return 1;
    case PAT_LIST:
        return match_list(ev, p, v, env, in);
    case PAT_RECORD:
        return match_record(ev, p, v, env, in);
    case PAT_CON:
        return match_con(ev, p, v, env, in);
    }
    return 0;
}

/* The matching node n inspected what in holds: use edges to each. */
static void use_inspected(Ev *ev, uint32_t n, const Insp *in, Span sp)
{
    if (in->n > INSP_MAX) ev_fail(ev, sp, "pattern too large (more than %u objects inspected)", INSP_MAX);
    for (uint32_t i = 0; in->locs && i < in->n; i++) ev_heap(ev, n, in->locs[i], HE_USE);
}

/* Tries the clauses in order on vals[0..npats-1]; returns the index taken,
 * or -1.  Use edges from n: every object inspected, and the free variables
 * of every arm not taken. */
static int match_clauses(Ev *ev, uint32_t n, const Clause *cl, uint32_t ncl, Value **vals,
                         const Env *env, Span sp)
{
    INSP_BUF(ev);
    Insp in = INSP_INIT(ev);
    int taken = -1;
    for (uint32_t i = 0; i < ncl && taken < 0; i++) {
        uint32_t k = 0;
        while (k < cl[i].npats && match(ev, cl[i].pats[k], vals[k], env, &in)) k++;
        if (k == cl[i].npats) taken = (int)i;
    }
    use_inspected(ev, n, &in, sp);
    for (uint32_t i = 0; i < ncl; i++)
        if ((int)i != taken) use_all(ev, n, env, &cl[i].free);
    if (taken >= 0) clear_slots(ev, env, &cl[taken].kill);
    return taken;
}

/* ---- expressions ---- */

/* Every expression is evaluated by its code, chosen once by its form
 * (eval_compile, below). */
static inline Value *eval(Ev *ev, const Expr *e, const Env *env) { return e->code(ev, e, env); }
static Value *eval_guarded(Ev *ev, const Expr *x, const Env *env, Handler *h);

/* eval_guarded with a Handler of its own: out of line, so that a pair's
 * frames hold a Handler only when a handler is around the pair (frames of
 * the recursion stay small; pml exec scrubs them). */
static __attribute__((noinline)) Value *eval_handled(Ev *ev, const Expr *x, const Env *env)
{
    Handler h;
    return eval_guarded(ev, x, env, &h);
}

static Value *make_closure(Ev *ev, uint32_t annot, uint32_t nfuns, const RefList *free,
                           const Env *env, const Dec *dec, const Expr *fn)
{
    /* C-FUN: [ℓ], retain ℓ -> ρ(y) for each free y */
    uint32_t l = ev_node(ev, NK_CLOSURE, nfuns + free->n, annot);
    val_charge(sizeof(Group) + (free->n + nfuns) * sizeof(Value *));
    Group *grp = GC_MALLOC(sizeof *grp + free->n * sizeof grp->free[0]);
    grp->dec = dec;
    grp->fn = fn;
    grp->nfree = free->n;
    grp->nfuns = nfuns;
    grp->magic = GROUP_MAGIC;
    for (uint32_t i = 0; i < free->n; i++) {
        grp->free[i] = lookup(env, &free->refs[i]);
        ev_heap(ev, l, grp->free[i]->loc, HE_RETAIN);
    }
    grp->fnv = GC_MALLOC(nfuns * sizeof *grp->fnv);
    for (uint32_t i = 0; i < nfuns; i++) {
        Value *v = val_new(V_CLOS, l);
        v->u.clo.code = dec ? dec->funs[i].fn : fn;
        v->u.clo.grp = grp;
        grp->fnv[i] = v;
    }
    return grp->fnv[0];
}

/* A constructor applied to args (a syntactic tuple's elements, or one
 * value): one block, retain edges to each field.  A list cell always has
 * two fields: `op :: t` copies them out of the tuple t, which it reads
 * (a use edge keeps t a root until then: Theorem 1). */
static Value *construct(Ev *ev, const ConDef *c, Value **args, uint32_t nargs, uint32_t annot, Span sp)
{
    Value *read = NULL;
    if (c == ev->c_cons && nargs == 1 && args[0]->tag == V_TUPLE && args[0]->n == 2) {
        read = args[0];
        nargs = 2;
        args = read->u.f;
    }
    if (c == ev->c_cons && nargs != 2)
        ev_type_fail(ev, sp, ":: expects a pair, got %s", val_tag_name(args[0]));
    uint32_t l = ev_node(ev, NK_CON, 1 + nargs, annot);
    if (read) ev_heap(ev, l, read->loc, HE_USE);
    Value *v = val_fields(V_CON, nargs, l);
    v->con = c;
    for (uint32_t i = 0; i < nargs; i++) {
        v->u.f[i] = args[i];
        ev_heap(ev, l, args[i]->loc, HE_RETAIN);
    }
    if (c == ev->c_cons && (args[1]->tag != V_CON || (args[1]->con != ev->c_cons && args[1]->con != ev->c_nil)))
        ev_type_fail(ev, sp, "the right side of :: must be a list, got %s", val_tag_name(args[1]));
    return v;
}

/* pml exec's collector scans stacks conservatively: a frame pushed where
 * a call has just returned finds that call's pointers in the words it has
 * not written yet, and keeps what they point to alive.  In a recursion
 * that copies a list at each level (tests/exec/descent.pml) every level
 * then keeps an old list: O(n^2) words where the cost semantics keeps
 * O(n).  So, running for real, the stack a call used below its caller is
 * zeroed when it returns (after the body, and after matching the
 * argument, enter), from one frame of scrub's own, as deep as the stack
 * went (alloca): no write below the stack pointer, where a signal handler
 * (the collector's) may run.  The cost is about one more write per word of
 * stack used, so the frames of the recursion are kept small: no Diag or
 * Handler in a fork's frames, no Insp in a let's (branch_diag,
 * eval_handled, bind_val). */
#define SCRUB_BELOW 512    /* bytes zeroed past low: the frames of what the
                              deepest eval or match called (a primitive, the
                              collector's allocation) */

static __attribute__((noinline)) void scrub(uintptr_t low)
{
    char here;
    size_t n = ((uintptr_t)&here > low ? (uintptr_t)&here - low : 0) + SCRUB_BELOW;
    char *buf = __builtin_alloca(n); /* one frame down to below low */
    memset(buf, 0, n);
    __asm__ volatile("" : : "r"(buf) : "memory"); /* stores nothing reads: kept */
}

static void scrub_after(Ev *ev)
{
    char here;
    if (ev->record || ev->stack_low >= (uintptr_t)&here) return;
    scrub(ev->stack_low);
    ev->stack_low = (uintptr_t)&here;
}

/* The argument (after the hidden ones, the curried function's earlier
 * arguments) matched against the clauses, into the callee's frame: the
 * clause taken.  Out of line, so that no word of the frame that evaluates
 * the body holds the argument: the collector would find it there after
 * the body has let it go. */
static __attribute__((noinline)) int enter(Ev *ev, const Expr *site, const Expr *code, Value **argp, uint32_t n,
                                           const Env *callee)
{
    Value *vals[code->nhidden + 1];
    for (uint32_t i = 0; i < code->nhidden; i++) vals[i] = lookup(callee, &code->hidden[i]);
    vals[code->nhidden] = *argp;
    *argp = NULL;
    const Expr *outer_match = ev->match_site;
    ev->match_site = site;
    int k = match_clauses(ev, n, code->clauses, code->nclauses, vals, callee, site->span);
    ev->match_site = outer_match;
    memset(vals, 0, sizeof vals);
    __asm__ volatile("" : : "r"(vals) : "memory"); /* stores nothing reads: kept */
    if (k < 0)
        ev_raise_basis(ev, ev->c_match, site->span, "no clause of %s%s%s matches the argument",
                       code->fn_name ? "'" : "", code->fn_name ? code->fn_name : "this fn",
                       code->fn_name ? "'" : "");
    return k;
}

/* enter for a function of one clause fn x => e or fn (x1, ..., xk) => e
 * (each xi a variable or _) and an argument that fits: the argument or
 * its fields go straight to their slots, with match_clauses' edges (the
 * tuple inspected; no arm untaken).  0: not such a function or argument
 * (enter matches it, or reports why not).  Out of line, as enter is. */
static __attribute__((noinline)) int enter_simple(Ev *ev, const Expr *code, Value **argp, uint32_t n,
                                                  const Env *callee)
{
    const Clause *c0 = &code->clauses[0];
    if (code->nclauses != 1 || code->nhidden != 0 || c0->npats != 1) return 0;
    const Pat *p = c0->pats[0];
    Value *v = *argp;
    if (p->kind == PAT_VAR) {
        callee->fr[p->slot] = v;
    } else if (p->kind == PAT_TUPLE && v->tag == V_TUPLE && v->n == p->n && !v->shape) {
        for (uint32_t i = 0; i < p->n; i++)
            if (p->elems[i]->kind != PAT_VAR && p->elems[i]->kind != PAT_WILD) return 0;
        ev_heap(ev, n, v->loc, HE_USE);
        for (uint32_t i = 0; i < p->n; i++)
            if (p->elems[i]->kind == PAT_VAR) callee->fr[p->elems[i]->slot] = v->u.f[i];
    } else {
        return 0;
    }
    *argp = NULL;
    clear_slots(ev, callee, &c0->kill);
    return 1;
}

static Value *apply_closure(Ev *ev, const Expr *site, Value **fp, Value **argp, uint32_t n)
{
    const Expr *code = (*fp)->u.clo.code;
    Env callee = {NULL, (*fp)->u.clo.grp};
    *fp = NULL; /* the body's Env holds the group until its last read (live.c) */
    uint32_t nl = code->nlocals ? code->nlocals : 1;
    Value *frame[nl];
    memset(frame, 0, sizeof frame);
    callee.fr = frame;
    uint32_t outer_cs = ev->cs;
    if (ev->record) set_stack(ev, cstack_push(&ev->out->stacks, outer_cs, site->id, code->id), site->span);
    int k = 0;
    if (!enter_simple(ev, code, argp, n, &callee)) k = enter(ev, site, code, argp, n, &callee);
    scrub_after(ev); /* and the words enter left below this frame */
    const Expr *outer = ev->user_site;
    const EvalProbe *pr = ev->o->probe;
    if (site->span.file != 0) ev->user_site = site;
    CallFrame call = {site, ev->frames};
    ev->frames = &call;
    if (pr) pr->enter(pr->st, code, (uint32_t)k, ev->g->n);
    Value *v = eval(ev, code->clauses[k].body, &callee);
    scrub_after(ev);
    if (pr) pr->leave(pr->st, ev->g->n);
    ev->frames = call.prev;
    ev->user_site = outer;
    if (ev->record) set_stack(ev, outer_cs, site->span);
    return v;
}

/* C-APP: g1 ⊕ g2 ⊕ [n] ⊕ g3, use n -> loc(f), loc(arg). */
/* The function and the argument come in cells of the caller's frame
 * (*fp, *argp), which a closure call clears once it has read the closure
 * and matched the argument (enter): no frame below the body's keeps them
 * for the collector to find.  A call in tail position still nests a C
 * frame under its caller's, so a closure held there (eval_app's f, in a
 * register its callee saved) stayed reachable until the whole loop
 * returned: a curried foldl kept one closure and group per element. */
static Value *apply(Ev *ev, const Expr *site, Value **fp, Value **argp)
{
    Value *f = *fp;
    uint32_t n = ev_node(ev, NK_APP, 0, site->id);
    ev_heap(ev, n, f->loc, HE_USE);
    ev_heap(ev, n, (*argp)->loc, HE_USE);
    if (f->tag == V_CLOS) return apply_closure(ev, site, fp, argp, n);
    Value *arg = *argp;
    switch (f->tag) {
    case V_CONFN:
        return construct(ev, f->con, &arg, 1, site->id, site->span);
    case V_COMPOSED: { /* (f o g) x: after n, g x's application, then f's */
        Value *g = f->u.f[1], *h = f->u.f[0];
        Value *y = apply(ev, site, &g, &arg);
        return apply(ev, site, &h, &y);
    }
    case V_PRIMFN: {
        uint32_t ar = prim_table[f->u.prim].arity;
        if (ar == 1) return prim_apply(ev, site->id, site->span, f->u.prim, &arg, 1);
        if (arg->tag != V_TUPLE || arg->n != ar)
            ev_type_fail(ev, site->span, "'%s' expects a %u-tuple, got %s",
                    prim_table[f->u.prim].name, ar, val_tag_name(arg));
        return prim_apply(ev, site->id, site->span, f->u.prim, arg->u.f, ar);
    }
    default:
        ev_type_fail(ev, site->span, "applying %s, which is not a function", val_tag_name(f));
    }
}

/* A primitive or constructor named directly in an application: a syntactic
 * tuple argument gives the arguments (no tuple is allocated). */
static __attribute__((noinline)) Value *apply_direct(Ev *ev, const Expr *e, const Env *env)
{
    const Expr *fe = e->a, *ae = e->b;
    Value *small[8], **args = small;
    uint32_t nargs = 1;
    if (ae->kind == EX_TUPLE && ae->n >= 2) {
        nargs = ae->n;
        if (nargs > 8) args = GC_MALLOC(nargs * sizeof *args);
        for (uint32_t i = 0; i < nargs; i++) args[i] = eval(ev, ae->elems[i], env);
    } else {
        args[0] = eval(ev, ae, env);
    }
    if (fe->ref.kind == REF_CON) return construct(ev, fe->ref.con, args, nargs, e->id, e->span);
    uint32_t ar = prim_table[fe->ref.index].arity;
    if (ar == 0)
        ev_type_fail(ev, e->span, "applying '%s', a constant, which is not a function",
                prim_table[fe->ref.index].name);
    if (nargs == 1 && ar > 1) {
        if (args[0]->tag != V_TUPLE || args[0]->n != ar)
            ev_type_fail(ev, e->span, "'%s' expects a %u-tuple, got %s",
                    prim_table[fe->ref.index].name, ar, val_tag_name(args[0]));
        nargs = ar;
        args = args[0]->u.f;
    }
    if (nargs != ar)
        ev_fail(ev, e->span, "'%s' expects %u argument%s, got %u", prim_table[fe->ref.index].name,
                ar, ar == 1 ? "" : "s", nargs);
    return prim_apply(ev, e->id, e->span, fe->ref.index, args, nargs);
}

/* f x.  Out of line: its cells for f and x are the only words of its
 * frame that hold them, and the call clears them (apply). */
static __attribute__((noinline)) Value *eval_app(Ev *ev, const Expr *e, const Env *env)
{
    Value *f = eval(ev, e->a, env);
    Value *x = eval(ev, e->b, env);
    return apply(ev, e, &f, &x);
}

static Value *eval_var(Ev *ev, const Expr *e, const Env *env)
{
    switch (e->ref.kind) {
    case REF_CON: {
        const ConDef *c = e->ref.con;
        if (!c->has_arg) /* C-TRUE: a fresh value */
            return val_nullary(c, ev_node(ev, NK_CONST, 1, e->id));
        Value *v = val_new(V_CONFN, ev_node(ev, NK_CLOSURE, 1, e->id));
        v->con = c;
        return v;
    }
    case REF_PRIM: {
        if (prim_table[e->ref.index].arity == 0) /* a constant (Math.pi) */
            return prim_apply(ev, e->id, e->span, e->ref.index, NULL, 0);
        Value *v = val_new(V_PRIMFN, ev_node(ev, NK_CLOSURE, 1, e->id));
        v->u.prim = e->ref.index;
        return v;
    }
    default: /* C-VAL */
        ev_node(ev, NK_VAR, 0, e->id);
        return lookup(env, &e->ref);
    }
}

/* (e1, ..., ek): g1 ⊕ ... ⊕ gk ⊕ [ℓ], retain ℓ -> loc(vi) */
static __attribute__((noinline)) Value *eval_tuple(Ev *ev, const Expr *e, const Env *env)
{
    Value *small[8], **vs = e->n > 8 ? GC_MALLOC(e->n * sizeof *vs) : small;
    for (uint32_t i = 0; i < e->n; i++) vs[i] = eval(ev, e->elems[i], env);
    uint32_t l = ev_node(ev, e->n ? NK_TUPLE : NK_CONST, e->n ? e->n : 1, e->id);
    Value *v = val_fields(V_TUPLE, e->n, l);
    for (uint32_t i = 0; i < e->n; i++) {
        v->u.f[i] = vs[i];
        ev_heap(ev, l, vs[i]->loc, HE_RETAIN);
    }
    return v;
}

/* {l1 = e1, ..., ln = en}: the tuple rule, fields evaluated in source
 * order and stored in label order. */
static __attribute__((noinline)) Value *eval_record(Ev *ev, const Expr *e, const Env *env)
{
    Value *small[8], **vs = e->n > 8 ? GC_MALLOC(e->n * sizeof *vs) : small;
    for (uint32_t i = 0; i < e->n; i++) vs[i] = eval(ev, e->elems[i], env);
    uint32_t l = ev_node(ev, NK_TUPLE, e->n, e->id);
    Value *v = val_fields(V_TUPLE, e->n, l);
    v->shape = e->rec_shape;
    for (uint32_t i = 0; i < e->n; i++) {
        v->u.f[e->rec_perm[i]] = vs[i];
        ev_heap(ev, l, vs[i]->loc, HE_RETAIN);
    }
    return v;
}

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
    Diag *d[2];             /* a failed branch's error (GC heap, copied from
                               its thread's branch_diag) */
} ParJob;

/* Where a branch's error is written (Ev.d) while it runs: one per thread,
 * since a failure is reported at once, the branch's own Diag copied out
 * of it then, so that a pair's record (which every pair clears, and which
 * its caller scrubs) holds no Diag. */
static __thread Diag branch_diag;

static __thread Ev *gc_running;

/* Is a pair around ev's branch, with ev in its right branch, cancelled? */
static int exec_cancelled(const Ev *ev)
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
 * scrub_after: otherwise a later call laid over them finds, in the words
 * it does not write, a value the pair made (quicksort_join.pml kept each
 * level's partition so: O(n^2) words). */
static void branch_scrub(Ev *child, Ev *outer)
{
    scrub_after(child);
    if (outer && child->stack_low < outer->stack_low) outer->stack_low = child->stack_low;
}

static void par_branch(void *arg, int side)
{
    ParJob *j = arg;
    Ev child = j->base;
    child.d = &branch_diag;
    child.handler = NULL;
    child.stack_limit = child.stack_mark = bigstack_limit();
    child.stack_top = 0;
    child.stack_low = (uintptr_t)&child; /* this thread's stack */
    child.assigned = NULL;
    child.nassigned = child.capassigned = 0;
    child.print_midline = 0;
    child.params_read = 0;
    child.budget = 0;       /* its first node takes a batch, and looks for a cancellation */
    child.job = j;
    child.side = side;
    Ev *outer = gc_running;
    gc_running = &child;
    if (setjmp(child.fail)) {
        j->failed[side] = 1;
        if ((j->d[side] = malloc(sizeof branch_diag))) *j->d[side] = branch_diag;
        j->site[side] = child.user_site;
        exec_give_back(&child);
        exec_cancel_after(child.count, j, side);
        gc_running = outer;
        bigstack_unwound();
        branch_scrub(&child, outer);
        return;
    }
    /* with no handler around the pair, a raise stops the run where it
     * happens, as in the cost semantics' run */
    if (!j->base.handler) j->v[side] = eval(&child, j->e->elems[side], &j->env[side]);
    else if (!(j->v[side] = eval_handled(&child, j->e->elems[side], &j->env[side]))) j->x[side] = child.exn;
    j->params_read[side] = child.params_read;
    exec_give_back(&child);
    gc_running = outer;
    branch_scrub(&child, outer);
}

/* kept out of line: its ParJob must not enlarge the frames of the
 * recursion (eval_kind) that every evaluation goes through.  The nodes
 * counted are C-FORK's: the fork, the branches', the join and the pair. */
__attribute__((noinline)) static Value *eval_par_exec(Ev *ev, const Expr *e, const Env *env)
{
    /* on this thread's stack, which the collector scans: the branches'
     * values stay reachable until the join */
    ParJob job, *j = &job;
    ev_node(ev, NK_FORK, 0, e->id);
    exec_give_back(ev);
    /* all of it is written, since the collector scans it whole: base by
     * the copy (memcpy: its padding too; first, so the rest is one span),
     * the rest zeroed */
    _Static_assert(offsetof(ParJob, base) == 0, "base first");
    memcpy(&j->base, ev, sizeof j->base);
    memset((char *)j + sizeof j->base, 0, sizeof *j - sizeof j->base);
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
        longjmp(ev->fail, 1);
    }
    ev_node(ev, NK_JOIN, 0, e->id);
    if (j->x[0] || j->x[1]) ev_raise(ev, j->x[0] ? j->x[0] : j->x[1], e->span, NULL);
    ev_node(ev, NK_PAIR, 2, e->id);
    Value *v = val_fields(V_TUPLE, 2, 0);
    v->u.f[0] = j->v[0];
    v->u.f[1] = j->v[1];
    return v;
}

/* C-FORK: (g1 ⊗ g2) ⊕ [ℓ], retain ℓ -> loc(v1), loc(v2) */
static __attribute__((noinline)) Value *eval_par(Ev *ev, const Expr *e, const Env *env_in)
{
    if (!ev->record) return eval_par_exec(ev, e, env_in);
    Env env[2];
    Value *fr[2][e->nlocals ? e->nlocals : 1];
    fork_frames(ev, e, env_in, env, fr);
    uint32_t fork = ev_node(ev, NK_FORK, 0, e->id);
    Value *v1, *v2, *x1 = NULL;
    const EvalCells *cells = ev->o->cells;
    if (cells) watch_pair(ev, cells->fork, e->span);
    if (!ev->handler) {
        v1 = eval(ev, e->elems[0], &env[0]);
    } else if (!(v1 = eval_handled(ev, e->elems[0], &env[0]))) {
        x1 = ev->exn;
    }
    uint32_t end1 = ev->cur;
    ev->cur = fork;
    if (cells) watch_pair(ev, cells->next, e->span);
    if (!ev->handler) v2 = eval(ev, e->elems[1], &env[1]);
    else v2 = eval_handled(ev, e->elems[1], &env[1]);
    uint32_t end2 = ev->cur;
    uint32_t join = graph_add_node(ev->g, NK_JOIN, 0, e->id);
    if (!join) node_limit(ev, e->id);
    graph_add_edge(ev->g, end1, join);
    graph_add_edge(ev->g, end2, join);
    grow_seen(ev, join);
    ev->cur = join;
    if (cells) watch_pair(ev, cells->join, e->span);
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

/* [e1, ..., en] is e1 :: ... :: en :: nil: the elements, nil, then the
 * cells from the last. */
static Value *eval_list(Ev *ev, const Expr *e, const Env *env)
{
    Value **vs = e->n ? GC_MALLOC(e->n * sizeof *vs) : NULL;
    for (uint32_t i = 0; i < e->n; i++) vs[i] = eval(ev, e->elems[i], env);
    Value *tail = val_nullary(ev->c_nil, ev_node(ev, NK_CONST, 1, e->id));
    for (uint32_t i = e->n; i-- > 0;) {
        Value *pair[2] = {vs[i], tail};
        tail = construct(ev, ev->c_cons, pair, 2, e->id, e->span);
    }
    return tail;
}

/* e1; e2: g1 ⊕ [n] ⊕ g2, use n -> loc(v1) */
static Value *eval_seq(Ev *ev, const Expr *e, const Env *env)
{
    for (uint32_t i = 0; i + 1 < e->n; i++) {
        Value *v = eval(ev, e->elems[i], env);
        uint32_t n = ev_node(ev, NK_SEQ, 0, e->elems[i]->id);
        ev_heap(ev, n, v->loc, HE_USE);
    }
    return eval(ev, e->elems[e->n - 1], env);
}

static Value *eval_proj(Ev *ev, const Expr *e, const Env *env)
{
    Value *t = eval(ev, e->a, env);
    uint32_t n = ev_node(ev, NK_PROJ, 0, e->id); /* C-PROJ: use n -> loc(tuple) */
    ev_heap(ev, n, t->loc, HE_USE);
    if (e->ival >= 1 && t->tag == V_TUPLE && !t->shape && (uint64_t)e->ival <= t->n)
        return t->u.f[e->ival - 1];
    char num[24];
    const char *label = e->name;
    if (!label) {
        snprintf(num, sizeof num, "%lld", (long long)e->ival);
        label = num;
    }
    if (t->tag != V_TUPLE)
        ev_type_fail(ev, e->span, "#%s applied to %s", label, val_tag_name(t));
    int k = val_field(t, label);
    if (k < 0) {
        if (t->shape)
            ev_type_fail(ev, e->span, "#%s applied to a record without field '%s'", label, label);
        ev_type_fail(ev, e->span, "#%s applied to a %u-tuple", label, t->n);
    }
    return t->u.f[k];
}

static int test_bool(Ev *ev, const Expr *site, const Value *v)
{
    int b;
    if (!is_bool(ev, v, &b))
        ev_type_fail(ev, site->span, "a condition must be a bool, got %s", val_tag_name(v));
    return b;
}

/* C-IF: g1 ⊕ [n] ⊕ g2, use n -> loc(test) and ρ(y) for y free in the
 * branch not taken.  andalso / orelse are the derived if forms.  Running
 * for real, the stack the test used is zeroed before the branch runs
 * (scrub_after): the branch's frames, laid over it, would otherwise keep
 * the test's values (`j = 0`'s j) in words they never write, for as long
 * as they live — under bf, a task suspended at a pair in the branch keeps
 * them until it resumes (matmul's reducei and tabulate). */
static Value *if_taken(Ev *ev, const Expr *e, const Env *env, int b, uint32_t test_loc);

static Value *eval_if(Ev *ev, const Expr *e, const Env *env)
{
    Value *t = eval(ev, e->a, env);
    return if_taken(ev, e, env, test_bool(ev, e->a, t), t->loc);
}

/* The rest of C-IF, once the test gave b, a value at test_loc. */
static Value *if_taken(Ev *ev, const Expr *e, const Env *env, int b, uint32_t test_loc)
{
    uint32_t n = ev_node(ev, NK_IF, 0, e->id);
    ev_heap(ev, n, test_loc, HE_USE);
    const EvalProbe *pr = ev->o->probe;
    if (e->kind == EX_IF) {
        if (pr) pr->branch(pr->st, e, b ? 0 : 1);
        use_all(ev, n, env, &e->branch_free[b ? 1 : 0]);
        clear_slots(ev, env, &e->kill_path[b ? 0 : 1]);
        scrub_after(ev);
        return eval(ev, b ? e->b : e->c, env);
    }
    int go_on = e->kind == EX_ANDALSO ? b : !b;
    if (pr) pr->branch(pr->st, e, go_on ? 0 : 1);
    if (go_on) {
        clear_slots(ev, env, &e->kill_path[0]);
        return eval(ev, e->b, env);
    }
    use_all(ev, n, env, &e->branch_free[0]);
    clear_slots(ev, env, &e->kill_path[1]);
    return ev_bool(ev, b, ev_node(ev, NK_CONST, 1, e->id));
}

static Value *eval_case(Ev *ev, const Expr *e, const Env *env)
{
    Value *v = eval(ev, e->a, env);
    uint32_t n = ev_node(ev, NK_CASE, 0, e->id);
    ev_heap(ev, n, v->loc, HE_USE);
    int k = match_clauses(ev, n, e->clauses, e->nclauses, &v, env, e->span);
    if (k < 0) ev_raise_basis(ev, ev->c_match, e->span, "no arm of this case matches %s", val_tag_name(v));
    if (ev->o->probe) ev->o->probe->branch(ev->o->probe->st, e, (uint32_t)k);
    return eval(ev, e->clauses[k].body, env);
}

/* exception E inside a function, evaluated: a new exception, whose
 * identity is a copy of the declaration's ConDef (SML'97 §6.4).  One node
 * allocating the constructor value E (size 1, as a nullary constructor or
 * a constructor used as a value is). */
static Value *fresh_exception(Ev *ev, const ConDef *decl, uint32_t annot)
{
    ConDef *c = GC_MALLOC_ATOMIC(sizeof *c);
    *c = *decl;
    Value *v = val_new(c->has_arg ? V_CONFN : V_CON, ev_node(ev, c->has_arg ? NK_CLOSURE : NK_CONST, 1, annot));
    v->con = c;
    return v;
}

/* let val p = e1, e1's value v: [n], use n -> loc(v) and what p inspects.
 * Out of line: its Insp is not on the stack while e1 is evaluated. */
static __attribute__((noinline)) void bind_val(Ev *ev, const Dec *d, Value *v, const Env *env)
{
    uint32_t n = ev_node(ev, NK_BIND, 0, d->a->id);
    ev_heap(ev, n, v->loc, HE_USE);
    INSP_BUF(ev);
    Insp in = INSP_INIT(ev);
    int ok = match(ev, d->pat, v, env, &in);
    use_inspected(ev, n, &in, d->span);
    if (!ok) ev_raise_basis(ev, ev->c_bind, d->span, "the value does not match this val pattern");
}

static void eval_dec(Ev *ev, const Dec *d, const Env *env, Value **out)
{
    switch (d->kind) {
    case DEC_VAL: {
        Value *v = eval(ev, d->a, env);
        bind_val(ev, d, v, env);
        if (out) *out = v;
        clear_slots(ev, env, &d->kill);
        break;
    }
    case DEC_FUN: {
        Value *f0 = make_closure(ev, d->id, d->nfuns, &d->free, env, d, NULL);
        for (uint32_t i = 0; i < d->nfuns; i++) env->fr[d->slot0 + i] = f0->u.clo.grp->fnv[i];
        clear_slots(ev, env, &d->kill);
        break;
    }
    case DEC_STRUCTURE: case DEC_LOCAL:
        for (uint32_t i = 0; i < d->ndecs; i++) eval_dec(ev, d->decs[i], env, NULL);
        for (uint32_t i = 0; i < d->ndecs2; i++) eval_dec(ev, d->decs2[i], env, NULL);
        break;
    case DEC_EXCEPTION:
        for (uint32_t i = 0; i < d->ncons; i++)
            if (d->cons[i].fresh) env->fr[d->cons[i].slot] = fresh_exception(ev, &d->cons[i], d->id);
        clear_slots(ev, env, &d->kill);
        break;
    case DEC_DATATYPE: case DEC_SIGNATURE: case DEC_OPEN: case DEC_FUNCTOR:
    case DEC_TYPE:
        break;
    }
}

/* Running for real, the stack each declaration used is zeroed before the
 * next (scrub_after): the next one's frame, laid over it, would otherwise
 * keep the value it bound (`val (less, rest) = {…}`'s pair, which the
 * pattern took apart) for the conservative scan to find while it runs. */
static Value *eval_let(Ev *ev, const Expr *e, const Env *env)
{
    for (uint32_t i = 0; i < e->ndecs; i++) {
        eval_dec(ev, e->decs[i], env, NULL);
        scrub_after(ev);
    }
    return eval(ev, e->a, env);
}

/* raise e: g ⊕ [n], use n -> loc(v); then control passes to the
 * innermost handler, whose match node comes next. */
static Value *eval_raise(Ev *ev, const Expr *e, const Env *env)
{
    Value *v = eval(ev, e->a, env);
    uint32_t n = ev_node(ev, NK_SEQ, 0, e->id);
    ev_heap(ev, n, v->loc, HE_USE);
    if (v->tag != V_CON || !con_is_exn(v->con))
        ev_type_fail(ev, e->span, "raise expects an exception, got %s", val_tag_name(v));
    if (v->con == ev->c_fail && v->n == 1 && v->u.f[0]->tag != V_STR)
        ev_type_fail(ev, e->span, "Fail expects a string, got %s", val_tag_name(v->u.f[0]));
    ev_raise(ev, v, e->span, NULL);
}

/* Evaluates x with h installed as the innermost handler; returns its
 * value, or NULL with the exception in ev->exn when x raised. */
static Value *eval_guarded(Ev *ev, const Expr *x, const Env *env, Handler *h)
{
    h->prev = ev->handler;
    h->depth = ev->depth;
    h->user_site = ev->user_site;
    h->frames = ev->frames;
    h->cs = ev->cs;
    const EvalProbe *pr = ev->o->probe;
    h->probe_mark = pr ? pr->mark(pr->st) : 0;
    ev->handler = h;
    if (setjmp(h->jb) == 0) {
        Value *v = eval(ev, x, env);
        ev->handler = h->prev;
        if (pr) pr->release(pr->st, h->probe_mark);
        return v;
    }
    ev->handler = h->prev;
    ev->depth = h->depth;
    ev->user_site = h->user_site;
    ev->frames = h->frames;
    if (ev->record) set_stack(ev, h->cs, x->span);
    if (pr) pr->unwind(pr->st, h->probe_mark, ev->g->n);
    bigstack_unwound();
    return NULL;
}

/* e handle m.  Normally: g ⊕ [n], use n -> loc(v) and ρ(y) for y free in
 * the arms (they were kept for the handler).  When e raises x (its graph
 * ending at the raise): [n] after it, use n -> loc(x), ρ(y) for y free in
 * e (the part of e not run) and what the match inspects, as in case; then
 * the arm taken, or x raised again if none matches. */
static __attribute__((noinline)) Value *eval_handle(Ev *ev, const Expr *e, const Env *env)
{
    Handler h;
    Value *v = eval_guarded(ev, e->a, env, &h);
    uint32_t n = ev_node(ev, NK_CASE, 0, e->id);
    const EvalProbe *pr = ev->o->probe;
    if (v) {
        ev_heap(ev, n, v->loc, HE_USE);
        for (uint32_t i = 0; i < e->nclauses; i++) use_all(ev, n, env, &e->clauses[i].free);
        clear_slots(ev, env, &e->kill_path[0]);
        if (pr) pr->branch(pr->st, e, 0);
        return v;
    }
    Value *x = ev->exn;
    ev_heap(ev, n, x->loc, HE_USE);
    use_all(ev, n, env, &e->a->free);
    int k = match_clauses(ev, n, e->clauses, e->nclauses, &x, env, e->span);
    if (k < 0) ev_raise(ev, x, e->span, NULL);
    if (pr) pr->branch(pr->st, e, 1 + (uint32_t)k);
    return eval(ev, e->clauses[k].body, env);
}

/* A word or IntInf.int constant (num.h): one node of the value's size. */
static Value *eval_num(Ev *ev, const Expr *e)
{
    if (e->num == NUM_WORD) return val_word((uint64_t)e->ival, e->bits, ev_node(ev, NK_CONST, 1, e->id));
    Value *v = val_big(0);
    num_big_const(&v->u.z, e->ival, e->sval, e->slen);
    v->loc = ev_node(ev, NK_CONST, num_big_size(&v->u.z), e->id);
    return v;
}

static Value *eval_kind(Ev *ev, const Expr *e, const Env *env)
{
    switch (e->kind) {
    case EX_INT:
        if (e->num != NUM_INT) return eval_num(ev, e);
        return val_int(e->ival, ev_node(ev, NK_CONST, 1, e->id));
    case EX_REAL: return val_real(e->rval, ev_node(ev, NK_CONST, 1, e->id));
    case EX_CHAR: return val_char((unsigned char)e->ival, ev_node(ev, NK_CONST, 1, e->id));
    case EX_STRING: return val_str(e->sval, e->slen, ev_node(ev, NK_CONST, size_string(e->slen), e->id));
    case EX_VAR: return eval_var(ev, e, env);
    case EX_TUPLE: return eval_tuple(ev, e, env);
    case EX_RECORD: return eval_record(ev, e, env);
    case EX_PAR: return eval_par(ev, e, env);
    case EX_SEQ: return eval_seq(ev, e, env);
    case EX_LIST: return eval_list(ev, e, env);
    case EX_APP:
        if (e->prim_args) return apply_direct(ev, e, env);
        return eval_app(ev, e, env);
    case EX_PROJ: return eval_proj(ev, e, env);
    case EX_FN: return make_closure(ev, e->id, 1, &e->free, env, NULL, e);
    case EX_LET: return eval_let(ev, e, env);
    case EX_IF: case EX_ANDALSO: case EX_ORELSE: return eval_if(ev, e, env);
    case EX_CASE: return eval_case(ev, e, env);
    case EX_RAISE: return eval_raise(ev, e, env);
    case EX_HANDLE: return eval_handle(ev, e, env);
    }
    ev_fail(ev, e->span, "internal error: unknown expression");
}

/* Theorem 1 (paper §3.3; docs/semantics.md, Invariants): each ρ(y), y free in e, is the value of e or the
 * sink of a heap edge whose source was created while evaluating e. */
static void check_theorem1(Ev *ev, const Expr *e, const Env *env, uint32_t first, const Value *v)
{
    ev->checks++;
    for (uint32_t i = 0; i < e->free.n; i++) {
        uint32_t l = lookup(env, &e->free.refs[i])->loc;
        if (l != v->loc && ev->last_src[l] < first)
            ev_fail(ev, e->span, "Theorem 1 violated: '%s' (location %u) is not a root at the start "
                    "of this expression", e->free.names[i], l);
    }
}

/* ---- closure generation ----
 *
 * Each expression's code is a C function specialised to its form,
 * chosen once before the program runs (Feeley and Lapalme's closure
 * generation): evaluation is e->code(ev, e, env), with no switch on the
 * kind.  Every code makes the same nodes and edges in the same order as
 * the rule it implements (docs/semantics.md, The rules); what they do
 * around the rule is rule_enter and RULE_CODE's.  With the Theorem 1
 * check on, every expression gets code_checked, the rules behind one
 * switch (eval_kind) with the check after each. */

/* The depth and stack checks before an expression's rule; the stack it
 * reaches is scrubbed later (scrub_after). */
static inline void rule_enter(Ev *ev, const Expr *e)
{
    if (++ev->depth > ev->o->max_depth)
        ev_fail(ev, e->span, "recursion too deep: more than %llu nested evaluations "
                "(raise the limit with --max-depth N)", (unsigned long long)ev->o->max_depth);
    char here;
    if ((uintptr_t)&here < ev->stack_mark) stack_deeper(ev, e->span, (uintptr_t)&here);
    if ((uintptr_t)&here < ev->stack_low) ev->stack_low = (uintptr_t)&here;
}

static Value *code_checked(Ev *ev, const Expr *e, const Env *env)
{
    rule_enter(ev, e);
    uint32_t first = graph_nodes(ev->g) + 1;
    Value *v = eval_kind(ev, e, env);
    clear_slots(ev, env, &e->kill);
    check_theorem1(ev, e, env, first, v);
    ev->depth--;
    return v;
}

/* The code of a form whose rule is the function rule: around it, the
 * checks and, for the forms live.c gives a kill list (a variable, a fn),
 * the slots it read for the last time cleared. */
#define RULE_CODE(name, rule)                                               \
    static Value *name(Ev *ev, const Expr *e, const Env *env)              \
    {                                                                       \
        rule_enter(ev, e);                                                  \
        Value *v = rule(ev, e, env);                                        \
        kill_now(env, &e->kill);                                            \
        ev->depth--;                                                        \
        return v;                                                           \
    }

RULE_CODE(code_generic, eval_kind)
RULE_CODE(code_tuple, eval_tuple)
RULE_CODE(code_par, eval_par)
RULE_CODE(code_seq, eval_seq)
RULE_CODE(code_app, eval_app)
RULE_CODE(code_prim, apply_direct)
RULE_CODE(code_proj, eval_proj)
RULE_CODE(code_let, eval_let)
RULE_CODE(code_if, eval_if)
RULE_CODE(code_case, eval_case)

/* The leaves: a variable or an integer constant calls nothing that
 * evaluates, so it only checks the depth (as rule_enter would, failing
 * the same way); the stack its frame takes is within what the scrub
 * clears below its caller's (SCRUB_BELOW). */
static inline void leaf_enter(Ev *ev, const Expr *e)
{
    if (__builtin_expect(ev->depth >= ev->o->max_depth, 0)) rule_enter(ev, e);
}

/* C-VAL: a local slot; _last: its last read on this path (live.c), so
 * the slot lets go of the value. */
static Value *code_local(Ev *ev, const Expr *e, const Env *env)
{
    leaf_enter(ev, e);
    ev_node(ev, NK_VAR, 0, e->id);
    return env->fr[e->ref.index];
}

static Value *code_local_last(Ev *ev, const Expr *e, const Env *env)
{
    leaf_enter(ev, e);
    ev_node(ev, NK_VAR, 0, e->id);
    Value *v = env->fr[e->ref.index];
    env->fr[e->ref.index] = NULL;
    return v;
}

/* C-VAL: a variable the closure captured, or a function of its own group */
static Value *code_free(Ev *ev, const Expr *e, const Env *env)
{
    leaf_enter(ev, e);
    ev_node(ev, NK_VAR, 0, e->id);
    return env->self->free[e->ref.index];
}

static Value *code_self(Ev *ev, const Expr *e, const Env *env)
{
    leaf_enter(ev, e);
    ev_node(ev, NK_VAR, 0, e->id);
    return env->self->fnv[e->ref.index];
}

/* _last: the last read of anything in the running closure's group on
 * this path (live.c's Kill.self), so the Env lets go of the group. */
static Value *code_free_last(Ev *ev, const Expr *e, const Env *env)
{
    Value *v = code_free(ev, e, env);
    ((Env *)env)->self = NULL;
    return v;
}

static Value *code_self_last(Ev *ev, const Expr *e, const Env *env)
{
    Value *v = code_self(ev, e, env);
    ((Env *)env)->self = NULL;
    return v;
}

/* An integer constant (C-TRUE's rule for constants): a fresh int of size 1 */
static Value *code_int(Ev *ev, const Expr *e, const Env *env)
{
    (void)env;
    leaf_enter(ev, e);
    return val_int(e->ival, ev_node(ev, NK_CONST, 1, e->id));
}

/* A binary primitive applied to a syntactic pair (x op y): apply_direct
 * with its checks of the arity made once, by eval_compile. */
static Value *prim2(Ev *ev, const Expr *e, const Env *env)
{
    Value *args[2];
    args[0] = eval(ev, e->b->elems[0], env);
    args[1] = eval(ev, e->b->elems[1], env);
    return prim_apply(ev, e->id, e->span, e->a->ref.index, args, 2);
}
RULE_CODE(code_prim2, prim2)

/* x op y on two ints (or, for + - *, two reals): prim_apply's work
 * (eval_prims.c) inline, with the same node and edges: one node of size
 * 1 (work 1, the result's location), the result, use edges to x and y.
 * Another type, an overflow or a division goes to prim_apply, which
 * makes that node first (and raises there). */
static uint32_t op_node(Ev *ev, const Expr *e) { return ev_node(ev, NK_PRIM, 1, e->id); }

static Value *op_result(Ev *ev, uint32_t n, Value **a, Value *v)
{
    ev_heap(ev, n, a[0]->loc, HE_USE);
    ev_heap(ev, n, a[1]->loc, HE_USE);
    return v;
}

/* name: op on ints x and y when ok (an expression that sets r) holds, the
 * result made by make(r, n); with reals (1), on reals x and y, rop. */
#define NUM_OP(name, ok, make, reals, rop)                                  \
    static Value *name##_rule(Ev *ev, const Expr *e, const Env *env)       \
    {                                                                       \
        Value *a[2];                                                        \
        a[0] = eval(ev, e->b->elems[0], env);                               \
        a[1] = eval(ev, e->b->elems[1], env);                               \
        int64_t r;                                                          \
        if (a[0]->tag == V_INT && a[1]->tag == V_INT) {                     \
            int64_t x = a[0]->u.i, y = a[1]->u.i;                           \
            if (ok) {                                                       \
                uint32_t n = op_node(ev, e);                                \
                return op_result(ev, n, a, make(r, n));                     \
            }                                                               \
        } else if (reals && a[0]->tag == V_REAL && a[1]->tag == V_REAL) {   \
            double x = a[0]->u.r, y = a[1]->u.r;                            \
            (void)x, (void)y;                                               \
            uint32_t n = op_node(ev, e);                                    \
            return op_result(ev, n, a, val_real(rop, n));                   \
        }                                                                   \
        return prim_apply(ev, e->id, e->span, e->a->ref.index, a, 2);       \
    }                                                                       \
    RULE_CODE(name, name##_rule)

#define INT_RESULT(r, n) val_int(r, n)
#define BOOL_RESULT(r, n) ev_bool(ev, (r) != 0, n)
NUM_OP(code_add, !__builtin_add_overflow(x, y, &r), INT_RESULT, 1, x + y)
NUM_OP(code_sub, !__builtin_sub_overflow(x, y, &r), INT_RESULT, 1, x - y)
NUM_OP(code_mul, !__builtin_mul_overflow(x, y, &r), INT_RESULT, 1, x * y)
NUM_OP(code_lt, (r = x < y, 1), BOOL_RESULT, 0, 0)
NUM_OP(code_le, (r = x <= y, 1), BOOL_RESULT, 0, 0)
NUM_OP(code_gt, (r = x > y, 1), BOOL_RESULT, 0, 0)
NUM_OP(code_ge, (r = x >= y, 1), BOOL_RESULT, 0, 0)
NUM_OP(code_eq, (r = x == y, 1), BOOL_RESULT, 0, 0)
NUM_OP(code_ne, (r = x != y, 1), BOOL_RESULT, 0, 0)

/* if x op y then ... else ..., x and y ints and op a comparison: the
 * test's rule (its checks, node and edges, as code_lt's) then the if's,
 * without the bool, which nothing but the if reads: its bytes are
 * charged (pml exec's samples come when they would) but not allocated. */
/* The test: b, and the location of its value (*loc).  Out of line, so
 * that the operands are in no frame while the branch runs. */
static __attribute__((noinline)) int cmp_test(Ev *ev, const Expr *t, const Env *env, uint32_t *loc)
{
    rule_enter(ev, t);
    Value *a[2];
    a[0] = eval(ev, t->b->elems[0], env);
    a[1] = eval(ev, t->b->elems[1], env);
    int b;
    if (a[0]->tag != V_INT || a[1]->tag != V_INT) {
        Value *v = prim_apply(ev, t->id, t->span, t->a->ref.index, a, 2);
        b = test_bool(ev, t, v);
        *loc = v->loc;
    } else {
        int64_t x = a[0]->u.i, y = a[1]->u.i;
        switch (t->a->ref.index) {
        case P_LT: b = x < y; break;
        case P_LE: b = x <= y; break;
        case P_GT: b = x > y; break;
        case P_GE: b = x >= y; break;
        case P_EQ: b = x == y; break;
        default: b = x != y; break;
        }
        *loc = op_node(ev, t);
        val_charge(sizeof(Value));
        op_result(ev, *loc, a, NULL);
    }
    ev->depth--;
    return b;
}

static Value *if_cmp(Ev *ev, const Expr *e, const Env *env)
{
    uint32_t loc;
    int b = cmp_test(ev, e->a, env, &loc);
    return if_taken(ev, e, env, b, loc);
}
RULE_CODE(code_if_cmp, if_cmp)

static Code *var_code(const Expr *e)
{
    switch (e->ref.kind) {
    case REF_LOCAL: return e->kill.n ? code_local_last : code_local;
    case REF_FREE: return e->kill.self ? code_free_last : code_free;
    case REF_SELF: return e->kill.self ? code_self_last : code_self;
    default: return code_generic;
    }
}

/* An if whose test is an int comparison (app_code gave it code_lt ...). */
static Code *if_code(const Expr *e)
{
    Code *t = e->a->code;
    if (e->kind == EX_IF && (t == code_lt || t == code_le || t == code_gt || t == code_ge || t == code_eq || t == code_ne))
        return code_if_cmp;
    return code_if;
}

static Code *app_code(const Expr *e)
{
    if (!e->prim_args) return code_app;
    if (e->a->ref.kind == REF_PRIM && e->b->kind == EX_TUPLE && e->b->n == 2 &&
        prim_table[e->a->ref.index].arity == 2) {
        switch (e->a->ref.index) {
        case P_ADD: return code_add;
        case P_SUB: return code_sub;
        case P_MUL: return code_mul;
        case P_LT: return code_lt;
        case P_LE: return code_le;
        case P_GT: return code_gt;
        case P_GE: return code_ge;
        case P_EQ: return code_eq;
        case P_NE: return code_ne;
        default: return code_prim2;
        }
    }
    return code_prim;
}

static void compile_dec(Dec *d, int checked);

/* Sets the code of e and of every expression under it. */
static void compile_expr(Expr *e, int checked)
{
    Expr *sub[3] = {e->a, e->b, e->c};
    for (int i = 0; i < 3; i++)
        if (sub[i]) compile_expr(sub[i], checked);
    for (uint32_t i = 0; e->elems && i < e->n; i++) compile_expr(e->elems[i], checked);
    for (uint32_t i = 0; i < e->nclauses; i++) compile_expr(e->clauses[i].body, checked);
    for (uint32_t i = 0; i < e->ndecs; i++) compile_dec(e->decs[i], checked);
    Code *c = code_generic; /* chosen after the parts' (if_code reads its test's) */
    switch (e->kind) {
    case EX_INT: if (e->num == NUM_INT) c = code_int; break;
    case EX_VAR: c = var_code(e); break;
    case EX_REAL: case EX_CHAR: case EX_STRING: case EX_RECORD: case EX_LIST:
    case EX_FN: case EX_RAISE: case EX_HANDLE:
        break;
    case EX_TUPLE: c = code_tuple; break;
    case EX_PAR: c = code_par; break;
    case EX_SEQ: c = code_seq; break;
    case EX_APP: c = app_code(e); break;
    case EX_PROJ: c = code_proj; break;
    case EX_LET: c = code_let; break;
    case EX_IF: case EX_ANDALSO: case EX_ORELSE: c = if_code(e); break;
    case EX_CASE: c = code_case; break;
    }
    e->code = checked ? code_checked : c;
}

static void compile_dec(Dec *d, int checked)
{
    if (d->a) compile_expr(d->a, checked);
    for (uint32_t i = 0; i < d->nfuns; i++) compile_expr(d->funs[i].fn, checked);
    for (uint32_t i = 0; i < d->ndecs; i++) compile_dec(d->decs[i], checked);
    for (uint32_t i = 0; i < d->ndecs2; i++) compile_dec(d->decs2[i], checked);
}

/* Chooses every expression's code (closure generation, above): once per
 * evaluation, since the Theorem 1 check is an option of each. */
static void eval_compile(const Program *p, int checked)
{
    for (uint32_t i = 0; i < p->ndecs; i++) compile_dec(p->decs[i], checked);
}

/* ---- the program ---- */

void eval_options_default(EvalOptions *o)
{
    memset(o, 0, sizeof *o);
    o->max_nodes = 200000000;
    o->max_depth = 10000000;
    o->print_out = stderr;
    val_print_default(&o->print);
}

static void make_annots(const Program *p, const Sources *s, CostRun *out)
{
    out->nannots = p->nexprs;
    out->annots = calloc(p->nexprs + 1, sizeof *out->annots);
    for (uint32_t i = 0; out->annots && i < p->nexprs; i++) {
        Span sp = p->id_span[i];
        out->annots[i].file = sp.file;
        out->annots[i].line = sp.line;
        out->annots[i].col = sp.col;
        if (p->id_label[i]) {
            out->annots[i].text = strdup(p->id_label[i]);
        } else {
            char buf[200];
            src_excerpt(s, p->id_span[i], buf, 160);
            out->annots[i].text = strdup(buf);
        }
    }
    /* the entry past the last one names no expression: the one node of a
     * program that declares only types has it */
    if (out->annots) out->annots[p->nexprs].text = strdup("");
}

/* An error inside the prelude (file 0) is reported at the application in
 * the user's program that led to it, naming the prelude's position. */
static void blame_user(Ev *ev, const Sources *s)
{
    Diag *d = ev->d;
    if (!d->has_span || d->span.file != 0 || !ev->user_site || s->n < 2) return;
    char msg[sizeof d->msg];
    snprintf(msg, sizeof msg, "%.400s (in %s:%u:%u)", d->msg, s->files[0].path, d->span.line,
             d->span.col);
    memcpy(d->msg, msg, sizeof msg);
    d->span = ev->user_site->span;
}

/* The collector found no memory (GC_set_oom_fn): unwind the evaluation
 * running on this thread (gc_running), if any, with an error at the
 * newest node. */

static void *gc_out_of_memory(size_t bytes)
{
    Ev *ev = gc_running;
    if (!ev) return NULL;
    Span sp = ev->p->id_span[ev->cur ? graph_annot(ev->g, ev->cur) : 0];
    ev_fail(ev, sp, "out of memory: the interpreter's heap is exhausted at %llu nodes (heap %zu MiB, "
            "%zu more bytes requested); --max-nodes N stops a run sooner",
            (unsigned long long)nodes_made(ev), GC_get_heap_size() >> 20, bytes);
}

static int run(Ev *ev, const Program *p, CostRun *out)
{
    if (setjmp(ev->fail)) {
        gc_running = NULL;
        bigstack_unwound();
        return -1;
    }
    gc_running = ev;
    GC_set_oom_fn(gc_out_of_memory);
    if (ev->o->probe) ev->o->probe->begin(ev->o->probe->st, p);
    eval_compile(p, ev->o->check_theorem1);
    Value **top = GC_MALLOC((p->nlocals + 1) * sizeof *top);
    Env env = {top, NULL};
    Value *result = NULL;
    Span result_span = {0};
    for (uint32_t i = 0; i < p->ndecs; i++) {
        Value *v = NULL;
        eval_dec(ev, p->decs[i], &env, &v);
        if (i >= p->nuser0 && p->decs[i]->kind == DEC_VAL) {
            result = v;
            result_span = p->decs[i]->span;
        }
    }
    if (nodes_made(ev) == 0) /* an empty program still has a one-node graph */
        ev_node(ev, NK_CONST, 1, 0);
    if (ev->nassigned && ev->record) {
        /* the final contents of the assigned cells and arrays are live to
         * the end */
        uint32_t n = ev_node(ev, NK_SEQ, 0, graph_annot(ev->g, ev->cur));
        for (uint32_t i = 0; i < ev->nassigned; i++)
            for (uint32_t k = 0; k < ev->assigned[i]->n; k++) ev_heap(ev, n, ev->assigned[i]->u.f[k]->loc, HE_USE);
    }
    if (!ev->record && ev->o->fork->done) ev->o->fork->done(ev->o->fork->st, result);
    if (result) {
        if (ev->record) graph_set_result(ev->g, result->loc);
        /* the text counts against the memory limit too: an eighth of it */
        ValPrint lim = ev->o->print;
        if (ev->o->max_memory && lim.max_bytes > ev->o->max_memory / 8) lim.max_bytes = ev->o->max_memory / 8;
        out->value_text = val_to_sml(result, &lim, p->result_shape);
        if (!out->value_text)
            ev_fail(ev, result_span,
                    "out of memory: printing the result passed %llu MiB, 1/8 of %s; lower "
                    "--print-depth, --print-length or --string-depth",
                    (unsigned long long)(lim.max_bytes >> 20),
                    ev->o->memory_limit ? ev->o->memory_limit : "the usable memory");
    }
    out->result_name = p->result_name;
    out->result_type = p->result_type;
    out->mutated = ev->nassigned > 0;
    gc_running = NULL;
    return 0;
}

int eval_program(const Program *p, const Sources *s, const EvalOptions *o, CostRun *out, Diag *d)
{
    memset(out, 0, sizeof *out);
    num_init();     /* GMP allocates in the collector's heap from the first bignum on */
    graph_init(&out->g, o->max_nodes);
    Ev ev = {0};
    EvDup dup = {0};
    ev.dup = &dup;
    ev.g = &out->g;
    ev.out = out;
    cstack_init(&out->stacks);
    ev.p = p;
    ev.o = o;
    ev.d = d;
    ev.record = !o->fork;
    clock_gettime(CLOCK_MONOTONIC, &ev.started);
    ev.c_true = resolve_builtin_con("true");
    ev.c_false = resolve_builtin_con("false");
    ev.c_nil = resolve_builtin_con("nil");
    ev.c_cons = resolve_builtin_con("::");
    ev.c_fail = resolve_builtin_con("Fail");
    ev.c_div = resolve_builtin_con("Div");
    ev.c_overflow = resolve_builtin_con("Overflow");
    ev.c_subscript = resolve_builtin_con("Subscript");
    ev.c_size = resolve_builtin_con("Size");
    ev.c_match = resolve_builtin_con("Match");
    ev.c_bind = resolve_builtin_con("Bind");
    ev.c_domain = resolve_builtin_con("Domain");
    ev.c_ref = resolve_builtin_con("ref");
    ev.c_some = resolve_builtin_con("SOME");
    ev.c_none = resolve_builtin_con("NONE");
    ev.stack_limit = ev.stack_mark = bigstack_limit();
    ExecCount count = {o->max_nodes, 0};
    ev.count = &count;
    /* the stack counts against memory with the graph and the heap: the
     * system counts it, and a runaway recursion's stack outgrows both */
    char top;
    if (ev.record && o->max_memory && ev.stack_limit && (uintptr_t)&top - ev.stack_limit > STACK_STEP) {
        ev.stack_top = (uintptr_t)&top;
        ev.stack_mark = ev.stack_top - STACK_STEP;
    }
    ev.stack_low = (uintptr_t)&top;
    grow_seen(&ev, 1);
    int rc = run(&ev, p, out);
    if (ev.progress_shown) fputs("\r\033[K", stderr);    /* what follows starts on a clean line */
    if (ev.print_midline) { /* what follows (the report, an error) starts a line */
        fputc('\n', o->print_out);
        fflush(o->print_out);
    }
    if (rc) blame_user(&ev, s);
    out->theorem1_checks = ev.checks;
    out->params_read = ev.params_read;
    free(ev.last_src);
    make_annots(p, s, out);
    if (rc) cost_run_free(out); /* on an error, out owns nothing */
    return rc;
}

void cost_run_free(CostRun *r)
{
    graph_free(&r->g);
    cstack_free(&r->stacks);
    for (uint32_t i = 0; r->annots && i <= r->nannots; i++) free((char *)r->annots[i].text);
    free(r->annots);
    free(r->value_text);
    memset(r, 0, sizeof *r);
}
