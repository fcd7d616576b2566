/*
 * worst.h — worst-case heap space over every schedule (Cilkmem §2-§5,
 * adapted to reachability; docs/worst-case.md).
 *
 * The free-point model: every value l gets a free point F(l), the least
 * common successor in the series-parallel decomposition of the sources of
 * its use edges and of the free points of the values retaining it (never,
 * for the program's result).  Node v weighs w(v) = the sizes of the value
 * made at v minus the sizes of the values whose free point is v.  For any
 * downset N of the computation graph (the set of visited nodes after some
 * step), the heap space of every schedule that has visited exactly N is at
 * most W(N) = sum of w over N.
 *
 * Strands are maximal chains of the decomposition (a fork ends one, its
 * children and a join start one).  A strand is in progress after a step
 * when it is started and not finished.  M_p is the largest W over the
 * downsets with at most p strands in progress, M∞ the largest over all.
 *
 *     WorstModel m;
 *     worst_build(g, &m, msg, sizeof msg);     // free points, weights, tree, M∞
 *     worst_dp(&m, 64);                        // M_p for p <= 64
 *     worst_mp(&m, 8);  worst_downset(&m, 8, in);
 *     worst_free(&m);
 */
#ifndef PML_WORST_H
#define PML_WORST_H

#include <stddef.h>
#include <stdint.h>
#include "graph.h"
#include "sched.h"

#define WORST_INF UINT32_MAX   /* "any number of strands in progress" */

typedef enum WorstTreeKind { WT_LEAF, WT_SER, WT_PAR } WorstTreeKind;

typedef struct WorstModel {
    const Graph *g;
    uint32_t n;
    int64_t *w;            /* per node 1..n: its net weight */
    uint32_t *freept;      /* per value: its free point, 0 = never freed */
    uint64_t never_freed;  /* words never freed (the result and what it retains) */
    /* the decomposition tree: leaves are strands (nodes ta .. ta+tb-1),
     * series nodes list children (ta the first, tnext the next), parallel
     * nodes have ta (left branch) and tb (right branch); every tree node
     * covers the node ids tlo .. thi */
    uint32_t nt, root;
    uint8_t *tkind;
    uint32_t *ta, *tb, *tnext, *tlo, *thi;
    int64_t *tsum;         /* total weight */
    int64_t *tinf;         /* the largest weight over its states, any strands in progress */
    uint32_t *post;        /* tree nodes, children before parents */
    uint32_t nstrands;
    int64_t minf;          /* M∞ */
    /* after worst_dp: M[0..len-1] per tree node (M[i] = M[len-1] past it) */
    uint32_t pmax;
    size_t *off;
    uint32_t *len;
    int64_t *pool;
} WorstModel;

/* Free points, weights, the decomposition tree and M∞ in O(n + m·log d), d
 * the fork nesting depth.  0, or -1 with msg (not
 * series-parallel in 1DF order, out of memory). */
int worst_build(const Graph *g, WorstModel *m, char *msg, size_t msglen);
void worst_free(WorstModel *m);

/* Cilkmem §3's dynamic program: M_p for every p <= pmax, O(n·pmax).  0, or -1
 * (out of memory). */
int worst_dp(WorstModel *m, uint32_t pmax);
/* M_p (p <= pmax after worst_dp, or WORST_INF for M∞). */
int64_t worst_mp(const WorstModel *m, uint32_t p);

/* Cilkmem §5's approximate threshold test in O(n), independent of p: 1 when
 * M_p >= threshold/2 is guaranteed, 0 when M_p < threshold is guaranteed.
 * *robust receives the robust maximum it decides on. */
int worst_approx(const WorstModel *m, uint32_t p, int64_t threshold, int64_t *robust);

/* A downset reaching M_p (p = WORST_INF: M∞): in[v] = 1 for its nodes (n+1
 * entries).  Returns the strands it has in progress, or -1 (out of memory). */
int worst_downset(const WorstModel *m, uint32_t p, uint8_t *in);
/* W(in) and the strands in progress in it. */
int64_t worst_weight(const WorstModel *m, const uint8_t *in, uint32_t *in_progress);

/* The most strands in progress after any step of s, and the first step
 * with more than P (0 if none). */
uint32_t worst_max_in_progress(const WorstModel *m, const Schedule *s, uint32_t P, uint32_t *first_over);

/* A P-processor schedule that visits exactly the nodes of in[] first
 * (the newest ready one first, at most P a step), then the rest the same
 * way: so after some step its visited set is in[].  0, or -1 (out of memory). */
int worst_schedule_through(const Graph *g, const uint8_t *in, uint32_t P, Schedule *s);

/* A P-processor busy-leaves schedule through downset in[], which must have
 * at most P strands in progress: in[]'s finished strands one at a time,
 * then its strands in progress started so that they all stop where in[]
 * does, then the rest advancing every strand in progress at every step.
 * After every step at most P strands are in progress.  0, or -1 (more
 * than P in progress, or out of memory). */
int worst_schedule_busy(const WorstModel *m, const uint8_t *in, uint32_t P, Schedule *s);

/* ---- exact answers on small graphs (worst_exact.c) ---- */
#define WORST_EXACT_MAX_NODES 60

typedef struct WorstExact {
    int ran;                /* 0: the graph is too large (why says) */
    char why[160];
    uint64_t downsets;      /* how many downsets the graph has */
    uint64_t all;           /* max heap over all downsets: every schedule, any P */
    uint64_t busy;          /* max over downsets with <= P strands in progress */
    int greedy_ran;         /* 0: too many greedy choices (why says) */
    uint64_t greedy;        /* max over greedy P-processor schedules */
    uint64_t greedy_states;
    uint8_t *argmax;        /* a downset reaching `all` (n+1 entries) */
} WorstExact;

/* Enumerates every downset (and every greedy P-processor schedule, memoised
 * over downsets) while the graph has at most WORST_EXACT_MAX_NODES nodes and
 * the enumeration stays within `budget` states.  The heap space of a
 * downset is pml's (paper Definitions 2-3), computed literally.  0, or -1
 * (out of memory). */
int worst_exact(const WorstModel *m, uint32_t P, uint64_t budget, WorstExact *out);
void worst_exact_free(WorstExact *e);
/* The heap space of downset in[], literally (roots and reachability). */
uint64_t worst_heap_of(const Graph *g, const uint8_t *in);

#endif
