/*
 * measure.c — see measure.h.  Simulate, profile, attribute the space at
 * the high-water mark to annotations (paper §4.1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "measure.h"

const char *const measure_by_names[] = {"use", "alloc", NULL};
const char *const measure_group_names[] = {"caller", "site", "function", NULL};

MeasureOptions measure_options(uint32_t nannots)
{
    return (MeasureOptions){.sched = {.policy = "df", .P = 1}, .units = UNITS_WORDS, .with_queue = 1,
                            .by = MEASURE_BY_USE, .nannots = nannots, .group = MEASURE_GROUP_SITE,
                            .profile = 1};
}

void measure_set_group(MeasureOptions *o, MeasureGroup g, const CallStacks *stacks, const Annot *annots)
{
    o->group = g;
    o->stacks = stacks;
    o->annots = annots;
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

static int grouped(const Measure *m)
{
    return m->o.group != MEASURE_GROUP_SITE && m->o.stacks && m->o.annots;
}

/* Per call stack, the innermost call site in the user's files
 * (UINT32_MAX: none); parents come before their children. */
static int find_user_sites(Measure *m)
{
    const CallStacks *cs = m->o.stacks;
    uint32_t n = cstack_count(cs), na = m->o.nannots;
    if (m->user_site || m->o.group != MEASURE_GROUP_CALLER) return 0;
    m->user_site = malloc((n ? n : 1) * sizeof *m->user_site);
    if (!m->user_site) return -1;
    m->user_site[0] = UINT32_MAX;
    for (uint32_t s = 1; s < n; s++) {
        uint32_t site = cstack_site(cs, s);
        m->user_site[s] = site < na && m->o.annots[site].file != 0 ? site : m->user_site[cstack_parent(cs, s)];
    }
    return 0;
}

/* The annotation node v (of call stack st) is grouped under. */
static uint32_t group_key(const Measure *m, uint32_t v, uint32_t st)
{
    uint32_t an = graph_annot(m->g, v);
    if (!grouped(m)) return an;
    if (m->o.group == MEASURE_GROUP_FUNCTION) return st ? cstack_fn(m->o.stacks, st) : an;
    if (an < m->o.nannots && m->o.annots[an].file != 0) return an;
    uint32_t u = st < cstack_count(m->o.stacks) ? m->user_site[st] : UINT32_MAX;
    return u != UINT32_MAX ? u : an;
}

/* x (v's share, of stack st) into key's bucket; the largest part's stack.
 * Inclusive, a part made inside a call goes to its stack, summed up the
 * calls later (inclusive_sums). */
static void add_part(const Measure *m, uint32_t v, uint32_t st, double x, double *sum, double *best, uint32_t *best_stack)
{
    if (m->stack_self && st && st < cstack_count(m->o.stacks)) {
        m->stack_self[st] += x;
        return;
    }
    uint32_t na = m->o.nannots, k = group_key(m, v, st);
    if (k > na) k = na;
    sum[k] += x;
    if (x > best[k]) best[k] = x, best_stack[k] = st;
}

/* Sums the space at `step` per group (an annotation): by use, of each
 * root edge's source; by allocation, of each live value.  sum, best and
 * best_stack have nannots+1 buckets, the last for annotation indices out
 * of range. */
static int sum_by_annot(Measure *m, uint32_t step, double *sum, double *best, uint32_t *best_stack, double *result,
                        int *approx)
{
    const Graph *g = m->g;
    SpaceAttrib *a = measure_attrib(m);
    uint32_t cur = 0, st = 0;
    *result = 0;
    *approx = 0;
    if (!a || (grouped(m) && find_user_sites(m))) return -1;
    if (m->o.by != MEASURE_BY_ALLOC) {
        size_t nroots;
        if (space_attrib_use_at(a, step, result, approx)) return -1;
        const uint32_t *roots = space_attrib_use_roots(a, &nroots); /* the only edges with shares */
        for (size_t k = 0; k < nroots; k++) {
            uint32_t e = roots[k];
            double x = space_attrib_use_root_share(a, k);
            if (!(x > 0)) continue;
            uint32_t v = graph_heap_src(g, e); /* non-decreasing: the stack by cursor */
            st = graph_stack_seq(g, v, &cur);
            add_part(m, v, st, x, sum, best, best_stack);
        }
    } else {
        if (space_attrib_alloc_at(a, step)) return -1;
        for (uint32_t v = 1; v <= graph_nodes(g); v++) {
            double x = space_attrib_alloc_size(a, v);
            if (!(x > 0)) continue;
            st = graph_stack_seq(g, v, &cur);
            add_part(m, v, st, x, sum, best, best_stack);
        }
    }
    return 0;
}

