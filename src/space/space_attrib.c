/*
 * space_attrib.c — who holds the space at a step: by use, each live value
 * split among the root edges that reach it (paper §4.1), and by allocation.
 */
#include <stdlib.h>
#include <string.h>
#include "space.h"

/* ---- by use: roots and their shares (paper §4.1) ---- */

typedef struct UseWork {
    const Graph *g;
    Units u;
    uint32_t *off;          /* heap edges from v: off[v] .. off[v+1]-1 (they are
                               stored sorted by source, so no index is needed) */
    uint32_t *weight;       /* per value: root edges into it (+1 for the result) */
    uint32_t *seen;         /* per node: the root whose walk last reached it */
    uint32_t *stack;
    uint32_t *count;        /* per value: root edges that reach it */
    double *part;           /* per root: its share, for each edge into it */
} UseWork;

/* Walks the values reachable from root r through retain edges; with
 * count_pass adds r's weight to each one's count and returns how many it
 * visited, else returns r's part. */
static double use_walk(UseWork *w, uint32_t r, int count_pass)
{
    const Graph *g = w->g;
    uint32_t sp = 0;
    double part = 0;
    w->stack[sp++] = r;
    w->seen[r] = r;
    uint64_t visits = 0;
    while (sp) {
        uint32_t v = w->stack[--sp];
        visits++;
        if (count_pass) w->count[v] += w->weight[r];
        else part += (double)space_unit_size(g, w->u, v) / (double)w->count[v];
        for (uint32_t e = w->off[v]; e < w->off[v + 1]; e++) {
            uint32_t d = graph_heap_dst(g, e);
            if (graph_heap_kind(g, e) == HE_RETAIN && w->seen[d] != r) { w->seen[d] = r; w->stack[sp++] = d; }
        }
    }
    return count_pass ? (double)visits : part;
}

static void use_free(UseWork *w)
{
    free(w->off); free(w->weight); free(w->seen);
    free(w->stack); free(w->count); free(w->part);
    w->off = w->weight = w->seen = w->stack = w->count = NULL;
    w->part = NULL;
}

static int use_alloc(UseWork *w)
{
    use_free(w);
    const Graph *g = w->g;
    uint32_t n = graph_nodes(g);
    size_t n1 = (size_t)n + 1, m = graph_heap_edges(g);
    w->off = malloc((n1 + 1) * sizeof *w->off);
    if (!w->off) return -1;
    size_t e = 0;
    for (uint32_t v = 0; v <= n; v++) {
        while (e < m && graph_heap_src(g, e) < v) e++;
        w->off[v] = (uint32_t)e;
    }
    w->off[n1] = (uint32_t)m;
    w->weight = malloc(n1 * sizeof *w->weight);
    w->seen = malloc(n1 * sizeof *w->seen);
    w->stack = malloc(n1 * sizeof *w->stack);
    w->count = malloc(n1 * sizeof *w->count);
    w->part = malloc(n1 * sizeof *w->part);
    return w->weight && w->seen && w->stack && w->count && w->part ? 0 : -1;
}

/* Zeroes the per-node counters for another step. */
static void use_reset(UseWork *w)
{
    size_t n1 = (size_t)graph_nodes(w->g) + 1;
    memset(w->weight, 0, n1 * sizeof *w->weight);
    memset(w->seen, 0, n1 * sizeof *w->seen);
    memset(w->count, 0, n1 * sizeof *w->count);
    memset(w->part, 0, n1 * sizeof *w->part);
}

static inline int is_root_edge(const Graph *g, const Schedule *s, uint32_t step, size_t e)
{
    return s->step[graph_heap_src(g, e)] > step && s->step[graph_heap_dst(g, e)] <= step;
}

/* Heap edge e is a retain edge from a live value (reached from a root,
 * allocated by step): one of its sink's holders in the approximation. */
static inline int live_retain(const UseWork *w, const Schedule *s, uint32_t step, size_t e)
{
    uint32_t src = graph_heap_src(w->g, e);
    return graph_heap_kind(w->g, e) == HE_RETAIN && w->seen[src] && s->step[src] <= step;
}

/* Above this many walk steps the exact split is given up for the flow
 * approximation below (a 10^6-deep recursion holding a 10^6-cell list
 * would need 10^12). */
#define USE_BUDGET 200000000ull

/* ---- the attribution state: arrays made once, reused at every step ---- */

struct SpaceAttrib {
    UseWork w;              /* by use: g, u and the per-node arrays */
    const Schedule *s;
    int use_ready;          /* w's arrays and share are allocated */
    double *share;          /* by use: m entries */
    uint32_t *in_off, *in_idx; /* the approximation: heap edges by sink */
    uint32_t *death;        /* by allocation: per node */
    double *alloc;          /* by allocation: n+1 entries */
};

SpaceAttrib *space_attrib_new(const Graph *g, const Schedule *s, Units u)
{
    SpaceAttrib *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    a->w.g = g;
    a->w.u = u;
    a->s = s;
    return a;
}

void space_attrib_free(SpaceAttrib *a)
{
    if (!a) return;
    use_free(&a->w);
    free(a->share);
    free(a->in_off);
    free(a->in_idx);
    free(a->death);
    free(a->alloc);
    free(a);
}

/* The approximation, O(n + m): every live value's size, plus what the
 * values it retains passed up to it, is split equally among its direct
 * holders (root edges into it and live values retaining it).  Exact when
 * each value is reached by one path; total space is conserved. */
