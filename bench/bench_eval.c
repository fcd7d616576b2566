/*
 * bench_eval.c — end-to-end figures on a real PML program: interpreter
 * throughput (graph nodes per second), then simulation + space profile +
 * attribution at the high-water mark for each policy at P = 1, 4, 64
 * (and simulation + the mark alone, as pml run finds it: sim+mark), and
 * the peak resident bytes per node of the whole pipeline.  Times are the
 * process's CPU time (all threads: the interpreter runs on its own), which
 * on a loaded machine is what the work costs, where wall-clock time also
 * counts the waits for a core.  Prints figures only; never passes or fails
 * on time.
 *
 * Usage: bench_eval FILE [name=N ...] [--max-nodes N ...] [--interpreter]
 *   name=N: the -D parameters of the program; options starting with '-':
 *   those every evaluating command takes (--max-nodes, --max-depth ...);
 *   --interpreter: the interpreter's figure alone (best of 3 runs), no
 *   schedule.
 */
#include <gc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "cli.h"
#include "graph_bin.h"
#include "space.h"
#include "sched.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); /* CPU time: steady on a shared machine */
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double peak_rss(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return 1024.0 * (double)ru.ru_maxrss;
}

/* M nodes per CPU second of the simulation and the mark alone, as pml run
 * finds it (space_mark: no per-step arrays); 0 on failure. */
static double sim_mark_rate(const Graph *g, const SchedOptions *o)
{
    Schedule s;
    SpaceMark mk;
    char msg[200];
    double t0 = now();
    if (sched_run(g, o, &s, msg, sizeof msg)) return 0;
    int r = space_mark(g, &s, UNITS_WORDS, 1, &mk);
    double t1 = now();
    sched_free(&s);
    return r ? 0 : graph_nodes(g) / (t1 - t0) / 1e6;
}

/* sched_run alone, M nodes per CPU second, best of 3; 0 on failure. */
static double sched_rate(const Graph *g, const SchedOptions *o)
{
    double best = 0;
    for (int i = 0; i < 3; i++) {
        Schedule s;
        char msg[200];
        double t0 = now();
        if (sched_run(g, o, &s, msg, sizeof msg)) return 0;
        double r = graph_nodes(g) / (now() - t0) / 1e6;
        sched_free(&s);
        if (r > best) best = r;
    }
    return best;
}

/* pml graph --format binary's writer into a temporary file (the page
 * cache: no fsync), best of 3: bytes per node and MB per CPU second. */
static void bench_graph_bin(const Loaded *l)
{
    const char **files = malloc((l->src.n ? l->src.n : 1) * sizeof *files);
    double best = 0;
    long bytes = 0;
    for (uint32_t i = 0; files && i < l->src.n; i++) files[i] = l->src.files[i].path;
    GraphBinMeta meta = {l->run.annots, l->run.nannots, files, l->src.n, l->run.value_text};
    for (int i = 0; files && i < 3; i++) {
        FILE *f = tmpfile();
        double t0 = now();
        int rc = f ? graph_bin_write(f, &l->run.g, &meta) | fflush(f) : -1;
        double t = now() - t0;
        bytes = f ? ftell(f) : 0;
        if (f) fclose(f);
        if (rc) { fprintf(stderr, "bench_eval: graph_bin_write failed\n"); break; }
        if (best == 0 || t < best) best = t;
    }
    free(files);
    if (best > 0)
        printf("  graph export, binary: %.1f bytes per node, %.0f MB per CPU second (%.3f s)\n",
               (double)bytes / graph_nodes(&l->run.g), bytes / best / 1e6, best);
}

