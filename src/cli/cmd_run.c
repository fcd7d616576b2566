/*
 * cmd_run.c — `pml run FILE …` (evaluate, then simulate and report each
 * policy and P) and `pml check FILE` (parse and resolve only).
 */
#include <string.h>

#include "cli.h"
#include "graph.h"
#include "profile.h"
#include "report.h"

int cmd_check(int argc, char **argv)
{
    CommonOpts c;
    cli_common_init(&c);
    const char *file = NULL;
    for (int i = 1; i < argc; i++) {
        int r = cli_common_option(&c, argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (cli_file_arg("pml check", argv[i], &file)) return EXIT_USAGE;
    }
    if (!file) { cli_usage_error("check FILE"); return EXIT_USAGE; }
    Loaded l;
    int rc = cli_load(file, &c, 0, &l);
    if (rc == EXIT_OK) printf("%s: ok\n", file);
    cli_unload(&l);
    return rc;
}

/* --check-invariants (tests): the invariants of docs/semantics.md on this run's graphs. */
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

/* --by, --top, --format: the report's own options (and --group, --stack:
 * cli_group_option). */
static int report_option(ReportOptions *ro, int argc, char **argv, int *i)
{
    const char *v;
    int r;
    uint64_t k;
    if ((r = cli_option_value(argc, argv, i, "--by", &v)) < 0) return -1;
    else if (r) {
        if (strcmp(v, "use") && strcmp(v, "alloc")) { cli_usage_error("--by: use or alloc, not '%s'", v); return -1; }
        ro->by = strcmp(v, "use") ? MEASURE_BY_ALLOC : MEASURE_BY_USE;
        return 1;
    }
    if ((r = cli_option_value(argc, argv, i, "--top", &v)) < 0) return -1;
    else if (r) {
        if (cli_parse_u64(v, &k) || k > UINT32_MAX) { cli_usage_error("--top expects a number, not '%s'", v); return -1; }
        ro->top = (uint32_t)k;
        return 1;
    }
    if ((r = cli_option_value(argc, argv, i, "--format", &v)) < 0) return -1;
    else if (r) {
        if (!strcmp(v, "text")) ro->format = REPORT_TEXT;
        else if (!strcmp(v, "json")) ro->format = REPORT_JSON;
        else if (!strcmp(v, "csv")) ro->format = REPORT_CSV;
        else { cli_usage_error("--format: text, json or csv, not '%s'", v); return -1; }
        return 1;
    }
    return 0;
}

/* --profile FILE.svg: without gnuplot only a note (the data and script are kept). */
static int run_profile(const Loaded *l, const ReportOptions *ro, const char *svg)
{
    char msg[512];
    fflush(stdout);
    int r = profile_plot(&l->run, &l->src, ro, svg, msg, sizeof msg);
    if (r > 0) fprintf(stderr, "pml: note: no plot: %s\n", msg);
    if (r < 0) fprintf(stderr, "pml: error: %s\n", msg);
    return r < 0 ? EXIT_PROGRAM : EXIT_OK;
}

int cmd_run(int argc, char **argv)
{
    CommonOpts c;
    SimOpts so = {0};
    ReportOptions ro;
    cli_common_init(&c);
    report_options_default(&ro);
    const char *file = NULL, *profile = NULL;
    for (int i = 1; i < argc; i++) {
        int r = cli_common_option(&c, argc, argv, &i);
        if (r == 0) r = cli_sim_option(&so, argc, argv, &i);
        if (r == 0) r = report_option(&ro, argc, argv, &i);
        if (r == 0) r = cli_group_option(&ro, argc, argv, &i);
        if (r == 0) r = cli_option_value(argc, argv, &i, "--profile", &profile);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (cli_file_arg("pml run", argv[i], &file)) return EXIT_USAGE;
    }
    if (!file) { cli_usage_error("run FILE [options]"); return EXIT_USAGE; }
    cli_report_options(&so, &ro);
    /* the program's print goes with the text report, never into JSON or CSV */
    if (ro.format == REPORT_TEXT) c.eo.print_out = stdout;
    if (profile && cli_picture_path("--profile", profile)) return EXIT_USAGE;
    if (profile && ro.npolicies * ro.nprocs != 1) {
        cli_usage_error("--profile FILE.svg draws one schedule: give one --sched policy and one -p");
        return EXIT_USAGE;
    }
    Loaded l;
    int rc = cli_load(file, &c, 1, &l);
    char msg[256];
    if (rc == EXIT_OK && report_run(stdout, &l.run, &l.src, &ro, msg, sizeof msg)) {
        fprintf(stderr, "pml: error: %s\n", msg);
        rc = EXIT_PROGRAM;
    }
    if (rc == EXIT_OK && c.eo.check_theorem1 && check_invariants(stdout, &l)) rc = EXIT_PROGRAM;
    if (rc == EXIT_OK && profile) rc = run_profile(&l, &ro, profile);
    cli_unload(&l);
    return rc;
}
