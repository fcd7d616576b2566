/*
 * exec.h — running a program for real on P threads (pml exec, docs/exec.md;
 * the runtime of paper §5).
 *
 * The interpreter of src/eval evaluates the program without building any
 * graph; each parallel pair {e1, e2} becomes two tasks, and a runtime
 * scheduler — depth-first (1DF priority, one shared queue), breadth-first
 * (one FIFO queue) or work stealing (a deque per processor) — decides
 * which of P processors runs what.  Rescheduling happens only at forks
 * and joins (§5.2).  The heap is measured as in §5.4: the live words
 * counted at every collection, one forced only when the error bound needs it.
 */
#ifndef PML_EXEC_H
#define PML_EXEC_H

#include <stdint.h>
#include "ast.h"
#include "eval.h"

typedef enum ExecPolicy { EXEC_DF, EXEC_BF, EXEC_WS } ExecPolicy;

#define EXEC_MAX_PROCS 64

typedef struct ExecOptions {
    ExecPolicy policy;
    uint32_t procs;         /* P, 1..EXEC_MAX_PROCS */
    uint64_t sample_words;  /* N: the heap is measured at every collection, and one is
                               forced when max(N, M·(1 + E) − L) words were allocated
                               since the last (M the mark, L the last measured), in
                               real words or in model words */
    uint32_t sample_error;  /* E, percent: paper §5.4's relative error bound */
    uint64_t seed;          /* work stealing: the victims' order */
    size_t stack_bytes;     /* each worker thread's stack, and df's and bf's first task
                               stacks (exec_fiber.h), reserved (not committed): as
                               large as the main evaluation stack */
} ExecOptions;

/* pml exec's defaults: a measured mark within max(64 Ki words, 25%) of the
 * true one, at most 1.5 times a run's time without sampling (docs/exec.md) */
#define EXEC_SAMPLE_WORDS 65536
#define EXEC_SAMPLE_ERROR 25

typedef struct ExecStats {
    char *value_text;       /* the result as SML prints it (malloc'd; NULL: none) */
    const char *result_name;
    uint64_t mark_words;    /* the live heap's high-water mark over the samples */
    uint64_t model_words;   /* the same in the cost semantics' units: the high-water
                               mark over the samples of the values live in the
                               heap, each counted at its size (val_model_size) */
    uint64_t value_words;   /* the high-water mark over the samples of the real words
                               of those values and closure groups: mark_words
                               without the interpreter's own objects */
    uint64_t base_words;    /* live before the program ran (the top frame, the runtime's data) */
    uint64_t open_at_mark;  /* pairs open (forked, their join not passed) at the sample
                               that measured model_words */
    uint64_t result_words;  /* reachable from the result at the end */
    uint64_t samples;       /* collections measured (the collector's and forced ones) */
    uint64_t alloc_words;   /* allocated by the interpreter */
    uint64_t bound_words;   /* the sampling error bound: the true mark is below mark + this */
    uint64_t model_bound_words; /* the same for model_words, in model words */
    uint64_t overhead_words;/* the runtime's high-water: task stacks and queue entries */
    uint64_t tasks;         /* branches run (two per pair evaluated) */
    uint64_t inline_tasks;  /* of which run by the thread that forked them, at its join */
    uint64_t steals;        /* work stealing: branches taken from another processor */
    uint64_t threads;       /* threads the runtime made */
    uint64_t stacks;        /* df, bf: the most task stacks in use at once (exec_fiber.h) */
    double wall;            /* seconds */
    double busy[EXEC_MAX_PROCS]; /* seconds each processor ran a task */
} ExecStats;

/* Runs p (resolved) under xo, on the calling thread (which must have a
 * big stack: bigstack.h) and threads the runtime makes.  eo's fork is
 * set here.  0 on success (st filled, st->value_text owned by the caller),
 * -1 with d filled on a program error. */
int exec_program(const Program *p, const Sources *s, const EvalOptions *eo, const ExecOptions *xo,
                 ExecStats *st, Diag *d);

const char *exec_policy_name(ExecPolicy p);
/* "df", "bf", "ws": 0 with *out set, -1 otherwise. */
int exec_policy_parse(const char *name, ExecPolicy *out);

#endif
