/*
 * space.c — space at every step by live intervals, and who holds it
 * (SPEC §3.2-3.3, paper §3.3-3.4, §4.1).
 *
 * A value l is live at step i iff step(l) <= i < death(l), where death(l)
 * is the largest, over heap edges s -> l, of step(s) for a use edge (the
 * edge is a root edge until s is visited) and death(s) for a retain edge
 * (the object at s points to l while s is live); infinite for the result.
 * Edge sources never decrease and edges point to lower ids, so one
 * backward pass over the edges sees every edge into s before s's own
 * edges: deaths cost O(m).  Sizes then go into a difference array over
 * steps: O(n + m + T) in all.
 */
#include <stdlib.h>
#include <string.h>
#include "space.h"

#define NEVER UINT32_MAX  /* the death of the result */

static inline uint64_t unit_size(const Graph *g, Units u, uint32_t v)
{
    uint32_t z = g->size[v];
    return (z && u == UNITS_NODES) ? 1 : z;
}

/* death[v] per node (meaningful for values); malloc'd, NULL if out of memory. */
static uint32_t *space_deaths(const Graph *g, const Schedule *s)
{
    uint32_t *death = malloc(((size_t)g->n + 1) * sizeof *death);
    if (!death) return NULL;
    memcpy(death, s->step, ((size_t)g->n + 1) * sizeof *death);
    if (g->result) death[g->result] = NEVER;
    for (size_t e = g->m; e-- > 0;) {
        uint32_t src = g->hsrc[e], dst = g->hdst[e];
        uint32_t d = g->hkind[e] == HE_USE ? s->step[src] : death[src];
        if (d > death[dst]) death[dst] = d;
    }
    return death;
}

static void find_hwm(SpaceProfile *p)
{
    p->hwm = 0;
    p->hwm_step = 0;
    for (uint32_t i = 0; i <= p->T; i++) {
        uint64_t x = p->heap[i] + (p->with_queue ? p->queue[i] : 0);
        if (x > p->hwm) { p->hwm = x; p->hwm_step = i; }
    }
}

int space_profile(const Graph *g, const Schedule *s, Units u, int with_queue,
                  SpaceProfile *out)
{
    memset(out, 0, sizeof *out);
    out->T = s->T;
    out->with_queue = with_queue;
    size_t steps = (size_t)s->T + 1;
    out->heap = calloc(steps, sizeof *out->heap);
    out->queue = malloc(steps * sizeof *out->queue);
    uint32_t *death = out->heap && out->queue ? space_deaths(g, s) : NULL;
    if (!death) { space_free(out); return -1; }
    uint64_t *h = out->heap; /* differences first; unsigned wrap-around is exact */
    for (uint32_t v = 1; v <= g->n; v++) {
        uint64_t z = unit_size(g, u, v);
        uint32_t a = s->step[v], b = death[v];
        if (!z || b <= a) continue;
        h[a] += z;
        if (b <= s->T) h[b] -= z;
    }
    free(death);
    for (size_t i = 1; i < steps; i++) h[i] += h[i - 1];
    for (size_t i = 0; i < steps; i++) out->queue[i] = s->ready[i];
    find_hwm(out);
    return 0;
}

void space_free(SpaceProfile *p)
{
    free(p->heap);
    free(p->queue);
    memset(p, 0, sizeof *p);
}

int space_by_alloc(const Graph *g, const Schedule *s, Units u, uint32_t step,
                   double **alloc)
{
    *alloc = calloc((size_t)g->n + 1, sizeof **alloc);
    uint32_t *death = *alloc ? space_deaths(g, s) : NULL;
    if (!death) { free(*alloc); *alloc = NULL; return -1; }
    for (uint32_t v = 1; v <= g->n; v++)
        if (s->step[v] <= step && step < death[v]) (*alloc)[v] = (double)unit_size(g, u, v);
    free(death);
    return 0;
}

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
        else part += (double)unit_size(g, w->u, v) / (double)w->count[v];
        for (uint32_t e = w->off[v]; e < w->off[v + 1]; e++) {
            uint32_t d = g->hdst[e];
            if (g->hkind[e] == HE_RETAIN && w->seen[d] != r) { w->seen[d] = r; w->stack[sp++] = d; }
        }
    }
    return count_pass ? (double)visits : part;
}

static void use_free(UseWork *w)
{
    free(w->off); free(w->weight); free(w->seen);
    free(w->stack); free(w->count); free(w->part);
}

static int use_alloc(UseWork *w)
{
    size_t n1 = (size_t)w->g->n + 1;
    const Graph *g = w->g;
    w->off = malloc((n1 + 1) * sizeof *w->off);
    if (!w->off) return -1;
    size_t e = 0;
    for (uint32_t v = 0; v <= g->n; v++) {
        while (e < g->m && g->hsrc[e] < v) e++;
        w->off[v] = (uint32_t)e;
    }
    w->off[n1] = (uint32_t)g->m;
    w->weight = calloc(n1, sizeof *w->weight);
    w->seen = calloc(n1, sizeof *w->seen);
    w->stack = malloc(n1 * sizeof *w->stack);
    w->count = calloc(n1, sizeof *w->count);
    w->part = calloc(n1, sizeof *w->part);
    return w->weight && w->seen && w->stack && w->count && w->part ? 0 : -1;
}

