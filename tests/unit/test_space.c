/*
 * test_space.c — roots and space (paper §3.3-3.4, §4.1): the O(n+m) live-interval
 * profile against the literal Definitions 2-4 (space_oracle.c) at every
 * step of every schedule of hundreds of random graphs; the attributions;
 * and small graphs with space worked out by hand (paper Fig. 8).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "gen_graph.h"
#include "space.h"
#include "sched_props.h"
#include "space_oracle.h"

static Prop prof, hwm_p, use_sum, use_oracle, use_order, alloc_sum, use_ids;

static int close_to(double a, double b) { return fabs(a - b) <= 1e-6 * (fabs(b) > 1 ? fabs(b) : 1); }

static void check_profile(const Graph *g, const Schedule *s, Units u, const char *cfg)
{
    SpaceProfile sp, nq;
    uint64_t *heap, *queue;
    if (space_profile(g, s, u, 1, &sp) || space_profile(g, s, u, 0, &nq) ||
        space_oracle_profile(g, s, u, &heap, &queue)) { prop_fail(&prof, "%s: out of memory", cfg); return; }
    for (uint32_t i = 0; i <= s->T; i++)
        if (sp.heap[i] != heap[i] || sp.queue[i] != queue[i]) {
            prop_fail(&prof, "%s: step %u heap %llu queue %llu, oracle %llu %llu", cfg, i,
                      (unsigned long long)sp.heap[i], (unsigned long long)sp.queue[i],
                      (unsigned long long)heap[i], (unsigned long long)queue[i]);
            break;
        }
    prof.runs++;
    uint64_t best = 0, bestq = 0;
    uint32_t at = 0, atq = 0;
    for (uint32_t i = 0; i <= s->T; i++) {
        if (heap[i] + queue[i] > bestq) { bestq = heap[i] + queue[i]; atq = i; }
        if (heap[i] > best) { best = heap[i]; at = i; }
    }
    if (sp.hwm != bestq || sp.hwm_step != atq || nq.hwm != best || nq.hwm_step != at)
        prop_fail(&hwm_p, "%s: hwm %llu@%u / %llu@%u, expected %llu@%u / %llu@%u", cfg,
                  (unsigned long long)sp.hwm, sp.hwm_step, (unsigned long long)nq.hwm, nq.hwm_step,
                  (unsigned long long)bestq, atq, (unsigned long long)best, at);
    hwm_p.runs++;
    free(heap); free(queue);
    space_free(&nq);
    space_free(&sp);
}

/* The walk pml has always summed in: from each root, a stack, a value's
 * retain edges pushed in their order, each value once; count first, then
 * each root's part term by term.  space_by_use must equal it to the bit
 * (its faster methods keep this order; floating-point sums depend on it). */
static int walk_order_parts(const Graph *g, const Schedule *s, Units u, uint32_t step, double *share, double *res)
{
    uint32_t n = graph_nodes(g);
    size_t n1 = (size_t)n + 1, m = graph_heap_edges(g);
    uint32_t *off = calloc(n1 + 1, sizeof *off), *weight = calloc(n1, sizeof *weight);
    uint32_t *count = calloc(n1, sizeof *count), *seen = calloc(n1, sizeof *seen), *stack = malloc(n1 * sizeof *stack);
    double *part = calloc(n1, sizeof *part);
    int ok = off && weight && count && seen && stack && part;
    for (size_t e = 0; ok && e < m; e++) {
        off[graph_heap_src(g, e) + 1]++;
        if (s->step[graph_heap_src(g, e)] > step && s->step[graph_heap_dst(g, e)] <= step) weight[graph_heap_dst(g, e)]++;
    }
    for (size_t v = 1; ok && v <= n1; v++) off[v] += off[v - 1];
    uint32_t r0 = graph_result(g);
    if (ok && r0 && s->step[r0] <= step) weight[r0]++;
    for (int pass = 0; ok && pass < 2; pass++)
        for (uint32_t r = 1; r <= n; r++) {
            if (!weight[r]) continue;
            uint32_t sp = 0, stamp = 2 * r + (uint32_t)pass;
            stack[sp++] = r, seen[r] = stamp;
            while (sp) {
                uint32_t v = stack[--sp];
                if (pass == 0) count[v] += weight[r];
                else part[r] += (double)space_unit_size(g, u, v) / (double)count[v];
                for (uint32_t e = off[v]; e < off[v + 1]; e++) {
                    uint32_t d = graph_heap_dst(g, e);
                    if (graph_heap_kind(g, e) == HE_RETAIN && seen[d] != stamp) seen[d] = stamp, stack[sp++] = d;
                }
            }
        }
    for (size_t e = 0; ok && e < m; e++)
        share[e] = s->step[graph_heap_src(g, e)] > step && s->step[graph_heap_dst(g, e)] <= step ? part[graph_heap_dst(g, e)] : 0;
    *res = ok && r0 && s->step[r0] <= step ? part[r0] : 0;
    free(off); free(weight); free(count); free(seen); free(stack); free(part);
    return ok ? 0 : -1;
}

