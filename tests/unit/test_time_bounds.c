/*
 * test_time_bounds.c — bounds on the best completion time (docs/time.md):
 * on random series-parallel graphs of at most 30 nodes, the lower bound
 * <= the optimum <= the profile and Brent bounds, the optimum found by an
 * exhaustive search over every schedule (any subset of ready nodes each
 * step, idling allowed) equals the branch-and-bound's, every policy takes
 * at least the optimum; Broberg et al.'s f, pi and s against counting the
 * rows of their Table 4 by hand, their worked example, and the
 * branch-and-bound over allocation classes against trying every
 * allocation; the top-level tasks of a graph by hand.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "gen_graph.h"
#include "sched_props.h"
#include "bounds.h"
#include "broberg.h"

/* ---- exhaustive optimum: every non-empty set of <= P ready nodes per step ---- */

typedef struct Ex {
    uint32_t n, P, pred[32];
    uint32_t *key, *val;
    size_t cap;
} Ex;

static uint32_t ex_solve(Ex *e, uint32_t D)
{
    uint32_t all = e->n == 32 ? ~0u : (1u << e->n) - 1;
    if (D == all) return 0;
    size_t i = (size_t)(D * 2654435761u) & (e->cap - 1);
    while (e->val[i] && e->key[i] != D) i = (i + 1) & (e->cap - 1);
    if (e->val[i]) return e->val[i] - 1;
    uint32_t R = 0;
    for (uint32_t v = 0; v < e->n; v++)
        if (!(D >> v & 1) && (e->pred[v] & ~D) == 0) R |= 1u << v;
    uint32_t best = UINT32_MAX;
    for (uint32_t S = R; S; S = (S - 1) & R) /* every non-empty subset of R */
        if ((uint32_t)__builtin_popcount(S) <= e->P) {
            uint32_t x = 1 + ex_solve(e, D | S);
            if (x < best) best = x;
        }
    /* the table may have moved nothing: recompute the slot */
    i = (size_t)(D * 2654435761u) & (e->cap - 1);
    while (e->val[i] && e->key[i] != D) i = (i + 1) & (e->cap - 1);
    e->key[i] = D;
    e->val[i] = best + 1;
    return best;
}

static uint32_t exhaustive(const Graph *g, uint32_t P)
{
    Ex e = {.n = graph_nodes(g), .P = P, .cap = 1u << 20};
    for (uint32_t v = 1; v <= e.n; v++)
        for (int k = 0; k < 2; k++) {
            uint32_t c = graph_child(g, v, k);
            if (c) e.pred[c - 1] |= 1u << (v - 1);
        }
    e.key = malloc(e.cap * sizeof *e.key);
    e.val = calloc(e.cap, sizeof *e.val);
    uint32_t r = ex_solve(&e, 0);
    free(e.key);
    free(e.val);
    return r;
}

static Prop bracket, bb_eq, policies_ge, profile_le, greedy_le;

static void random_small(int count)
{
    static const uint32_t procs[] = {1, 2, 3, 4};
    for (int i = 0; i < count; i++) {
        Graph g;
        GenParams gp;
        uint64_t seed = 9000 + (uint64_t)i;
        gen_random_params(&gp, seed);
        gp.max_use = gp.max_retain = 0;
        Gen pick = {.rng = seed * 5};
        uint32_t n = 1 + gen_below(&pick, 28);
        if (gen_graph(&g, seed, n, &gp)) continue;
        if (graph_nodes(&g) > 30) { graph_free(&g); continue; }
        for (int k = 0; k < 4; k++) {
            uint32_t P = procs[k];
            TimeBounds b;
            uint64_t opt, states;
            char cfg[80];
            snprintf(cfg, sizeof cfg, "seed %llu n=%u P=%u", (unsigned long long)seed, graph_nodes(&g), P);
            if (time_bounds(&g, P, &b) || time_exact(&g, P, &opt, &states) != TIME_EXACT_OK) {
                prop_fail(&bb_eq, "%s: failed", cfg);
                continue;
            }
            uint32_t ex = exhaustive(&g, P);
            bb_eq.runs++;
            if (opt != ex) prop_fail(&bb_eq, "%s: branch-and-bound %llu, exhaustive %u", cfg, (unsigned long long)opt, ex);
            bracket.runs++;
            if (!(b.lower <= ex && ex <= b.profile && ex <= b.brent))
                prop_fail(&bracket, "%s: lower %llu opt %u profile %llu brent %llu", cfg, (unsigned long long)b.lower, ex,
                          (unsigned long long)b.profile, (unsigned long long)b.brent);
            profile_le.runs++;
            if (b.profile > b.brent || b.span != graph_span(&g)) prop_fail(&profile_le, "%s", cfg);
            for (int pi = 0; pi < 3; pi++) {
                SchedOptions o = {.policy = test_policies[pi], .P = P, .seed = seed};
                Schedule s;
                char msg[100];
                if (sched_run(&g, &o, &s, msg, sizeof msg)) continue;
                policies_ge.runs++;
                if (s.T < ex) prop_fail(&policies_ge, "%s %s: T %u < opt %u", cfg, o.policy, s.T, ex);
                if (pi < 2) {
                    greedy_le.runs++;
                    if (s.T > b.brent) prop_fail(&greedy_le, "%s %s: T %u > brent %llu", cfg, o.policy, s.T, (unsigned long long)b.brent);
                }
                sched_free(&s);
            }
        }
        graph_free(&g);
    }
}

