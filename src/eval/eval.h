/*
 * eval.h — the cost-semantics interpreter (paper §3.1; docs/semantics.md).
 *
 * eval_program runs a resolved Program call-by-value with environments and
 * returns its value together with the computation graph and heap graph
 * (e ⇓ v; g; h).  Nodes are created in the order a sequential left-to-right
 * execution visits them, so node ids are the 1DF order.
 */
#ifndef PML_EVAL_COST_H
#define PML_EVAL_COST_H

#include <stdint.h>
#include <stdio.h>
#include "ast.h"
#include "callstack.h"
#include "graph.h"
#include "values.h"

typedef struct Param { const char *name; int64_t value; } Param;

/* Watching a run (pml paths, docs/paths.md): when EvalOptions.probe is
 * set, the interpreter reports every function body it enters and leaves
 * and every branch it takes.  Counts of graph nodes let the watcher charge
 * work; nothing it does changes the run. */
typedef struct EvalProbe {
    void *st;
    /* before the first declaration runs */
    void (*begin)(void *st, const Program *p);
    /* a function's body starts: the closure code fn matched clause k */
    void (*enter)(void *st, const Expr *fn, uint32_t clause, uint32_t nodes);
    /* a branch: if (0 then, 1 else), andalso / orelse (0 the right side
     * runs, 1 it is skipped), case (the arm taken), handle (0 the body
     * returned, 1 + the arm that caught) */
    void (*branch)(void *st, const Expr *site, uint32_t choice);
    /* the body entered last returns */
    void (*leave)(void *st, uint32_t nodes);
    /* exceptions: before the body of a handler runs, mark remembers how
     * far the run is; when the body returns, release forgets it; when the
     * handler catches, unwind goes back to it (the bodies opened since
     * return no path, the branches taken since are forgotten) */
    uint32_t (*mark)(void *st);
    void (*release)(void *st, uint32_t mark);
    void (*unwind)(void *st, uint32_t mark, uint32_t nodes);
} EvalProbe;

/* Running a program for real (pml exec, docs/exec.md): when
 * EvalOptions.fork is set, no graph is recorded (values' locations are 0)
 * and each parallel pair {e1, e2} asks the runtime to run its two
 * branches: pair calls branch(arg, 0) and branch(arg, 1), possibly on
 * other threads and in any order, and returns when both have returned.
 * The branches never unwind past pair (errors and exceptions are
 * caught inside them and re-raised at the join), except under a serial
 * runtime.  The nodes are counted as the cost semantics would make them,
 * against max_nodes, though none is stored. */
typedef void (*EvalBranch)(void *arg, int side);
/* The evaluation running on this thread's stack, the one an allocation
 * failure unwinds (NULL: none).  A runtime that moves a task's stack to
 * another thread (exec_fiber.h) saves it when the stack is switched out
 * and sets it where the stack resumes. */
void *eval_stack_running(void);
void eval_set_stack_running(void *ev);
typedef struct EvalFork {
    void *st;
    void (*pair)(void *st, EvalBranch branch, void *arg);
    /* 1: pair calls branch(arg, 0), then branch(arg, 1), on the calling
     * thread, and returns at once (the sequential order: df at P = 1).
     * The branches then run on the parent's evaluation itself, and a
     * failure may unwind through pair to the run's end. */
    int serial;
    /* 1: pair calls branch(arg, 0) before anything else, on the calling
     * thread (ws's work first, §5.2): the left branch then takes over the
     * parent's node budget (Ev.budget) instead of giving it back to the
     * shared count and taking a batch from it again. */
    int left_here;
    /* the program has run: its result (NULL: none), still live */
    void (*done)(void *st, const Value *result);
} EvalFork;

/* One read or write of a ref cell's content or an array's element, as
 * EvalCells.access reports it. */