static void check_shares(const Graph *g, const Schedule *s, Units u, uint32_t step, const char *cfg)
{
    SpaceProfile sp;
    double *share, *oshare, *alloc, res, ores;
    if (space_profile(g, s, u, 1, &sp) || space_by_use(g, s, u, step, &share, &res) ||
        space_by_alloc(g, s, u, step, &alloc)) { prop_fail(&use_sum, "%s: out of memory", cfg); return; }
    double sum = res, asum = 0;
    for (size_t e = 0; e < graph_heap_edges(g); e++) sum += share[e];
    for (uint32_t v = 1; v <= graph_nodes(g); v++) asum += alloc[v];
    if (!close_to(sum, (double)sp.heap[step]))
        prop_fail(&use_sum, "%s step %u: shares sum to %g, space %llu", cfg, step, sum, (unsigned long long)sp.heap[step]);
    use_sum.runs++;
    if (!close_to(asum, (double)sp.heap[step]))
        prop_fail(&alloc_sum, "%s step %u: allocations sum to %g, space %llu", cfg, step, asum, (unsigned long long)sp.heap[step]);
    alloc_sum.runs++;
    double *wshare = malloc((graph_heap_edges(g) + 1) * sizeof *wshare), wres;
    if (wshare && !walk_order_parts(g, s, u, step, wshare, &wres)) {
        size_t m = graph_heap_edges(g);
        if ((m && memcmp(wshare, share, m * sizeof *share) != 0) || memcmp(&wres, &res, sizeof res) != 0)
            prop_fail(&use_order, "%s step %u: a share differs from the walk's sum in its order", cfg, step);
        use_order.runs++;
    }
    free(wshare);
    if (graph_nodes(g) <= 300 && !space_oracle_by_use(g, s, u, step, &oshare, &ores)) {
        for (size_t e = 0; e < graph_heap_edges(g); e++)
            if (!close_to(share[e], oshare[e])) {
                prop_fail(&use_oracle, "%s step %u: edge %zu share %g, oracle %g", cfg, step, e, share[e], oshare[e]);
                break;
            }
        if (!close_to(res, ores)) prop_fail(&use_oracle, "%s step %u: result share %g, oracle %g", cfg, step, res, ores);
        use_oracle.runs++;
        free(oshare);
    }
    free(share); free(alloc);
    space_free(&sp);
}

/* df on one processor taken by the ids (s by_ids: the attribution reads
 * no steps) against the same schedule simulated: every share and the
 * result's part the same to the bit. */
static void check_ids_shares(const Graph *g, const Schedule *s, Units u, uint32_t step, const char *cfg)
{
    SchedOptions o = {.policy = "df", .P = 1, .no_shortcut = 1};
    Schedule sim;
    char msg[200];
    double *a = NULL, *b = NULL, ra, rb;
    if (sched_run(g, &o, &sim, msg, sizeof msg)) { prop_fail(&use_ids, "%s: %s", cfg, msg); return; }
    size_t m = graph_heap_edges(g);
    if (sim.by_ids || space_by_use(g, s, u, step, &a, &ra) || space_by_use(g, &sim, u, step, &b, &rb))
        prop_fail(&use_ids, "%s: not simulated, or out of memory", cfg);
    else if ((m && memcmp(a, b, m * sizeof *a) != 0) || memcmp(&ra, &rb, sizeof ra) != 0)
        prop_fail(&use_ids, "%s step %u: a share by the ids differs from the simulated schedule's", cfg, step);
    use_ids.runs++;
    free(a); free(b);
    sched_free(&sim);
}

