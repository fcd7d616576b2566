/*
 * gen_graph.h — random cost graphs built the way the interpreter builds
 * them (docs/semantics.md), for property tests and benchmarks.
 *
 * The computation graph is a random series-parallel composition with nodes
 * created in 1DF order: g1 (+) g2 makes g1's nodes then g2's; a parallel
 * pair makes the fork, the left branch, the right branch, the join, then
 * the pair's value (C-FORK).  Each node, right after it is made, gets
 * random heap edges (so edge sources never decrease): use edges from any
 * node, retain edges from values, each to an earlier value that precedes
 * it in the computation graph (an earlier node not in the left branch of a
 * parallel pair whose right branch is being built).  Sizes are random, a
 * few large.  The result is the last value made, sometimes another value,
 * sometimes none.
 *
 * Header-only (static functions); link with graph.c.
 */
#ifndef PML_GEN_GRAPH_H
#define PML_GEN_GRAPH_H

#include <stdint.h>
#include <stdlib.h>
#include "graph.h"

typedef struct GenParams {
    double p_par;       /* chance a composition is parallel (else series) */
    double p_chain;     /* chance a sub-graph is a plain chain of its budget */
    double p_value;     /* chance a chain node is a value */
    double near;        /* chance a heap edge points at most 32 ids back */
    uint32_t max_use;   /* use edges per node: 0..max_use */
    uint32_t max_retain;/* retain edges per value: 0..max_retain */
} GenParams;

typedef struct Gen {
    Graph *g;
    uint64_t rng;
    GenParams p;
    uint32_t excl[128][2]; /* ids excluded as targets: left branches, nested */
    uint32_t nexcl;
    uint32_t last_value;
    int failed;
} Gen;

