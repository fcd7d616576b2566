/*
 * cmd_run.c — `pml run FILE …` (evaluate, then simulate and report each
 * policy and P) and `pml check FILE` (parse and resolve only).
 */
#include <string.h>

#include "cli.h"
#include "graphs.h"

int cmd_check(int argc, char **argv)
{
    CommonOpts c;
    cli_common_init(&c);
    const char *file = NULL;
    for (int i = 1; i < argc; i++) {
        int r = cli_common_option(&c, argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (argv[i][0] == '-' && argv[i][1]) { cli_usage_error("check: unknown option '%s'", argv[i]); return EXIT_USAGE; }
        if (file) { cli_usage_error("check: more than one FILE"); return EXIT_USAGE; }
        file = argv[i];
    }
    if (!file) { cli_usage_error("check FILE"); return EXIT_USAGE; }
    Loaded l;
    int rc = cli_load(file, &c, 0, &l);
    if (rc == EXIT_OK) printf("%s: ok\n", file);
    cli_unload(&l);
    return rc;
}

/* The part of the report that needs no schedule. */
static void print_value(FILE *f, const Loaded *l)
{
    const CostRun *r = &l->run;
    if (r->value_text) fprintf(f, "val %s = %s\n", r->result_name, r->value_text);
    fprintf(f, "work %u nodes, span %llu nodes, %zu heap edges\n", r->g.n,
            (unsigned long long)graph_span(&r->g), r->g.m);
}

/* --check-invariants (tests): SPEC §2.4 on this run's graphs. */
static int check_invariants(FILE *f, const Loaded *l)
{
    char msg[256];
    if (graph_check(&l->run.g, msg, sizeof msg)) {
        fprintf(stderr, "pml: error: graph invariant violated: %s\n", msg);
        return -1;
    }
    fprintf(f, "invariants hold: series-parallel, ids topological, heap edges backward to values; "
            "Theorem 1 at %llu subexpressions\n", (unsigned long long)l->run.theorem1_checks);
    return 0;
}

int cmd_run(int argc, char **argv)
{
    CommonOpts c;
    cli_common_init(&c);
    const char *file = NULL;
    for (int i = 1; i < argc; i++) {
        int r = cli_common_option(&c, argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (argv[i][0] == '-' && argv[i][1]) { cli_usage_error("run: unknown option '%s'", argv[i]); return EXIT_USAGE; }
        if (file) { cli_usage_error("run: more than one FILE"); return EXIT_USAGE; }
        file = argv[i];
    }
    if (!file) { cli_usage_error("run FILE [options]"); return EXIT_USAGE; }
    Loaded l;
    int rc = cli_load(file, &c, 1, &l);
    if (rc == EXIT_OK) print_value(stdout, &l);
    if (rc == EXIT_OK && c.eo.check_theorem1 && check_invariants(stdout, &l)) rc = EXIT_PROGRAM;
    cli_unload(&l);
    return rc;
}