static void one_config(const Graph *g, const char *pol, uint32_t P, int coarse, uint64_t seed)
{
    SchedOptions o = {.policy = pol, .P = P, .coarse = coarse, .seed = seed};
    Schedule s;
    char msg[200], cfg[100];
    Units u = (seed + P) % 3 == 0 ? UNITS_NODES : UNITS_WORDS;
    snprintf(cfg, sizeof cfg, "graph %llu (%u nodes) %s%s P=%u %s", (unsigned long long)seed, graph_nodes(g), pol,
             coarse ? " coarse" : "", P, u == UNITS_NODES ? "nodes" : "words");
    if (sched_run(g, &o, &s, msg, sizeof msg)) { prop_fail(&prof, "%s: %s", cfg, msg); return; }
    check_profile(g, &s, u, cfg);
    SpaceProfile sp;
    if (!space_profile(g, &s, u, 0, &sp)) {
        check_shares(g, &s, u, sp.hwm_step, cfg);
        check_shares(g, &s, u, (uint32_t)(seed % (s.T + 1)), cfg);
        if (s.by_ids) {
            check_ids_shares(g, &s, u, sp.hwm_step, cfg);
            check_ids_shares(g, &s, u, (uint32_t)(seed % (s.T + 1)), cfg);
        }
        space_free(&sp);
    }
    sched_free(&s);
}

static void random_graphs(int count)
{
    for (int i = 0; i < count; i++) {
        Graph g;
        GenParams gp;
        uint64_t seed = 5000 + (uint64_t)i;
        gen_random_params(&gp, seed);
        Gen pick = {.rng = seed * 13};
        uint32_t n = i < 10 ? (uint32_t)i + 1 : (uint32_t)(1 + exp(log(3000.0) * gen_unif(&pick)));
        if (gen_graph(&g, seed, n, &gp)) { printf("FAIL generator out of memory\n"); return; }
        for (int pi = 0; pi < 3; pi++)
            for (int c = 0; c < 2; c++)
                for (int k = 0; k < 5; k++) {
                    /* the oracle is O(T (n+m)): on big graphs, fewer configurations */
                    if (graph_nodes(&g) > 800 && (c != (i & 1) || (test_procs[k] != 1 && test_procs[k] != 8))) continue;
                    one_config(&g, test_policies[pi], test_procs[k], c, seed);
                }
        graph_free(&g);
    }
}

/* ---- small graphs by hand ---- */

static Schedule sched1(const Graph *g, const char *pol, uint32_t P)
{
    SchedOptions o = {.policy = pol, .P = P};
    Schedule s;
    char msg[200];
    if (sched_run(g, &o, &s, msg, sizeof msg)) printf("# %s\n", msg);
    return s;
}

static int heap_is(const SpaceProfile *p, const uint64_t *want, uint32_t n)
{
    if (p->T + 1 != n) return 0;
    for (uint32_t i = 0; i < n; i++)
        if (p->heap[i] != want[i]) return 0;
    return 1;
}

/* Paper Fig. 8, if e1 then e2 else e3 (C-IFTRUE), as a chain:
 * 1 A (size 1, a location of e2), 2 B (size 2, of e3), 3 true (size 1),
 * 4 n, the test: use -> 3 and use -> 2 (the branch not taken),
 * 5 e2's value C (size 3), the result: retain -> 1. */