static void bench_policy(const Graph *g, const char *pol, uint32_t P)
{
    SchedOptions o = {.policy = pol, .P = P, .seed = 1, .no_proc = 1}; /* as pml run */
    Schedule s;
    SpaceProfile sp;
    char msg[200];
    double t0 = now();
    if (sched_run(g, &o, &s, msg, sizeof msg) || space_profile(g, &s, UNITS_WORDS, 1, &sp)) {
        fprintf(stderr, "bench_eval: %s\n", msg);
        return;
    }
    double t1 = now();
    double *share, result;
    int approx;
    if (space_by_use_ex(g, &s, UNITS_WORDS, sp.hwm_step, &share, &result, &approx) == 0) free(share);
    double t2 = now();
    uint32_t T = s.T;
    uint64_t hwm = sp.hwm;
    space_free(&sp);
    sched_free(&s);
    printf("  %s P=%-3u steps %10u  hwm %10llu  sim+space %6.1f M nodes/s  attribution %.3f s  sim+mark %6.1f%s\n",
           pol, P, T, (unsigned long long)hwm, graph_nodes(g) / (t1 - t0) / 1e6, t2 - t1, sim_mark_rate(g, &o),
           approx ? " (approximate)" : "");
}

/* --interpreter: the program loaded and evaluated 3 times, the best
 * time printed (nothing scheduled). */
static int interpreter_only(char **argv, int argc, CommonOpts *c)
{
    double best = 0;
    uint32_t nodes = 0;
    for (int k = 0; k < 3; k++) {
        Loaded l;
        double t0 = now();
        if (cli_load(argv[1], c, 1, &l) != EXIT_OK) return 1;
        double t = now() - t0;
        nodes = graph_nodes(&l.run.g);
        if (!k || t < best) best = t;
        cli_unload(&l);
    }
    printf("%s:", argv[1]);
    for (int i = 2; i < argc; i++) printf(" %s", argv[i]);
    printf("\n  interpreter: %.3f s, %.1f M nodes/s (%u nodes; best of 3; CPU time)\n", best, nodes / best / 1e6,
           nodes);
    return 0;
}

int main(int argc, char **argv)
{
    GC_INIT();
    if (argc < 2) {
        fprintf(stderr, "usage: bench_eval FILE [name=N ...] [--max-nodes N ...]\n");
        return 2;
    }
    CommonOpts c;
    cli_common_init(&c);
    int interp_only = 0;
    for (int i = 2; i < argc; i++) {
        int r = 0;
        if (strcmp(argv[i], "--interpreter") == 0) interp_only = 1;
        else if (strcmp(argv[i], "--max-nodes") == 0 && i + 1 < argc) r = cli_common_apply(&c, CLI_MAX_NODES, argv[++i]);
        else if (argv[i][0] != '-') r = cli_common_apply(&c, 'D', argv[i]);
        else { fprintf(stderr, "bench_eval: unknown option '%s'\n", argv[i]); r = -1; }
        if (r < 0) return 2;
    }
    if (interp_only) return interpreter_only(argv, argc, &c);
    Loaded l;
    double t0 = now();
    if (cli_load(argv[1], &c, 1, &l) != EXIT_OK) return 1;
    double t1 = now();
    const Graph *g = &l.run.g;
    printf("%s:", argv[1]);
    for (int i = 2; i < argc; i++) printf(" %s", argv[i]);
    printf("\n  graph: %u nodes, %zu heap edges, span %llu\n", graph_nodes(g), graph_heap_edges(g), (unsigned long long)graph_span(g));
    printf("  interpreter: %.2f s, %.1f M nodes/s (parse, resolve, evaluate; CPU time)\n", t1 - t0, graph_nodes(g) / (t1 - t0) / 1e6);
    bench_graph_bin(&l);
    SchedOptions by_ids = {.policy = "df", .P = 1, .no_proc = 1}, simulated = by_ids;
    simulated.no_shortcut = 1;
    printf("  df P=1 sched_run alone: %.1f M nodes/s by the ids, %.1f simulated\n", sched_rate(g, &by_ids),
           sched_rate(g, &simulated));
    static const char *const pols[] = {"df", "bf", "ws"};
    static const uint32_t ps[] = {1, 4, 64};
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) bench_policy(g, pols[a], ps[b]);
    printf("  peak resident memory: %.0f MB, %.1f bytes per node\n", peak_rss() / 1e6, peak_rss() / graph_nodes(g));
    cli_unload(&l);
    return 0;
}
