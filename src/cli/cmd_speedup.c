/*
 * cmd_speedup.c — `pml speedup FILE -p 1:16 …` (docs/time.md): the
 * factored speedup plot of Acar, Charguéraud & Rainey (§2.3, §2.8): for
 * each policy and P, the linear, maximal, idle-specific,
 * inflation-specific and actual speedups and the span bound T1/Tinf, as
 * CSV and through gnuplot.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "textout.h"
#include "graph.h"
#include "outfile.h"
#include "plot.h"
#include "sched.h"

/* The figures of one (policy, P); T1 the work, F1 the overhead at P = 1. */
typedef struct SpeedRow {
    const char *policy;
    uint32_t P, T;
    uint64_t idle, delay, nowork, overhead, steals, F1;
} SpeedRow;

enum { SP_MAXIMAL, SP_IDLE, SP_INFLATION, SP_ACTUAL, SP_KINDS };
static const char *const kind_title[] = {"maximal", "idle-specific", "inflation-specific", "actual"};

/* Acar et al. §2.3 with T_s the work and T_1 = work + F1 (§2.8): */
static double speedup_of(const SpeedRow *r, uint64_t work, int kind)
{
    double P = r->P, w = (double)work;
    switch (kind) {
    case SP_MAXIMAL: return P * w / (w + (double)r->F1);
    case SP_IDLE: return P * w / (w + (double)r->F1 + (double)r->idle);
    case SP_INFLATION: return P * w / (w + (double)r->overhead);
    default: return w / r->T;
    }
}

/* -p 1:16, 1:16:2, 1:64:x2 or a list. */
static int parse_procs(const char *v, uint32_t **out, uint32_t *n)
{
    uint64_t a, b, step = 1;
    int dbl = 0;
    char *copy = strdup(v), *p1, *p2 = NULL;
    *out = NULL;
    *n = 0;
    if (!copy) return -1;
    if ((p1 = strchr(copy, ':'))) {
        *p1++ = 0;
        if ((p2 = strchr(p1, ':'))) *p2++ = 0;
        if (p2 && p2[0] == 'x') { dbl = 1; p2++; }
        if (cli_parse_u64(copy, &a) || cli_parse_u64(p1, &b) || (p2 && cli_parse_u64(p2, &step)) || a < 1 || b < a ||
            b > 4096 || step < (uint64_t)(1 + dbl)) { free(copy); return -1; }
        uint32_t *x = malloc(4097 * sizeof *x);
        if (!x) { free(copy); return -1; }
        for (uint64_t p = a; p <= b; p = dbl ? p * step : p + step) x[(*n)++] = (uint32_t)p;
        *out = x;
    } else {
        uint32_t *x = malloc(4097 * sizeof *x);
        char *save = NULL;
        if (!x) { free(copy); return -1; }
        for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
            if (cli_parse_u64(t, &a) || a < 1 || a > 4096 || *n == 4096) { free(x); free(copy); return -1; }
            x[(*n)++] = (uint32_t)a;
        }
        *out = x;
    }
    free(copy);
    return *n ? 0 : -1;
}

static int measure_all(const Graph *g, const SimOpts *so, const uint32_t *procs, uint32_t np, SpeedRow *rows)
{
    char msg[256];
    for (uint32_t i = 0; i < so->npolicies; i++) {
        SchedOptions o = cli_sched_options(so, so->policies[i], 1);
        o.no_proc = 1;  /* the steps are all it needs */
        Schedule s;
        if (sched_run(g, &o, &s, msg, sizeof msg)) goto fail;
        uint64_t F1 = s.overhead;
        sched_free(&s);
        for (uint32_t j = 0; j < np; j++) {
            o.P = procs[j];
            if (sched_run(g, &o, &s, msg, sizeof msg)) goto fail;
            rows[i * np + j] = (SpeedRow){so->policies[i], procs[j], s.T, s.idle, s.delay, s.nowork, s.overhead, s.steals, F1};
            sched_free(&s);
        }
    }
    return 0;
fail:
    fprintf(stderr, "pml: error: %s\n", msg);
    return -1;
}

static void write_csv(FILE *f, const SpeedRow *rows, uint32_t n, uint64_t work, uint64_t span, const SimOpts *so)
{
    fputs("policy,P,work,span,fork_cost,steal_cost,steps,idle,delay,nowork,overhead,steals,overhead_p1,"
          "linear,maximal,idle_specific,inflation_specific,actual,span_bound\n", f);
    for (uint32_t i = 0; i < n; i++) {
        const SpeedRow *r = &rows[i];
        fprintf(f, "%s,%u,%llu,%llu,%u,%u,%u,%llu,%llu,%llu,%llu,%llu,%llu,%u,%s,%s,%s,%s,%s\n", r->policy,
                r->P, (unsigned long long)work, (unsigned long long)span, so->fork_cost, so->steal_cost, r->T,
                (unsigned long long)r->idle, (unsigned long long)r->delay, (unsigned long long)r->nowork,
                (unsigned long long)r->overhead, (unsigned long long)r->steals, (unsigned long long)r->F1, r->P,
                num_text(speedup_of(r, work, SP_MAXIMAL)).s, num_text(speedup_of(r, work, SP_IDLE)).s,
                num_text(speedup_of(r, work, SP_INFLATION)).s, num_text(speedup_of(r, work, SP_ACTUAL)).s,
                num_text((double)work / (double)span).s);
    }
}

/* One plot: linear and the span bound, then per policy its four curves
 * (a colour and dash per kind of curve, a point size per policy). */
