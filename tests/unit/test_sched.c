/*
 * test_sched.c — the lock-step simulator (paper §4.1; docs/scheduling.md): properties over
 * hundreds of random series-parallel graphs for every policy, with and
 * without --coarse, P in {1,2,3,4,8}; and small graphs by hand.
 */
#include <math.h>
#include <stdlib.h>
#include "check.h"
#include "gen_graph.h"
#include "sched_props.h"

static int run(const Graph *g, const char *pol, uint32_t P, int coarse, uint64_t seed, Schedule *s)
{
    SchedOptions o = {.policy = pol, .P = P, .coarse = coarse, .seed = seed};
    char msg[200];
    int rc = sched_run(g, &o, s, msg, sizeof msg);
    if (rc) printf("# sched_run failed: %s\n", msg);
    return rc;
}

/* Step at which v becomes ready (ready from step r+1 on): its parents' latest step. */
static uint32_t *ready_steps(const Graph *g, const Schedule *s)
{
    uint32_t *r = calloc((size_t)graph_nodes(g) + 1, sizeof *r);
    for (uint32_t v = 1; v <= graph_nodes(g); v++)
        for (int k = 0; k < 2; k++) {
            uint32_t c = graph_child(g, v, k);
            if (c && s->step[v] > r[c]) r[c] = s->step[v];
        }
    return r;
}

/* Every node once, at a step in 1..T, after its parents, on a processor < P,
 * no processor twice in a step; T the last step; idle = P*T - n. */
static void check_valid(const Graph *g, const Schedule *s, Prop *p, const char *cfg)
{
    uint32_t T = s->T, maxstep = 0;
    uint8_t *used = calloc(((size_t)T + 1) * s->P, 1);
    for (uint32_t v = 1; v <= graph_nodes(g); v++) {
        uint32_t t = s->step[v], q = s->proc[v];
        if (t < 1 || t > T || q >= s->P) { prop_fail(p, "%s: node %u step %u proc %u", cfg, v, t, q); break; }
        if (used[(size_t)t * s->P + q]++) { prop_fail(p, "%s: processor %u twice at step %u", cfg, q, t); break; }
        if (t > maxstep) maxstep = t;
        for (int k = 0; k < 2; k++) {
            uint32_t c = graph_child(g, v, k);
            if (c && s->step[c] <= t) { prop_fail(p, "%s: child %u at step %u, parent %u at %u", cfg, c, s->step[c], v, t); break; }
        }
    }
    if (maxstep != T) prop_fail(p, "%s: T %u but last step %u", cfg, T, maxstep);
    if (s->idle != (uint64_t)s->P * T - graph_nodes(g)) prop_fail(p, "%s: idle %llu", cfg, (unsigned long long)s->idle);
    free(used);
    p->runs++;
}

/* ready[i] = nodes ready and unvisited after step i, counted from intervals. */
static void check_ready(const Graph *g, const Schedule *s, Prop *p, const char *cfg)
{
    uint32_t *r = ready_steps(g, s);
    long *d = calloc((size_t)s->T + 2, sizeof *d);
    for (uint32_t v = 1; v <= graph_nodes(g); v++) { d[r[v]]++; d[s->step[v]]--; }
    long acc = 0;
    for (uint32_t i = 0; i <= s->T; i++) {
        acc += d[i];
        if ((long)s->ready[i] != acc) { prop_fail(p, "%s: ready[%u] = %u, expected %ld", cfg, i, s->ready[i], acc); break; }
    }
    free(r); free(d);
    p->runs++;
}

/* df, bf: a processor idles only when fewer than P nodes are ready (a
 * node pinned by --coarse counts as ready). */
static void check_greedy(const Graph *g, const Schedule *s, Prop *p, const char *cfg)
{
    uint32_t *cnt = calloc((size_t)s->T + 1, sizeof *cnt);
    for (uint32_t v = 1; v <= graph_nodes(g); v++) cnt[s->step[v]]++;
    for (uint32_t i = 1; i <= s->T; i++) {
        uint32_t want = s->ready[i - 1] < s->P ? s->ready[i - 1] : s->P;
        if (cnt[i] != want) { prop_fail(p, "%s: step %u visits %u of %u ready", cfg, i, cnt[i], s->ready[i - 1]); break; }
    }
    free(cnt);
    p->runs++;
}

