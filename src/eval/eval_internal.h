/*
 * eval_internal.h — what eval.c (the rules) and eval_prims.c (the
 * primitives) share.  Not part of any other module's interface.
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

typedef struct Ev {
    Graph *g;               /* with record 0 it stays empty (pml exec) */
    int record;             /* 1: build the graphs; 0: run only (EvalOptions.fork) */
    const Program *p;
    const EvalOptions *o;
    Diag *d;
    jmp_buf fail;
    uint32_t cur;           /* final node of the graph built so far; 0 = none */
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
                               last scrubbed (eval.c, scrub_after) */
    uint32_t *last_src;     /* Theorem 1 mode: newest source of an edge into a node */
    struct EvDup *dup;      /* pml run: the newest heap edges (ev_heap_add) */
    uint32_t seen_cap;
    uint64_t checks;
    uint64_t params_read;   /* bit i: -D parameter i was read by param */
    const Expr *user_site;  /* the innermost application in the user's file
                               (not the prelude) being evaluated: where an
                               error inside the prelude is reported */
    const ConDef *c_true, *c_false, *c_nil, *c_cons, *c_fail, *c_some, *c_none;
    /* the Basis exceptions the primitives and the rules raise */
    const ConDef *c_div, *c_overflow, *c_subscript, *c_size, *c_match, *c_bind, *c_domain;
    const ConDef *c_ref;
    Value **assigned;       /* the ref cells and arrays assigned to (GC
                               heap), nassigned */
    uint32_t nassigned, capassigned;
    Handler *handler;       /* innermost active handler, NULL: none */
    CostRun *out;           /* where the call stacks go */
    uint32_t cs;            /* the call stack (callstack.h) of the nodes made now */
    const CallFrame *frames;/* the calls being evaluated, newest first */
    const Expr *match_site; /* the application whose argument is being matched */
    Value *exn;             /* the exception being raised */
    int print_midline;      /* print's output so far does not end in a newline */
    /* pml exec (record 0): the nodes are counted, not stored (eval.c, "pml
     * exec").  The count is shared by the branches that run in parallel:
     * each Ev takes nodes from it a batch at a time and holds budget of
     * them; job and side name the pair branch this Ev runs (NULL: the
     * program's own thread), so that a failure can cancel what follows it
     * in program order. */
    struct ExecCount *count;
    int64_t budget;
    uint32_t cancels_seen;  /* count->cancels when this Ev last looked */
    struct ParJob *job;
    int side;
    struct timespec started;/* CLOCK_MONOTONIC when the evaluation began: the
                               node-limit message says how long it ran */
    double progress_at;     /* s: when the progress line was last drawn */
    int progress_shown;     /* a progress line is on stderr, to be cleared */
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

#endif
