/*
 * test_sched_costs.c — time accounting of the simulator (docs/time.md):
 * every processor-step is a visit, overhead or idle (P*T = n + idle +
 * overhead, Acar et al. §2.2, §2.8), idle splits into delay and no-work,
 * greedy policies have no delay, no-work <= (P-1)*span; fork and steal
 * costs as specified, on random graphs and on a graph by hand.
 */
#include <stdlib.h>
#include "check.h"
#include "gen_graph.h"
#include "sched_props.h"

static Prop identity, split, greedy, nowork_span, order, p1_cost, ws_cost, zero_cost, exclusive;

static int is_sync(const Graph *g, uint32_t v)
{
    return graph_out_degree(g, v) == 2 || graph_in_degree(g, v) == 2;
}

/* Children come after the parent and, after a fork or join, after its
 * cost; a processor that visited a fork or join visits nothing during its
 * cost. */
static void check_order(const Graph *g, const Schedule *s, uint32_t C, const char *cfg)
{
    uint32_t *last = calloc(s->P, sizeof *last); /* per processor: last step it visited */
    uint32_t *busy = calloc(s->P, sizeof *busy); /* per processor: overhead paid up to this step */
    int bad = 0;
    for (uint32_t v = 1; v <= graph_nodes(g) && !bad; v++) {
        uint32_t after = s->step[v] + (is_sync(g, v) ? C : 0);
        for (int k = 0; k < 2; k++) {
            uint32_t c = graph_child(g, v, k);
            if (c && s->step[c] <= after) { prop_fail(&order, "%s: node %u at step %u before its parent %u's step %u + cost", cfg, c, s->step[c], v, s->step[v]); bad = 1; }
        }
    }
    /* nodes in step order per processor: a sync's cost keeps its processor */
    uint32_t n = graph_nodes(g);
    uint32_t *by = malloc(((size_t)n + 1) * sizeof *by);
    for (uint32_t v = 1; v <= n; v++) by[v - 1] = v;
    for (uint32_t i = 1; i < n; i++) { /* insertion sort by step: small graphs */
        uint32_t x = by[i], j = i;
        while (j > 0 && s->step[by[j - 1]] > s->step[x]) { by[j] = by[j - 1]; j--; }
        by[j] = x;
    }
    for (uint32_t i = 0; i < n && !bad; i++) {
        uint32_t v = by[i], p = s->proc[v];
        if (last[p] && s->step[v] <= busy[p]) { prop_fail(&exclusive, "%s: processor %u visits %u at step %u while paying until %u", cfg, p, v, s->step[v], busy[p]); bad = 1; }
        last[p] = s->step[v];
        busy[p] = s->step[v] + (is_sync(g, v) ? C : 0);
    }
    exclusive.runs++;
    order.runs++;
    free(by);
    free(last);
    free(busy);
}

static void one(const Graph *g, const char *pol, uint32_t P, int coarse, uint32_t C, uint32_t S, uint64_t span)
{
    SchedOptions o = {.policy = pol, .P = P, .coarse = coarse, .seed = 3, .fork_cost = C, .steal_cost = S};
    Schedule s;
    char msg[200], cfg[100];
    snprintf(cfg, sizeof cfg, "%s P=%u%s C=%u S=%u n=%u", pol, P, coarse ? " coarse" : "", C, S, graph_nodes(g));
    if (sched_run(g, &o, &s, msg, sizeof msg)) { prop_fail(&identity, "%s: %s", cfg, msg); return; }
    uint64_t n = graph_nodes(g), syncs = 0;
    for (uint32_t v = 1; v <= n; v++) syncs += is_sync(g, v);
    identity.runs++;
    if ((uint64_t)P * s.T != n + s.idle + s.overhead)
        prop_fail(&identity, "%s: P*T = %llu, n + idle + overhead = %llu", cfg, (unsigned long long)P * s.T,
                  (unsigned long long)(n + s.idle + s.overhead));
    split.runs++;
    if (s.idle != s.delay + s.nowork) prop_fail(&split, "%s: idle %llu != delay %llu + no-work %llu", cfg,
                                                (unsigned long long)s.idle, (unsigned long long)s.delay, (unsigned long long)s.nowork);
    if (strcmp(pol, "ws")) {
        greedy.runs++;
        if (s.delay) prop_fail(&greedy, "%s: delay %llu", cfg, (unsigned long long)s.delay);
    }
    if (C == 0 && S == 0) {
        zero_cost.runs++;
        if (s.overhead || s.steals) prop_fail(&zero_cost, "%s: overhead %llu", cfg, (unsigned long long)s.overhead);
        if (strcmp(pol, "ws")) {
            nowork_span.runs++;
            if (s.nowork > (uint64_t)(P - 1) * span)
                prop_fail(&nowork_span, "%s: no-work %llu > (P-1)*span %llu", cfg, (unsigned long long)s.nowork,
                          (unsigned long long)(P - 1) * span);
        }
    }
    if (P == 1) {
        p1_cost.runs++;
        if (s.overhead != C * syncs || s.T != n + C * syncs || s.idle)
            prop_fail(&p1_cost, "%s: T %u overhead %llu, want %llu", cfg, s.T, (unsigned long long)s.overhead,
                      (unsigned long long)(C * syncs));
    }
    ws_cost.runs++;
    if (s.overhead != C * syncs + (uint64_t)S * s.steals || (strcmp(pol, "ws") && s.steals))
        prop_fail(&ws_cost, "%s: overhead %llu != C*%llu syncs + S*%llu steals", cfg, (unsigned long long)s.overhead,
                  (unsigned long long)syncs, (unsigned long long)s.steals);
    if (n <= 400) check_order(g, &s, C, cfg);
    sched_free(&s);
}

