/*
 * graph.c — the graph store: flat arrays grown by doubling.
 *
 * A node costs 1 (kind and parent count) + 8 (two children) + 1 (size,
 * larger ones in an escape table) + 4 (annotation) = 14 bytes; a heap edge 9 bytes.  Growth doubles, so
 * adding is amortised O(1).
 */
#include "graph.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(NK__COUNT <= 1 << GRAPH_KIND_BITS, "a kind fits its bits of kindpred");

static const char *const kind_names[NK__COUNT] = {
    [NK_VAR] = "var",     [NK_CONST] = "const", [NK_CLOSURE] = "closure",
    [NK_APP] = "app",     [NK_FORK] = "fork",   [NK_JOIN] = "join",
    [NK_PAIR] = "pair",   [NK_TUPLE] = "tuple", [NK_PROJ] = "proj",
    [NK_IF] = "if",       [NK_CASE] = "case",   [NK_BIND] = "bind",
    [NK_SEQ] = "seq",     [NK_CON] = "con",     [NK_PRIM] = "prim",
};

const char *graph_kind_name(NodeKind k)
{
    return k < NK__COUNT ? kind_names[k] : "?";
}

void graph_init(Graph *g, uint64_t max_nodes)
{
    memset(g, 0, sizeof *g);
    g->max_nodes = max_nodes;
}

void graph_free(Graph *g)
{
    free(g->kindpred); free(g->succ); free(g->size8); free(g->annot);
    free(g->big_id); free(g->big_size);
    free(g->stk_from); free(g->stk_id);
    free(g->hsrc); free(g->hdst); free(g->hkind);
    memset(g, 0, sizeof *g);
}

static int grow(void **p, size_t elem, size_t newcap)
{
    void *q = realloc(*p, elem * newcap);
    if (!q) return -1;
    *p = q;
    return 0;
}

/* Appends (a, b) to two side tables kept in step (*n entries of *cap),
 * doubling them from FIRST entries when full. */
static int push_pair(uint32_t **as, uint32_t **bs, uint32_t *n, uint32_t *cap,
                     uint32_t first, uint32_t a, uint32_t b)
{
    if (*n == *cap) {
        uint32_t c = *cap ? *cap * 2 : first;
        if (c < *cap || grow((void **)as, 4, c) || grow((void **)bs, 4, c)) return -1;
        *cap = c;
    }
    (*as)[*n] = a;
    (*bs)[(*n)++] = b;
    return 0;
}

static int grow_nodes(Graph *g)
{
    size_t cap = g->cap ? (size_t)g->cap * 2 : 1024;
    if (cap > UINT32_MAX - 2) cap = UINT32_MAX - 2;
    if (cap <= g->n + 1u) return -1;
    if (grow((void **)&g->kindpred, 1, cap + 1) ||
        grow((void **)&g->succ, 8, cap + 1) || grow((void **)&g->size8, 1, cap + 1) ||
        grow((void **)&g->annot, 4, cap + 1))
        return -1;
    if (g->cap == 0) { /* id 0 is "none" */
        g->kindpred[0] = 0; g->succ[0] = g->succ[1] = 0;
        g->size8[0] = 0; g->annot[0] = 0;
    }
    g->cap = (uint32_t)cap;
    return 0;
}

int graph_full(const Graph *g)
{
    return (uint64_t)g->n >= g->max_nodes;
}

size_t graph_bytes(const Graph *g)
{
    size_t per_node = sizeof *g->kindpred + 2 * sizeof *g->succ + sizeof *g->size8 + sizeof *g->annot;
    size_t per_edge = sizeof *g->hsrc + sizeof *g->hdst + sizeof *g->hkind;
    return (g->cap ? (size_t)g->cap + 1 : 0) * per_node + g->mcap * per_edge +
           (size_t)g->bigcap * 2 * sizeof *g->big_id + (size_t)g->stkcap * 2 * sizeof *g->stk_id;
}

size_t graph_bytes_next(const Graph *g)
{
    return 2 * graph_bytes(g);
}

int graph_set_stack(Graph *g, uint32_t stack)
{
    uint32_t from = g->n + 1;
    if (g->nstk && g->stk_from[g->nstk - 1] == from) { /* no node since the last: replace it */
        g->nstk--;
    }
    uint32_t last = g->nstk ? g->stk_id[g->nstk - 1] : 0;
    if (last == stack) return 0;
    return push_pair(&g->stk_from, &g->stk_id, &g->nstk, &g->stkcap, 256, from, stack);
}