/* The bucket of call stack s's function (na: out of range). */
static uint32_t fn_key(const CallStacks *cs, uint32_t s, uint32_t na)
{
    uint32_t f = cstack_fn(cs, s);
    return f < na ? f : na;
}

/* Inclusive: sub[s] is the space made in call stack s; each function
 * gets the space below each of its outermost calls (a call with no call
 * of the same function above it), so a recursion counts once.  One pass
 * sums the subtrees (parents come before their children), a depth-first
 * walk over the calls finds the outermost ones.  0, or -1 out of memory. */
static int inclusive_sums(const Measure *m, double *sub, double *sum, double *best, uint32_t *best_stack)
{
    const CallStacks *cs = m->o.stacks;
    uint32_t n = cstack_count(cs), na = m->o.nannots;
    uint32_t *off = calloc((size_t)n + 1, sizeof *off), *kids = malloc((size_t)n * sizeof *kids);
    uint32_t *path = malloc((size_t)n * sizeof *path), *pos = malloc((size_t)n * sizeof *pos);
    uint32_t *active = calloc((size_t)na + 1, sizeof *active);
    int rc = off && kids && path && pos && active ? 0 : -1;
    for (uint32_t s = n - 1; rc == 0 && n && s >= 1; s--) {
        sub[cstack_parent(cs, s)] += sub[s];
        off[cstack_parent(cs, s) + 1]++;
    }
    for (uint32_t s = 0; rc == 0 && s < n; s++) off[s + 1] += off[s], pos[s] = off[s];
    for (uint32_t s = 1; rc == 0 && s < n; s++) kids[pos[cstack_parent(cs, s)]++] = s;
    /* path[0..d]: the calls from the root down; pos[d]: path[d]'s next child */
    int64_t d = rc == 0 && n ? 0 : -1;
    if (d == 0) path[0] = 0, pos[0] = off[0];
    while (d >= 0) {
        uint32_t s = path[d];
        if (pos[d] < off[s + 1]) {
            uint32_t t = kids[pos[d]++], f = fn_key(cs, t, na);
            if (active[f]++ == 0) {     /* t is an outermost call of f */
                sum[f] += sub[t];
                if (sub[t] > best[f]) best[f] = sub[t], best_stack[f] = t;
            }
            path[++d] = t;
            pos[d] = off[t];
        } else {
            if (d) active[fn_key(cs, s, na)]--;
            d--;
        }
    }
    free(off);
    free(kids);
    free(path);
    free(pos);
    free(active);
    return rc;
}

int measure_holders_at(Measure *m, uint32_t step, Holder **holders, uint32_t *nholders, int *approx)
{
    uint32_t na = m->o.nannots;
    double *sum = calloc(2 * ((size_t)na + 1), sizeof *sum), *best = sum + na + 1, result;
    uint32_t *best_stack = calloc((size_t)na + 1, sizeof *best_stack);
    *holders = NULL;
    *nholders = 0;
    *approx = 0;
    int inclusive = m->o.inclusive && m->o.group == MEASURE_GROUP_FUNCTION && grouped(m);
    if (inclusive) m->stack_self = calloc((size_t)cstack_count(m->o.stacks) + 1, sizeof *m->stack_self);
    int bad = !sum || !best_stack || (inclusive && !m->stack_self) ||
              sum_by_annot(m, step, sum, best, best_stack, &result, approx) ||
              (inclusive && inclusive_sums(m, m->stack_self, sum, best, best_stack));
    free(m->stack_self);
    m->stack_self = NULL;
    if (bad) {
        free(sum);
        free(best_stack);
        return -1;
    }
    uint32_t k = 0, cap = 2;
    for (uint32_t a = 0; a <= na; a++) cap += sum[a] > 0;
    Holder *h = malloc(cap * sizeof *h);
    if (h) {
        for (uint32_t a = 0; a <= na; a++)
            if (sum[a] > 0) h[k++] = (Holder){HOLDER_ANNOT, a < na ? a : HOLDER_UNKNOWN_ANNOT, sum[a], best_stack[a]};
        if (result > 0) h[k++] = (Holder){HOLDER_RESULT, 0, result, 0};
        uint64_t queue = m->space.queue ? m->space.queue[step] : step == m->hwm_step ? m->queue : 0;
        if (m->o.with_queue && queue > 0) h[k++] = (Holder){HOLDER_QUEUE, 0, (double)queue, 0};
        qsort(h, k, sizeof *h, cmp_holder);
    }
    *holders = h;
    *nholders = k;
    free(sum);
    free(best_stack);
    return h ? 0 : -1;
}