/* The branch-and-bound on graphs of 31..64 nodes: finishes within its
 * state limit on most, and stays between the bounds and below every policy. */
static void random_large(int count)
{
    int done = 0, ok = 0, bad = 0;
    for (int i = 0; i < count; i++) {
        Graph g;
        GenParams gp;
        uint64_t seed = 7700 + (uint64_t)i;
        gen_random_params(&gp, seed);
        gp.max_use = gp.max_retain = 0;
        if (gen_graph(&g, seed, 40 + (uint32_t)(i % 25), &gp)) continue;
        if (graph_nodes(&g) > TIME_EXACT_MAX_NODES) { graph_free(&g); continue; }
        uint32_t P = 2 + (uint32_t)(i % 3);
        TimeBounds b;
        uint64_t opt, states;
        time_bounds(&g, P, &b);
        TimeExact r = time_exact(&g, P, &opt, &states);
        done++;
        if (r == TIME_EXACT_OK) {
            SchedOptions o = {.policy = "df", .P = P};
            Schedule s;
            char msg[100];
            sched_run(&g, &o, &s, msg, sizeof msg);
            if (b.lower <= opt && opt <= b.profile && opt <= s.T) ok++;
            else bad++;
            sched_free(&s);
        }
        graph_free(&g);
    }
    CHECK(done > 0 && bad == 0 && ok >= done * 9 / 10, "branch-and-bound on 40-64 nodes: %d of %d solved within the state limit, each between the bounds and <= df", ok, done);
}

/* ---- Broberg et al. ---- */

/* The sum over all rows with q ones among n processes of max(l, the most
 * ones on one processor): Table 4 counted row by row. */
static double rows(const uint32_t *A, uint32_t a, uint32_t q, uint32_t l)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < a; i++) n += A[i];
    double sum = 0;
    for (uint32_t m = 0; m < 1u << n; m++) {
        if ((uint32_t)__builtin_popcount(m) != q) continue;
        uint32_t at = 0, mx = l;
        for (uint32_t i = 0; i < a; i++) {
            uint32_t ones = (uint32_t)__builtin_popcount((m >> at) & ((1u << A[i]) - 1));
            if (ones > mx) mx = ones;
            at += A[i];
        }
        sum += mx;
    }
    return sum;
}

