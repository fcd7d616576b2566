/*
 * bench_race.c — what watching for determinacy races (docs/races.md)
 * costs: the program evaluated alone, then evaluated with the race
 * detector (pml race's work), alternated RUNS times, best of each in CPU
 * time (all threads; steadier than wall-clock time on a shared machine),
 * and their ratio; then the detector's memory beside the run's.  Prints
 * figures only; never passes or fails on time.
 *
 * Usage: bench_race FILE [name=N ...] [--max-nodes N] [--runs K]
 */
#include <gc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* One evaluation, watched by d unless it is NULL: its CPU seconds, or -1. */
static double one_run(const char *file, const CommonOpts *c, RaceDetector *d, uint32_t *nodes)
{
    CommonOpts co = *c;
    co.eo.params = co.params;
    EvalCells hook;
    if (d) {
        hook = race_hook(d);
        co.eo.cells = &hook;
    }
    Loaded l;
    double t0 = now();
    if (cli_load(file, &co, 1, &l) != EXIT_OK) return -1;
    double t = now() - t0;
    *nodes = graph_nodes(&l.run.g);
    cli_unload(&l);
    GC_gcollect();
    return t;
}

int main(int argc, char **argv)
{
    GC_INIT();
    if (argc < 2) {
        fprintf(stderr, "usage: bench_race FILE [name=N ...] [--max-nodes N] [--runs K]\n");
        return 2;
    }
    CommonOpts c;
    cli_common_init(&c);
    int runs = 3;
    for (int i = 2; i < argc; i++) {
        int r = 0;
        if (strcmp(argv[i], "--max-nodes") == 0 && i + 1 < argc) r = cli_common_apply(&c, CLI_MAX_NODES, argv[++i]);
        else if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc) runs = atoi(argv[++i]);
        else if (argv[i][0] != '-') r = cli_common_apply(&c, 'D', argv[i]);
        else { fprintf(stderr, "bench_race: unknown option '%s'\n", argv[i]); r = -1; }
        if (r < 0) return 2;
    }
    double best_eval = 1e30, best_race = 1e30;
    uint32_t nodes = 0, races = 0;
    uint64_t accesses = 0, cells = 0;
    for (int k = 0; k < (runs > 0 ? runs : 1); k++) {
        RaceDetector *d = race_new();
        double te = one_run(argv[1], &c, NULL, &nodes), tr = d ? one_run(argv[1], &c, d, &nodes) : -1;
        if (te < 0 || tr < 0) { race_free(d); return 1; }
        races = race_count(d);
        accesses = race_accesses(d);
        cells = race_cells(d);
        race_free(d);
        if (te < best_eval) best_eval = te;
        if (tr < best_race) best_race = tr;
    }
    printf("%s:", argv[1]);
    for (int i = 2; i < argc; i++) printf(" %s", argv[i]);
    printf("\n  %u nodes, %llu accesses to %llu cells, %u races\n", nodes, (unsigned long long)accesses,
           (unsigned long long)cells, races);
    printf("  evaluate %.2f s, evaluate + detect %.2f s (CPU, best of %d): ratio %.2f\n", best_eval, best_race, runs,
           best_race / best_eval);
    return 0;
}