static void random_graphs(int count)
{
    static const uint32_t costs[][2] = {{0, 0}, {1, 0}, {0, 1}, {3, 2}, {10, 0}};
    for (int i = 0; i < count; i++) {
        Graph g;
        GenParams gp;
        uint64_t seed = 5000 + (uint64_t)i;
        gen_random_params(&gp, seed);
        Gen pick = {.rng = seed * 13};
        uint32_t n = i < 10 ? (uint32_t)i + 1 : 1 + gen_below(&pick, 1500);
        if (gen_graph(&g, seed, n, &gp)) { printf("FAIL generator out of memory\n"); return; }
        uint64_t span = graph_span(&g);
        for (int pi = 0; pi < 3; pi++)
            for (int c = 0; c < 2; c++)
                for (int k = 0; k < 5; k++)
                    for (int q = 0; q < 5; q++) one(&g, test_policies[pi], test_procs[k], c, costs[q][0], costs[q][1], span);
        graph_free(&g);
    }
}

/* 1 fork -> 2 || 3 -> 4 join, df, P = 2, fork cost 2: by hand,
 * step 1 visits 1; steps 2-3 pay; 4 visits 2 and 3; 5 visits 4; 6-7 pay. */
static void hand(void)
{
    Graph g;
    graph_init(&g, 10);
    for (int i = 0; i < 4; i++) graph_add_node(&g, NK_APP, 0, 0);
    graph_add_edge(&g, 1, 2); graph_add_edge(&g, 1, 3);
    graph_add_edge(&g, 2, 4); graph_add_edge(&g, 3, 4);
    SchedOptions o = {.policy = "df", .P = 2, .fork_cost = 2};
    Schedule s;
    char msg[200];
    CHECK(sched_run(&g, &o, &s, msg, sizeof msg) == 0 && s.T == 7 && s.step[1] == 1 && s.step[2] == 4 && s.step[3] == 4 &&
          s.step[4] == 5 && s.overhead == 4 && s.idle == 6 && s.nowork == 6 && s.delay == 0,
          "fork cost 2 by hand: T 7, overhead 4, idle 6 (all no-work)");
    sched_free(&s);
    /* ws, P = 2, steal cost 3: processor 0 visits 1 (step 1) and pops 2
     * at step 2, while processor 1 steals 3, pays steps 2-4 and visits 3
     * at step 5, which enables 4 on its own deque; but at step 6 processor
     * 0 asks first and steals 4: it pays steps 6-8 and visits 4 at step 9.
     * Idle: 1 (step 1) + 3 (steps 3-5) + 4 (steps 6-9) = 8. */
    o = (SchedOptions){.policy = "ws", .P = 2, .steal_cost = 3};
    CHECK(sched_run(&g, &o, &s, msg, sizeof msg) == 0 && s.T == 9 && s.step[2] == 2 && s.step[3] == 5 && s.proc[3] == 1 &&
          s.step[4] == 9 && s.proc[4] == 0 && s.steals == 2 && s.overhead == 6 && s.idle == 8,
          "steal cost 3 by hand: each stolen node waits 3 steps on its thief (T 9, 2 steals, overhead 6, idle 8)");
    sched_free(&s);
    graph_free(&g);
}

int main(void)
{
    hand();
    random_graphs(120);
    PROP_CHECK(identity, "P*T = work + idle + overhead exactly, every policy, P, --coarse and cost");
    PROP_CHECK(split, "idle = delay + no-work");
    PROP_CHECK(greedy, "df and bf are greedy: zero delay, with and without costs");
    PROP_CHECK(nowork_span, "greedy policies: no-work <= (P-1)*span");
    PROP_CHECK(zero_cost, "with no costs there is no overhead and no counted steal");
    PROP_CHECK(p1_cost, "P=1: overhead = fork cost * (forks + joins), T = work + overhead, never idle");
    PROP_CHECK(ws_cost, "overhead = fork cost * (forks + joins) + steal cost * steals; steals only under ws");
    PROP_CHECK(order, "a node comes after its parents, and after a fork's or join's cost");
    PROP_CHECK(exclusive, "a processor paying a fork's or join's cost visits nothing meanwhile");
    return CHECK_DONE();
}
