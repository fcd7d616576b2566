/*
 * test_space_mark.c — the high-water mark alone (space_mark: 32-bit
 * differences in the schedule's ready array) equals the mark of the whole
 * profile (space_profile) — its value, its first step, the heap and the
 * queue there — on random graphs under every policy, P, units and queue
 * setting, near 2^32 words (the narrow differences wrap around) and past
 * it (the 64-bit fallback); and it consumes the ready counts only.  So does
 * space_mark_by_ids, the mark of df on one processor taken by the ids,
 * which computes the deaths and the sizes freed at each step in place of
 * the steps and counts the ready nodes again, then gives the steps back.
 */
#include <math.h>
#include <stdlib.h>
#include "check.h"
#include "gen_graph.h"
#include "space.h"
#include "sched_props.h"

static Prop same, consumed, by_ids, not_ids;

/* space_mark_by_ids on a copy of s's steps (s by the ids: df, P = 1): the
 * profile's mark, step, heap and queue, the steps the ids again, the
 * ready counts freed. */
static void compare_by_ids(const Graph *g, const Schedule *s, Units u, int with_queue, const SpaceProfile *p,
                           const char *cfg)
{
    Schedule c = {.P = s->P, .T = s->T, .by_ids = 1};
    size_t nb = ((size_t)graph_nodes(g) + 1) * sizeof *s->step;
    SpaceMark k;
    if (!(c.step = malloc(nb)) || !(c.ready = malloc(4))) { sched_free(&c); prop_fail(&by_ids, "%s: out of memory", cfg); return; }
    memcpy(c.step, s->step, nb);
    int rc = space_mark_by_ids(g, &c, u, with_queue, &k), ids = c.step != NULL;
    for (uint32_t v = 0; ids && v <= graph_nodes(g); v++) ids = c.step[v] == v;
    if (rc || !ids || c.ready || k.hwm != p->hwm || k.hwm_step != p->hwm_step || k.heap != p->heap[p->hwm_step] ||
        k.queue != p->queue[p->hwm_step])
        prop_fail(&by_ids, "%s%s: by the ids %llu@%u heap %llu queue %llu, profile %llu@%u heap %llu queue %llu%s", cfg,
                  with_queue ? "" : " no queue", (unsigned long long)k.hwm, k.hwm_step, (unsigned long long)k.heap,
                  (unsigned long long)k.queue, (unsigned long long)p->hwm, p->hwm_step,
                  (unsigned long long)p->heap[p->hwm_step], (unsigned long long)p->queue[p->hwm_step],
                  ids ? "" : ", steps not the ids");
    by_ids.runs++;
    sched_free(&c);
}

/* space_mark on a copy of s's ready counts against space_profile on s. */
static void compare(const Graph *g, const Schedule *s, Units u, int with_queue, const char *cfg)
{
    SpaceProfile p;
    SpaceMark k;
    Schedule c = *s;
    size_t bytes = ((size_t)s->T + 1) * sizeof *s->ready;
    if (!(c.ready = malloc(bytes))) { prop_fail(&same, "%s: out of memory", cfg); return; }
    memcpy(c.ready, s->ready, bytes);
    if (space_profile(g, s, u, with_queue, &p) || space_mark(g, &c, u, with_queue, &k)) {
        prop_fail(&same, "%s: out of memory", cfg);
        return;
    }
    if (k.hwm != p.hwm || k.hwm_step != p.hwm_step || k.heap != p.heap[p.hwm_step] || k.queue != p.queue[p.hwm_step])
        prop_fail(&same, "%s%s: mark %llu@%u heap %llu queue %llu, profile %llu@%u heap %llu queue %llu", cfg,
                  with_queue ? "" : " no queue", (unsigned long long)k.hwm, k.hwm_step, (unsigned long long)k.heap,
                  (unsigned long long)k.queue, (unsigned long long)p.hwm, p.hwm_step,
                  (unsigned long long)p.heap[p.hwm_step], (unsigned long long)p.queue[p.hwm_step]);
    same.runs++;
    if (c.ready != NULL || c.step != s->step) prop_fail(&consumed, "%s: ready not consumed or steps moved", cfg);
    consumed.runs++;
    if (s->by_ids) compare_by_ids(g, s, u, with_queue, &p, cfg);
    else {   /* refused: its steps are not the ids */
        Schedule c = {.T = s->T, .step = s->step};
        if (space_mark_by_ids(g, &c, u, with_queue, &k) != -1) prop_fail(&not_ids, "%s: a simulated schedule taken", cfg);
        not_ids.runs++;
    }
    space_free(&p);
}

