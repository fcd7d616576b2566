/*
 * bench_sim.c — figures for the simulator and the space profile (paper §3.3-3.4, §4.1):
 * nodes per second of sched_run + space_profile for each policy at P = 1,
 * 4, 64 on a random graph of >= 10^7 nodes (tests/unit/gen_graph.h), the
 * peak resident bytes per node, and how many times faster the live-interval
 * profile is than the literal oracle on a ~10^5-node graph.  Times are
 * CPU time (steady on a shared machine).  Prints figures only; never
 * passes or fails on time.
 *
 * Usage: bench_sim [NODES [ORACLE_NODES]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#include "gen_graph.h"
#include "space.h"
#include "sched.h"
#include "space_oracle.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); /* CPU time: steady on a shared machine */
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double peak_rss_bytes(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return 1024.0 * (double)ru.ru_maxrss; /* Linux: kilobytes */
}

/* Schedules and profiles g once; returns seconds, or -1. */
static double sim_and_space(const Graph *g, const char *pol, uint32_t P, Schedule *s, SpaceProfile *sp)
{
    SchedOptions o = {.policy = pol, .P = P, .seed = 42, .no_proc = 1}; /* as pml run */
    char msg[200];
    double t0 = now();
    if (sched_run(g, &o, s, msg, sizeof msg)) { fprintf(stderr, "bench_sim: %s\n", msg); return -1; }
    if (space_profile(g, s, UNITS_WORDS, 1, sp)) { fprintf(stderr, "bench_sim: out of memory\n"); return -1; }
    return now() - t0;
}

/* Mostly parallel compositions, so that P = 64 has work to share. */
static void bench_params(GenParams *gp)
{
    gen_default_params(gp);
    gp->p_par = 0.8;
    gp->p_chain = 0.02;
}

static int big_graph(uint32_t nodes)
{
    Graph g;
    GenParams gp;
    bench_params(&gp);
    double t0 = now();
    if (gen_graph(&g, 1, nodes, &gp)) { fprintf(stderr, "bench_sim: cannot build the graph\n"); return 1; }
    printf("graph: %u nodes, %zu heap edges, span %llu (built in %.2f s)\n", graph_nodes(&g), graph_heap_edges(&g),
           (unsigned long long)graph_span(&g), now() - t0);
    static const char *const pols[] = {"df", "bf", "ws"};
    static const uint32_t procs[] = {1, 4, 64};
    printf("%-6s %4s %12s %10s %14s %12s\n", "policy", "P", "steps", "seconds", "nodes/s", "hwm");
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++) {
            Schedule s;
            SpaceProfile sp;
            double dt = sim_and_space(&g, pols[i], procs[k], &s, &sp);
            if (dt < 0) return 1;
            printf("%-6s %4u %12u %10.3f %14.0f %12llu\n", pols[i], procs[k], s.T, dt,
                   (double)graph_nodes(&g) / dt, (unsigned long long)sp.hwm);
            space_free(&sp);
            sched_free(&s);
        }
    printf("peak resident bytes per node: %.1f (graph, schedule and profile of one run)\n",
           peak_rss_bytes() / (double)graph_nodes(&g));
    graph_free(&g);
    return 0;
}

static int oracle_speedup(uint32_t nodes)
{
    Graph g;
    GenParams gp;
    bench_params(&gp);
    if (gen_graph(&g, 2, nodes, &gp)) return 1;
    Schedule s;
    SpaceProfile sp;
    double fast = sim_and_space(&g, "df", 64, &s, &sp);
    if (fast < 0) return 1;
    double t0 = now();
    uint64_t *heap, *queue;
    if (space_oracle_profile(&g, &s, UNITS_WORDS, &heap, &queue)) return 1;
    double slow = now() - t0;
    t0 = now();
    space_free(&sp);
    space_profile(&g, &s, UNITS_WORDS, 1, &sp);
    double prof = now() - t0;
    int same = 1;
    for (uint32_t i = 0; i <= s.T; i++) same &= heap[i] == sp.heap[i];
    printf("oracle: %u nodes, df P=64, %u steps: oracle %.3f s, space_profile %.4f s: %.0fx faster%s\n",
           graph_nodes(&g), s.T, slow, prof, slow / (prof > 1e-9 ? prof : 1e-9), same ? "" : " (PROFILES DIFFER)");
    free(heap); free(queue);
    space_free(&sp);
    sched_free(&s);
    graph_free(&g);
    return 0;
}

int main(int argc, char **argv)
{
    uint32_t big = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 10) : 10000000u;
    uint32_t small = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 100000u;
    if (big_graph(big)) return 1;
    return oracle_speedup(small);
}