static int draw(const char *svg, const char *file, const SpeedRow *rows, const SimOpts *so, const uint32_t *procs,
                uint32_t np, uint64_t work, uint64_t span)
{
    uint32_t ns = 2 + SP_KINDS * so->npolicies;
    double *x = malloc(np * sizeof *x), *y = malloc((size_t)np * ns * sizeof *y);
    PlotSeries *se = calloc(ns, sizeof *se);
    char (*titles)[48] = calloc(ns, sizeof *titles);
    char title[300], msg[512];
    int rc = -1;
    if (!x || !y || !se || !titles) { fprintf(stderr, "pml: error: out of memory\n"); goto end; }
    static const uint32_t kind_style[] = {3, 1, 2, 0};
    se[0] = (PlotSeries){"linear (P)", 4, 0.6, 0};
    se[1] = (PlotSeries){"span bound T1/Tinf", 4, 0.3, 0};
    for (uint32_t i = 0; i < so->npolicies; i++)
        for (int k = 0; k < SP_KINDS; k++) {
            uint32_t s = 2 + i * SP_KINDS + (uint32_t)k;
            snprintf(titles[s], sizeof titles[s], "%s %s", so->policies[i], kind_title[k]);
            se[s] = (PlotSeries){titles[s], kind_style[k], 0.5 + 0.4 * i, 0};
        }
    for (uint32_t j = 0; j < np; j++) {
        x[j] = procs[j];
        y[(size_t)j * ns] = procs[j];
        y[(size_t)j * ns + 1] = (double)work / (double)span;
        for (uint32_t i = 0; i < so->npolicies; i++)
            for (int k = 0; k < SP_KINDS; k++)
                y[(size_t)j * ns + 2 + i * SP_KINDS + (uint32_t)k] = speedup_of(&rows[i * np + j], work, k);
    }
    snprintf(title, sizeof title, "%s: factored speedup, fork cost %u, steal cost %u", file, so->fork_cost, so->steal_cost);
    PlotLines pl = {title, "processors P", "speedup over the work T1", 0, np, ns, x, y, se};
    rc = cli_plot_said(plot_lines(svg, &pl, msg, sizeof msg), msg) == EXIT_OK ? 0 : -1;
end:
    free(x); free(y); free(se); free(titles);
    return rc;
}

typedef struct SpeedupArgs {
    const char *procs, *csv, *svg;  /* -p, -o, --plot */
    uint32_t *P, nP;                /* -p's processor counts */
} SpeedupArgs;

static const CliOpt speedup_opts[] = {
    {'p', NULL, "A:B", "processor counts: A:B, A:B:STEP, A:B:xK or a list (default 1:16)", CLI_AT(CLI_TEXT, SpeedupArgs, procs)},
    {'o', NULL, "s.csv", "write the CSV to s.csv (default '-': standard output)", CLI_AT(CLI_OUTPUT, SpeedupArgs, csv)},
    {CLI_OWN, "plot", "s.svg", "draw the speedups with gnuplot", CLI_AT(CLI_PICTURE, SpeedupArgs, svg)},
    {0},
};

static int speedup_check(void *o, CliRun *r)
{
    SpeedupArgs *a = o;
    if (parse_procs(a->procs ? a->procs : "1:16", &a->P, &a->nP)) {
        cli_usage_error("-p: processor counts 1..4096 as A:B, A:B:STEP, A:B:xK or a list, not '%s'", a->procs);
        return EXIT_USAGE;
    }
    cli_sim_all_policies(&r->sim);
    return EXIT_OK;
}

static int speedup_body(void *o, CliRun *r)
{
    const SpeedupArgs *a = o;
    const SimOpts *so = &r->sim;
    const Graph *g = &r->l.run.g;
    SpeedRow *rows = calloc((size_t)so->npolicies * a->nP, sizeof *rows);
    int rc = EXIT_OK;
    if (!rows) { fprintf(stderr, "pml: error: out of memory\n"); rc = EXIT_PROGRAM; }
    if (rc == EXIT_OK && measure_all(g, so, a->P, a->nP, rows)) rc = EXIT_PROGRAM;
    uint64_t work = graph_nodes(g), span = rc == EXIT_OK ? graph_span(g) : 0;
    OutFile f;
    if (rc == EXIT_OK && outfile_open(&f, a->csv ? a->csv : "-")) rc = EXIT_PROGRAM;
    if (rc == EXIT_OK) {
        write_csv(f.f, rows, so->npolicies * a->nP, work, span, so);
        if (outfile_commit(&f)) rc = EXIT_PROGRAM;
    }
    if (rc == EXIT_OK && a->svg && draw(a->svg, r->file, rows, so, a->P, a->nP, work, span)) rc = EXIT_PROGRAM;
    free(rows);
    return rc;
}

static void speedup_done(void *o)
{
    free(((SpeedupArgs *)o)->P);
}

static const int speedup_refused[] = {CLI_UNITS, CLI_NO_QUEUE, 0};

/* What --help says of the shared options this command defaults otherwise. */
static const CliDefault speedup_defaults[] = {{CLI_SCHED, "every policy"}, {0}};

const CliSteps cli_cmd_speedup = {.opts = speedup_opts, .groups = CLI_GROUP_COMMON | CLI_GROUP_SIM,
                                  .size = sizeof(SpeedupArgs), .check = speedup_check,
                                  .load = CLI_LOAD_EVAL, .body = speedup_body, .done = speedup_done,
                                  .refused = speedup_refused, .defaults = speedup_defaults, .refused_why = "pml speedup counts steps, not space", .later_bytes = 12};
