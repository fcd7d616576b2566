/*
 * profile.c — see profile.h.  Simulate, sample steps, attribute the space
 * at each, keep the few largest holders, and hand the table to plot_stack.
 */
#include "profile.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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
    Holder h = {slot == r->nannots + 1 ? HOLDER_RESULT : HOLDER_ANNOT, slot < r->nannots ? slot : HOLDER_UNKNOWN_ANNOT, 0};
    HolderInfo hi = report_holder_info(r, s, &h);
    size_t n = strlen(hi.file) + strlen(hi.text) + 32;
    char *t = malloc(n);
    if (!t) return NULL;
    if (*hi.file) snprintf(t, n, "%s:%u:%u %s", hi.file, hi.line, hi.col, hi.text);
    else snprintf(t, n, "%s", hi.text);
    return t;
}

/* The attribution at every sampled step. */
typedef struct Samples {
    uint32_t n, *step;
    Holder **h;
    uint32_t *nh;
} Samples;

static void samples_free(Samples *sm)
{
    for (uint32_t i = 0; sm->h && i < sm->n; i++) free(sm->h[i]);
    free(sm->h); free(sm->nh); free(sm->step);
}

/* The holders at each sampled step, the work arrays made once (m's). */
static int samples_take(Measure *m, Samples *sm)
{
    int approx;
    memset(sm, 0, sizeof *sm);
    if (!(sm->step = sample_steps(m->T, m->hwm_step, &sm->n))) return -1;
    sm->h = calloc(sm->n, sizeof *sm->h);
    sm->nh = calloc(sm->n, sizeof *sm->nh);
    if (!sm->h || !sm->nh) return -1;
    for (uint32_t i = 0; i < sm->n; i++)
        if (measure_holders_at(m, sm->step[i], &sm->h[i], &sm->nh[i], &approx)) return -1;
    return 0;
}

/* The PROFILE_HOLDERS slots holding the most space over all samples. */
static uint32_t pick(const CostRun *r, const Samples *sm, uint32_t *picked)
{
    uint32_t nslots = r->nannots + 2, k = 0;
    double *score = calloc(nslots, sizeof *score);
    if (!score) return 0;
    for (uint32_t i = 0; i < sm->n; i++)
        for (uint32_t j = 0; j < sm->nh[i]; j++) {
            uint32_t slot = slot_of(r, &sm->h[i][j]);
            if (slot != NO_SLOT) score[slot] += sm->h[i][j].space;
        }
    for (; k < PROFILE_HOLDERS; k++) {
        uint32_t best = nslots;
        for (uint32_t a = 0; a < nslots; a++)
            if (score[a] > 0 && (best == nslots || score[a] > score[best])) best = a;
        if (best == nslots) break;
        picked[k] = best;
        score[best] = 0;
    }
    free(score);
    return k;
}

/* Per sample: the picked holders, the rest of the heap, the queue. */
static void fill(const CostRun *r, const Samples *sm, const SpaceProfile *sp, int with_queue,
                 const uint32_t *picked, uint32_t np, double *y)
{
    uint32_t nl = np + 2;
    for (uint32_t i = 0; i < sm->n; i++) {
        double *row = y + (size_t)i * nl, rest = (double)sp->heap[sm->step[i]];
        for (uint32_t l = 0; l < np; l++) {
            row[l] = 0;
            for (uint32_t j = 0; j < sm->nh[i]; j++)
                if (slot_of(r, &sm->h[i][j]) == picked[l]) row[l] += sm->h[i][j].space;
            rest -= row[l];
        }
        row[np] = rest > 0 ? rest : 0;
        row[np + 1] = with_queue ? (double)sp->queue[sm->step[i]] : 0;
    }
}

static int draw(const CostRun *r, const Sources *s, const ReportOptions *o, const SpaceProfile *sp,
                const Samples *sm, const char *svg, char *msg, size_t msglen)
{
    uint32_t picked[PROFILE_HOLDERS], np = pick(r, sm, picked), nl = np + 2;
    PlotLayer layers[PROFILE_HOLDERS + 2];
    double *x = malloc(sm->n * sizeof *x), *y = malloc((size_t)sm->n * nl * sizeof *y);
    int rc = -1;
    memset(layers, 0, sizeof layers);
    for (uint32_t l = 0; l < np; l++) layers[l].title = slot_label(r, s, picked[l]);
    layers[np] = (PlotLayer){strdup("other holders"), "#c9c9c9"};
    layers[np + 1] = (PlotLayer){strdup("scheduler queue"), "#6e6e6e"};
    int ok = x && y;
    for (uint32_t l = 0; l < nl; l++) ok &= layers[l].title != NULL;
    if (ok) {
        const char *units = o->units == UNITS_NODES ? "nodes" : "words";
        const char *prog = s && s->n > 1 && s->files[1].path ? s->files[1].path : "program";
        const char *slash = strrchr(prog, '/');
        char title[256], panel[160], ylabel[64];
        for (uint32_t i = 0; i < sm->n; i++) x[i] = sm->step[i];
        fill(r, sm, sp, o->with_queue, picked, np, y);
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
    if (samples_take(&m, &sm)) snprintf(msg, msglen, "out of memory while attributing space");
    else rc = draw(r, s, o, &m.space, &sm, svg, msg, msglen);
    samples_free(&sm);
    measure_free(&m);
    return rc;
}
