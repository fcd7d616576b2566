/*
 * test_measure.c — one schedule measured (measure.c) against the steps it
 * replaces, done separately: sched_run and space_profile give the same
 * figures, and the holders at the mark and at many other steps, taken in
 * turn from one reused attribution state, equal those summed per
 * annotation from a fresh space_by_use / space_by_alloc at each step;
 * and without the profile (o.profile = 0) the same figures and holders,
 * with only the steps kept.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "gen_graph.h"
#include "measure.h"
#include "sched_props.h"

#define NANNOTS 10  /* the generator's annotations are node kinds: 10..14 are unknown */

static Prop figures, at_mark, reuse, sums, mark_only;

static int close_to(double a, double b) { return fabs(a - b) <= 1e-6 * (fabs(b) > 1 ? fabs(b) : 1); }

/* The holders at `step` summed by hand from a fresh one-step attribution:
 * want[a] for annotation a (NANNOTS: unknown), want[NANNOTS+1] the result,
 * want[NANNOTS+2] the queue. */
static int expected(const Graph *g, const Schedule *s, const SpaceProfile *sp, const MeasureOptions *o,
                    uint32_t step, double *want)
{
    double *x, res = 0;
    for (int i = 0; i < NANNOTS + 3; i++) want[i] = 0;
    if (o->by == MEASURE_BY_ALLOC) {
        if (space_by_alloc(g, s, o->units, step, &x)) return -1;
        for (uint32_t v = 1; v <= graph_nodes(g); v++) want[graph_annot(g, v) < NANNOTS ? graph_annot(g, v) : NANNOTS] += x[v];
    } else {
        if (space_by_use(g, s, o->units, step, &x, &res)) return -1;
        for (size_t e = 0; e < graph_heap_edges(g); e++) {
            uint32_t a = graph_annot(g, graph_heap_src(g, e));
            want[a < NANNOTS ? a : NANNOTS] += x[e];
        }
    }
    free(x);
    want[NANNOTS + 1] = res;
    want[NANNOTS + 2] = o->with_queue ? (double)sp->queue[step] : 0;
    return 0;
}

/* 1 if holders h[0..n-1] are exactly want's non-zero buckets, largest first. */
static int same_holders(const Holder *h, uint32_t n, const double *want)
{
    double got[NANNOTS + 3] = {0};
    uint32_t nonzero = 0;
    for (int i = 0; i < NANNOTS + 3; i++) nonzero += want[i] > 1e-9;
    for (uint32_t i = 0; i < n; i++) {
        if (i && h[i].space > h[i - 1].space) return 0;
        int b = h[i].kind == HOLDER_QUEUE ? NANNOTS + 2 : h[i].kind == HOLDER_RESULT ? NANNOTS + 1
              : h[i].annot == HOLDER_UNKNOWN_ANNOT ? NANNOTS : (int)h[i].annot;
        if (h[i].kind == HOLDER_ANNOT && h[i].annot != HOLDER_UNKNOWN_ANNOT && h[i].annot >= NANNOTS) return 0;
        got[b] += h[i].space;
    }
    for (int i = 0; i < NANNOTS + 3; i++)
        if (!close_to(got[i], want[i])) return 0;
    return n == nonzero;
}

static int same_holder(const Holder *a, const Holder *b)
{
    return a->kind == b->kind && a->annot == b->annot && a->space == b->space && a->stack == b->stack;
}

/* The same measure without the profile: the same figures and holders. */
static void check_mark_only(const Graph *g, const MeasureOptions *o, const Measure *full, const char *cfg)
{
    MeasureOptions lean = *o;
    Measure m;
    char msg[200];
    lean.profile = 0;
    if (measure_run(g, &lean, &m, msg, sizeof msg)) { prop_fail(&mark_only, "%s: %s", cfg, msg); return; }
    int same = m.T == full->T && m.hwm == full->hwm && m.hwm_step == full->hwm_step && m.heap == full->heap &&
               m.queue == full->queue && m.idle == full->idle && m.nholders == full->nholders &&
               m.approx == full->approx;
    for (uint32_t i = 0; same && i < m.nholders; i++) same = same_holder(&m.holders[i], &full->holders[i]);
    if (!same) prop_fail(&mark_only, "%s: hwm %llu@%u, with the profile %llu@%u", cfg, (unsigned long long)m.hwm,
                         m.hwm_step, (unsigned long long)full->hwm, full->hwm_step);
    if (m.sched.proc || m.sched.proc_wide || m.sched.ready || m.space.heap || m.space.queue || !m.sched.step)
        prop_fail(&mark_only, "%s: arrays kept besides the steps", cfg);
    mark_only.runs++;
    measure_free(&m);
}