uint32_t graph_stack(const Graph *g, uint32_t v)
{
    uint32_t lo = 0, hi = g->nstk; /* the last run starting at or before v */
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (g->stk_from[mid] <= v) lo = mid + 1;
        else hi = mid;
    }
    return lo ? g->stk_id[lo - 1] : 0;
}

/* Records a size of GRAPH_SIZE_ESCAPE or more for node id (the newest). */
static int add_escaped(Graph *g, uint32_t id, uint32_t size)
{
    return push_pair(&g->big_id, &g->big_size, &g->nbig, &g->bigcap, 64, id, size);
}

/* The size of a node whose byte says "escaped": binary search by id. */
uint32_t graph_size_escaped(const Graph *g, uint32_t v)
{
    uint32_t lo = 0, hi = g->nbig;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (g->big_id[mid] < v) lo = mid + 1;
        else hi = mid;
    }
    return lo < g->nbig && g->big_id[lo] == v ? g->big_size[lo] : 0;
}

uint32_t graph_add_node(Graph *g, NodeKind k, uint32_t size, uint32_t annot)
{
    if (graph_full(g)) return 0;
    if (g->n + 1 > g->cap && grow_nodes(g)) return 0;
    uint32_t id = g->n + 1;
    if (size >= GRAPH_SIZE_ESCAPE && add_escaped(g, id, size)) return 0;
    g->n = id;
    g->kindpred[id] = (uint8_t)k;
    g->succ[2 * id] = g->succ[2 * id + 1] = 0;
    g->size8[id] = (uint8_t)(size < GRAPH_SIZE_ESCAPE ? size : GRAPH_SIZE_ESCAPE);
    g->annot[id] = annot;
    return id;
}

int graph_add_edge(Graph *g, uint32_t a, uint32_t b)
{
    uint32_t *s = &g->succ[2 * a];
    if (s[0] == 0) s[0] = b;
    else if (s[1] == 0) s[1] = b;
    else return -1; /* series-parallel graphs have out-degree <= 2 */
    if (graph_in_degree(g, b) >= 2) return -1;
    g->kindpred[b] += 1u << GRAPH_KIND_BITS;
    return 0;
}

int graph_add_heap(Graph *g, uint32_t src, uint32_t dst, HeapKind k)
{
    if (g->m == g->mcap) {
        size_t cap = g->mcap ? g->mcap * 2 : 1024;
        if (grow((void **)&g->hsrc, 4, cap) || grow((void **)&g->hdst, 4, cap) ||
            grow((void **)&g->hkind, 1, cap))
            return -1;
        g->mcap = cap;
    }
    g->hsrc[g->m] = src;
    g->hdst[g->m] = dst;
    g->hkind[g->m] = (uint8_t)k;
    g->m++;
    return 0;
}

uint64_t graph_span(const Graph *g)
{
    /* ids are a topological order: one forward pass. */
    if (g->n == 0) return 0;
    uint32_t *depth = calloc((size_t)g->n + 1, sizeof *depth);
    if (!depth) return 0;
    uint64_t best = 0;
    for (uint32_t v = 1; v <= g->n; v++) {
        uint32_t d = depth[v] + 1;
        if (d > best) best = d;
        for (int k = 0; k < 2; k++) {
            uint32_t c = g->succ[2 * v + k];
            if (c && depth[c] < d) depth[c] = d;
        }
    }
    free(depth);
    return best;
}

/* Counting sort of the heap edges by sink.  (By source needs no sort: the
 * edges are stored with non-decreasing sources.) */
static int heap_csr(const Graph *g, const uint32_t *key, uint32_t **off_out, uint32_t **idx_out)
{
    uint32_t *off = calloc((size_t)g->n + 2, sizeof *off);
    uint32_t *idx = malloc((g->m ? g->m : 1) * sizeof *idx);
    if (!off || !idx) { free(off); free(idx); return -1; }
    for (size_t e = 0; e < g->m; e++) off[key[e] + 1]++;
    for (uint32_t v = 0; v <= g->n; v++) off[v + 1] += off[v];
    uint32_t *fill = malloc(((size_t)g->n + 1) * sizeof *fill);
    if (!fill) { free(off); free(idx); return -1; }
    memcpy(fill, off, ((size_t)g->n + 1) * sizeof *fill);
    for (size_t e = 0; e < g->m; e++) idx[fill[key[e]]++] = (uint32_t)e;
    free(fill);
    *off_out = off;
    *idx_out = idx;
    return 0;
}

