/*
 * test_worst.c — `pml worst`'s bounds (src/worst) against independent
 * means, on random series-parallel graphs (gen_graph.h) and random PML
 * programs (gen_program.h):
 *  - the free-point model: at every step of every df, bf, ws schedule
 *    (P = 1..8), pml's heap space <= W(visited set) <= M∞;
 *  - ws and every schedule that kept <= P strands in progress: mark <= M_P;
 *  - the dynamic program equals brute force over all downsets of the
 *    weight model (graphs <= 14 nodes), for p = 0..8 and ∞, and the
 *    downset it reads back weighs M_p with <= p strands in progress;
 *  - the approximate threshold test keeps Cilkmem §5's promise;
 *  - the witness is a valid P-processor schedule through its downset, and
 *    lower <= exact <= upper wherever the enumeration runs; the exact
 *    greedy maximum bounds df and bf, the exact busy-leaves maximum bounds
 *    ws, and the literal heap of a downset equals space_profile's.
 */
#include <gc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gen_graph.h"
#include "gen_program.h"
#include "sched_props.h"
#include "space.h"
#include "worst.h"

/* Every downset of g's computation graph (n <= 20) by its bit mask. */
static int is_downset(const Graph *g, uint32_t mask)
{
    /* y in the set needs every parent in it */
    for (uint32_t v = 1; v <= graph_nodes(g); v++)
        for (int c = 0; c < 2; c++) {
            uint32_t y = graph_child(g, v, c);
            if (y && (mask >> (y - 1) & 1) && !(mask >> (v - 1) & 1)) return 0;
        }
    return 1;
}

typedef struct Props {
    Prop freept, heap_le_w, mark_le_minf, ws_le_mp, busy_le_mp, ws_busy, dp_brute, downset_back, approx,
        witness_valid, witness_busy, bracket, exact_greedy, exact_busy, literal;
    long exact_runs;
} Props;

/* Free points against their definition, by reachability (bit sets): F(l)
 * is the common successor of l, its use edges' sources and its retainers'
 * free points that precedes every other common successor; never when the
 * result or a never-freed retainer keeps it. */
static void check_freepoints(Props *pr, const WorstModel *m, uint64_t seed)
{
    const Graph *g = m->g;
    uint32_t n = graph_nodes(g), words = n / 64 + 1;
    uint64_t *reach = calloc((size_t)(n + 1) * words, sizeof *reach), *cs = malloc(words * sizeof *cs);
#define R(v) (reach + (size_t)(v) * words)
    for (uint32_t v = n; v >= 1; v--) {
        R(v)[v / 64] |= 1ull << (v % 64);
        for (int c = 0; c < 2; c++)
            if (graph_child(g, v, c)) for (uint32_t k = 0; k < words; k++) R(v)[k] |= R(graph_child(g, v, c))[k];
    }
    pr->freept.runs++;
    for (uint32_t l = 1; l <= n; l++) {
        if (!graph_is_value(g, l)) continue;
        int never = l == graph_result(g);
        memcpy(cs, R(l), words * sizeof *cs);
        for (size_t e = 0; e < graph_heap_edges(g); e++) {
            if (graph_heap_dst(g, e) != l) continue;
            uint32_t s = graph_heap_src(g, e), k = graph_heap_kind(g, e) == HE_USE ? s : m->freept[s];
            if (!k) never = 1;
            else for (uint32_t i = 0; i < words; i++) cs[i] &= R(k)[i];
        }
        uint32_t want = 0;
        for (uint32_t x = 1; x <= n && !never && !want; x++) {
            if (!(cs[x / 64] >> (x % 64) & 1)) continue;
            int all = 1;
            for (uint32_t i = 0; i < words; i++) if ((R(x)[i] & cs[i]) != cs[i]) all = 0;
            if (all) want = x;
        }
        if (m->freept[l] != want) {
            prop_fail(&pr->freept, "seed %llu: value %u has free point %u, by reachability %u", (unsigned long long)seed,
                      l, m->freept[l], want);
            break;
        }
    }
#undef R
    free(reach);
    free(cs);
}