static void broberg_example(void)
{
    static const uint32_t A[] = {2, 2, 1}, one[] = {1};
    CHECK(broberg_f(A, 3, 3, 0) == 16, "Broberg Table 4: f((2,2,1), 3, 0) = 16 (got %g)", broberg_f(A, 3, 3, 0));
    CHECK(rows(A, 3, 3, 0) == 16, "Table 4 counted row by row: 16");
    CHECK(broberg_pi(2, 2, 2, 1) == 4 && broberg_pi(2, 2, 2, 2) == 2 && broberg_pi(2, 2, 3, 2) == 4 && broberg_pi(1, 1, 1, 1) == 1,
          "Broberg §4.4.5: pi(2,2,2,1) = 4, pi(2,2,2,2) = 2, pi(2,2,3,2) = 4, pi(1,1,1,1) = 1");
    CHECK(broberg_f(one, 1, 1, 1) == 1 && broberg_f(one, 1, 1, 2) == 2, "Broberg §4.4.6-7: f((1),1,1) = 1, f((1),1,2) = 2");
    /* Figure 1: V = (1/3, 1/3, 1/3), n = 3: on 3 processors s = 1; on one, T(P,1,0) = work = 6 of T(P,3,0) = 3 */
    double v[4] = {0, 1.0 / 3, 1.0 / 3, 1.0 / 3};
    static const uint32_t A3[] = {1, 1, 1}, A1[] = {3};
    CHECK(fabs(broberg_s(A3, 3, v) - 1) < 1e-12 && fabs(broberg_s(A1, 1, v) - 2) < 1e-12,
          "s((1,1,1), V) = 1 and s((3), V) = sum q v_q = 2 for Figure 1's profile");

    int bad = 0, runs = 0;
    uint64_t rng = 42;
    Gen G = {.rng = rng};
    for (int it = 0; it < 60; it++) {
        uint32_t A2[8], a = 1 + gen_below(&G, 4), n = 0;
        for (uint32_t i = 0; i < a; i++) A2[i] = 1 + gen_below(&G, 4);
        for (uint32_t i = 0; i < a; i++) /* decreasing */
            for (uint32_t j = i + 1; j < a; j++) if (A2[j] > A2[i]) { uint32_t t = A2[i]; A2[i] = A2[j]; A2[j] = t; }
        for (uint32_t i = 0; i < a; i++) n += A2[i];
        for (uint32_t q = 0; q <= n; q++) {
            uint32_t l = gen_below(&G, 3);
            runs++;
            if (fabs(broberg_f(A2, a, q, l) - rows(A2, a, q, l)) > 1e-6) bad++;
        }
    }
    CHECK(bad == 0, "f(A, q, l) equals the row count for random allocations (%d of %d differ)", bad, runs);

    bad = 0; runs = 0;
    uint64_t classes = 0, allocs = 0;
    for (int it = 0; it < 80; it++) {
        uint32_t n = 1 + gen_below(&G, 14), k = 1 + gen_below(&G, 6);
        double v[BROBERG_MAX_N + 1] = {0}, tot = 0;
        for (uint32_t q = 1; q <= n; q++) { v[q] = gen_unif(&G) < 0.5 ? 0 : gen_unif(&G); tot += v[q]; }
        if (tot == 0) { v[n] = 1; tot = 1; }
        for (uint32_t q = 1; q <= n; q++) v[q] /= tot;
        double t = gen_below(&G, 4), z = gen_unif(&G);
        BrobergResult r;
        runs++;
        if (broberg_bound(n, k, t, z, v, &r)) { bad++; continue; }
        double all = broberg_bound_all(n, k, t, z, v);
        uint32_t sum = 0;
        for (uint32_t i = 0; i < r.nalloc; i++) sum += r.alloc[i];
        double at = broberg_s(r.alloc, r.nalloc, v) + z * broberg_r(r.alloc, r.nalloc, t, v);
        if (fabs(r.p - all) > 1e-9 * (1 + all) || sum != n || r.nalloc > k || fabs(at - r.p) > 1e-9 * (1 + all)) bad++;
        if (r.complete < 1 || r.complete > r.allocations || r.complete > r.classes) bad++;  /* "C of N evaluated" */
        classes += r.classes;
        allocs += r.allocations;
    }
    CHECK(bad == 0, "branch-and-bound with lazy evaluation = the minimum over every allocation (%d of %d differ; %llu classes evaluated for %llu allocations)",
          bad, runs, (unsigned long long)classes, (unsigned long long)allocs);
}

static void tasks_by_hand(void)
{
    /* 1 fork -> (2 -> 3) || 4 -> 5 join */
    Graph g;
    graph_init(&g, 10);
    for (int i = 0; i < 5; i++) graph_add_node(&g, NK_APP, 0, 0);
    graph_add_edge(&g, 1, 2); graph_add_edge(&g, 1, 4);
    graph_add_edge(&g, 2, 3); graph_add_edge(&g, 3, 5); graph_add_edge(&g, 4, 5);
    BrobergTasks t;
    CHECK(broberg_tasks(&g, 8, &t) == 0 && t.n == 2 && t.depth == 1 && t.Tn == 4 && t.syncs == 2 &&
          fabs(t.v[1] - 0.75) < 1e-12 && fabs(t.v[2] - 0.25) < 1e-12,
          "tasks by hand: a fork makes 2 processes, 4 steps, V = (3/4, 1/4), 2 synchronisations");
    CHECK(broberg_tasks(&g, 1, &t) == 0 && t.n == 1 && t.Tn == 5 && t.syncs == 0 && t.v[1] == 1,
          "tasks by hand with one process: the sequential run, 5 steps");
    graph_free(&g);
}

int main(void)
{
    broberg_example();
    tasks_by_hand();
    random_small(250);
    random_large(60);
    PROP_CHECK(bb_eq, "branch-and-bound optimum = exhaustive search over every schedule (graphs <= 30 nodes, P 1-4)");
    PROP_CHECK(bracket, "lower bound <= optimum <= profile bound and Brent bound");
    PROP_CHECK(profile_le, "profile bound <= Brent bound; levels = span");
    PROP_CHECK(policies_ge, "every policy takes at least the optimum");
    PROP_CHECK(greedy_le, "df and bf (greedy) take at most Brent's bound");
    return CHECK_DONE();
}
