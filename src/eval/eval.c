/*
 * eval.c — the cost semantics e ⇓ v; g; h (paper §3.1; docs/semantics.md).
 *
 * The computation graph is built with a cursor: ev->cur is the final node
 * of the graph built so far, and every new node is composed serially after
 * it (g ⊕ [n]).  A parallel pair saves the cursor at its fork, builds each
 * branch from there and joins them.  Nodes are therefore created in the
 * order of a sequential left-to-right execution: ids are the 1DF order.
 *
 * This file holds the errors, the graph building (and pml exec's node
 * count) and the program's evaluation; the rules are eval_rules.c's,
 * pattern matching eval_match.c's, the parallel pair eval_par.c's.
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

/* The error's position, with no note. */
static void error_at(Diag *d, Span sp)
{
    d->span = sp;
    d->has_span = 1;
    d->has_note = 0;
}

/* ev->d written but its backtrace: add it and unwind to eval_program
 * (or the branch's par_branch). */
_Noreturn static void unwind_error(Ev *ev)
{
    ev_backtrace(ev);
    bigstack_leaving();
    longjmp(*ev->fail, 1);
}

void ev_fail(Ev *ev, Span sp, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    error_at(ev->d, sp);
    vsnprintf(ev->d->msg, sizeof ev->d->msg, fmt, ap);
    va_end(ap);
    unwind_error(ev);
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
    error_at(ev->d, sp);
    unwind_error(ev);
}

/* A pattern that cannot apply to the value (a type error): while a
 * function's argument is matched, reported at the call, with the pattern
 * as a note; elsewhere (case, val) at the pattern. */
void ev_pat_fail(Ev *ev, const Pat *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    type_error_msg(ev, fmt, ap);
    va_end(ap);
    error_at(ev->d, ev->match_site ? ev->match_site->span : p->span);
    if (ev->match_site) {
        ev->d->has_note = 1;
        ev->d->note_span = p->span;
        snprintf(ev->d->note, sizeof ev->d->note, "the pattern the argument does not fit");
    }
    unwind_error(ev);
}

/* ---- graph building ---- */

#define EXEC_BATCH 4096

/* The nodes made so far (pml exec: handed out and not given back). */
static uint64_t nodes_made(const Ev *ev)
{
    if (ev->record) return graph_nodes(ev->g);
    uint64_t left = __atomic_load_n(&ev->sh->count->left, __ATOMIC_RELAXED) + (uint64_t)(ev->budget > 0 ? ev->budget : 0);
    return ev->o->max_nodes > left ? ev->o->max_nodes - left : 0;
}

/* Seconds since the evaluation began. */
static double elapsed(const Ev *ev)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - ev->sh->started.tv_sec) + 1e-9 * (double)(now.tv_nsec - ev->sh->started.tv_nsec);
}

void ev_node_limit(Ev *ev, uint32_t annot)
{
    Span sp = ev->sh->p->id_span[annot];
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
        if (ev->sh->progress_shown) { /* pml run only: no branch writes it */
            fputs("\r\033[K", stderr);
            ev->sh->progress_shown = 0;
        }
        ev_fail(ev, sp, "the program may not terminate: it ran past the time limit, %g s, with %llu nodes in its "
                "cost graph; if it does end, raise the limit with --time-limit SECONDS", ev->o->time_limit,
                (unsigned long long)nodes);
    }
    if (!ev->o->progress || !ev->record || t < PROGRESS_AFTER || t - ev->sh->progress_at < 0.5) return;
    ev->sh->progress_at = t;
    ev->sh->progress_shown = 1;
    fprintf(stderr, "\rpml: evaluating: %llu nodes (limit %llu), %.0f s\033[K", (unsigned long long)nodes,
            (unsigned long long)ev->o->max_nodes, t);
    fflush(stderr);
}

/* The message of a branch cancelled by an earlier failure: never shown,
 * as that failure is the one reported. */
static const char cancelled_msg[] = "cancelled: an earlier branch failed";

/* pml exec: ev has used its budget.  A branch that an earlier failure
 * cancelled stops here; otherwise it takes the next batch, or stops at
 * the node limit. */