/* The DP against brute force over the weight model's downsets. */
static void check_brute(Props *pr, const WorstModel *m, uint64_t seed)
{
    const Graph *g = m->g;
    uint32_t n = graph_nodes(g);
    int64_t best[10];
    for (int i = 0; i < 10; i++) best[i] = 0;
    uint8_t *in = calloc(n + 1, 1);
    for (uint32_t mask = 0; mask < (1u << n); mask++) {
        if (!is_downset(g, mask)) continue;
        for (uint32_t v = 1; v <= n; v++) in[v] = mask >> (v - 1) & 1;
        uint32_t k;
        int64_t w = worst_weight(m, in, &k);
        for (uint32_t p = 0; p <= 8; p++) if (k <= p && w > best[p]) best[p] = w;
        if (w > best[9]) best[9] = w;
    }
    pr->dp_brute.runs++;
    for (uint32_t p = 0; p <= 9; p++) {
        int64_t dp = worst_mp(m, p == 9 ? WORST_INF : p);
        if (dp != best[p])
            prop_fail(&pr->dp_brute, "seed %llu n=%u p=%u: DP %lld, brute force %lld", (unsigned long long)seed, n,
                      p, (long long)dp, (long long)best[p]);
    }
    free(in);
}

/* Reading back: the downset weighs M_p and has <= p strands in progress. */
static void check_downsets(Props *pr, const WorstModel *m, uint64_t seed)
{
    uint8_t *in = malloc(m->n + 1);
    for (uint32_t p = 0; p <= 9; p++) {
        uint32_t q = p == 9 ? WORST_INF : p, k;
        int got = worst_downset(m, q, in);
        int64_t w = worst_weight(m, in, &k);
        int down = 1;
        for (uint32_t v = 1; v <= m->n; v++)
            for (int c = 0; c < 2; c++) {
                uint32_t y = graph_child(m->g, v, c);
                if (y && in[y] && !in[v]) down = 0;
            }
        pr->downset_back.runs++;
        if (!down || w != worst_mp(m, q) || (q != WORST_INF && k > p) || got != (int)k)
            prop_fail(&pr->downset_back, "seed %llu p=%u: downset %d, weight %lld vs M_p %lld, %u in progress",
                      (unsigned long long)seed, p, down, (long long)w, (long long)worst_mp(m, q), k);
    }
    /* Cilkmem §5: 0 => M_p < threshold, 1 => M_p >= threshold / 2 */
    for (uint32_t p = 1; p <= 8; p++)
        for (int64_t th = 1; th <= 2 * m->minf + 2; th += 1 + m->minf / 7) {
            int64_t rob, mp = worst_mp(m, p);
            int a = worst_approx(m, p, th, &rob);
            pr->approx.runs++;
            if ((a == 0 && mp >= th) || (a == 1 && 2 * mp < th))
                prop_fail(&pr->approx, "seed %llu p=%u threshold %lld: answer %d but M_p = %lld",
                          (unsigned long long)seed, p, (long long)th, a, (long long)mp);
        }
    free(in);
}

/* A schedule of g on P processors that passes through downset in[]:
 * every node once, edges respected, 1..P nodes a step on distinct
 * processors, the queue counted right, and in[] visited before anything
 * else.  Its high-water mark into *mark; 1 if all holds. */
