/*
 * bounds.h — bounds on the best completion time of a computation graph on
 * P processors, one node per processor per step (docs/time.md): the lower
 * bound max(ceil(T1/P), Tinf); Brent's greedy upper bound
 * floor((T1 - Tinf)/P) + Tinf; the parallelism-profile bound of the level
 * schedule, Tinf * sum_q v_q ceil(q/P) (Broberg, Lundberg & Klonowska
 * §4 with processes free to migrate); and the exact optimum by
 * branch-and-bound over downsets for small graphs.
 *
 * Design: levels in one pass over the ids (a topological order), so the
 * three bounds cost O(n) and two n-sized arrays.  The exact search keeps a
 * downset as a 64-bit mask, so it takes graphs of at most
 * TIME_EXACT_MAX_NODES nodes, and stops after TIME_EXACT_MAX_STATES
 * memoised downsets.
 */
#ifndef PML_TIME_BOUNDS_H
#define PML_TIME_BOUNDS_H

#include <stdint.h>
#include "graph.h"

typedef struct TimeBounds {
    uint32_t P;
    uint64_t work, span;    /* T1 (nodes), Tinf (nodes on a longest path) */
    uint64_t lower;         /* max(ceil(T1/P), Tinf): no schedule is shorter */
    uint64_t brent;         /* floor((T1-Tinf)/P) + Tinf: every greedy schedule is this short */
    uint64_t profile;       /* sum over levels l of ceil(q_l/P): the level schedule's length */
} TimeBounds;

/* The three bounds for P >= 1.  0, or -1 (out of memory). */
int time_bounds(const Graph *g, uint32_t P, TimeBounds *out);

/* The parallelism profile: q[l] nodes at level l = 1..levels (the step
 * at which an unbounded number of processors visits them).  *q is
 * malloc'd, levels + 1 entries, q[0] = 0.  0, or -1 (out of memory). */
int time_levels(const Graph *g, uint32_t **q, uint32_t *levels);

#define TIME_EXACT_MAX_NODES 64
#define TIME_EXACT_MAX_STATES 4000000u

typedef enum TimeExact { TIME_EXACT_OK, TIME_EXACT_TOO_BIG, TIME_EXACT_LIMIT, TIME_EXACT_NOMEM } TimeExact;

/* The shortest schedule of g on P processors: TIME_EXACT_OK with *opt,
 * TIME_EXACT_TOO_BIG past TIME_EXACT_MAX_NODES, TIME_EXACT_LIMIT when the
 * search visited TIME_EXACT_MAX_STATES downsets, TIME_EXACT_NOMEM.
 * *states: the downsets memoised. */
TimeExact time_exact(const Graph *g, uint32_t P, uint64_t *opt, uint64_t *states);

#endif
