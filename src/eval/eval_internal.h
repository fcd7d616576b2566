/*
 * eval_internal.h — what the evaluator's files (eval*.c) and the
 * primitives (eval_prims.c) share.  Not part of any other module's
 * interface.
 *
 * Errors unwind with longjmp to eval_program, Lua-style: the rules stay
 * readable, and eval_program still returns an error with a span.
 */
#ifndef PML_EVAL_INTERNAL_H
#define PML_EVAL_INTERNAL_H

#include <setjmp.h>
#include <time.h>
#include "eval.h"
#include "values.h"

/* One closure call being evaluated: its application, and the call that
 * was being evaluated when it was made.  A list on the C stack (each in
 * its caller's frame), newest first: a runtime error's backtrace. */
typedef struct CallFrame {
    const struct Expr *site;
    const struct CallFrame *prev;
} CallFrame;

/* An active handler (e handle m, or a parallel pair's branch while a
 * handler is active): where a raise unwinds to, and what to restore. */
typedef struct Handler {
    jmp_buf jb;
    struct Handler *prev;
    uint64_t depth;
    const struct Expr *user_site;
    const CallFrame *frames;
    uint32_t cs;            /* the call stack */
    uint32_t probe_mark;    /* EvalProbe.mark when it was installed */
} Handler;

/* The newest heap edges of source src: n of them so far, the last 16 in a
 * ring, each sink << 1 | kind (ev_heap_add).  Outside Ev, which pml exec
 * copies at every fork. */
typedef struct EvDup {
    uint32_t src, n;
    uint64_t key[16];
} EvDup;

/* What every branch of one evaluation shares, set when it starts: pml
 * exec's branches read it through Ev.sh and never write it (the fields
 * marked pml run only are written by its one Ev, on one thread). */
typedef struct EvShared {
    const Program *p;
    CostRun *out;           /* where the call stacks go */
    const ConDef *c_true, *c_false, *c_nil, *c_cons, *c_fail, *c_some, *c_none;
    /* the Basis exceptions the primitives and the rules raise */
    const ConDef *c_div, *c_overflow, *c_subscript, *c_size, *c_match, *c_bind, *c_domain;
    const ConDef *c_ref;
    /* pml exec (record 0): the nodes are counted, not stored (ExecCount,
     * below).  The count is shared by the branches that run in parallel:
     * each Ev takes nodes from it a batch at a time (Ev.budget). */
    struct ExecCount *count;
    struct timespec started;/* CLOCK_MONOTONIC when the evaluation began: the
                               node-limit message says how long it ran */
    /* pml run only */
    uint32_t *last_src;     /* Theorem 1 mode: newest source of an edge into a node */
    uint32_t seen_cap;
    uint64_t checks;
    struct EvDup *dup;      /* the newest heap edges (ev_heap_add) */
    double progress_at;     /* s: when the progress line was last drawn */
    int progress_shown;     /* a progress line is on stderr, to be cleared */
} EvShared;

/* One thread of evaluation: the program's, or under pml exec a parallel
 * pair's branch, which starts as a copy of its parent's at the fork
 * (eval_par.c): so it holds only what a branch has of its own (192
 * bytes; 608 when it held the jmp_buf and the constructors), the rest
 * behind sh. */
typedef struct Ev {
    EvShared *sh;
    Graph *g;               /* with record 0 it stays empty (pml exec) */
    const EvalOptions *o;
    int record;             /* 1: build the graphs; 0: run only (EvalOptions.fork) */
    uint32_t cur;           /* final node of the graph built so far; 0 = none */
    Diag *d;
    jmp_buf *fail;          /* where an error unwinds to (ev_fail): the
                               evaluation's, or its branch's */
    uint64_t depth;
    uintptr_t stack_limit;  /* lowest usable stack address (bigstack.h), 0: none */
    uintptr_t stack_mark;   /* below it eval() calls stack_deeper: stack_limit,
                               or with the stack counted in memory_check the
                               next STACK_STEP of new depth */
    uintptr_t stack_top;    /* where the evaluation's stack starts; 0: the
                               stack is not counted in memory_check */
    uint64_t stack_used;    /* the deepest the stack has been: its resident
                               bytes (pages stay after they are left) */
    uintptr_t stack_low;    /* the deepest eval() frame since the stack was
                               last scrubbed (ev_scrub_after) */
    uint64_t params_read;   /* bit i: -D parameter i was read by param */
    const Expr *user_site;  /* the innermost application in the user's file
                               (not the prelude) being evaluated: where an
                               error inside the prelude is reported */
    Value **assigned;       /* the ref cells and arrays assigned to (GC
                               heap), nassigned */
    uint32_t nassigned, capassigned;
    Handler *handler;       /* innermost active handler, NULL: none */
    uint32_t cs;            /* the call stack (callstack.h) of the nodes made now */
    int print_midline;      /* print's output so far does not end in a newline */
    const CallFrame *frames;/* the calls being evaluated, newest first */
    const Expr *match_site; /* the application whose argument is being matched */
    Value *exn;             /* the exception being raised */
    /* pml exec: the nodes this Ev has taken from sh->count and not made
     * yet; job and side name the pair branch this Ev runs (NULL: the
     * program's own thread), so that a failure can cancel what follows it
     * in program order. */
    int64_t budget;
    uint32_t cancels_seen;  /* count->cancels when this Ev last looked */
    int side;
    struct ParJob *job;
} Ev;