static int valid_through(const Graph *g, const Schedule *s, uint32_t P, const uint8_t *in, uint64_t *mark)
{
    uint32_t n = graph_nodes(g), last_in = 0, first_out = UINT32_MAX;
    uint64_t *seen = calloc((size_t)s->T + 2, sizeof *seen);
    uint32_t *per = calloc((size_t)s->T + 2, sizeof *per);
    int ok = 1;
    for (uint32_t v = 1; v <= n; v++) {
        if (s->step[v] < 1 || s->step[v] > s->T || s->proc[v] >= P || P > 64) { ok = 0; continue; }
        per[s->step[v]]++;
        if (seen[s->step[v]] >> s->proc[v] & 1) ok = 0;
        seen[s->step[v]] |= 1ull << s->proc[v];
        for (int c = 0; c < 2; c++) {
            uint32_t y = graph_child(g, v, c);
            if (y && s->step[y] <= s->step[v]) ok = 0;
        }
        if (in[v] && s->step[v] > last_in) last_in = s->step[v];
        if (!in[v] && s->step[v] < first_out) first_out = s->step[v];
    }
    /* ready after step t: enabled (last parent visited) at or before t, visited after */
    uint32_t *enable = calloc(n + 1, sizeof *enable);
    int64_t *d = calloc((size_t)s->T + 2, sizeof *d);
    for (uint32_t u = 1; ok && u <= n; u++)
        for (int c = 0; c < 2; c++) {
            uint32_t y = graph_child(g, u, c);
            if (y && s->step[u] > enable[y]) enable[y] = s->step[u];
        }
    for (uint32_t v = 1; ok && v <= n; v++) { d[enable[v]]++; d[s->step[v]]--; }
    int64_t ready = 0;
    for (uint32_t t = 0; ok && t <= s->T; t++) {
        ready += d[t];
        if ((t > 0 && (per[t] > P || per[t] == 0)) || s->ready[t] != ready) ok = 0;
    }
    free(enable);
    free(d);
    if (first_out != UINT32_MAX && first_out <= last_in) ok = 0;
    SpaceProfile sp;
    *mark = 0;
    if (ok && space_profile(g, s, UNITS_WORDS, 0, &sp) == 0) {
        *mark = sp.hwm;
        if (sp.hwm < worst_heap_of(g, in)) ok = 0;
        space_free(&sp);
    }
    free(seen);
    free(per);
    return ok;
}

/* The witnesses: through M_P's downset, valid with a mark <= M∞; the
 * busy-leaves one also keeps <= P strands in progress and stays <= M_P.
 * *lower and *busy receive their marks. */
static void check_witness(Props *pr, const WorstModel *m, uint32_t P, uint64_t seed, uint64_t *lower, uint64_t *busy)
{
    const Graph *g = m->g;
    uint8_t *in = malloc(m->n + 1);
    worst_downset(m, P, in);
    Schedule s;
    *lower = *busy = 0;
    pr->witness_valid.runs++;
    if (worst_schedule_through(g, in, P, &s) == 0) {
        if (!valid_through(g, &s, P, in, lower) || (int64_t)*lower > m->minf)
            prop_fail(&pr->witness_valid, "seed %llu P=%u: witness invalid or above M∞", (unsigned long long)seed, P);
        sched_free(&s);
    } else prop_fail(&pr->witness_valid, "seed %llu: no witness", (unsigned long long)seed);
    pr->witness_busy.runs++;
    if (worst_schedule_busy(m, in, P, &s) == 0) {
        uint32_t over;
        worst_max_in_progress(m, &s, P, &over);
        if (!valid_through(g, &s, P, in, busy) || over || (int64_t)*busy > worst_mp(m, P))
            prop_fail(&pr->witness_busy, "seed %llu P=%u: busy-leaves witness invalid, over P in progress (step %u) "
                      "or above M_P", (unsigned long long)seed, P, over);
        sched_free(&s);
    } else prop_fail(&pr->witness_busy, "seed %llu P=%u: no busy-leaves witness", (unsigned long long)seed, P);
    free(in);
}