static void one_config(const Graph *g, const MeasureOptions *o, const char *cfg)
{
    Measure m;
    Schedule s;
    SpaceProfile sp;
    char msg[200];
    double want[NANNOTS + 3];
    if (measure_run(g, o, &m, msg, sizeof msg)) { prop_fail(&figures, "%s: %s", cfg, msg); return; }
    if (sched_run(g, &o->sched, &s, msg, sizeof msg)) { prop_fail(&figures, "%s: %s", cfg, msg); measure_free(&m); return; }
    if (space_profile(g, &s, o->units, o->with_queue, &sp)) { prop_fail(&figures, "%s: no memory", cfg); return; }
    if (m.T != s.T || m.idle != s.idle || m.hwm != sp.hwm || m.hwm_step != sp.hwm_step ||
        m.heap != sp.heap[sp.hwm_step] || m.queue != sp.queue[sp.hwm_step] || m.P != o->sched.P ||
        m.sched.T != s.T || m.space.hwm != sp.hwm)
        prop_fail(&figures, "%s: measure T %u hwm %llu@%u, separately T %u hwm %llu@%u", cfg, m.T,
                  (unsigned long long)m.hwm, m.hwm_step, s.T, (unsigned long long)sp.hwm, sp.hwm_step);
    figures.runs++;
    check_mark_only(g, o, &m, cfg);
    double total = 0;
    for (uint32_t i = 0; i < m.nholders; i++) total += m.holders[i].space;
    if (!close_to(total, (double)m.heap + (o->with_queue ? (double)m.queue : 0)))
        prop_fail(&sums, "%s: holders sum to %g, heap %llu queue %llu", cfg, total,
                  (unsigned long long)m.heap, (unsigned long long)m.queue);
    sums.runs++;
    if (expected(g, &s, &sp, o, m.hwm_step, want) == 0) {
        if (!same_holders(m.holders, m.nholders, want)) prop_fail(&at_mark, "%s: holders at the mark differ", cfg);
        at_mark.runs++;
    }
    /* steps down then up: every array of the reused state must be reset */
    for (uint32_t k = 0; k < 12; k++) {
        uint32_t step = k < 6 ? (uint32_t)((uint64_t)s.T * (5 - k) / 5) : (uint32_t)((uint64_t)s.T * (k - 6) / 5);
        Holder *h;
        uint32_t nh;
        int approx;
        if (measure_holders_at(&m, step, &h, &nh, &approx) || expected(g, &s, &sp, o, step, want)) {
            prop_fail(&reuse, "%s: out of memory", cfg);
            break;
        }
        if (!same_holders(h, nh, want)) prop_fail(&reuse, "%s: holders at step %u (call %u) differ", cfg, step, k);
        reuse.runs++;
        free(h);
    }
    space_free(&sp);
    sched_free(&s);
    measure_free(&m);
}

int main(void)
{
    for (int i = 0; i < 80; i++) {
        Graph g;
        GenParams gp;
        uint64_t seed = 9100 + (uint64_t)i;
        gen_random_params(&gp, seed);
        uint32_t n = i < 10 ? (uint32_t)i + 1 : 20 + (uint32_t)(seed * 37 % 1500);
        if (gen_graph(&g, seed, n, &gp)) { printf("FAIL generator out of memory\n"); return 1; }
        for (int pi = 0; pi < 3; pi++)
            for (int k = 0; k < 2; k++) {
                MeasureOptions o = measure_options(NANNOTS);
                char cfg[120];
                o.sched = (SchedOptions){.policy = test_policies[pi], .P = k ? 4 : 1, .coarse = i % 3 == 0, .seed = seed};
                o.units = (i + k) % 3 == 0 ? UNITS_NODES : UNITS_WORDS;
                o.with_queue = (i + pi) % 4 != 0;
                o.by = (i + pi + k) % 2 ? MEASURE_BY_ALLOC : MEASURE_BY_USE;
                snprintf(cfg, sizeof cfg, "graph %llu (%u nodes) %s P=%u %s%s by %s", (unsigned long long)seed, graph_nodes(&g),
                         o.sched.policy, o.sched.P, space_units_names[o.units], o.with_queue ? "" : " no queue",
                         o.by == MEASURE_BY_USE ? "use" : "alloc");
                one_config(&g, &o, cfg);
            }
        graph_free(&g);
    }
    PROP_CHECK(figures, "measure_run's figures equal sched_run + space_profile");
    PROP_CHECK(sums, "the holders at the mark sum to the high-water mark");
    PROP_CHECK(at_mark, "the holders at the mark equal a fresh attribution summed by annotation");
    PROP_CHECK(reuse, "measure_holders_at, reusing its arrays at 12 steps down and up, equals fresh attributions");
    PROP_CHECK(mark_only, "without the profile: the same figures and holders, only the steps kept");

    char msg[200];
    Graph g;
    graph_init(&g, 10);
    graph_add_node(&g, NK_CONST, 1, 0);
    graph_set_result(&g, 1);
    MeasureOptions o = measure_options(1);
    o.sched.policy = "lifo";
    Measure m;
    CHECK(measure_run(&g, &o, &m, msg, sizeof msg) == -1 && strstr(msg, "lifo"), "an unknown policy is an error naming it");
    o = measure_options(1);
    o.by = MEASURE_NO_HOLDERS;
    CHECK(measure_run(&g, &o, &m, msg, sizeof msg) == 0 && m.nholders == 0 && m.holders == NULL && m.hwm == 1 &&
          m.sched.step != NULL, "MEASURE_NO_HOLDERS: the schedule and profile, no holders");
    measure_trim(&m);
    CHECK(m.sched.step == NULL && m.space.heap == NULL && m.hwm == 1, "measure_trim frees the arrays and keeps the figures");
    measure_free(&m);
    graph_free(&g);
    return CHECK_DONE();
}
