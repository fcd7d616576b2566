/*
 * broberg.h — the static-allocation bound of Broberg, Lundberg & Klonowska
 * ("A Method for Bounding the Minimal Completion Time in
 * Multiprocessors", §3-§6): n processes that cannot migrate, k processors,
 * synchronisation latency t.  For every program with n processes, a
 * parallel profile V (v_q: the fraction of the time q processes run, with
 * one processor each and no latency) and granularity z (synchronisations
 * per unit of work), the best allocation completes within
 * p(n, k, t, z, V) * T(n), T(n) the one-process-per-processor time, where
 *
 *     p = min over allocations A of  s(A, V) + z * r(A, t, V),
 *     s(A, V) = sum_q v_q f(A, q, 0) / C(n, q)                    (§4.4.1)
 *     r(A, t, V) = (n(n-1) - sum_i a_i(a_i-1)) / (n(n-1)) * t * sum_q q v_q   (§5)
 *
 * and p is tight: some such program needs exactly that.  An allocation is
 * a decreasing vector (a_1 >= a_2 >= ... > 0) of processes per processor,
 * at most k entries, summing to n.  The minimum is found by the paper's
 * branch-and-bound over allocation classes with lazy evaluation (§6).
 *
 * pml applies it to a program's top-level tasks (docs/time.md): the
 * threads made by the forks nested less than D deep, each run
 * sequentially on its own processor.
 */
#ifndef PML_TIME_BROBERG_H
#define PML_TIME_BROBERG_H

#include <stdint.h>
#include "graph.h"

/* pi(k, w, q, l) (§4.4.3): ways to put q ones into k sets of w slots so
 * that the fullest set has exactly l. */
double broberg_pi(uint32_t k, uint32_t w, uint32_t q, uint32_t l);
/* f(A, q, l) (§4.4.2): over all C(n, q) rows with q ones among the n
 * processes, the sum of max(l, the most ones on one processor).  A has a
 * decreasing positive entries. */
double broberg_f(const uint32_t *A, uint32_t a, uint32_t q, uint32_t l);
/* s(A, V) and r(A, t, V); v[1..n] (v[0] unused). */
double broberg_s(const uint32_t *A, uint32_t a, const double *v);
double broberg_r(const uint32_t *A, uint32_t a, double t, const double *v);

typedef struct BrobergResult {
    double p;               /* the bound's factor */
    uint32_t alloc[64];     /* an allocation reaching it, decreasing */
    uint32_t nalloc;
    uint64_t classes;       /* search nodes whose bound was evaluated: partial allocations
                             * (classes, §6) and complete ones alike */
    uint64_t complete;      /* of those, complete allocations: <= allocations */
    uint64_t allocations;   /* allocations in all (partitions of n into <= k parts) */
} BrobergResult;

#define BROBERG_MAX_N 64

/* p(n, k, t, z, V) by branch-and-bound (§6.2) with lazy evaluation
 * (§6.3).  1 <= n <= BROBERG_MAX_N, k >= 1.  0, or -1 (out of memory). */
int broberg_bound(uint32_t n, uint32_t k, double t, double z, const double *v, BrobergResult *out);
/* The same minimum by trying every allocation (the tests' oracle). */
double broberg_bound_all(uint32_t n, uint32_t k, double t, double z, const double *v);

/* A program's top-level tasks as Broberg's processes. */
typedef struct BrobergTasks {
    uint32_t n;             /* processes: 1 + the forks nested < depth deep */
    uint32_t depth;         /* the fork depth used */
    uint64_t Tn;            /* T(P, n, 0): steps with one processor per process */
    uint64_t work;          /* nodes */
    uint64_t syncs;         /* computation edges between different processes */
    double v[BROBERG_MAX_N + 1]; /* v[q]: fraction of the Tn steps with q processes running */
} BrobergTasks;

/* The threads made by forks nested less than D deep, D the largest depth
 * giving at most max_n processes (at least 1).  Each runs its nodes in id
 * order, one per step, when ready.  0, or -1 (out of memory; or more
 * than max_n processes even at depth 1: then out->n says how many). */
int broberg_tasks(const Graph *g, uint32_t max_n, BrobergTasks *out);

#endif