static int use_flow(SpaceAttrib *a, uint32_t step, double *share, double *result_share)
{
    UseWork *w = &a->w;
    const Graph *g = w->g;
    const Schedule *s = a->s;
    if (!a->in_off && graph_heap_by_sink(g, &a->in_off, &a->in_idx)) return -1;
    const uint32_t *in_off = a->in_off, *in_idx = a->in_idx;
    /* live: reachable from the roots (seen != 0) */
    uint32_t n = graph_nodes(g);
    memset(w->seen, 0, ((size_t)n + 1) * sizeof *w->seen);
    uint32_t sp = 0;
    for (uint32_t r = 1; r <= n; r++)
        if (w->weight[r]) { w->seen[r] = 1; w->stack[sp++] = r; }
    while (sp) {
        uint32_t v = w->stack[--sp];
        for (uint32_t e = w->off[v]; e < w->off[v + 1]; e++) {
            uint32_t d = graph_heap_dst(g, e);
            if (graph_heap_kind(g, e) == HE_RETAIN && !w->seen[d]) { w->seen[d] = 1; w->stack[sp++] = d; }
        }
    }
    /* retained values have lower ids than their holders: one upward pass */
    double *mass = w->part;
    for (uint32_t v = 1; v <= n; v++) {
        if (!w->seen[v]) continue;
        mass[v] += (double)space_unit_size(g, w->u, v);
        uint64_t holders = w->weight[v];
        for (uint32_t j = in_off[v]; j < in_off[v + 1]; j++) {
            uint32_t e = in_idx[j];
            holders += live_retain(w, s, step, e);
        }
        if (holders == 0) continue;
        double each = mass[v] / (double)holders;
        for (uint32_t j = in_off[v]; j < in_off[v + 1]; j++) {
            uint32_t e = in_idx[j];
            if (live_retain(w, s, step, e)) mass[graph_heap_src(g, e)] += each;
        }
        mass[v] = each; /* from here on: the part of each root edge into v */
    }
    for (size_t e = 0, m = graph_heap_edges(g); e < m; e++)
        if (is_root_edge(g, s, step, e)) share[e] = mass[graph_heap_dst(g, e)];
    uint32_t res = graph_result(g);
    if (res && s->step[res] <= step) *result_share = mass[res];
    return 0;
}

int space_attrib_use(SpaceAttrib *a, uint32_t step, const double **share, double *result_share, int *approx)
{
    UseWork *w = &a->w;
    const Graph *g = w->g;
    const Schedule *s = a->s;
    uint32_t n = graph_nodes(g);
    size_t m = graph_heap_edges(g);
    *share = NULL;
    *result_share = 0;
    *approx = 0;
    if (!a->use_ready) {
        if (!a->share) a->share = malloc((m ? m : 1) * sizeof *a->share);
        if (!a->share || use_alloc(w)) return -1;
        a->use_ready = 1;
    }
    double *sh = a->share;
    memset(sh, 0, m * sizeof *sh);
    use_reset(w);
    for (size_t e = 0; e < m; e++)
        if (is_root_edge(g, s, step, e)) w->weight[graph_heap_dst(g, e)]++;
    uint32_t res = graph_result(g);
    if (res && s->step[res] <= step) w->weight[res]++; /* the result: a root of its own */
    uint64_t steps = 0;
    for (uint32_t r = 1; r <= n && steps <= USE_BUDGET; r++)
        if (w->weight[r]) steps += use_walk(w, r, 1);
    if (steps > USE_BUDGET) {
        *approx = 1;
        if (use_flow(a, step, sh, result_share)) return -1;
        *share = sh;
        return 0;
    }
    memset(w->seen, 0, ((size_t)n + 1) * sizeof *w->seen);
    for (uint32_t r = 1; r <= n; r++)
        if (w->weight[r]) w->part[r] = use_walk(w, r, 0);
    for (size_t e = 0; e < m; e++)
        if (is_root_edge(g, s, step, e)) sh[e] = w->part[graph_heap_dst(g, e)];
    if (res && s->step[res] <= step) *result_share = w->part[res];
    *share = sh;
    return 0;
}

int space_attrib_alloc(SpaceAttrib *a, uint32_t step, const double **alloc)
{
    const Graph *g = a->w.g;
    const Schedule *s = a->s;
    uint32_t n = graph_nodes(g);
    *alloc = NULL;
    if (!a->alloc && !(a->alloc = malloc(((size_t)n + 1) * sizeof *a->alloc))) return -1;
    if (!a->death && !(a->death = space_deaths(g, s))) return -1;
    double *x = a->alloc;
    x[0] = 0;
    for (uint32_t v = 1; v <= n; v++)
        x[v] = s->step[v] <= step && step < a->death[v] ? (double)space_unit_size(g, a->w.u, v) : 0;
    *alloc = x;
    return 0;
}

/* ---- one step, arrays handed to the caller ---- */

int space_by_use_ex(const Graph *g, const Schedule *s, Units u, uint32_t step,
                    double **share, double *result_share, int *approx)
{
    SpaceAttrib *a = space_attrib_new(g, s, u);
    const double *x;
    *share = NULL;
    *result_share = 0;
    *approx = 0;
    int rc = a ? space_attrib_use(a, step, &x, result_share, approx) : -1;
    if (rc == 0) { *share = a->share; a->share = NULL; }
    space_attrib_free(a);
    return rc;
}

int space_by_use(const Graph *g, const Schedule *s, Units u, uint32_t step,
                 double **share, double *result_share)
{
    int approx;
    return space_by_use_ex(g, s, u, step, share, result_share, &approx);
}

int space_by_alloc(const Graph *g, const Schedule *s, Units u, uint32_t step,
                   double **alloc)
{
    SpaceAttrib *a = space_attrib_new(g, s, u);
    const double *x;
    *alloc = NULL;
    int rc = a ? space_attrib_alloc(a, step, &x) : -1;
    if (rc == 0) { *alloc = a->alloc; a->alloc = NULL; }
    space_attrib_free(a);
    return rc;
}
