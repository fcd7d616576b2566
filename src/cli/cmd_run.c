/*
 * cmd_run.c — `pml run FILE …` (evaluate, then simulate and report each
 * policy and P) and `pml check FILE` (parse and resolve only).
 */
#include <string.h>

#include "cli.h"
#include "graph.h"
#include "measure.h"
#include "profile.h"
#include "report.h"

static int cmd_check(int argc, char **argv)
{
    CommonOpts c;
    cli_common_init(&c);
    const char *file = NULL;
    int k = cli_parse(&cli_cmd_check, argc, argv, &c, NULL, NULL, NULL, &file);
    if (k != CLI_END) return CLI_STOP_STATUS(k);
    Loaded l;
    int rc = cli_load(file, &c, 0, &l);
    if (rc == EXIT_OK) printf("%s: ok\n", strcmp(file, "-") ? file : "<stdin>");
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

enum { OPT_BY = CLI_OWN, OPT_GROUP, OPT_STACK, OPT_TOP, OPT_FORMAT, OPT_PROFILE };

static const CliOpt run_opts[] = {
    {OPT_BY, "by", "{by}", "holders: the last use of each value, or where it was allocated (default use)"},
    {OPT_GROUP, "group", "{group}", "a holder is its caller in your files, its expression, or its function "
                                    "(docs/attribution.md)"},
    {OPT_STACK, "stack", NULL, "print the whole chain of call sites of the top holders"},
    {OPT_TOP, "top", "K", "the K biggest holders at each high-water mark (default 10)"},
    {OPT_FORMAT, "format", "text|json|csv", "the report's format (default text)"},
    {OPT_PROFILE, "profile", "FILE.svg", "plot the space over time of one policy and P (gnuplot)"},
    {0, NULL, NULL, NULL},
};

typedef struct RunArgs {
    ReportOptions ro;
    const char *profile;    /* --profile FILE.svg */
} RunArgs;

/* --by, --top, --format, --profile: run's own options; 0, or -1 after a usage error. */
static int run_option(void *ctx, CliArgs *a, int key)
{
    ReportOptions *ro = &((RunArgs *)ctx)->ro;
    const char *v = a->arg;
    uint64_t k;
    int f;
    switch (key) {
    case OPT_BY:
        if (cli_choice("by", v, measure_by_names, &f)) return -1;
        ro->by = (MeasureBy)f;
        return 0;
    case OPT_TOP:
        if (cli_parse_u64(v, &k) || k > UINT32_MAX) { cli_usage_error("--top expects a number, not '%s'", v); return -1; }
        ro->top = (uint32_t)k;
        return 0;
    case OPT_FORMAT:
        if (cli_format(v, 1, &f)) return -1;
        ro->format = (ReportFormat)f;
        return 0;
    case OPT_PROFILE: ((RunArgs *)ctx)->profile = v; return 0;
    case OPT_GROUP: return cli_group_apply(ro, v);
    case OPT_STACK: ro->stack = 1; return 0;
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

static int cmd_run(int argc, char **argv)
{
    CommonOpts c;
    SimOpts so = {0};
    RunArgs ra = {.profile = NULL};
    ReportOptions ro;
    cli_common_init(&c);
    report_options_default(&ra.ro);
    const char *file = NULL;
    int k = cli_parse(&cli_cmd_run, argc, argv, &c, &so, run_option, &ra, &file);
    if (k != CLI_END) return CLI_STOP_STATUS(k);
    ro = ra.ro;
    const char *profile = ra.profile;
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

const CliCommand cli_cmd_check = {
    "check", cmd_check, "FILE [options]", "parse and resolve only",
    "Parses and resolves FILE (with the prelude) without running it.",
    "pml check examples/fib.pml", CLI_GROUP_COMMON, NULL,
};

const CliCommand cli_cmd_run = {
    "run", cmd_run, "FILE [options]",
    "evaluate; print the value, work, span; with --sched, simulate each policy and P",
    "Evaluates FILE, prints its value, work and span; with --sched, simulates each\n"
    "policy with each P and reports the space high-water mark and what holds it.",
    "pml run examples/fib.pml -D n=15 --sched={policies,} -p 1,2,4",
    CLI_GROUP_COMMON | CLI_GROUP_SIM, run_opts,
};