int graph_heap_by_sink(const Graph *g, uint32_t **in_off, uint32_t **in_idx)
{
    return heap_csr(g, g->hdst, in_off, in_idx);
}

/* ---- invariants (docs/semantics.md, Invariants) ---- */

/* Series-parallel check by reduction: walking from a fork, both branches
 * must be series-parallel and meet at the same join; returns the node
 * after the sub-graph starting at v ends at a join with 2 parents.
 * Iterative with an explicit stack of forks. */
static int check_sp(const Graph *g, char *msg, size_t len)
{
    /* stack entries: fork id, and the join reached by its left branch */
    size_t cap = 64, top = 0;
    uint32_t (*st)[2] = malloc(cap * sizeof *st);
    if (!st) { snprintf(msg, len, "out of memory"); return -1; }
    uint32_t v = 1;
    int rc = 0;
    for (;;) {
        uint32_t c0 = g->succ[2 * v], c1 = g->succ[2 * v + 1];
        if (c1) { /* a fork: descend its left branch */
            if (top == cap) {
                cap *= 2;
                void *p = realloc(st, cap * sizeof *st);
                if (!p) { snprintf(msg, len, "out of memory"); rc = -1; break; }
                st = p;
            }
            st[top][0] = v; st[top][1] = 0; top++;
            v = c0;
            continue;
        }
        if (c0 == 0) { /* the final node */
            if (top != 0 || v != g->n) {
                snprintf(msg, len, "node %u has no children but is not the final node %u", v, g->n);
                rc = -1;
            }
            break;
        }
        if (graph_in_degree(g, c0) == 2) { /* v ends a branch at join c0 */
            if (top == 0) { snprintf(msg, len, "join %u without a fork", c0); rc = -1; break; }
            if (st[top - 1][1] == 0) { /* left branch done: start the right one */
                st[top - 1][1] = c0;
                v = g->succ[2 * st[top - 1][0] + 1];
                continue;
            }
            if (st[top - 1][1] != c0) {
                snprintf(msg, len, "fork %u: branches end at different joins %u and %u",
                         st[top - 1][0], st[top - 1][1], c0);
                rc = -1; break;
            }
            top--;
        }
        v = c0;
    }
    free(st);
    return rc;
}

int graph_check(const Graph *g, char *msg, size_t len)
{
    if (g->n == 0) { snprintf(msg, len, "empty graph"); return -1; }
    if (graph_in_degree(g, 1) != 0) { snprintf(msg, len, "node 1 has a parent"); return -1; }
    for (uint32_t v = 1; v <= g->n; v++) {
        if (v > 1 && graph_in_degree(g, v) == 0) { snprintf(msg, len, "node %u has no parent", v); return -1; }
        for (int k = 0; k < 2; k++) {
            uint32_t c = g->succ[2 * v + k];
            if (c && c <= v) { snprintf(msg, len, "edge %u -> %u goes backward", v, c); return -1; }
            if (c > g->n) { snprintf(msg, len, "edge %u -> %u out of range", v, c); return -1; }
        }
    }
    for (size_t e = 0; e < g->m; e++) {
        uint32_t s = g->hsrc[e], d = g->hdst[e];
        if (s <= d || s > g->n || d == 0) {
            snprintf(msg, len, "heap edge %zu: %u -> %u does not point backward", e, s, d);
            return -1;
        }
        if (!graph_is_value(g, d)) {
            snprintf(msg, len, "heap edge %zu: sink %u is not a value", e, d);
            return -1;
        }
        if (g->hkind[e] == HE_RETAIN && !graph_is_value(g, s)) {
            snprintf(msg, len, "retain edge %zu: source %u is not a value", e, s);
            return -1;
        }
        if (e > 0 && g->hsrc[e] < g->hsrc[e - 1]) {
            snprintf(msg, len, "heap edge %zu: sources out of order", e);
            return -1;
        }
    }
    if (g->result && (g->result > g->n || !graph_is_value(g, g->result))) {
        snprintf(msg, len, "result %u is not a value", g->result);
        return -1;
    }
    return check_sp(g, msg, len);
}
