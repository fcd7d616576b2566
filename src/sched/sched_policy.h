/*
 * sched_policy.h — what a scheduling policy implements (paper Fig. 9: add,
 * get, finish), internal to the simulator (sched.c).
 *
 * The simulator owns time, readiness and --coarse; a policy only keeps the
 * ready nodes it was given and says which one a processor visits next.  A
 * node's priority is its id (its 1DF number).  Adding a policy = one new
 * file sched_NAME.c defining a PolicyOps, plus one entry in sched.c's
 * table.
 */
#ifndef PML_SCHED_POLICY_H
#define PML_SCHED_POLICY_H

#include <stdint.h>

typedef struct PolicyOps {
    const char *name;
    /* New state for P processors and a graph of n nodes; NULL if out of memory. */
    void *(*create)(uint32_t P, uint64_t seed, uint32_t n);
    /* Processor p's visit of one node made the k (1 or 2) nodes in[]
     * ready, left child first; they may be visited from the next step on.
     * 0, or -1 if out of memory. */
    int (*add)(void *st, uint32_t p, const uint32_t *in, int k);
    /* The node processor p visits at this step, or 0: it idles.  In a step
     * processors ask in index order, after every add of the step before. */
    uint32_t (*get)(void *st, uint32_t p);
    /* Called once per node get returned, after its children were added. */
    void (*finish)(void *st, uint32_t p, uint32_t node);
    void (*destroy)(void *st);
    /* Whether the node the last get returned was stolen from another
     * processor (it pays SchedOptions.steal_cost); NULL: never. */
    int (*stole)(void *st);
} PolicyOps;

extern const PolicyOps sched_df_ops, sched_bf_ops, sched_ws_ops;

#endif