__attribute__((noinline)) void ev_exec_take(Ev *ev, uint32_t annot)
{
    ev->budget = 0;
    uint32_t c = __atomic_load_n(&ev->sh->count->cancels, __ATOMIC_ACQUIRE);
    if (c != ev->cancels_seen) {
        ev->cancels_seen = c;
        if (ev_exec_cancelled(ev)) ev_fail(ev, ev->sh->p->id_span[annot], "%s", cancelled_msg);
    }
    if (ev->o->time_limit > 0) clock_check(ev, ev->sh->p->id_span[annot]);
    uint64_t left = __atomic_load_n(&ev->sh->count->left, __ATOMIC_RELAXED), take;
    do {
        if (!left) ev_node_limit(ev, annot);
        take = left < EXEC_BATCH ? left : EXEC_BATCH;
    } while (!__atomic_compare_exchange_n(&ev->sh->count->left, &left, left - take, 1, __ATOMIC_RELAXED,
                                          __ATOMIC_RELAXED));
    ev->budget = (int64_t)take - 1; /* the node being made */
}

/* pml exec: ev's unused nodes go back to the count (at a fork, at a
 * branch's end). */
void ev_exec_give_back(Ev *ev)
{
    if (ev->budget > 0) __atomic_add_fetch(&ev->sh->count->left, (uint64_t)ev->budget, __ATOMIC_RELAXED);
    ev->budget = 0;
}

/* Theorem 1 mode: last_src[l] is the newest source of an edge into l. */
__attribute__((noinline)) void ev_grow_seen_to(Ev *ev, uint32_t need)
{
    uint32_t cap = ev->sh->seen_cap ? ev->sh->seen_cap : 1024;
    while (cap <= need) cap *= 2;
    uint32_t *c = realloc(ev->sh->last_src, cap * sizeof *c);
    if (!c) ev_fail(ev, ev->sh->p->id_span[0], "out of memory for the cost graph");
    memset(c + ev->sh->seen_cap, 0, (cap - ev->sh->seen_cap) * sizeof *c);
    ev->sh->last_src = c;
    ev->sh->seen_cap = cap;
}

/* The cost graph's store, the interpreter's heap and the evaluation
 * stack's deepest extent (its pages stay resident) may take 2/3 of the
 * usable memory together, the store counted with what the command's
 * stages after the evaluation will add per node (later_bytes); the rest
 * is for the process itself and the printed result.  The store counts
 * the pages its entries fill (its arrays grow by remapping, so what lies
 * past them stays untouched); under an address-space limit, what it
 * reserves once its arrays next grow.  Checked every 2^16 nodes and
 * every STACK_STEP of new stack depth. */
