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

/* death[] (the steps on entry) made the deaths in one backward pass over
 * the heap edges: every edge into a value has a higher source, so a
 * source's death is final when its edges are read.  step NULL: the steps
 * are the ids (df on one processor by the ids). */
static inline __attribute__((always_inline)) void deaths_pass(const Graph *g, const uint32_t *step, uint32_t *death)
{
    for (size_t e = graph_heap_edges(g); e-- > 0;) {
        uint32_t src = graph_heap_src(g, e), dst = graph_heap_dst(g, e);
        uint32_t d = graph_heap_kind(g, e) != HE_USE ? death[src] : step ? step[src] : src;
        if (d > death[dst]) death[dst] = d;
    }
}

static void deaths_backward(const Graph *g, const uint32_t *step, uint32_t *death)
{
    if (graph_result(g)) death[graph_result(g)] = SPACE_NEVER;
    if (step) deaths_pass(g, step, death);
    else deaths_pass(g, NULL, death);    /* the pass for the ids, without the test per edge */
}

uint32_t *space_deaths(const Graph *g, const Schedule *s)
{
    size_t n1 = (size_t)graph_nodes(g) + 1;
    uint32_t *death = sched_array_take(n1 * sizeof *death);
    if (!death) return NULL;
    memcpy(death, s->step, n1 * sizeof *death);
    deaths_backward(g, s->step, death);
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

/* ---- the mark of df on one processor by the ids ----
 * The steps are the ids, so a value is allocated at the step of its own
 * id, and the ready counts come from a second pass over the ids
 * (SchedIds): the schedule holds no ready counts (SchedOptions.no_ready)
 * and the mark needs no array beyond its steps. */

/* x (the deaths, each at or above its node's id) turned in place into
 * what each step takes off the heap: the sizes freed there less the size
 * of the value made there, modulo 2^32.  Going down the ids, entry v still
 * holds v's death when it is read: the writes so far went to the deaths
 * of nodes above v, so above v.  Then entry v starts step v's sum at
 * minus v's size, and only v and the nodes below it, read later, add to
 * it.  A value dead at its own step is added and taken off at that step:
 * never live.  The heap after each step is at most the values' total,
 * which fits 32 bits (space_bound), so the heap taken modulo 2^32 is
 * exact. */
static void freed_in_place(const Graph *g, Units u, uint32_t *x)
{
    uint32_t n = graph_nodes(g);
    for (uint32_t v = n; v >= 1; v--) {
        uint32_t t = x[v], z = (uint32_t)space_unit_size(g, u, v);
        x[v] = -z;
        if (t <= n) x[t] += z;
    }
}

int space_mark_by_ids(const Graph *g, Schedule *s, Units u, int with_queue, SpaceMark *k)
{
    uint32_t n = graph_nodes(g), *x = s->step;
    SchedIds it;
    memset(k, 0, sizeof *k);
    if (!s->by_ids || s->T != n) return -1;
    /* past 2^32 words a step's sum may not fit: the freed sizes in 64 bits */
    uint64_t *wide = space_bound(g, u, with_queue) > UINT32_MAX ? calloc((size_t)n + 1, sizeof *wide) : NULL;
    if ((!wide && space_bound(g, u, with_queue) > UINT32_MAX) || sched_ids_init(&it, g)) {
        free(wide);
        return -1;
    }
    deaths_backward(g, NULL, x);
    if (wide)
        for (uint32_t v = 1; v <= n; v++) { if (x[v] <= n) wide[x[v]] += space_unit_size(g, u, v); }
    else
        freed_in_place(g, u, x);
    uint64_t heap = 0;   /* step 0: no value yet, node 1 ready */
    SpaceMark best = {with_queue ? it.ready : 0, 0, 0, it.ready};
    SchedIds at = it;    /* a copy no call sees, so that it stays in registers */
    x[0] = 0;
    for (uint32_t t = 1; t <= n; t++) {
        sched_ids_next(&at);              /* by the ids: the order is known good */
        heap = wide ? heap + space_unit_size(g, u, t) - wide[t] : (uint32_t)(heap - x[t]);
        x[t] = t;                         /* read: the step again */
        uint64_t total = heap + (with_queue ? at.ready : 0);
        if (total > best.hwm) best = (SpaceMark){total, t, heap, at.ready};
    }
    *k = best;
    int rc = at.x == n ? 0 : -1;
    sched_ids_free(&it);
    free(wide);
    sched_free_ready(s);
    return rc;
}

void space_free(SpaceProfile *p)
{
    free(p->heap);
    free(p->queue);
    memset(p, 0, sizeof *p);
}