static void random_graphs(int count)
{
    for (int i = 0; i < count; i++) {
        Graph g;
        GenParams gp;
        uint64_t seed = 7300 + (uint64_t)i;
        gen_random_params(&gp, seed);
        uint32_t n = i < 10 ? (uint32_t)i + 1 : 20 + (uint32_t)(seed * 53 % 4000);
        if (gen_graph(&g, seed, n, &gp)) { printf("FAIL generator out of memory\n"); return; }
        for (int pi = 0; pi < 3; pi++)
            for (int k = 0; k < 5; k++) {
                SchedOptions o = {.policy = test_policies[pi], .P = test_procs[k], .coarse = (i + k) % 3 == 0, .seed = seed};
                Schedule s;
                char msg[200], cfg[120];
                Units u = (i + pi + k) % 3 == 0 ? UNITS_NODES : UNITS_WORDS;
                snprintf(cfg, sizeof cfg, "graph %llu (%u nodes) %s P=%u%s %s", (unsigned long long)seed, n, o.policy,
                         o.P, o.coarse ? " coarse" : "", space_units_names[u]);
                if (sched_run(&g, &o, &s, msg, sizeof msg)) { prop_fail(&same, "%s: %s", cfg, msg); continue; }
                compare(&g, &s, u, 1, cfg);
                compare(&g, &s, u, 0, cfg);
                sched_free(&s);
            }
        graph_free(&g);
    }
}

/* Four values on a chain (1-2-3-4-5-6, bf at P = 2 is one a step, df at
 * P = 1 by the ids), each used by node 6, so all four are live at the
 * end: sizes summing near or past 2^32 words. */
static void big_values(uint32_t z, const char *cfg)
{
    Graph g;
    graph_init(&g, 10);
    for (uint32_t v = 1; v <= 4; v++) graph_add_node(&g, NK_CONST, v == 2 ? 7 : z, 0);
    graph_add_node(&g, NK_APP, 0, 0);
    graph_add_node(&g, NK_TUPLE, 2, 0);
    for (uint32_t v = 1; v < 6; v++) graph_add_edge(&g, v, v + 1);
    graph_add_heap(&g, 5, 3, HE_USE);   /* 3 dies at 5 */
    for (uint32_t v = 1; v <= 4; v++)
        if (v != 3) graph_add_heap(&g, 6, v, HE_USE);
    graph_set_result(&g, 6);
    SchedOptions os[] = {{.policy = "bf", .P = 2}, {.policy = "df", .P = 1}};  /* simulated; by the ids */
    for (int i = 0; i < 2; i++) {
        Schedule s;
        char msg[200];
        if (sched_run(&g, &os[i], &s, msg, sizeof msg)) { prop_fail(&same, "%s: %s", cfg, msg); continue; }
        compare(&g, &s, UNITS_WORDS, 1, cfg);
        compare(&g, &s, UNITS_WORDS, 0, cfg);
        sched_free(&s);
    }
    graph_free(&g);
}

/* A heap edge to a higher id (none in the interpreter's graphs): the
 * mark by the ids is still the profile's. */
static void forward_edge(void)
{
    Graph g;
    graph_init(&g, 10);
    for (uint32_t v = 1; v <= 5; v++) graph_add_node(&g, v == 3 || v == 1 ? NK_CONST : NK_APP, v == 3 ? 4 : v == 1, 0);
    for (uint32_t v = 1; v < 5; v++) graph_add_edge(&g, v, v + 1);
    graph_add_heap(&g, 2, 3, HE_USE);
    graph_add_heap(&g, 4, 1, HE_USE);
    SchedOptions o = {.policy = "df", .P = 1};
    Schedule s;
    char msg[200];
    if (sched_run(&g, &o, &s, msg, sizeof msg)) prop_fail(&same, "forward edge: %s", msg);
    else {
        compare(&g, &s, UNITS_WORDS, 1, "a heap edge to a higher id");
        compare(&g, &s, UNITS_NODES, 0, "a heap edge to a higher id");
        sched_free(&s);
    }
    graph_free(&g);
}

int main(void)
{
    forward_edge();
    random_graphs(70);
    big_values(1u << 30, "values of 2^30 words (narrow differences)");
    big_values((UINT32_MAX - 20) / 3, "values summing just below 2^32 words (narrow, wrapping)");
    big_values(2000000000u, "values summing past 2^32 words (64-bit fallback)");
    PROP_CHECK(same, "space_mark's mark, step, heap and queue equal space_profile's, with and without the queue");
    PROP_CHECK(consumed, "space_mark frees the ready counts and keeps the steps");
    PROP_CHECK(by_ids, "space_mark_by_ids (df P = 1 by the ids, deaths and freed sizes in place of the steps): the profile's mark, step, heap and queue; the steps the ids again");
    PROP_CHECK(not_ids, "space_mark_by_ids refuses a schedule not by the ids");
    return CHECK_DONE();
}