static inline int is_root_edge(const Graph *g, const Schedule *s, uint32_t step, size_t e)
{
    return s->step[g->hsrc[e]] > step && s->step[g->hdst[e]] <= step;
}

/* Above this many walk steps the exact split is given up for the flow
 * approximation below (a 10^6-deep recursion holding a 10^6-cell list
 * would need 10^12). */
#define USE_BUDGET 200000000ull

/* The approximation, O(n + m): every live value's size, plus what the
 * values it retains passed up to it, is split equally among its direct
 * holders (root edges into it and live values retaining it).  Exact when
 * each value is reached by one path; total space is conserved. */
static int use_flow(UseWork *w, const Schedule *s, uint32_t step, double *share, double *result_share)
{
    const Graph *g = w->g;
    uint32_t *in_off, *in_idx;
    if (graph_heap_by_sink(g, &in_off, &in_idx)) return -1;
    /* live: reachable from the roots (seen != 0) */
    memset(w->seen, 0, ((size_t)g->n + 1) * sizeof *w->seen);
    uint32_t sp = 0;
    for (uint32_t r = 1; r <= g->n; r++)
        if (w->weight[r]) { w->seen[r] = 1; w->stack[sp++] = r; }
    while (sp) {
        uint32_t v = w->stack[--sp];
        for (uint32_t e = w->off[v]; e < w->off[v + 1]; e++) {
            uint32_t d = g->hdst[e];
            if (g->hkind[e] == HE_RETAIN && !w->seen[d]) { w->seen[d] = 1; w->stack[sp++] = d; }
        }
    }
    /* retained values have lower ids than their holders: one upward pass */
    double *mass = w->part;
    for (uint32_t v = 1; v <= g->n; v++) {
        if (!w->seen[v]) continue;
        mass[v] += (double)unit_size(g, w->u, v);
        uint64_t holders = w->weight[v];
        for (uint32_t j = in_off[v]; j < in_off[v + 1]; j++) {
            uint32_t e = in_idx[j];
            if (g->hkind[e] == HE_RETAIN && w->seen[g->hsrc[e]] && s->step[g->hsrc[e]] <= step) holders++;
        }
        if (holders == 0) continue;
        double each = mass[v] / (double)holders;
        for (uint32_t j = in_off[v]; j < in_off[v + 1]; j++) {
            uint32_t e = in_idx[j];
            if (g->hkind[e] == HE_RETAIN && w->seen[g->hsrc[e]] && s->step[g->hsrc[e]] <= step)
                mass[g->hsrc[e]] += each;
        }
        mass[v] = each; /* from here on: the part of each root edge into v */
    }
    for (size_t e = 0; e < g->m; e++)
        if (is_root_edge(g, s, step, e)) share[e] = mass[g->hdst[e]];
    uint32_t res = g->result;
    if (res && s->step[res] <= step) *result_share = mass[res];
    free(in_off);
    free(in_idx);
    return 0;
}

int space_by_use_ex(const Graph *g, const Schedule *s, Units u, uint32_t step,
                    double **share, double *result_share, int *approx)
{
    UseWork w = {.g = g, .u = u};
    *share = calloc(g->m ? g->m : 1, sizeof **share);
    *result_share = 0;
    *approx = 0;
    if (!*share || use_alloc(&w)) { use_free(&w); free(*share); *share = NULL; return -1; }
    for (size_t e = 0; e < g->m; e++)
        if (is_root_edge(g, s, step, e)) w.weight[g->hdst[e]]++;
    uint32_t res = g->result;
    if (res && s->step[res] <= step) w.weight[res]++; /* the result: a root of its own */
    uint64_t steps = 0;
    for (uint32_t r = 1; r <= g->n && steps <= USE_BUDGET; r++)
        if (w.weight[r]) steps += use_walk(&w, r, 1);
    if (steps > USE_BUDGET) {
        *approx = 1;
        int rc = use_flow(&w, s, step, *share, result_share);
        use_free(&w);
        if (rc) { free(*share); *share = NULL; }
        return rc;
    }
    memset(w.seen, 0, ((size_t)g->n + 1) * sizeof *w.seen);
    for (uint32_t r = 1; r <= g->n; r++)
        if (w.weight[r]) w.part[r] = use_walk(&w, r, 0);
    for (size_t e = 0; e < g->m; e++)
        if (is_root_edge(g, s, step, e)) (*share)[e] = w.part[g->hdst[e]];
    if (res && s->step[res] <= step) *result_share = w.part[res];
    use_free(&w);
    return 0;
}

int space_by_use(const Graph *g, const Schedule *s, Units u, uint32_t step,
                 double **share, double *result_share)
{
    int approx;
    return space_by_use_ex(g, s, u, step, share, result_share, &approx);
}
