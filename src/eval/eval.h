/*
 * eval.h — the cost-semantics interpreter (SPEC §2, paper §3.1).
 *
 * eval_program runs a resolved Program call-by-value with environments and
 * returns its value together with the computation graph and heap graph
 * (e ⇓ v; g; h).  Nodes are created in the order a sequential left-to-right
 * execution visits them, so node ids are the 1DF order.
 */
#ifndef PML_EVAL_COST_H
#define PML_EVAL_COST_H

#include <stdint.h>
#include "ast.h"
#include "graph.h"

typedef struct Param { const char *name; int64_t value; } Param;

typedef struct EvalOptions {
    uint64_t max_nodes;     /* graph size limit (--max-nodes) */
    uint64_t max_depth;     /* nested evaluation depth limit (--max-depth) */
    int check_theorem1;     /* test mode: check SPEC §2.4 Theorem 1 everywhere */
    const Param *params;    /* -D name=N */
    uint32_t nparams;
} EvalOptions;

typedef struct CostRun {
    Graph g;
    Annot *annots;          /* nannots entries, indexed by expression id */
    uint32_t nannots;
    const char *result_name;/* the last top-level binding's name */
    char *value_text;       /* the result printed as SML prints it */
    uint64_t theorem1_checks; /* how many subexpressions were checked */
    uint64_t params_read;   /* bit i: param i (EvalOptions.params) was read */
} CostRun;

void eval_options_default(EvalOptions *o);
/* Runs p (resolved); 0 on success, -1 with d filled on a program error or
 * a resource limit.  On success out owns its arrays (free with
 * cost_run_free); on an error it owns nothing. */
int eval_program(const Program *p, const Sources *s, const EvalOptions *o,
                 CostRun *out, Diag *d);
void cost_run_free(CostRun *r);

#endif
