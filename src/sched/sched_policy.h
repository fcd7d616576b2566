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
#include <stdlib.h>

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
    /* Called once per node get returned, after its children were added;
     * NULL: nothing to do. */
    void (*finish)(void *st, uint32_t p, uint32_t node);
    void (*destroy)(void *st);
    /* Whether the node the last get returned was stolen from another
     * processor (it pays SchedOptions.steal_cost); NULL: never. */
    int (*stole)(void *st);
    /* The node the k-th get from now would return if nothing were added
     * meanwhile, 0 if unknown or none; NULL: the order is not known ahead.
     * Only a hint: the simulator prefetches that node's data (bf visits
     * nodes in an order unrelated to their ids, so each visit would
     * otherwise miss the cache). */
    uint32_t (*ahead)(void *st, uint32_t k);
} PolicyOps;

extern const PolicyOps sched_df_ops, sched_bf_ops, sched_ws_ops;

/* ---- a ring buffer of node ids: bf's queue and ws's deques ----
 * Capacity a power of two, doubled when full; every operation O(1)
 * amortized.  A zeroed Ring is empty. */
typedef struct Ring {
    uint32_t *a;
    uint32_t head, len, cap;    /* a[head] the oldest */
} Ring;

static inline int ring_grow(Ring *r)
{
    uint32_t c = r->cap ? r->cap * 2 : 16;
    if (c < r->cap) return -1;
    uint32_t *b = malloc((size_t)c * sizeof *b);
    if (!b) return -1;
    for (uint32_t i = 0; i < r->len; i++) b[i] = r->a[(r->head + i) & (r->cap - 1)];
    free(r->a);
    r->a = b;
    r->head = 0;
    r->cap = c;
    return 0;
}

/* Adds x as the newest; 0, or -1 if memory runs out. */
static inline int ring_push(Ring *r, uint32_t x)
{
    if (r->len == r->cap && ring_grow(r)) return -1;
    r->a[(r->head + r->len++) & (r->cap - 1)] = x;
    return 0;
}

/* Removes and returns the oldest, or 0 if empty. */
static inline uint32_t ring_pop_oldest(Ring *r)
{
    if (!r->len) return 0;
    uint32_t x = r->a[r->head];
    r->head = (r->head + 1) & (r->cap - 1);
    r->len--;
    return x;
}

/* The k-th oldest (0: the oldest), or 0 if there are not that many. */
static inline uint32_t ring_peek(const Ring *r, uint32_t k)
{
    return k < r->len ? r->a[(r->head + k) & (r->cap - 1)] : 0;
}

/* Removes and returns the newest, or 0 if empty. */
static inline uint32_t ring_pop_newest(Ring *r)
{
    return r->len ? r->a[(r->head + --r->len) & (r->cap - 1)] : 0;
}

#endif