/* --coarse: if visiting x enabled exactly one node c, x's processor visits c
 * at the next step.  x enables c if x is c's last parent in (step, proc). */
static void check_coarse(const Graph *g, const Schedule *s, Prop *p, const char *cfg)
{
    uint32_t *enabler = calloc((size_t)graph_nodes(g) + 1, sizeof *enabler);
    for (uint32_t v = 1; v <= graph_nodes(g); v++)
        for (int k = 0; k < 2; k++) {
            uint32_t c = graph_child(g, v, k), e = c ? enabler[c] : 0;
            if (c && (!e || s->step[v] > s->step[e] || (s->step[v] == s->step[e] && s->proc[v] > s->proc[e])))
                enabler[c] = v;
        }
    for (uint32_t v = 1; v <= graph_nodes(g); v++) {
        uint32_t k = 0, only = 0;
        for (int j = 0; j < 2; j++) {
            uint32_t c = graph_child(g, v, j);
            if (c && enabler[c] == v) { k++; only = c; }
        }
        if (k == 1 && (s->step[only] != s->step[v] + 1 || s->proc[only] != s->proc[v])) {
            prop_fail(p, "%s: %u (step %u proc %u) enabled only %u, visited at step %u proc %u",
                      cfg, v, s->step[v], s->proc[v], only, s->step[only], s->proc[only]);
            break;
        }
    }
    free(enabler);
    p->runs++;
}

/* df (not coarse) against a literal reference: each step, scan for the
 * ready nodes and take the P smallest ids, the k-th on processor k. */
static void check_df_exact(const Graph *g, const Schedule *s, Prop *p, const char *cfg)
{
    uint32_t *step = calloc((size_t)graph_nodes(g) + 1, sizeof *step);
    uint32_t done = 0, t = 0;
    while (done < graph_nodes(g)) {
        t++;
        uint32_t k = 0;
        for (uint32_t v = 1; v <= graph_nodes(g) && k < s->P; v++) {
            if (step[v]) continue;
            int ready = 1; /* all parents visited at earlier steps */
            for (uint32_t u = 1; u < v && ready; u++)
                for (int j = 0; j < 2; j++)
                    if (graph_child(g, u, j) == v && (!step[u] || step[u] >= t)) ready = 0;
            if (!ready) continue;
            step[v] = t;
            if (s->step[v] != t || s->proc[v] != k) { prop_fail(p, "%s: node %u at step %u proc %u, reference %u/%u", cfg, v, s->step[v], s->proc[v], t, k); goto out; }
            k++; done++;
        }
    }
out:
    free(step);
    p->runs++;
}

static void check_id_order(const Graph *g, const Schedule *s, Prop *p, const char *cfg)
{
    for (uint32_t v = 1; v <= graph_nodes(g); v++)
        if (s->step[v] != v) { prop_fail(p, "%s: node %u at step %u", cfg, v, s->step[v]); break; }
    p->runs++;
}

static int same_schedule(const Graph *g, const Schedule *a, const Schedule *b)
{
    if (a->T != b->T) return 0;
    for (uint32_t v = 1; v <= graph_nodes(g); v++)
        if (a->step[v] != b->step[v] || a->proc[v] != b->proc[v]) return 0;
    return 1;
}

static Prop valid, ready, greedy, coarse_p, df_exact, p1_order, ws_repro, ws_seeds, bf_p1, by_ids;

