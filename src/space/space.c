/*
 * space.c — space at every step by live intervals (paper §3.3-3.4;
 * docs/scheduling.md).  Who holds it is in space_attrib.c.
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
    uint32_t *death = malloc(n1 * sizeof *death);
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
    for (uint32_t v = 1, n = graph_nodes(g); v <= n; v++) {
        /* steps are random to ids under bf: fetch h's entries ahead */
        if (v + SPACE_AHEAD <= n) {
            __builtin_prefetch(&h[s->step[v + SPACE_AHEAD]], 1);
            __builtin_prefetch(&h[death[v + SPACE_AHEAD] <= s->T ? death[v + SPACE_AHEAD] : 0], 1);
        }
        uint64_t z = space_unit_size(g, u, v);
        uint32_t a = s->step[v], b = death[v];
        if (!z || b <= a) continue;
        h[a] += z;
        if (b <= s->T) h[b] -= z;
    }
    free(death);
    for (size_t i = 1; i < steps; i++) h[i] += h[i - 1];
    memcpy(out->queue, s->ready, steps * sizeof *out->queue);
    find_hwm(out);
    return 0;
}

void space_free(SpaceProfile *p)
{
    free(p->heap);
    free(p->queue);
    memset(p, 0, sizeof *p);
}
