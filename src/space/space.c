/*
 * space.c — space at every step by live intervals (paper §3.3-3.4;
 * docs/scheduling.md), or at its high-water mark alone (space_mark).  Who
 * holds it is in space_attrib.c.
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

enum { SPACE_AHEAD = 16 }; /* prefetch distance, in nodes */

const char *const space_units_names[] = {"words", "nodes", NULL};

uint32_t *space_deaths(const Graph *g, const Schedule *s)
{
    size_t n1 = (size_t)graph_nodes(g) + 1;
    uint32_t *death = sched_array_take(n1 * sizeof *death);
    if (!death) return NULL;
    memcpy(death, s->step, n1 * sizeof *death);
    if (graph_result(g)) death[graph_result(g)] = SPACE_NEVER;
    for (size_t e = graph_heap_edges(g); e-- > 0;) {
        uint32_t src = graph_heap_src(g, e), dst = graph_heap_dst(g, e);
        uint32_t d = graph_heap_kind(g, e) == HE_USE ? s->step[src] : death[src];
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

/* Each value's lifetime [step, death) into a difference array over steps,
 * d64 or d32 (the other NULL): its size added at its step, taken off at
 * its death (none past T).  Unsigned wrap-around is exact modulo the
 * array's width. */
static void add_lifetimes(const Graph *g, const Schedule *s, Units u, const uint32_t *death,
                          uint64_t *d64, uint32_t *d32)
{
    for (uint32_t v = 1, n = graph_nodes(g); v <= n; v++) {
        /* steps are random to ids under bf: fetch d's entries ahead */
        if (v + SPACE_AHEAD <= n) {
            uint32_t a = s->step[v + SPACE_AHEAD], b = death[v + SPACE_AHEAD] <= s->T ? death[v + SPACE_AHEAD] : 0;
            __builtin_prefetch(d64 ? (void *)&d64[a] : (void *)&d32[a], 1);
            __builtin_prefetch(d64 ? (void *)&d64[b] : (void *)&d32[b], 1);
        }
        uint64_t z = space_unit_size(g, u, v);
        uint32_t a = s->step[v], b = death[v];
        if (!z || b <= a) continue;
        if (d64) {
            d64[a] += z;
            if (b <= s->T) d64[b] -= z;
        } else {
            d32[a] += (uint32_t)z;
            if (b <= s->T) d32[b] -= (uint32_t)z;
        }
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
    uint64_t *h = out->heap; /* differences first */
    add_lifetimes(g, s, u, death, h, NULL);
    sched_array_put(death);
    for (size_t i = 1; i < steps; i++) h[i] += h[i - 1];
    memcpy(out->queue, s->ready, steps * sizeof *out->queue);
    find_hwm(out);
    return 0;
}

/* ---- the mark alone ---- */

/* The most the heap plus (with_queue) the queue can ever be: every
 * value's size, plus every node. */
static uint64_t space_bound(const Graph *g, Units u, int with_queue)
{
    return (with_queue ? graph_nodes(g) : 0) + (u == UNITS_NODES ? graph_values(g) : graph_words(g));
}

/* The heap at step t: the values with step <= t < death. */
static uint64_t heap_at(const Graph *g, const Schedule *s, Units u, const uint32_t *death, uint32_t t)
{
    uint64_t h = 0;
    for (uint32_t v = 1, n = graph_nodes(g); v <= n; v++)
        if (s->step[v] <= t && t < death[v]) h += space_unit_size(g, u, v);
    return h;
}

/* The ready counts per step d[0..T] turned, in place, into their
 * step-to-step differences. */
static void queue_differences(uint32_t *d, uint32_t T)
{
    for (uint32_t i = T; i > 0; i--) d[i] -= d[i - 1];
}

/* The first maximum of the running sum of d[0..T] (32-bit differences,
 * exact while the sums stay below space_bound's 2^32) and its step. */
static void find_mark32(const uint32_t *d, uint32_t T, uint64_t *hwm, uint32_t *hwm_step)
{
    uint32_t x = 0;
    *hwm = 0;
    *hwm_step = 0;
    for (uint32_t i = 0; i <= T; i++)
        if ((x += d[i]) > *hwm) { *hwm = x; *hwm_step = i; }
}

/* Past 2^32 the differences need 64 bits: the whole profile, then only its mark. */
static int mark_by_profile(const Graph *g, Schedule *s, Units u, int with_queue, SpaceMark *out)
{
    SpaceProfile p;
    int rc = space_profile(g, s, u, with_queue, &p);
    if (rc == 0) *out = (SpaceMark){p.hwm, p.hwm_step, p.heap[p.hwm_step], p.queue[p.hwm_step]};
    space_free(&p);
    return rc;
}

int space_mark(const Graph *g, Schedule *s, Units u, int with_queue, SpaceMark *out)
{
    memset(out, 0, sizeof *out);
    if (space_bound(g, u, with_queue) > UINT32_MAX) {
        int rc = mark_by_profile(g, s, u, with_queue, out);
        sched_free_ready(s);
        return rc;
    }
    /* with the queue: its differences first, in its own array */
    uint32_t *d = with_queue ? s->ready : calloc((size_t)s->T + 1, sizeof *d);
    uint32_t *death = d ? space_deaths(g, s) : NULL;
    int rc = death ? 0 : -1;
    if (death) {
        if (with_queue) queue_differences(d, s->T);
        add_lifetimes(g, s, u, death, NULL, d);
        find_mark32(d, s->T, &out->hwm, &out->hwm_step);
        out->heap = with_queue ? heap_at(g, s, u, death, out->hwm_step) : out->hwm;
        out->queue = with_queue ? out->hwm - out->heap : s->ready[out->hwm_step];
    }
    sched_array_put(death);
    if (d != s->ready) free(d);
    sched_free_ready(s);
    return rc;
}

/* ---- the mark in the schedule's own memory ---- */

/* The deaths in place of the steps (x = s->step on entry): the use edges
 * forward, then the result, then the retain edges backward.  Going
 * forward, a source's entry is still its step when its edges are read
 * (the edges into it have higher sources, read later); going backward, a
 * source's death is final when its edges are read. */
static void deaths_in_place(const Graph *g, uint32_t *x)
{
    size_t m = graph_heap_edges(g);
    for (size_t e = 0; e < m; e++) {
        uint32_t src = graph_heap_src(g, e), dst = graph_heap_dst(g, e);
        if (graph_heap_kind(g, e) == HE_USE && x[src] > x[dst]) x[dst] = x[src];
    }
    if (graph_result(g)) x[graph_result(g)] = SPACE_NEVER;
    for (size_t e = m; e-- > 0;) {
        uint32_t src = graph_heap_src(g, e), dst = graph_heap_dst(g, e);
        if (graph_heap_kind(g, e) == HE_RETAIN && x[src] > x[dst]) x[dst] = x[src];
    }
}

/* Each value's size into d at x[v] (its step, or its death: none past
 * T), added or taken off. */
static void add_sizes(const Graph *g, Units u, const uint32_t *x, uint32_t T, uint32_t *d, int off)
{
    for (uint32_t v = 1, n = graph_nodes(g); v <= n; v++) {
        if (v + SPACE_AHEAD <= n && x[v + SPACE_AHEAD] <= T) __builtin_prefetch(&d[x[v + SPACE_AHEAD]], 1);
        uint32_t z = (uint32_t)space_unit_size(g, u, v);
        if (z && x[v] <= T) d[x[v]] += off ? -z : z;
    }
}

/* The schedule by the ids (step[v] = v), its deaths in x: the heap at
 * step t is the values up to t that die after it. */
static uint64_t heap_at_by_ids(const Graph *g, Units u, const uint32_t *x, uint32_t t)
{
    uint64_t h = 0;
    for (uint32_t v = 1; v <= t; v++)
        if (x[v] > t) h += space_unit_size(g, u, v);
    return h;
}

int space_mark_in_place(const Graph *g, Schedule *s, Units u, int with_queue, SpaceMark *k)
{
    if (space_bound(g, u, with_queue) > UINT32_MAX) return 1;
    uint32_t *d = s->ready, T = s->T;
    memset(k, 0, sizeof *k);
    if (with_queue) queue_differences(d, T);
    else memset(d, 0, ((size_t)T + 1) * sizeof *d);
    add_sizes(g, u, s->step, T, d, 0);     /* allocated at their steps */
    deaths_in_place(g, s->step);
    add_sizes(g, u, s->step, T, d, 1);     /* gone at their deaths (a value dead at its
                                              own step cancels: never live) */
    find_mark32(d, T, &k->hwm, &k->hwm_step);
    if (!(s->by_ids && with_queue)) {
        sched_free(s);
        return 0;
    }
    k->heap = heap_at_by_ids(g, u, s->step, k->hwm_step);
    k->queue = k->hwm - k->heap;
    for (uint32_t v = 0, n = graph_nodes(g); v <= n; v++) s->step[v] = v;
    sched_free_ready(s);
    return 0;
}

void space_free(SpaceProfile *p)
{
    free(p->heap);
    free(p->queue);
    memset(p, 0, sizeof *p);
}
