/*
 * measure.c — see measure.h.  Simulate, profile, attribute the space at
 * the high-water mark to annotations (paper §4.1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "measure.h"

const char *const measure_by_names[] = {"use", "alloc", NULL};

MeasureOptions measure_options(uint32_t nannots)
{
    return (MeasureOptions){.sched = {.policy = "df", .P = 1}, .units = UNITS_WORDS, .with_queue = 1,
                            .by = MEASURE_BY_USE, .nannots = nannots};
}

SpaceAttrib *measure_attrib(Measure *m)
{
    if (!m->attrib) m->attrib = space_attrib_new(m->g, &m->sched, m->o.units);
    return m->attrib;
}

static int cmp_holder(const void *a, const void *b)
{
    const Holder *x = a, *y = b;
    if (x->space != y->space) return x->space > y->space ? -1 : 1;
    if (x->kind != y->kind) return x->kind < y->kind ? -1 : 1;
    return x->annot < y->annot ? -1 : x->annot > y->annot;
}

/* Sums the space at `step` per annotation: by use, of each root edge's
 * source; by allocation, of each live value.  sum has nannots+1 buckets,
 * the last for annotation indices out of range. */
static int sum_by_annot(Measure *m, uint32_t step, double *sum, double *result, int *approx)
{
    const Graph *g = m->g;
    uint32_t na = m->o.nannots;
    SpaceAttrib *a = measure_attrib(m);
    const double *x;
    *result = 0;
    *approx = 0;
    if (!a) return -1;
    if (m->o.by != MEASURE_BY_ALLOC) {
        if (space_attrib_use(a, step, &x, result, approx)) return -1;
        for (size_t e = 0; e < graph_heap_edges(g); e++) {
            uint32_t an = graph_annot(g, graph_heap_src(g, e));
            if (x[e] > 0) sum[an < na ? an : na] += x[e];
        }
    } else {
        if (space_attrib_alloc(a, step, &x)) return -1;
        for (uint32_t v = 1; v <= graph_nodes(g); v++) {
            uint32_t an = graph_annot(g, v);
            if (x[v] > 0) sum[an < na ? an : na] += x[v];
        }
    }
    return 0;
}

int measure_holders_at(Measure *m, uint32_t step, Holder **holders, uint32_t *nholders, int *approx)
{
    uint32_t na = m->o.nannots;
    double *sum = calloc((size_t)na + 1, sizeof *sum), result;
    *holders = NULL;
    *nholders = 0;
    *approx = 0;
    if (!sum || sum_by_annot(m, step, sum, &result, approx)) { free(sum); return -1; }
    uint32_t k = 0, cap = 2;
    for (uint32_t a = 0; a <= na; a++) cap += sum[a] > 0;
    Holder *h = malloc(cap * sizeof *h);
    if (!h) { free(sum); return -1; }
    for (uint32_t a = 0; a <= na; a++)
        if (sum[a] > 0) h[k++] = (Holder){HOLDER_ANNOT, a < na ? a : HOLDER_UNKNOWN_ANNOT, sum[a]};
    if (result > 0) h[k++] = (Holder){HOLDER_RESULT, 0, result};
    uint64_t queue = m->space.queue ? m->space.queue[step] : 0;
    if (m->o.with_queue && queue > 0) h[k++] = (Holder){HOLDER_QUEUE, 0, (double)queue};
    qsort(h, k, sizeof *h, cmp_holder);
    *holders = h;
    *nholders = k;
    free(sum);
    return 0;
}

int measure_run(const Graph *g, const MeasureOptions *o, Measure *m, char *msg, size_t msglen)
{
    Schedule s;
    memset(m, 0, sizeof *m);
    if (sched_run(g, &o->sched, &s, msg, msglen)) return -1;
    return measure_schedule(g, o, &s, m, msg, msglen);
}

int measure_schedule(const Graph *g, const MeasureOptions *o, Schedule *s, Measure *m, char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    m->g = g;
    m->o = *o;
    m->sched = *s;
    memset(s, 0, sizeof *s);
    if (space_profile(g, &m->sched, o->units, o->with_queue, &m->space)) {
        sched_free(&m->sched);
        snprintf(msg, msglen, "out of memory while measuring space");
        return -1;
    }
    const SpaceProfile *sp = &m->space;
    m->policy = o->sched.policy;
    m->P = o->sched.P;
    m->T = m->sched.T;
    m->idle = m->sched.idle;
    m->delay = m->sched.delay;
    m->nowork = m->sched.nowork;
    m->overhead = m->sched.overhead;
    m->steals = m->sched.steals;
    m->hwm = sp->hwm;
    m->hwm_step = sp->hwm_step;
    m->heap = sp->heap[sp->hwm_step];
    m->queue = sp->queue[sp->hwm_step];
    if (o->by != MEASURE_NO_HOLDERS && measure_holders_at(m, m->hwm_step, &m->holders, &m->nholders, &m->approx)) {
        measure_free(m);
        snprintf(msg, msglen, "out of memory while attributing space");
        return -1;
    }
    return 0;
}

void measure_trim(Measure *m)
{
    space_attrib_free(m->attrib);
    m->attrib = NULL;
    space_free(&m->space);
    sched_free(&m->sched);
}

void measure_free(Measure *m)
{
    measure_trim(m);
    free(m->holders);
    memset(m, 0, sizeof *m);
}