static void one_config(const Graph *g, const char *pol, uint32_t P, int coarse, uint64_t seed)
{
    Schedule s;
    char cfg[96];
    snprintf(cfg, sizeof cfg, "graph %llu (%u nodes) %s%s P=%u", (unsigned long long)seed, graph_nodes(g), pol,
             coarse ? " coarse" : "", P);
    if (run(g, pol, P, coarse, seed, &s)) { prop_fail(&valid, "%s: sched_run failed", cfg); return; }
    check_valid(g, &s, &valid, cfg);
    check_ready(g, &s, &ready, cfg);
    if (strcmp(pol, "ws") != 0) check_greedy(g, &s, &greedy, cfg);
    if (coarse) check_coarse(g, &s, &coarse_p, cfg);
    if (!coarse && !strcmp(pol, "df") && graph_nodes(g) <= 400) check_df_exact(g, &s, &df_exact, cfg);
    if (P == 1 && strcmp(pol, "bf") != 0) check_id_order(g, &s, &p1_order, cfg);
    if (P == 1 && !strcmp(pol, "bf") && s.T == graph_nodes(g) && s.idle == 0) bf_p1.runs++;
    else if (P == 1 && !strcmp(pol, "bf")) prop_fail(&bf_p1, "%s: T %u idle %llu", cfg, s.T, (unsigned long long)s.idle);
    if (!strcmp(pol, "ws")) {
        Schedule s2, s3;
        if (!run(g, pol, P, coarse, seed, &s2)) {
            if (!same_schedule(g, &s, &s2)) prop_fail(&ws_repro, "%s: two runs differ", cfg);
            ws_repro.runs++;
            sched_free(&s2);
        }
        if (P > 1 && !run(g, pol, P, coarse, seed + 12345, &s3)) {
            ws_seeds.runs++;
            if (!same_schedule(g, &s, &s3)) ws_seeds.fails++; /* here "fails" counts differences */
            sched_free(&s3);
        }
    }
    sched_free(&s);
}

static void random_graphs(int count)
{
    for (int i = 0; i < count; i++) {
        Graph g;
        GenParams gp;
        uint64_t seed = 1000 + (uint64_t)i;
        gen_random_params(&gp, seed);
        Gen pick = {.rng = seed * 7};
        uint32_t n = i < 10 ? (uint32_t)i + 1 : (uint32_t)(1 + exp(log(3000.0) * gen_unif(&pick)));
        if (gen_graph(&g, seed, n, &gp)) { printf("FAIL generator out of memory\n"); return; }
        char msg[200];
        if (graph_check(&g, msg, sizeof msg)) { printf("FAIL generated graph %d invalid: %s\n", i, msg); graph_free(&g); continue; }
        for (int pi = 0; pi < 3; pi++)
            for (int c = 0; c < 2; c++)
                for (int k = 0; k < 5; k++) one_config(&g, test_policies[pi], test_procs[k], c, seed);
        if (sched_check_ids(&g, msg, sizeof msg)) prop_fail(&by_ids, "graph %llu: %s", (unsigned long long)seed, msg);
        by_ids.runs++;
        graph_free(&g);
    }
}

/* ---- small graphs by hand ---- */

static uint32_t add(Graph *g) { return graph_add_node(g, NK_APP, 0, 0); }

/* 1 fork -> (2 -> 3) || 4 -> 5 join */
static void build_fork_chain(Graph *g)
{
    graph_init(g, 100);
    for (int i = 0; i < 5; i++) add(g);
    graph_add_edge(g, 1, 2); graph_add_edge(g, 1, 4);
    graph_add_edge(g, 2, 3); graph_add_edge(g, 3, 5); graph_add_edge(g, 4, 5);
}

/* 1 fork -> (2 fork -> 3 || 4 -> 5 join) || 6 -> 7 join */
static void build_nested(Graph *g)
{
    graph_init(g, 100);
    for (int i = 0; i < 7; i++) add(g);
    graph_add_edge(g, 1, 2); graph_add_edge(g, 1, 6);
    graph_add_edge(g, 2, 3); graph_add_edge(g, 2, 4);
    graph_add_edge(g, 3, 5); graph_add_edge(g, 4, 5);
    graph_add_edge(g, 5, 7); graph_add_edge(g, 6, 7);
}

static int order_is(const Schedule *s, const uint32_t *want, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (s->step[want[i]] != i + 1) return 0;
    return 1;
}