_Noreturn void ev_fail(Ev *ev, Span sp, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A run-time type error: the static semantics (lang/types.c) refuses every
 * program that could meet one, so reaching it is an internal error of pml,
 * reported as such; with PML_ABORT_ON_TYPE_ERROR set in the environment
 * it aborts (the tests run the well-typed corpora so). */
_Noreturn void ev_type_fail(Ev *ev, Span sp, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A new node serially after the current one (g ⊕ [n]); it becomes current. */
uint32_t ev_node_add(Ev *ev, NodeKind k, uint32_t size, uint32_t annot);
void ev_exec_take(Ev *ev, uint32_t annot);
void ev_heap_add(Ev *ev, uint32_t src, uint32_t dst, HeapKind k);
/* pml exec (record 0) only counts the node: inline, as every expression
 * makes one.  Returns the new node (0 under pml exec). */
static inline uint32_t ev_node(Ev *ev, NodeKind k, uint32_t size, uint32_t annot)
{
    if (__builtin_expect(!ev->record, 0)) {
        if (--ev->budget < 0) ev_exec_take(ev, annot);
        return 0;
    }
    return ev_node_add(ev, k, size, annot);
}
/* A heap edge src -> dst; none under pml exec. */
static inline void ev_heap(Ev *ev, uint32_t src, uint32_t dst, HeapKind k)
{
    if (ev->record) ev_heap_add(ev, src, dst, k);
}
Value *ev_bool(Ev *ev, int b, uint32_t loc);

/* EvalCells (eval.h): the access of element index of the ref or array
 * cell by the node `node` of expression annot, reported when the cells are
 * watched. */
void ev_cell_access(Ev *ev, const Value *cell, uint32_t index, int write, uint32_t annot, uint32_t node);
static inline void ev_watch(Ev *ev, const Value *cell, uint32_t index, int write, uint32_t annot, uint32_t node)
{
    if (__builtin_expect(ev->o->cells != NULL, 0)) ev_cell_access(ev, cell, index, write, annot, node);
}

/* Raises the exception value exn at sp: unwinds to the innermost handler,
 * or, with none, stops with "uncaught exception NAME" (detail, if not
 * NULL, says why). */
_Noreturn void ev_raise(Ev *ev, Value *exn, Span sp, const char *detail);
/* Raises the Basis exception c (no argument), allocated by a new node. */
_Noreturn void ev_raise_basis(Ev *ev, const ConDef *c, Span sp, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* A primitive applied to its arguments: a chain of work(p) nodes whose last
 * has use edges to the arguments and, if p allocates, is the result's
 * location with retain edges to what the result holds (docs/semantics.md, The rules). */
Value *prim_apply(Ev *ev, uint32_t annot, Span sp, uint32_t prim, Value **args, uint32_t nargs);

/* The longest string ^ may build (bytes): lengths stay far from 2^32, and a
 * program doubling a string stops with an error, not by exhausting memory. */
#define PML_STRING_MAX (1u << 28)

/* Sizes in words (docs/semantics.md, Sizes). */
static inline uint32_t size_string(uint32_t bytes) { return 1 + (bytes + 7) / 8; }

/* ---- what the evaluator's files share ----
 * eval.c: errors, graph building, the program; eval_rules.c: the rules
 * and their codes; eval_match.c: patterns; eval_par.c: parallel pairs. */

/* pml exec: the nodes not yet handed out, and the cancellations so far.
 * A running branch holds at most EXEC_BATCH nodes of its own (Ev.budget),
 * and gives back what it did not use when it forks or ends; so on one
 * thread the count is exact (the run stops at the node pml run stops at),
 * and with P running it stops at most (P - 1) * EXEC_BATCH nodes early. */
typedef struct ExecCount {
    uint64_t left;          /* atomic */
    uint32_t cancels;       /* atomic: how many pairs' right branches were cancelled */
} ExecCount;


/* The pattern p cannot apply to the value (a type error): while a
 * function's argument is matched, reported at the call, with the pattern
 * as a note; elsewhere (case, val) at the pattern. */
_Noreturn void ev_pat_fail(Ev *ev, const Pat *p, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Stops the evaluation at the node limit (or when the graph's store is full). */
_Noreturn void ev_node_limit(Ev *ev, uint32_t annot);
/* pml exec: ev's unused nodes go back to the count (at a fork, at a branch's end). */
void ev_exec_give_back(Ev *ev);
/* pml exec: is a pair around ev's branch, with ev in its right branch, cancelled? */
int ev_exec_cancelled(const Ev *ev);
void ev_grow_seen_to(Ev *ev, uint32_t need);
/* Theorem 1 mode: ev->sh->last_src has room for location need. */
static inline void ev_grow_seen(Ev *ev, uint32_t need)
{
    if (__builtin_expect(ev->o->check_theorem1 && need >= ev->sh->seen_cap, 0)) ev_grow_seen_to(ev, need);
}
/* An evaluation went below ev->stack_mark, at address at. */
void ev_stack_deeper(Ev *ev, Span sp, uintptr_t at);
/* A parallel pair's fork, the start of its right branch or its join, for
 * the cells' watcher (EvalCells). */
void ev_watch_pair(Ev *ev, int (*event)(void *st), Span sp);
/* The call stack of the nodes made from now on (callstack.h). */
void ev_set_stack(Ev *ev, uint32_t cs, Span sp);
/* v is true or false: *b which. */
int ev_is_bool(const Ev *ev, const Value *v, int *b);
/* The evaluation running on this thread, if any (the collector's
 * out-of-memory handler unwinds it). */
extern __thread Ev *ev_gc_running;

typedef struct Env {
    Value **fr;         /* the frame of the running function */
    Group *self;        /* the running closure */
} Env;

/* An expression's code (closure generation, eval_rules.c). */
typedef Value *Code(Ev *, const Expr *, const Env *);

static inline Value *lookup(const Env *env, const Ref *r)
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
static inline void clear_slots(const Ev *ev, const Env *env, const Kill *k)
{
    if ((k->n || k->self) && !ev->o->check_theorem1) kill_now(env, k);
}

/* use n -> ρ(y) for each y in l */
static inline void use_all(Ev *ev, uint32_t n, const Env *env, const RefList *l)
{
    if (!ev->record) return; /* no edges under pml exec: not even the lookups */
    for (uint32_t i = 0; i < l->n; i++) ev_heap(ev, n, lookup(env, &l->refs[i])->loc, HE_USE);
}

/* Every expression is evaluated by its code, chosen once by its form
 * (ev_compile). */
static inline Value *eval(Ev *ev, const Expr *e, const Env *env) { return e->code(ev, e, env); }
/* Chooses every expression's code: once per evaluation, since the
 * Theorem 1 check is an option of each. */
void ev_compile(const Program *p, int checked);
/* A declaration evaluated, its slots bound in env's frame; *out (if not
 * NULL): a val's value. */
void ev_dec(Ev *ev, const Dec *d, const Env *env, Value **out);
/* x evaluated with a handler of its own around it: its value, or NULL
 * with the exception raised in ev->exn. */
Value *ev_handled(Ev *ev, const Expr *x, const Env *env);
/* C-FORK. */
Value *ev_par(Ev *ev, const Expr *e, const Env *env);

/* Tries the clauses in order on vals[0..npats-1]; returns the index taken,
 * or -1.  Use edges from n: every object inspected, and the free variables
 * of every arm not taken. */
int ev_match_clauses(Ev *ev, uint32_t n, const Clause *cl, uint32_t ncl, Value **vals, const Env *env,
                     Span sp);
int ev_match_val(Ev *ev, uint32_t n, const Pat *p, Value *v, const Env *env, Span sp);

/* pml exec: the stack below low zeroed (eval_rules.c says why). */
void ev_scrub(uintptr_t low);
/* pml exec: the stack the evaluation used below this frame since the
 * last scrub, zeroed. */
static inline void ev_scrub_after(Ev *ev)
{
    char here;
    if (ev->record || ev->stack_low >= (uintptr_t)&here) return;
    ev_scrub(ev->stack_low);
    ev->stack_low = (uintptr_t)&here;
}

#endif