static void fig8(void)
{
    Graph g;
    graph_init(&g, 10);
    graph_add_node(&g, NK_CONST, 1, 0);
    graph_add_node(&g, NK_CONST, 2, 0);
    graph_add_node(&g, NK_CONST, 1, 0);
    graph_add_node(&g, NK_IF, 0, 0);
    graph_add_node(&g, NK_TUPLE, 3, 0);
    for (uint32_t v = 1; v < 5; v++) graph_add_edge(&g, v, v + 1);
    graph_add_heap(&g, 4, 3, HE_USE);
    graph_add_heap(&g, 4, 2, HE_USE);
    graph_add_heap(&g, 5, 1, HE_RETAIN);
    graph_set_result(&g, 5);
    Schedule s = sched1(&g, "df", 1);
    SpaceProfile p, nq;
    space_profile(&g, &s, UNITS_WORDS, 1, &p);
    space_profile(&g, &s, UNITS_WORDS, 0, &nq);
    static const uint64_t want[] = {0, 1, 3, 4, 1, 4};
    CHECK(heap_is(&p, want, 6), "Fig. 8: space 0,1,3,4 before the test, 1 after it drops e3's B and the test value, 4 with the result");
    CHECK(p.hwm == 5 && p.hwm_step == 3, "Fig. 8: high-water mark with the queue is 4+1 at step 3");
    CHECK(nq.hwm == 4 && nq.hwm_step == 3, "Fig. 8: without the queue the first step reaching 4 is step 3");
    double *share, res;
    space_by_use(&g, &s, UNITS_WORDS, 3, &share, &res);
    CHECK(share[0] == 1 && share[1] == 2 && share[2] == 1 && res == 0,
          "Fig. 8 (a): the test value, e3's location and e2's location are held by their three root edges");
    free(share);
    space_by_use(&g, &s, UNITS_WORDS, 5, &share, &res);
    CHECK(share[0] == 0 && share[1] == 0 && share[2] == 0 && res == 4, "after the last step only the result holds space (itself and what it retains)");
    free(share);
    space_free(&nq);
    space_profile(&g, &s, UNITS_NODES, 1, &nq);
    static const uint64_t nodes[] = {0, 1, 2, 3, 1, 2};
    CHECK(heap_is(&nq, nodes, 6), "--units=nodes counts every value 1");
    space_free(&nq);
    space_free(&p);
    sched_free(&s);
    graph_free(&g);
}

/* Sharing: 1 a (size 6); 2 b retains a; 3 c retains a; 4, 5 use b, c;
 * 6 uses a.  At step 3 the roots b, c (size 1 each) and a are reached by
 * three root edges: a's 6 words split 2/2/2. */
static void sharing(void)
{
    Graph g;
    graph_init(&g, 10);
    graph_add_node(&g, NK_CONST, 6, 0);
    graph_add_node(&g, NK_TUPLE, 1, 0);
    graph_add_node(&g, NK_TUPLE, 1, 0);
    for (int i = 0; i < 3; i++) graph_add_node(&g, NK_APP, 0, 0);
    for (uint32_t v = 1; v < 6; v++) graph_add_edge(&g, v, v + 1);
    graph_add_heap(&g, 2, 1, HE_RETAIN);
    graph_add_heap(&g, 3, 1, HE_RETAIN);
    graph_add_heap(&g, 4, 2, HE_USE);
    graph_add_heap(&g, 5, 3, HE_USE);
    graph_add_heap(&g, 6, 1, HE_USE);
    Schedule s = sched1(&g, "df", 1);
    SpaceProfile p;
    space_profile(&g, &s, UNITS_WORDS, 0, &p);
    static const uint64_t want[] = {0, 6, 7, 8, 7, 6, 0};
    CHECK(heap_is(&p, want, 7), "a value retained by live values lives until its last retainer and use are gone");
    double *share, res;
    space_by_use(&g, &s, UNITS_WORDS, 3, &share, &res);
    CHECK(share[2] == 3 && share[3] == 3 && share[4] == 2 && res == 0,
          "a value reached by three root edges is split equally among them (b: 1+2, c: 1+2, a: 2)");
    free(share);
    double *alloc;
    space_by_alloc(&g, &s, UNITS_WORDS, 3, &alloc);
    CHECK(alloc[1] == 6 && alloc[2] == 1 && alloc[3] == 1 && alloc[4] == 0, "by allocation each live value counts its own size");
    free(alloc);
    space_free(&p);
    sched_free(&s);
    graph_free(&g);
}

/* A list whose every cell is held by a root edge (a later node uses it),
 * each cell retaining its head (sizes 1-5) and then its tail, so a walk
 * from a cell goes down the cells first: the roots' sequences start one
 * term apart, the case the attribution sums sixteen at a time in vector
 * lanes (layout_sum_window).  Each share to the bit the walk's sum, at
 * every step from the last cell on. */