/* One graph: every policy and P against the bounds. */
static void check_graph(Props *pr, const Graph *g, uint64_t seed, int brute, int exact)
{
    WorstModel m;
    char msg[200];
    if (worst_build(g, &m, msg, sizeof msg) || worst_dp(&m, 8)) {
        prop_fail(&pr->heap_le_w, "seed %llu: %s", (unsigned long long)seed, msg);
        return;
    }
    if (brute) check_brute(pr, &m, seed);
    if (graph_nodes(g) <= 2000) check_freepoints(pr, &m, seed);
    check_downsets(pr, &m, seed);
    uint32_t n = graph_nodes(g);
    int64_t *wstep = NULL;
    for (int a = 0; a < 3; a++)
        for (uint32_t P = 1; P <= 8; P++) {
            SchedOptions o = {.policy = test_policies[a], .P = P, .seed = seed};
            Schedule s;
            SpaceProfile sp;
            if (sched_run(g, &o, &s, msg, sizeof msg) || space_profile(g, &s, UNITS_WORDS, 0, &sp)) continue;
            wstep = realloc(wstep, (s.T + 2) * sizeof *wstep);
            memset(wstep, 0, (s.T + 2) * sizeof *wstep);
            for (uint32_t v = 1; v <= n; v++) wstep[s.step[v]] += m.w[v];
            int64_t run = 0;
            pr->heap_le_w.runs++;
            for (uint32_t t = 0; t <= s.T; t++) {
                run += wstep[t];
                if ((int64_t)sp.heap[t] > run) {
                    prop_fail(&pr->heap_le_w, "seed %llu %s P=%u step %u: heap %llu > W %lld", (unsigned long long)seed,
                              o.policy, P, t, (unsigned long long)sp.heap[t], (long long)run);
                    break;
                }
            }
            pr->mark_le_minf.runs++;
            if ((int64_t)sp.hwm > m.minf)
                prop_fail(&pr->mark_le_minf, "seed %llu %s P=%u: mark %llu > M∞ %lld", (unsigned long long)seed, o.policy,
                          P, (unsigned long long)sp.hwm, (long long)m.minf);
            uint32_t over, most = worst_max_in_progress(&m, &s, P, &over);
            if (a == 2) {
                pr->ws_busy.runs++;
                if (over) prop_fail(&pr->ws_busy, "seed %llu ws P=%u: %u strands in progress at step %u",
                                    (unsigned long long)seed, P, most, over);
            }
            if (!over) {
                pr->busy_le_mp.runs++;
                if (a == 2) pr->ws_le_mp.runs++;
                if ((int64_t)sp.hwm > worst_mp(&m, P)) {
                    prop_fail(&pr->busy_le_mp, "seed %llu %s P=%u: mark %llu > M_P %lld", (unsigned long long)seed,
                              o.policy, P, (unsigned long long)sp.hwm, (long long)worst_mp(&m, P));
                    if (a == 2) prop_fail(&pr->ws_le_mp, "seed %llu ws P=%u", (unsigned long long)seed, P);
                }
            }
            if (exact && P <= 4) {
                WorstExact e;
                if (worst_exact(&m, P, 200000, &e) == 0 && e.ran) {
                    uint64_t lower, busy;
                    check_witness(pr, &m, P, seed, &lower, &busy);
                    pr->exact_runs++;
                    pr->bracket.runs++;
                    if (lower > e.all || busy > e.busy || (int64_t)e.all > m.minf || (int64_t)e.busy > worst_mp(&m, P) || e.busy > e.all)
                        prop_fail(&pr->bracket, "seed %llu P=%u: lower %llu, exact %llu, busy %llu, M_P %lld, M∞ %lld",
                                  (unsigned long long)seed, P, (unsigned long long)lower, (unsigned long long)e.all,
                                  (unsigned long long)e.busy, (long long)worst_mp(&m, P), (long long)m.minf);
                    if (e.greedy_ran && a < 2 && !o.coarse) {
                        pr->exact_greedy.runs++;
                        if (sp.hwm > e.greedy || e.greedy > e.all)
                            prop_fail(&pr->exact_greedy, "seed %llu %s P=%u: mark %llu, greedy max %llu", (unsigned long long)seed,
                                      o.policy, P, (unsigned long long)sp.hwm, (unsigned long long)e.greedy);
                    }
                    if (!over) {
                        pr->exact_busy.runs++;
                        if (sp.hwm > e.busy)
                            prop_fail(&pr->exact_busy, "seed %llu %s P=%u: mark %llu > busy-leaves max %llu", (unsigned long long)seed,
                                      o.policy, P, (unsigned long long)sp.hwm, (unsigned long long)e.busy);
                    }
                    /* the literal heap of a downset = space_profile's at that step */
                    uint8_t *in = calloc(n + 1, 1);
                    pr->literal.runs++;
                    for (uint32_t t = 0; t <= s.T; t++) {
                        for (uint32_t v = 1; v <= n; v++) in[v] = s.step[v] <= t;
                        if (worst_heap_of(g, in) != sp.heap[t]) {
                            prop_fail(&pr->literal, "seed %llu %s P=%u step %u: literal %llu vs profile %llu",
                                      (unsigned long long)seed, o.policy, P, t,
                                      (unsigned long long)worst_heap_of(g, in), (unsigned long long)sp.heap[t]);
                            break;
                        }
                    }
                    free(in);
                }
                worst_exact_free(&e);
            } else if (P == 2 || P == 8) {
                uint64_t lower, busy;
                check_witness(pr, &m, P, seed, &lower, &busy);
            }
            space_free(&sp);
            sched_free(&s);
        }
    free(wstep);
    worst_free(&m);
}