static int measure_with(const Graph *g, const MeasureOptions *o, Schedule *s, const SpaceMark *k, Measure *m,
                        char *msg, size_t msglen);

int measure_run(const Graph *g, const MeasureOptions *o, Measure *m, char *msg, size_t msglen)
{
    Schedule s;
    SpaceMark k;
    SchedOptions so = o->sched;
    /* without the profile nothing reads the processors, nor (by the ids)
     * the ready counts: space_mark_by_ids counts them again */
    so.no_proc |= !o->profile;
    so.no_ready = !o->profile;
    memset(m, 0, sizeof *m);
    if (sched_run(g, &so, &s, msg, msglen)) return -1;
    /* a simulated schedule: its mark by space_mark (measure_space), the
     * deaths in an array of their own, the steps kept for the attribution */
    int ids = !o->profile && s.by_ids;
    if (ids && space_mark_by_ids(g, &s, o->units, o->with_queue, &k)) {
        sched_free(&s);
        snprintf(msg, msglen, "out of memory while measuring space");
        return -1;
    }
    return measure_with(g, o, &s, ids ? &k : NULL, m, msg, msglen);
}

/* The space at every step (o.profile) or at the mark alone (k if found
 * already), into m's figures.  0, or -1 out of memory. */
static int measure_space(Measure *m, const SpaceMark *k)
{
    const MeasureOptions *o = &m->o;
    SpaceMark found;
    if (o->profile) {
        if (space_profile(m->g, &m->sched, o->units, o->with_queue, &m->space)) return -1;
        m->hwm = m->space.hwm;
        m->hwm_step = m->space.hwm_step;
        m->heap = m->space.heap[m->hwm_step];
        m->queue = m->space.queue[m->hwm_step];
        return 0;
    }
    /* the attribution needs only the steps: the rest goes before it runs */
    sched_drop_proc(&m->sched);
    if (!k && space_mark(m->g, &m->sched, o->units, o->with_queue, &found)) return -1;
    if (!k) k = &found;
    m->space = (SpaceProfile){.T = m->sched.T, .with_queue = o->with_queue, .hwm = k->hwm, .hwm_step = k->hwm_step};
    m->hwm = k->hwm;
    m->hwm_step = k->hwm_step;
    m->heap = k->heap;
    m->queue = k->queue;
    return 0;
}

int measure_schedule(const Graph *g, const MeasureOptions *o, Schedule *s, Measure *m, char *msg, size_t msglen)
{
    return measure_with(g, o, s, NULL, m, msg, msglen);
}

static int measure_with(const Graph *g, const MeasureOptions *o, Schedule *s, const SpaceMark *k, Measure *m,
                        char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    m->g = g;
    m->o = *o;
    m->sched = *s;
    memset(s, 0, sizeof *s);
    if (measure_space(m, k)) {
        sched_free(&m->sched);
        space_free(&m->space);
        snprintf(msg, msglen, "out of memory while measuring space");
        return -1;
    }
    m->policy = o->sched.policy;
    m->P = o->sched.P;
    m->T = m->sched.T;
    m->idle = m->sched.idle;
    m->delay = m->sched.delay;
    m->nowork = m->sched.nowork;
    m->overhead = m->sched.overhead;
    m->steals = m->sched.steals;
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
    free(m->user_site);
    m->user_site = NULL;
    space_free(&m->space);
    sched_free(&m->sched);
}

void measure_free(Measure *m)
{
    measure_trim(m);
    free(m->holders);
    memset(m, 0, sizeof *m);
}
