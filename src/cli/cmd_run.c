/*
 * cmd_run.c — `pml run FILE …` (evaluate, then simulate and report each
 * policy and P) and `pml check FILE` (parse, resolve and type-check only).
 */
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "graph.h"
#include "measure.h"
#include "profile.h"
#include "report.h"

static int check_body(void *o, CliRun *r)
{
    (void)o;
    printf("%s: ok\n", strcmp(r->file, "-") ? r->file : "<stdin>");
    return EXIT_OK;
}

/* --check-invariants (tests): the invariants of docs/semantics.md held on
 * this run's graphs (cli_load checked them). */
static void say_invariants(FILE *f, const Loaded *l)
{
    fprintf(f, "invariants hold: series-parallel, ids topological, heap edges backward to values; "
            "Theorem 1 at %llu subexpressions; df on one processor by the ids as simulated\n", (unsigned long long)l->run.theorem1_checks);
}

typedef struct RunArgs {
    ReportOptions ro;
    const char *profile;    /* --profile FILE.svg */
    CliRaces races;         /* --races (docs/races.md) */
    int quiet;              /* --quiet: no legend */
    RaceView view;
} RunArgs;

enum { OPT_BY = CLI_OWN, OPT_GROUP, OPT_STACK, OPT_TOP, OPT_FORMAT, OPT_PROFILE, OPT_RACES, OPT_SUMMARY, OPT_CHART,
       OPT_QUIET, OPT_INCLUSIVE };

static const CliOpt run_opts[] = {
    CLI_BY_ROW(OPT_BY, RunArgs, ro.by),
    CLI_GROUP_ROW(OPT_GROUP, RunArgs, ro.group),
    {OPT_INCLUSIVE, "inclusive", NULL, "with --group function: each function holds the space of all it called too "
                                       "(shares overlap)", CLI_AT(CLI_FLAG, RunArgs, ro.inclusive)},
    {OPT_STACK, "stack", NULL, "print the whole chain of call sites of the top holders", CLI_AT(CLI_FLAG, RunArgs, ro.stack)},
    {OPT_TOP, "top", "K", "the K biggest holders at each high-water mark (default 10, 0 all)", CLI_RANGE(CLI_U32, RunArgs, ro.top, 0, UINT32_MAX)},
    {OPT_FORMAT, "format", "text|json|csv", "the report's format (default text)", CLI_AT(CLI_CHOICE, RunArgs, ro.format)},
    {OPT_SUMMARY, "summary", NULL, "text: the table of schedules alone (steps, speedup, idle, high-water mark), "
                                   "no holders", CLI_AT(CLI_FLAG, RunArgs, ro.summary)},
    {OPT_CHART, "chart", NULL, "text: a chart of each schedule's space over time, the high-water mark in '#'",
                             CLI_AT(CLI_FLAG, RunArgs, ro.chart)},
    {OPT_QUIET, "quiet", NULL, "text: no legend line under the first holder table (it shows on a terminal only)",
                             CLI_AT(CLI_FLAG, RunArgs, quiet)},
    {OPT_PROFILE, "profile", "FILE.svg", "plot the space over time of one policy and P (gnuplot)", CLI_AT(CLI_PICTURE, RunArgs, profile)},
    {OPT_RACES, "races", "off|warn|error", "determinacy races: warn on standard error (default), also exit 1, "
                                           "or do not look (docs/races.md)", CLI_AT(CLI_CHOICE, RunArgs, races.mode)},
    {0},
};

/* --profile FILE.svg: without gnuplot only a note (the data and script are kept). */
static int run_profile(const Loaded *l, const ReportOptions *ro, const char *svg)
{
    char msg[512];
    fflush(stdout);
    return cli_plot_said(profile_plot(&l->run, &l->src, ro, svg, msg, sizeof msg), msg);
}

static void run_init(void *o)
{
    report_options_default(&((RunArgs *)o)->ro);
    ((RunArgs *)o)->races.mode = CLI_RACES_WARN;
}

static void run_done(void *o) { cli_races_free(&((RunArgs *)o)->races); }

/* The races, before the report: warnings on standard error, and for JSON
 * the list in the report. */
static void run_races(RunArgs *a, const CliRun *r)
{
    if (!a->races.d) return;
    a->view = cli_races_view(&a->races, r);
    a->ro.races = &a->view;
    if (!cli_races_found(&a->races)) return;
    fflush(stdout);
    race_report_text(stderr, &a->view, cli_colour());
    race_report_summary(stderr, &a->view, strcmp(r->file, "-") ? r->file : "<stdin>");
}

/* The options together: a usage error before the program runs. */
static int run_check(void *o, CliRun *r)
{
    RunArgs *a = o;
    cli_report_options(&r->sim, &a->ro);
    /* the program's print goes with the text report, never into JSON or CSV */
    if (a->ro.format == REPORT_TEXT) r->common.eo.print_out = stdout;
    /* any schedule but df on one processor keeps more per node (bf at
     * P = 1 the most: its queue) */
    if (a->ro.npolicies * a->ro.nprocs != 1 || strcmp(a->ro.policies[0], "df") || a->ro.procs[0] != 1)
        r->common.eo.later_bytes = 20;
    a->ro.legend = a->ro.format == REPORT_TEXT && !a->quiet && isatty(STDOUT_FILENO);
    if (a->ro.inclusive && a->ro.group != MEASURE_GROUP_FUNCTION) {
        cli_usage_error("--inclusive goes with --group function");
        return EXIT_USAGE;
    }
    if (a->ro.chart && a->ro.format != REPORT_TEXT) {
        cli_usage_error("--chart draws text: it goes with --format text");
        return EXIT_USAGE;
    }
    if (a->profile && a->ro.npolicies * a->ro.nprocs != 1) {
        cli_usage_error("--profile FILE.svg draws one schedule: give one --sched policy and one -p");
        return EXIT_USAGE;
    }
    return cli_races_watch(&a->races, r);
}

static int run_body(void *o, CliRun *r)
{
    RunArgs *a = o;
    char msg[256];
    run_races(a, r);
    if (report_run(stdout, &r->l.run, &r->l.src, &a->ro, msg, sizeof msg)) {
        fprintf(stderr, "pml: error: %s\n", msg);
        return EXIT_PROGRAM;
    }
    if (r->common.eo.check_theorem1) say_invariants(stdout, &r->l);
    int rc = a->profile ? run_profile(&r->l, &a->ro, a->profile) : EXIT_OK;
    return rc == EXIT_OK && a->races.mode == CLI_RACES_ERROR && cli_races_found(&a->races) ? EXIT_PROGRAM : rc;
}

static const int check_refused[] = {'D', CLI_MAX_NODES, CLI_MAX_DEPTH, CLI_TIME_LIMIT, CLI_CHECK_INV, 0};

const CliSteps cli_cmd_check = {.groups = CLI_GROUP_COMMON, .load = CLI_LOAD_RESOLVE, .body = check_body,
                                .refused = check_refused, .refused_why = "pml check parses and resolves: it runs nothing"};

const CliSteps cli_cmd_run = {.opts = run_opts, .groups = CLI_GROUP_COMMON | CLI_GROUP_SIM | CLI_GROUP_PRINT, .size = sizeof(RunArgs),
                              .init = run_init, .check = run_check, .load = CLI_LOAD_EVAL,
                              .body = run_body, .done = run_done};