static void memory_check(Ev *ev, Span sp)
{
    uint64_t graph = ev->o->memory_reserved ? graph_bytes(ev->g) :
                     graph_bytes_used(ev->g) + (uint64_t)ev->o->later_bytes * graph_nodes(ev->g);
    uint64_t heap = GC_get_heap_size();
    uint64_t counted = ev->o->memory_reserved ? graph_bytes_next(ev->g) : graph;
    if (counted + heap + ev->stack_used <= ev->o->max_memory / 3 * 2) return;
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
__attribute__((noinline, cold)) void ev_stack_deeper(Ev *ev, Span sp, uintptr_t at)
{
    if (at < ev->stack_limit)
        ev_fail(ev, sp, "recursion too deep: the evaluation stack is exhausted after %llu "
                "nested evaluations", (unsigned long long)ev->depth);
    ev->stack_used = ev->stack_top - at;
    memory_check(ev, sp);
    ev->stack_mark = at - ev->stack_limit > STACK_STEP ? at - STACK_STEP : ev->stack_limit;
}

/* ev_node_add past its fast path: the node made by it (id), or not yet
 * (0); the checks every 2^16 nodes; Theorem 1's array. */
static __attribute__((noinline)) uint32_t node_slow(Ev *ev, NodeKind k, uint32_t size, uint32_t annot, uint32_t id)
{
    int64_t made = id;
    if (!id) {
        made = ev->cur == graph_nodes(ev->g) ? graph_add_next(ev->g, k, size, annot) :
               graph_add_node(ev->g, k, size, annot);
        id = (uint32_t)made;
        if (!made) ev_node_limit(ev, annot);
    }
    if ((id & 0xFFFF) == 0) {
        if (ev->o->max_memory) memory_check(ev, ev->sh->p->id_span[annot]);
        clock_check(ev, ev->sh->p->id_span[annot]);
    }
    if (made < 0 || (ev->cur && ev->cur != id - 1 && graph_add_edge(ev->g, ev->cur, id)))
        ev_fail(ev, ev->sh->p->id_span[annot], "internal error: computation edge");
    ev->cur = id;
    ev_grow_seen(ev, id);
    return id;
}

uint32_t ev_node_add(Ev *ev, NodeKind k, uint32_t size, uint32_t annot)
{
    /* the current node is most often the newest: node and edge in one,
     * with no call (so no frame) unless something is due */
    uint32_t id = ev->cur == graph_nodes(ev->g) ? graph_try_next(ev->g, k, size, annot) : 0;
    if (__builtin_expect(id && (id & 0xFFFF) && !ev->o->check_theorem1, 1)) {
        ev->cur = id;
        return id;
    }
    return node_slow(ev, k, size, annot, id);
}

static __attribute__((noinline)) void heap_slow(Ev *ev, uint32_t src, uint32_t dst, HeapKind k)
{
    Graph *g = ev->g;
    if (graph_add_heap_slow(g, src, dst, k))
        ev_fail(ev, ev->sh->p->id_span[graph_annot(g, src)], "out of memory for the heap graph");
}

void ev_heap_add(Ev *ev, uint32_t src, uint32_t dst, HeapKind k)
{
    /* the same edge again?  A source's edges are the newest ones, so look
     * back over (a few of) them, kept in ev->sh->dup rather than decoded from
     * the store; a rare duplicate left is harmless */
    EvDup *dup = ev->sh->dup;
    enum { EV_DUP = sizeof dup->key / sizeof dup->key[0] };
    if (src != dup->src) dup->src = src, dup->n = 0;
    uint64_t key = (uint64_t)dst << 1 | (uint64_t)k;
    uint32_t n = dup->n < EV_DUP ? dup->n : EV_DUP;
    for (uint32_t i = 0; i < n; i++)
        if (dup->key[i] == key) return;
    dup->key[dup->n++ % EV_DUP] = key;
    if (ev->sh->last_src) ev->sh->last_src[dst] = src;
    if (!graph_try_heap(ev->g, src, dst, k)) heap_slow(ev, src, dst, k); /* a call only there: no frame */
}

void ev_cell_access(Ev *ev, const Value *cell, uint32_t index, int write, uint32_t annot, uint32_t node)
{
    if (!ev->record) return;
    const EvalCells *c = ev->o->cells;
    /* the position a user can act on: a prelude access counts for the
     * user's call that led there */
    uint32_t site = ev->sh->p->id_span[annot].file != 0 || !ev->user_site ? annot : ev->user_site->id;
    EvalAccess a = {cell->loc, index, site, node, ev->cs, (uint8_t)write, cell->tag == V_ARRAY};
    if (c->access(c->st, &a)) ev_fail(ev, ev->sh->p->id_span[annot], "out of memory watching the cells for races");
}

/* A parallel pair's fork, the start of its right branch or its join, for
 * the cells' watcher (EvalCells). */
void ev_watch_pair(Ev *ev, int (*event)(void *st), Span sp)
{
    if (event(ev->o->cells->st)) ev_fail(ev, sp, "out of memory watching the cells for races");
}

/* The call stack of the nodes made from now on (callstack.h). */
void ev_set_stack(Ev *ev, uint32_t cs, Span sp)
{
    if (cs == UINT32_MAX || graph_set_stack(ev->g, cs)) ev_fail(ev, sp, "out of memory for the call stacks");
    ev->cs = cs;
}

Value *ev_bool(Ev *ev, int b, uint32_t loc) { return val_nullary(b ? ev->sh->c_true : ev->sh->c_false, loc); }

_Noreturn void ev_raise(Ev *ev, Value *exn, Span sp, const char *detail)
{
    if (ev->handler) {
        ev->exn = exn;
        bigstack_leaving();
        longjmp(ev->handler->jb, 1);
    }
    const char *name = exn->con->name;
    if (exn->con == ev->sh->c_fail && exn->n == 1 && exn->u.f[0]->tag == V_STR)
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

int ev_is_bool(const Ev *ev, const Value *v, int *b)
{
    if (v->tag != V_CON || (v->con != ev->sh->c_true && v->con != ev->sh->c_false)) return 0;
    *b = v->con == ev->sh->c_true;
    return 1;
}

/* ---- the program ---- */

void eval_options_default(EvalOptions *o)
{
    memset(o, 0, sizeof *o);
    o->max_nodes = 200000000;
    o->max_depth = 10000000;
    o->print_out = stderr;
    /* df on one processor by the ids (no steps): its ready counts, 4
     * bytes, and the attribution's bits (fib 37: 4.6 bytes a node) */
    o->later_bytes = 6;
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
 * running on this thread (ev_gc_running), if any, with an error at the
 * newest node. */

__thread Ev *ev_gc_running;

void *eval_stack_running(void)
{
    return ev_gc_running;
}

void eval_set_stack_running(void *ev)
{
    ev_gc_running = ev;
}

static void *gc_out_of_memory(size_t bytes)
{
    Ev *ev = ev_gc_running;
    if (!ev) return NULL;
    Span sp = ev->sh->p->id_span[ev->cur ? graph_annot(ev->g, ev->cur) : 0];
    ev_fail(ev, sp, "out of memory: the interpreter's heap is exhausted at %llu nodes (heap %zu MiB, "
            "%zu more bytes requested); --max-nodes N stops a run sooner",
            (unsigned long long)nodes_made(ev), GC_get_heap_size() >> 20, bytes);
}

static int run(Ev *ev, const Program *p, CostRun *out)
{
    jmp_buf fail;
    ev->fail = &fail;
    if (setjmp(fail)) {
        ev_gc_running = NULL;
        bigstack_unwound();
        return -1;
    }
    ev_gc_running = ev;
    GC_set_oom_fn(gc_out_of_memory);
    if (ev->o->probe) ev->o->probe->begin(ev->o->probe->st, p);
    ev_compile(p, ev->o->check_theorem1);
    Value **top = GC_MALLOC((p->nlocals + 1) * sizeof *top);
    Env env = {top, NULL};
    Value *result = NULL;
    Span result_span = {0};
    for (uint32_t i = 0; i < p->ndecs; i++) {
        Value *v = NULL;
        ev_dec(ev, p->decs[i], &env, &v);
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
    ev_gc_running = NULL;
    return 0;
}

int eval_program(const Program *p, const Sources *s, const EvalOptions *o, CostRun *out, Diag *d)
{
    memset(out, 0, sizeof *out);
    num_init();     /* GMP allocates in the collector's heap from the first bignum on */
    graph_init(&out->g, o->max_nodes);
    EvShared sh = {0};
    Ev ev = {0};
    EvDup dup = {0};
    ev.sh = &sh;
    sh.dup = &dup;
    ev.g = &out->g;
    sh.out = out;
    cstack_init(&out->stacks);
    sh.p = p;
    ev.o = o;
    ev.d = d;
    ev.record = !o->fork;
    clock_gettime(CLOCK_MONOTONIC, &sh.started);
    sh.c_true = resolve_builtin_con("true");
    sh.c_false = resolve_builtin_con("false");
    sh.c_nil = resolve_builtin_con("nil");
    sh.c_cons = resolve_builtin_con("::");
    sh.c_fail = resolve_builtin_con("Fail");
    sh.c_div = resolve_builtin_con("Div");
    sh.c_overflow = resolve_builtin_con("Overflow");
    sh.c_subscript = resolve_builtin_con("Subscript");
    sh.c_size = resolve_builtin_con("Size");
    sh.c_match = resolve_builtin_con("Match");
    sh.c_bind = resolve_builtin_con("Bind");
    sh.c_domain = resolve_builtin_con("Domain");
    sh.c_ref = resolve_builtin_con("ref");
    sh.c_some = resolve_builtin_con("SOME");
    sh.c_none = resolve_builtin_con("NONE");
    ev.stack_limit = ev.stack_mark = bigstack_limit();
    ExecCount count = {o->max_nodes, 0};
    sh.count = &count;
    /* the stack counts against memory with the graph and the heap: the
     * system counts it, and a runaway recursion's stack outgrows both */
    char top;
    if (ev.record && o->max_memory && ev.stack_limit && (uintptr_t)&top - ev.stack_limit > STACK_STEP) {
        ev.stack_top = (uintptr_t)&top;
        ev.stack_mark = ev.stack_top - STACK_STEP;
    }
    ev.stack_low = (uintptr_t)&top;
    ev_grow_seen(&ev, 1);
    int rc = run(&ev, p, out);
    if (sh.progress_shown) fputs("\r\033[K", stderr);    /* what follows starts on a clean line */
    if (ev.print_midline) { /* what follows (the report, an error) starts a line */
        fputc('\n', o->print_out);
        fflush(o->print_out);
    }
    if (rc) blame_user(&ev, s);
    out->theorem1_checks = sh.checks;
    out->params_read = ev.params_read;
    free(sh.last_src);
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