static void hand_graphs(void)
{
    Graph g;
    Schedule s;
    char msg[200];
    /* ids not a topological order (1 -> 3 -> 2), and a second source (4):
     * df P=1 is simulated, not taken by the ids */
    graph_init(&g, 100);
    for (int i = 0; i < 3; i++) add(&g);
    graph_add_edge(&g, 1, 3); graph_add_edge(&g, 3, 2);
    static const uint32_t not_topo[] = {1, 3, 2};
    run(&g, "df", 1, 0, 0, &s);
    CHECK(s.T == 3 && order_is(&s, not_topo, 3) && sched_check_ids(&g, msg, sizeof msg) == 0,
          "df P=1 on ids not in topological order (1 -> 3 -> 2) is simulated: 1, 3, 2");
    sched_free(&s);
    add(&g);
    CHECK(run(&g, "df", 1, 0, 0, &s) == -1, "df P=1 with a second source is simulated and stuck, as before");
    graph_free(&g);

    build_fork_chain(&g);
    static const uint32_t bf_order[] = {1, 2, 4, 3, 5}, id_order[] = {1, 2, 3, 4, 5};
    run(&g, "bf", 1, 0, 0, &s);
    CHECK(order_is(&s, bf_order, 5), "bf P=1 visits a fork's right child before its left child's child (1,2,4,3,5)");
    sched_free(&s);
    run(&g, "bf", 1, 1, 0, &s);
    CHECK(order_is(&s, id_order, 5), "bf P=1 --coarse runs the left thread to its join first (1,2,3,4,5)");
    sched_free(&s);
    run(&g, "df", 2, 0, 0, &s);
    CHECK(s.T == 4 && s.step[2] == 2 && s.proc[2] == 0 && s.step[4] == 2 && s.proc[4] == 1 && s.step[3] == 3 && s.step[5] == 4 && s.idle == 3,
          "df P=2 on a fork: both children at step 2, smaller id on processor 0");
    sched_free(&s);
    run(&g, "ws", 2, 0, 7, &s);
    CHECK(s.T == 4 && s.step[1] == 1 && s.proc[1] == 0 && s.step[2] == 2 && s.proc[2] == 0 && s.step[4] == 2 && s.proc[4] == 1,
          "ws P=2: processor 0 pops the left child, processor 1 steals the right (oldest)");
    sched_free(&s);
    graph_free(&g);

    build_nested(&g);
    static const uint32_t bfc[] = {1, 2, 6, 3, 4, 5, 7};
    run(&g, "bf", 1, 1, 0, &s);
    CHECK(order_is(&s, bfc, 7), "bf P=1 --coarse is not 1DF once a left branch forks (1,2,6,3,4,5,7)");
    sched_free(&s);
    for (int c = 0; c < 2; c++) {
        run(&g, "df", 1, c, 0, &s);
        CHECK(s.T == 7 && s.step[6] == 6, "df P=1%s on nested forks: id order", c ? " --coarse" : "");
        sched_free(&s);
    }
    SchedOptions bad = {.policy = "lifo", .P = 1};
    msg[0] = 0;
    CHECK(sched_run(&g, &bad, &s, msg, sizeof msg) == -1 && strstr(msg, "lifo"), "an unknown policy is an error naming it");
    bad.policy = "df"; bad.P = 0;
    CHECK(sched_run(&g, &bad, &s, msg, sizeof msg) == -1, "P = 0 is an error");
    graph_free(&g);

    graph_init(&g, 10);
    add(&g);
    run(&g, "ws", 4, 1, 0, &s);
    CHECK(s.T == 1 && s.step[1] == 1 && s.ready[0] == 1 && s.ready[1] == 0 && s.idle == 3, "a one-node graph takes one step");
    sched_free(&s);
    graph_free(&g);
}

int main(void)
{
    hand_graphs();
    random_graphs(300);
    PROP_CHECK(valid, "every schedule visits each node once, after its parents, on at most P processors per step");
    PROP_CHECK(ready, "ready[i] counts the nodes whose parents were all visited by step i, not yet visited");
    PROP_CHECK(greedy, "df and bf are greedy: min(P, ready) nodes visited at every step (pinned nodes count)");
    PROP_CHECK(coarse_p, "--coarse: a node that enables exactly one node is followed by it on the same processor");
    PROP_CHECK(df_exact, "df visits the P smallest ready ids at each step, k-th smallest on processor k");
    PROP_CHECK(p1_order, "with P=1, df and ws (with and without --coarse) visit nodes in id (1DF) order");
    PROP_CHECK(bf_p1, "with P=1, bf is a sequential schedule (T = n, no idle step)");
    PROP_CHECK(by_ids, "df with P=1 taken by the ids equals its simulation (steps, processors, ready counts)");
    PROP_CHECK(ws_repro, "ws with a fixed seed is reproducible");
    CHECK(ws_seeds.fails > 0, "ws with different seeds gives different schedules on some graphs (%ld of %ld)", ws_seeds.fails, ws_seeds.runs);
    return CHECK_DONE();
}