static inline uint64_t gen_next(Gen *G)
{
    uint64_t z = (G->rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static inline double gen_unif(Gen *G) { return (double)(gen_next(G) >> 11) * 0x1.0p-53; }
static inline uint32_t gen_below(Gen *G, uint32_t k) { return k ? (uint32_t)(gen_next(G) % k) : 0; }

/* Intervals are disjoint and increasing up the stack: look from the top. */
static inline int gen_excluded(const Gen *G, uint32_t t)
{
    for (uint32_t i = G->nexcl; i-- > 0;) {
        if (t > G->excl[i][1]) return 0;
        if (t >= G->excl[i][0]) return 1;
    }
    return 0;
}

/* A random value that precedes node s, or 0. */
static uint32_t gen_target(Gen *G, uint32_t s)
{
    for (int tries = 0; tries < 4 && s > 1; tries++) {
        uint32_t back = gen_unif(G) < G->p.near ? 1 + gen_below(G, s - 1 < 32 ? s - 1 : 32)
                                                : 1 + gen_below(G, s - 1);
        uint32_t t = s - back;
        if (t >= 1 && graph_is_value(G->g, t) && !gen_excluded(G, t)) return t;
    }
    return 0;
}

static uint32_t gen_size(Gen *G)
{
    double x = gen_unif(G);
    return x < 0.9 ? 1 + gen_below(G, 4) : 1 + gen_below(G, 100);
}

static uint32_t gen_node(Gen *G, NodeKind k, int value)
{
    uint32_t s = graph_add_node(G->g, k, value ? gen_size(G) : 0, k);
    if (!s) { G->failed = 1; return 0; }
    uint32_t nu = gen_below(G, G->p.max_use + 1), nr = value ? gen_below(G, G->p.max_retain + 1) : 0;
    for (uint32_t i = 0; i < nu + nr; i++) {
        uint32_t t = gen_target(G, s);
        if (t && graph_add_heap(G->g, s, t, i < nu ? HE_USE : HE_RETAIN)) G->failed = 1;
    }
    if (value) G->last_value = s;
    return s;
}

static void gen_edge(Gen *G, uint32_t a, uint32_t b)
{
    if (a && b && graph_add_edge(G->g, a, b)) G->failed = 1;
}

static void gen_chain(Gen *G, uint32_t len, uint32_t *first, uint32_t *last)
{
    uint32_t prev = 0;
    for (uint32_t i = 0; i < (len ? len : 1) && !G->failed; i++) {
        int value = gen_unif(G) < G->p.p_value;
        uint32_t v = gen_node(G, value ? NK_CONST : NK_APP, value);
        if (i == 0) *first = v;
        else gen_edge(G, prev, v);
        prev = v;
    }
    *last = prev;
}

static void gen_sp(Gen *G, uint32_t budget, uint32_t *first, uint32_t *last);

/* (g1 (x) g2) (+) [l]: fork, left, right, join, the pair's value (C-FORK). */
static void gen_par(Gen *G, uint32_t budget, uint32_t *first, uint32_t *last)
{
    uint32_t f1 = 0, l1 = 0, f2 = 0, l2 = 0;
    uint32_t left = 1 + gen_below(G, budget - 4), right = budget - 3 - left;
    uint32_t fork = gen_node(G, NK_FORK, 0);
    gen_sp(G, left, &f1, &l1);
    gen_edge(G, fork, f1);
    if (G->nexcl == 128) { G->failed = 1; return; }
    G->excl[G->nexcl][0] = f1;
    G->excl[G->nexcl++][1] = graph_nodes(G->g);
    gen_sp(G, right, &f2, &l2);
    G->nexcl--;
    gen_edge(G, fork, f2);
    uint32_t join = gen_node(G, NK_JOIN, 0);
    gen_edge(G, l1, join);
    gen_edge(G, l2, join);
    uint32_t pair = gen_node(G, NK_PAIR, 1);
    gen_edge(G, join, pair);
    *first = fork;
    *last = pair;
}

static void gen_sp(Gen *G, uint32_t budget, uint32_t *first, uint32_t *last)
{
    if (G->failed) { *first = *last = 0; return; }
    if (budget < 5 || gen_unif(G) < G->p.p_chain || G->nexcl == 128) {
        gen_chain(G, budget, first, last);
    } else if (gen_unif(G) < G->p.p_par) {
        gen_par(G, budget, first, last);
    } else {
        uint32_t a = 1 + gen_below(G, budget - 1), f2 = 0, l1 = 0;
        gen_sp(G, a, first, &l1);
        gen_sp(G, budget - a, &f2, last);
        gen_edge(G, l1, f2);
    }
}

static inline void gen_default_params(GenParams *p)
{
    p->p_par = 0.5; p->p_chain = 0.05; p->p_value = 0.5; p->near = 0.75;
    p->max_use = 2; p->max_retain = 2;
}

/* Random parameters too, so that graphs range from chains to wide trees. */
static inline void gen_random_params(GenParams *p, uint64_t seed)
{
    Gen G = {.rng = seed};
    p->p_par = 0.1 + 0.8 * gen_unif(&G);
    p->p_chain = 0.2 * gen_unif(&G);
    p->p_value = 0.2 + 0.7 * gen_unif(&G);
    p->near = gen_unif(&G);
    p->max_use = gen_below(&G, 4);
    p->max_retain = gen_below(&G, 4);
}

/* Builds a graph of about `nodes` nodes into g (graph_init'd here).
 * 0, or -1 if out of memory. */
static inline int gen_graph(Graph *g, uint64_t seed, uint32_t nodes, const GenParams *p)
{
    Gen G = {.g = g, .rng = seed, .p = *p};
    uint32_t first = 0, last = 0;
    graph_init(g, UINT32_MAX - 2);
    gen_sp(&G, nodes ? nodes : 1, &first, &last);
    if (G.failed) return -1;
    double x = gen_unif(&G);
    if (x < 0.7) graph_set_result(g, G.last_value);
    else if (x < 0.9 && graph_nodes(g)) {
        uint32_t t = 1 + gen_below(&G, graph_nodes(g));
        graph_set_result(g, graph_is_value(g, t) ? t : G.last_value);
    }
    return 0;
}

#endif
