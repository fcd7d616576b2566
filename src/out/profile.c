/*
 * profile.c — see profile.h.  Simulate, sample steps, attribute the space
 * at each, keep the few largest holders, and hand the table to plot_stack.
 */
#include "profile.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "breakdown.h"
#include "plot.h"

/* Up to PROFILE_SAMPLES evenly spaced steps of 0..T, and hwm_step, ascending. */
static uint32_t *sample_steps(uint32_t T, uint32_t hwm_step, uint32_t *n)
{
    uint32_t m = T + 1 < PROFILE_SAMPLES ? T + 1 : PROFILE_SAMPLES, k = 0;
    uint32_t *st = malloc((m + 1) * sizeof *st);
    if (!st) return NULL;
    for (uint32_t i = 0; i < m; i++) {
        uint32_t x = m > 1 ? (uint32_t)((uint64_t)i * T / (m - 1)) : 0;
        if (k && x > hwm_step && st[k - 1] < hwm_step) st[k++] = hwm_step;
        if (!k || st[k - 1] != x) st[k++] = x;
    }
    *n = k;
    return st;
}

/* Holders as dense slots: annotations, then unknown ones, then the result;
 * the queue (drawn from the profile) has none. */
#define NO_SLOT UINT32_MAX
static uint32_t slot_of(const CostRun *r, const Holder *h)
{
    if (h->kind == HOLDER_QUEUE) return NO_SLOT;
    if (h->kind == HOLDER_RESULT) return r->nannots + 1;
    return h->annot < r->nannots ? h->annot : r->nannots;
}

static char *slot_label(const CostRun *r, const Sources *s, uint32_t slot)
{
    Holder h = {slot == r->nannots + 1 ? HOLDER_RESULT : HOLDER_ANNOT, slot < r->nannots ? slot : HOLDER_UNKNOWN_ANNOT, 0, 0};
    HolderInfo hi = report_holder_info(r, s, &h);
    size_t n = strlen(hi.file) + strlen(hi.text) + 32;
    char *t = malloc(n);
    if (!t) return NULL;
    if (*hi.file) snprintf(t, n, "%s:%u:%u %s", hi.file, hi.line, hi.col, hi.text);
    else snprintf(t, n, "%s", hi.text);
    return t;
}

/* The attribution at every sampled step, as breakdown rows keyed by slot. */
typedef struct Samples {
    uint32_t n, *step;
    BreakdownRow *row;
} Samples;

static void samples_free(Samples *sm)
{
    for (uint32_t i = 0; sm->row && i < sm->n; i++) free((BreakdownCell *)sm->row[i].cells);
    free(sm->row); free(sm->step);
}

/* The holders at each sampled step (the work arrays made once, m's),
 * the queue left to the profile. */
static int samples_take(const CostRun *r, Measure *m, int with_queue, Samples *sm)
{
    int approx;
    memset(sm, 0, sizeof *sm);
    if (!(sm->step = sample_steps(m->T, m->hwm_step, &sm->n))) return -1;
    if (!(sm->row = calloc(sm->n, sizeof *sm->row))) return -1;
    for (uint32_t i = 0; i < sm->n; i++) {
        Holder *h;
        uint32_t nh, k = 0, st = sm->step[i];
        if (measure_holders_at(m, st, &h, &nh, &approx)) return -1;
        BreakdownCell *c = malloc((nh ? nh : 1) * sizeof *c);
        for (uint32_t j = 0; c && j < nh; j++)
            if (slot_of(r, &h[j]) != NO_SLOT) c[k++] = (BreakdownCell){slot_of(r, &h[j]), h[j].space};
        free(h);
        if (!c) return -1;
        sm->row[i] = (BreakdownRow){c, k, (double)m->space.heap[st],
                                    with_queue ? (double)m->space.queue[st] : 0, 1};
    }
    return 0;
}

static int draw(const CostRun *r, const Sources *s, const ReportOptions *o, const SpaceProfile *sp,
                const Samples *sm, const char *svg, char *msg, size_t msglen)
{
    uint32_t picked[PROFILE_HOLDERS], np = breakdown_pick(sm->row, sm->n, r->nannots + 2, PROFILE_HOLDERS, picked);
    uint32_t nl = np + 2;
    PlotLayer layers[PROFILE_HOLDERS + 2];
    double *x = malloc(sm->n * sizeof *x), *y = malloc((size_t)sm->n * nl * sizeof *y);
    int rc = -1;
    memset(layers, 0, sizeof layers);
    for (uint32_t l = 0; l < np; l++) layers[l].title = slot_label(r, s, picked[l]);
    int ok = x && y && breakdown_layers(layers, np) == 0;
    for (uint32_t l = 0; l < nl; l++) ok &= layers[l].title != NULL;
    if (ok) {
        const char *units = space_units_names[o->units];
        const char *prog = s && s->n > 1 && s->files[1].path ? s->files[1].path : "program";
        const char *slash = strrchr(prog, '/');
        char title[256], panel[160], ylabel[64];
        for (uint32_t i = 0; i < sm->n; i++) x[i] = sm->step[i];
        for (uint32_t i = 0; i < sm->n; i++) breakdown_fill(&sm->row[i], picked, np, y + (size_t)i * nl);
        snprintf(title, sizeof title, "%s: space over time", slash ? slash + 1 : prog);
        snprintf(panel, sizeof panel, "%s%s, P=%u: high-water mark %llu %s at step %u", o->policies[0],
                 o->coarse ? " --coarse" : "", o->procs[0], (unsigned long long)sp->hwm, units, sp->hwm_step);
        snprintf(ylabel, sizeof ylabel, "space (%s)", units);
        PlotPanel pn = {panel, sm->n, x, y, sp->hwm_step};
        PlotStack st = {title, "step", ylabel, nl, 1, 1, layers, &pn};
        rc = plot_stack(svg, &st, msg, msglen);
    } else {
        snprintf(msg, msglen, "out of memory");
    }
    for (uint32_t l = 0; l < nl; l++) free((char *)layers[l].title);
    free(x);
    free(y);
    return rc;
}

int profile_plot(const CostRun *r, const Sources *s, const ReportOptions *o, const char *svg,
                 char *msg, size_t msglen)
{
    MeasureOptions mo = report_measure_options(r, o, o->policies[0], o->procs[0]);
    Measure m;
    Samples sm;
    if (measure_run(&r->g, &mo, &m, msg, msglen)) return -1;
    int rc = -1;
    if (samples_take(r, &m, o->with_queue, &sm)) snprintf(msg, msglen, "out of memory while attributing space");
    else rc = draw(r, s, o, &m.space, &sm, svg, msg, msglen);
    samples_free(&sm);
    measure_free(&m);
    return rc;
}
