/*
 * space_oracle.c — Definitions 2-4 of the paper, literally (test oracle).
 * See space_oracle.h.  Builds its own adjacency lists so that it shares no
 * code with graph.c's CSR or space.c.
 */
#include <stdlib.h>
#include <string.h>
#include "space_oracle.h"

typedef struct Oracle {
    const Graph *g;
    const Schedule *s;
    Units u;
    uint32_t *head;     /* per node: first retain edge out of it, or UINT32_MAX */
    uint32_t *next;     /* per edge: next retain edge of the same source */
    uint8_t *root;      /* per node: a root at this step */
    uint8_t *mark;      /* per node: reachable from a root at this step */
    uint32_t *stack;
} Oracle;

static void oracle_free(Oracle *o)
{
    free(o->head); free(o->next); free(o->root); free(o->mark); free(o->stack);
}

static int oracle_init(Oracle *o, const Graph *g, const Schedule *s, Units u)
{
    size_t n1 = (size_t)graph_nodes(g) + 1;
    memset(o, 0, sizeof *o);
    o->g = g; o->s = s; o->u = u;
    o->head = malloc(n1 * sizeof *o->head);
    size_t m = graph_heap_edges(g);
    o->next = malloc((m ? m : 1) * sizeof *o->next);
    o->root = calloc(n1, 1);
    o->mark = calloc(n1, 1);
    o->stack = malloc(n1 * sizeof *o->stack);
    if (!o->head || !o->next || !o->root || !o->mark || !o->stack) { oracle_free(o); return -1; }
    for (size_t v = 0; v < n1; v++) o->head[v] = UINT32_MAX;
    for (size_t e = 0; e < m; e++)
        if (graph_heap_kind(g, e) == HE_RETAIN) {
            uint32_t src = graph_heap_src(g, e);
            o->next[e] = o->head[src];
            o->head[src] = (uint32_t)e;
        }
    return 0;
}

static uint64_t size_of(const Oracle *o, uint32_t v)
{
    uint32_t z = graph_size(o->g, v);
    return (z && o->u == UNITS_NODES) ? 1 : z;
}

static int visited(const Oracle *o, uint32_t v, uint32_t i) { return o->s->step[v] <= i; }

/* Definition 2: roots_{h,v}(N^_i). */
static void find_roots(Oracle *o, uint32_t i)
{
    const Graph *g = o->g;
    memset(o->root, 0, (size_t)graph_nodes(g) + 1);
    for (size_t e = 0; e < graph_heap_edges(g); e++)
        if (!visited(o, graph_heap_src(g, e), i) && visited(o, graph_heap_dst(g, e), i))
            o->root[graph_heap_dst(g, e)] = 1;
    if (graph_result(g) && visited(o, graph_result(g), i)) o->root[graph_result(g)] = 1;
}

/* Marks what r reaches through retain edges; returns the size newly marked. */
static uint64_t reach(Oracle *o, uint32_t r)
{
    uint64_t total = 0;
    uint32_t sp = 0;
    if (o->mark[r]) return 0;
    o->mark[r] = 1;
    o->stack[sp++] = r;
    while (sp) {
        uint32_t v = o->stack[--sp];
        total += size_of(o, v);
        for (uint32_t e = o->head[v]; e != UINT32_MAX; e = o->next[e]) {
            uint32_t d = graph_heap_dst(o->g, e);
            if (!o->mark[d]) { o->mark[d] = 1; o->stack[sp++] = d; }
        }
    }
    return total;
}

/* Definition 3: space_{v,h}(N^_i). */
static uint64_t space_at(Oracle *o, uint32_t i)
{
    uint64_t total = 0;
    find_roots(o, i);
    memset(o->mark, 0, (size_t)graph_nodes(o->g) + 1);
    for (uint32_t v = 1; v <= graph_nodes(o->g); v++)
        if (o->root[v]) total += reach(o, v);
    return total;
}

/* Ready, unvisited nodes after step i (the scheduler queue of docs/scheduling.md). */
static uint64_t queue_at(const Oracle *o, uint32_t i)
{
    const Graph *g = o->g;
    uint64_t q = 0;
    memset(o->mark, 0, (size_t)graph_nodes(g) + 1); /* mark: has an unvisited parent */
    for (uint32_t v = 1; v <= graph_nodes(g); v++)
        for (int k = 0; k < 2; k++) {
            uint32_t c = graph_child(g, v, k);
            if (c && !visited(o, v, i)) o->mark[c] = 1;
        }
    for (uint32_t v = 1; v <= graph_nodes(g); v++)
        if (!visited(o, v, i) && !o->mark[v]) q++;
    return q;
}

int space_oracle_profile(const Graph *g, const Schedule *s, Units u,
                         uint64_t **heap, uint64_t **queue)
{
    Oracle o;
    *heap = malloc(((size_t)s->T + 1) * sizeof **heap);
    *queue = malloc(((size_t)s->T + 1) * sizeof **queue);
    if (!*heap || !*queue || oracle_init(&o, g, s, u)) {
        free(*heap); free(*queue); *heap = *queue = NULL;
        return -1;
    }
    for (uint32_t i = 0; i <= s->T; i++) {
        (*heap)[i] = space_at(&o, i);
        (*queue)[i] = queue_at(&o, i);
    }
    oracle_free(&o);
    return 0;
}

int space_oracle_by_use(const Graph *g, const Schedule *s, Units u, uint32_t step,
                        double **share, double *result_share)
{
    Oracle o;
    uint32_t n = graph_nodes(g);
    size_t n1 = (size_t)n + 1, m = graph_heap_edges(g);
    uint64_t *cnt = calloc(n1, sizeof *cnt);
    *share = calloc(m ? m : 1, sizeof **share);
    *result_share = 0;
    if (!cnt || !*share || oracle_init(&o, g, s, u)) { free(cnt); free(*share); *share = NULL; return -1; }
    int has_res = graph_result(g) && visited(&o, graph_result(g), step);
    /* each root edge, and the result, reaches a set: count, then share */
    for (int pass = 0; pass < 2; pass++) {
        for (size_t e = 0; e <= m; e++) {
            uint32_t r = e < m ? graph_heap_dst(g, e) : graph_result(g);
            if (e < m ? !(!visited(&o, graph_heap_src(g, e), step) && visited(&o, r, step)) : !has_res)
                continue;
            memset(o.mark, 0, n1);
            reach(&o, r);
            double part = 0;
            for (uint32_t v = 1; v <= n; v++) {
                if (!o.mark[v]) continue;
                if (pass == 0) cnt[v]++;
                else part += (double)size_of(&o, v) / (double)cnt[v];
            }
            if (pass == 1 && e < m) (*share)[e] = part;
            if (pass == 1 && e == m) *result_share = part;
        }
    }
    free(cnt);
    oracle_free(&o);
    return 0;
}