int main(void)
{
    GC_INIT();
    Props pr;
    memset(&pr, 0, sizeof pr);
    long graphs = 0, programs = 0;
    /* random series-parallel graphs: small ones by brute force, larger ones too */
    for (uint64_t seed = 1; seed <= 900; seed++) {
        GenParams gp;
        gen_random_params(&gp, seed * 7919);
        Graph g;
        uint32_t size = seed % 3 == 0 ? 20 + (uint32_t)(seed % 40) : 4 + (uint32_t)(seed % 11);
        if (gen_graph(&g, seed, size, &gp)) continue;
        graphs++;
        check_graph(&pr, &g, seed, graph_nodes(&g) <= 14, graph_nodes(&g) <= 40);
        graph_free(&g);
    }
    /* deeply nested forks (the free points climb the fork tree) */
    for (uint64_t seed = 1; seed <= 40; seed++) {
        GenParams gp;
        gen_default_params(&gp);
        gp.p_par = 0.95;
        gp.p_chain = 0;
        gp.near = 0.2;
        Graph g;
        if (gen_graph(&g, 5000 + seed, 600, &gp)) continue;
        graphs++;
        WorstModel m;
        char msg[200];
        if (worst_build(&g, &m, msg, sizeof msg) == 0) { check_freepoints(&pr, &m, 5000 + seed); worst_free(&m); }
        else prop_fail(&pr.freept, "seed %llu: %s", (unsigned long long)(5000 + seed), msg);
        graph_free(&g);
    }
    /* random PML programs */
    for (uint64_t seed = 1; seed <= 150; seed++) {
        char *text = random_program(seed);
        CostRun run;
        Diag d;
        if (eval_source("random.pml", text, 0, NULL, 0, &run, &d) == 0) {
            programs++;
            check_graph(&pr, &run.g, 100000 + seed, graph_nodes(&run.g) <= 14, graph_nodes(&run.g) <= 40);
            cost_run_free(&run);
        }
        free(text);
    }
    printf("# %ld random graphs, %ld random programs, %ld exact enumerations\n", graphs, programs, pr.exact_runs);
    CHECK(graphs + programs >= 1000, "at least 1000 random graphs and programs (%ld + %ld)", graphs, programs);
    PROP_CHECK(pr.freept, "free points are least common successors (reachability; 40 graphs of 600 nodes with deep forks)");
    PROP_CHECK(pr.heap_le_w, "df, bf, ws, P = 1..8: heap space <= W(visited set) at every step");
    PROP_CHECK(pr.mark_le_minf, "df, bf, ws, P = 1..8: high-water mark <= M∞");
    PROP_CHECK(pr.ws_busy, "ws keeps <= P strands in progress at every step");
    PROP_CHECK(pr.ws_le_mp, "ws: high-water mark <= M_P");
    PROP_CHECK(pr.busy_le_mp, "every schedule with <= P strands in progress: mark <= M_P");
    PROP_CHECK(pr.dp_brute, "M_p (p = 0..8, ∞) equals brute force over downsets, graphs <= 14 nodes");
    PROP_CHECK(pr.downset_back, "the downset read back weighs M_p with <= p strands in progress");
    PROP_CHECK(pr.approx, "approximate test: 0 => M_p < threshold, 1 => M_p >= threshold/2");
    PROP_CHECK(pr.witness_valid, "witness: valid P-processor schedule through its downset, mark <= M∞");
    PROP_CHECK(pr.witness_busy, "busy-leaves witness: valid, through its downset, <= P strands in progress, mark <= M_P");
    PROP_CHECK(pr.bracket, "lower <= exact <= M∞, busy-leaves witness <= busy-leaves exact <= M_P");
    PROP_CHECK(pr.exact_greedy, "df and bf marks <= exact maximum over greedy schedules <= exact maximum");
    PROP_CHECK(pr.exact_busy, "marks of schedules with <= P strands in progress <= exact busy-leaves maximum");
    PROP_CHECK(pr.literal, "literal heap of each visited set equals space_profile");
    return CHECK_DONE();
}