static void list_roots(void)
{
    enum { N = 100 };
    Graph g;
    graph_init(&g, 4 * N);
    uint32_t cell[N];
    for (uint32_t i = 0; i < N; i++) {
        uint32_t h = graph_add_node(&g, NK_CONST, 1 + i * 7 % 5, 0);
        cell[i] = graph_add_node(&g, NK_CON, 2, 0);
        graph_add_heap(&g, cell[i], h, HE_RETAIN);
        if (i) graph_add_heap(&g, cell[i], cell[i - 1], HE_RETAIN);
    }
    for (uint32_t i = 0; i < N; i++) graph_add_heap(&g, graph_add_node(&g, NK_APP, 0, 0), cell[(i * 37) % N], HE_USE);
    for (uint32_t v = 1; v < graph_nodes(&g); v++) graph_add_edge(&g, v, v + 1);
    Schedule s = sched1(&g, "df", 1);
    size_t m = graph_heap_edges(&g);
    double *walk = malloc(m * sizeof *walk), wres, *share = NULL, res;
    int same = walk != NULL, steps = 0;
    for (uint32_t t = cell[N - 1]; same && t < graph_nodes(&g); t++, steps++) {
        same = !walk_order_parts(&g, &s, UNITS_WORDS, t, walk, &wres) &&
               !space_by_use(&g, &s, UNITS_WORDS, t, &share, &res) && memcmp(walk, share, m * sizeof *walk) == 0 &&
               memcmp(&wres, &res, sizeof res) == 0;
        free(share);
        share = NULL;
    }
    CHECK(same && steps == N, "by use, the suffixes of a list held each by a root edge share to the bit as the walk sums them");
    free(walk);
    sched_free(&s);
    graph_free(&g);
}

/* Parallel: 1 fork -> (2 x (size 4) -> 3 use x) || (4 y (size 2) -> 5 use y) -> 6 join.
 * df P=2: step 2 allocates x and y, step 3 uses both: space 0,0,6,0,0. */
static void parallel(void)
{
    Graph g;
    graph_init(&g, 10);
    graph_add_node(&g, NK_FORK, 0, 0);
    graph_add_node(&g, NK_CONST, 4, 0);
    graph_add_node(&g, NK_APP, 0, 0);
    graph_add_node(&g, NK_CONST, 2, 0);
    graph_add_node(&g, NK_APP, 0, 0);
    graph_add_node(&g, NK_JOIN, 0, 0);
    graph_add_edge(&g, 1, 2); graph_add_edge(&g, 1, 4);
    graph_add_edge(&g, 2, 3); graph_add_edge(&g, 4, 5);
    graph_add_edge(&g, 3, 6); graph_add_edge(&g, 5, 6);
    graph_add_heap(&g, 3, 2, HE_USE);
    graph_add_heap(&g, 5, 4, HE_USE);
    Schedule s = sched1(&g, "df", 2);
    SpaceProfile p;
    space_profile(&g, &s, UNITS_WORDS, 1, &p);
    static const uint64_t want[] = {0, 0, 6, 0, 0};
    CHECK(heap_is(&p, want, 5) && p.queue[1] == 2 && p.queue[2] == 2 && p.hwm == 8 && p.hwm_step == 2,
          "two branches on two processors hold both values at once; queue counts ready nodes");
    space_free(&p);
    sched_free(&s);
    s = sched1(&g, "df", 1);
    space_profile(&g, &s, UNITS_WORDS, 0, &p);
    static const uint64_t seq[] = {0, 0, 4, 0, 2, 0, 0};
    CHECK(heap_is(&p, seq, 7) && p.hwm == 4 && p.hwm_step == 2, "one processor holds one branch's value at a time");
    space_free(&p);
    sched_free(&s);
    graph_free(&g);
}

int main(void)
{
    fig8();
    sharing();
    parallel();
    list_roots();
    random_graphs(250);
    PROP_CHECK(prof, "the live-interval profile equals Definitions 2-3 applied literally at every step (heap and queue)");
    PROP_CHECK(hwm_p, "the high-water mark is the maximum over steps, at its first step, with and without the queue");
    PROP_CHECK(use_sum, "by use, the root edges' shares and the result's part sum to the space at that step");
    PROP_CHECK(use_oracle, "by use, each root edge's share equals a literal walk from every root edge");
    PROP_CHECK(use_order, "by use, each share is to the bit the sum in the order of a depth-first walk from its root (stack, retain edges in order)");
    PROP_CHECK(use_ids, "by use, df on one processor by the ids shares as the same schedule simulated, to the bit");
    PROP_CHECK(alloc_sum, "by allocation, live values' sizes sum to the space at that step");
    return CHECK_DONE();
}
