/*
 * bench_bounds.c — the cost of the time bounds (docs/time.md) against one
 * simulation: on a random graph of ~10^6 nodes (tests/unit/gen_graph.h),
 * the seconds of time_bounds (lower, Brent and profile bounds; not the
 * exact search) and of one sched_run of the same graph, for P = 4 and 64
 * and each policy, best of 3, and their ratio (the aim: bounds within 2x
 * of one simulation).  Prints figures only; never passes or fails on time.
 *
 * Usage: bench_bounds [NODES]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "gen_graph.h"
#include "sched.h"
#include "bounds.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Best of 3 seconds of time_bounds; -1 on failure. */
static double time_of_bounds(const Graph *g, uint32_t P, TimeBounds *b)
{
    double best = -1;
    for (int r = 0; r < 3; r++) {
        double t0 = now();
        if (time_bounds(g, P, b)) return -1;
        double dt = now() - t0;
        if (best < 0 || dt < best) best = dt;
    }
    return best;
}

/* Best of 3 seconds of one simulation; -1 on failure. */
static double time_of_sim(const Graph *g, const char *pol, uint32_t P, uint32_t *T)
{
    double best = -1;
    for (int r = 0; r < 3; r++) {
        SchedOptions o = {.policy = pol, .P = P, .seed = 42};
        Schedule s;
        char msg[200];
        double t0 = now();
        if (sched_run(g, &o, &s, msg, sizeof msg)) { fprintf(stderr, "bench_bounds: %s\n", msg); return -1; }
        double dt = now() - t0;
        *T = s.T;
        sched_free(&s);
        if (best < 0 || dt < best) best = dt;
    }
    return best;
}

int main(int argc, char **argv)
{
    uint32_t nodes = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 10) : 1000000u;
    GenParams gp;
    gen_default_params(&gp);
    gp.p_par = 0.8; /* mostly parallel, so that P = 64 has work to share */
    gp.p_chain = 0.02;
    Graph g;
    if (gen_graph(&g, 3, nodes, &gp)) { fprintf(stderr, "bench_bounds: cannot build the graph\n"); return 1; }
    printf("graph: %u nodes, span %llu\n", graph_nodes(&g), (unsigned long long)graph_span(&g));
    printf("%4s %10s %10s %10s %6s %8s %10s %8s\n", "P", "lower", "profile", "bounds s", "policy", "steps", "sim s",
           "ratio");
    static const uint32_t procs[] = {4, 64};
    static const char *const pols[] = {"df", "bf", "ws"};
    for (int k = 0; k < 2; k++) {
        TimeBounds b;
        double tb = time_of_bounds(&g, procs[k], &b);
        if (tb < 0) { fprintf(stderr, "bench_bounds: out of memory\n"); return 1; }
        for (int i = 0; i < 3; i++) {
            uint32_t T = 0;
            double ts = time_of_sim(&g, pols[i], procs[k], &T);
            if (ts < 0) return 1;
            printf("%4u %10llu %10llu %10.4f %6s %8u %10.4f %7.2fx\n", procs[k], (unsigned long long)b.lower,
                   (unsigned long long)b.profile, tb, pols[i], T, ts, tb / (ts > 1e-9 ? ts : 1e-9));
        }
    }
    printf("(ratio: seconds of the bounds / seconds of one simulation; the aim is <= 2x)\n");
    graph_free(&g);
    return 0;
}