typedef struct EvalAccess {
    uint32_t cell;      /* the location of the ref or array (the node that made it) */
    uint32_t index;     /* the element (0 for a ref) */
    uint32_t site;      /* where in the user's files: the access's expression,
                           or the user's application that led into the
                           prelude where the access is (docs/attribution.md,
                           --group caller) */
    uint32_t node;      /* the node made by the access (a `ref x` pattern:
                           the matching node) */
    uint32_t stack;     /* its call stack (callstack.h) */
    uint8_t write;      /* 1: := or Array.update; 0: !, Array.sub,
                           Array.vector, a `ref x` pattern */
    uint8_t array;      /* the cell is an array's element (else a ref's content) */
} EvalAccess;

/* Watching the cells (pml race, docs/races.md): when EvalOptions.cells is
 * set, the interpreter reports, in the order of the sequential run (1DF),
 * each parallel pair's fork, the end of its left branch (the right one
 * starts), its join, and every access to a cell (allocating one is not an
 * access).  Only the cost semantics reports (not pml exec).  A callback
 * returns 0, or -1 out of memory: the run then stops with an error. */
typedef struct EvalCells {
    void *st;
    int (*fork)(void *st);
    int (*next)(void *st);
    int (*join)(void *st);
    int (*access)(void *st, const EvalAccess *a);
} EvalCells;

typedef struct EvalOptions {
    uint64_t max_nodes;     /* graph size limit (--max-nodes) */
    uint64_t max_depth;     /* nested evaluation depth limit (--max-depth) */
    double time_limit;      /* s: stop a run past it (--time-limit); 0: none */
    int progress;           /* a progress line on stderr for a long run (stderr is a terminal) */
    int check_theorem1;     /* test mode: check Theorem 1 everywhere (docs/semantics.md) */
    ValPrint print;         /* how much of the result is printed (--print-depth ...) */
    /* The memory the run may use (0: no limit), and which limit that is,
     * for messages (MemLimit.what): the cost graph and the interpreter's
     * heap may take 2/3 of it together (docs/reliability.md); counted as
     * the address space they reserve when memory_reserved (the limit is
     * RLIMIT_AS), else as the pages they touch. */
    uint64_t max_memory;
    const char *memory_limit;
    int memory_reserved;
    /* the bytes a node that the command's stages after the evaluation add
     * at their peak (its schedules' arrays), counted with the graph */
    uint32_t later_bytes;
    const Param *params;    /* -D name=N */
    uint32_t nparams;
    const EvalProbe *probe; /* NULL: not watched */
    const EvalFork *fork;   /* NULL: build the graphs (the cost semantics) */
    const EvalCells *cells; /* NULL: the cells' accesses are not watched */
    FILE *print_out;        /* where print writes (default stderr); flushed
                               after each print.  A line left open is ended
                               with a newline when the run ends. */
    FILE *input;            /* where TextIO.stdIn reads (NULL: the process's
                               standard input) */
} EvalOptions;

typedef struct CostRun {
    Graph g;
    Annot *annots;          /* nannots entries, indexed by expression id, and
                               one past them naming nothing (text "") */
    uint32_t nannots;
    CallStacks stacks;      /* the call stacks graph_stack names (callstack.h) */
    const char *result_name;/* the last top-level binding's name */
    const char *result_type;/* its type as SML/NJ prints it (NULL: unknown) */
    char *value_text;       /* the result printed as SML prints it */
    uint64_t theorem1_checks; /* how many subexpressions were checked */
    uint64_t params_read;   /* bit i: param i (EvalOptions.params) was read */
    int mutated;            /* the program assigned a ref (:=) or an array
                               element (Array.update): see
                               docs/semantics.md, "References", "Arrays" */
} CostRun;

void eval_options_default(EvalOptions *o);
/* Runs p (resolved); 0 on success, -1 with d filled on a program error or
 * a resource limit.  On success out owns its arrays (free with
 * cost_run_free); on an error it owns nothing. */
int eval_program(const Program *p, const Sources *s, const EvalOptions *o,
                 CostRun *out, Diag *d);
void cost_run_free(CostRun *r);

#endif
