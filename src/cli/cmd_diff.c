/*
 * cmd_diff.c — `pml diff`: two schedules of one program compared
 * (docs/diff.md): the space curves on one step axis and the difference of
 * the high-water marks broken down by source site.
 *
 *   pml diff FILE [-D name=N]... --sched=POLICY [-p N] [--coarse] [--seed S]
 *            --vs --sched=POLICY [-p N] [--coarse] [--seed S]
 *            [--units UNITS] [--no-queue-space] [--top K]
 *            [--format text|json] [-o PATH]
 *
 * The simulation options before --vs describe A, those after it B; the
 * others apply to both.  Units and the queue's counting must agree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "diff.h"

enum { DIFF_JSON_POINTS = 2000 };

typedef struct DiffArgs {
    const char *out;
    SimOpts vs;                 /* side B's simulation options (A's are the runner's) */
    const SimOpts *sim[2];      /* A and B */
    int have_vs, json;
    uint32_t top;
    MeasureBy by;               /* --by, as pml run's (default use) */
    MeasureGroup group;         /* --group, as pml run's (default caller) */
} DiffArgs;

enum { OPT_FORMAT = CLI_OWN, OPT_TOP, OPT_VS, OPT_BY, OPT_GROUP };

static const CliOpt diff_opts[] = {
    {OPT_VS, "vs", NULL, "the simulation options after it describe schedule B", CLI_CODE},
    {OPT_TOP, "top", "K", "the K holders with the biggest differences (default 10, 0 all)", CLI_RANGE(CLI_U32, DiffArgs, top, 0, UINT32_MAX)},
    CLI_BY_ROW(OPT_BY, DiffArgs, by),
    CLI_GROUP_ROW(OPT_GROUP, DiffArgs, group),
    {OPT_FORMAT, "format", "text|json", "the report's format (default text)", CLI_AT(CLI_CHOICE, DiffArgs, json)},
    {'o', NULL, "PATH", "write the report to PATH (default '-': standard output)", CLI_AT(CLI_OUTPUT, DiffArgs, out)},
    {0},
};

/* --vs: the simulation options after it are side B's; 0, or -1 after a usage error. */
static int diff_option(void *o, CliArgs *ca, int key)
{
    DiffArgs *a = o;
    (void)key;
    if (a->have_vs) { cli_usage_error("pml diff: --vs once only"); return -1; }
    a->have_vs = 1;
    ca->sim = &a->vs;
    return 0;
}

/* One side's schedule options; EXIT_OK or EXIT_USAGE. */
static int side_options(const SimOpts *s, const char *side, SchedOptions *so)
{
    if (s->npolicies != 1 || s->nprocs > 1) {
        cli_usage_error("pml diff: give side %s one --sched=POLICY (and at most one -p)", side);
        return EXIT_USAGE;
    }
    *so = cli_sched_options(s, s->policies[0], s->nprocs ? s->procs[0] : 1);
    return EXIT_OK;
}

static void diff_init(void *o)
{
    DiffArgs *a = o;
    a->out = "-";
    a->top = 10;
    a->by = MEASURE_BY_USE;
    a->group = MEASURE_GROUP_CALLER;
}

/* Two sides, each one schedule, counting space alike: EXIT_OK, or
 * EXIT_USAGE after saying why. */
static int diff_check(void *o, CliRun *r)
{
    DiffArgs *a = o;
    a->sim[0] = &r->sim;
    a->sim[1] = &a->vs;
    if (!a->have_vs) { cli_usage_error("pml diff: compare A --vs B (e.g. --sched=df -p 2 --vs --sched=bf -p 2)"); return EXIT_USAGE; }
    if (a->sim[0]->units != a->sim[1]->units || a->sim[0]->no_queue != a->sim[1]->no_queue) {
        cli_usage_error("pml diff: --units and --no-queue-space must be the same on both sides");
        return EXIT_USAGE;
    }
    SchedOptions check;
    if (side_options(a->sim[0], "A", &check) || side_options(a->sim[1], "B", &check)) return EXIT_USAGE;
    return EXIT_OK;
}

/* "bf, P=2" (and coarse, seed, costs when given). */
static void side_name(const SimOpts *s, const SchedOptions *so, char *buf, size_t cap)
{
    int k = snprintf(buf, cap, "%s, P=%u", so->policy, so->P);
    if (so->coarse && k >= 0 && (size_t)k < cap) k += snprintf(buf + k, cap - k, ", coarse");
    if (s->seed && k >= 0 && (size_t)k < cap) k += snprintf(buf + k, cap - k, ", seed %llu", (unsigned long long)s->seed);
    if (s->fork_cost && k >= 0 && (size_t)k < cap) k += snprintf(buf + k, cap - k, ", fork cost %u", s->fork_cost);
    if (s->steal_cost && k >= 0 && (size_t)k < cap) snprintf(buf + k, cap - k, ", steal cost %u", s->steal_cost);
}

static int diff_measure(const DiffArgs *a, const Loaded *l, int side, Measure *m)
{
    MeasureOptions mo = measure_options(l->run.nannots);
    char msg[256];
    if (side_options(a->sim[side], side ? "B" : "A", &mo.sched) != EXIT_OK) return EXIT_USAGE;
    mo.units = a->sim[0]->units;
    mo.with_queue = !a->sim[0]->no_queue;
    mo.by = a->by;
    measure_set_group(&mo, a->group, &l->run.stacks, l->run.annots);
    if (measure_run(&l->run.g, &mo, m, msg, sizeof msg)) {
        fprintf(stderr, "pml diff: %s\n", msg);
        return EXIT_PROGRAM;
    }
    return EXIT_OK;
}

static int diff_write(const DiffArgs *a, const Loaded *l, Measure m[2])
{
    Diff d;
    if (diff_marks(&m[0], &m[1], &d)) { fprintf(stderr, "pml diff: out of memory\n"); return EXIT_PROGRAM; }
    char name[2][160];
    SchedOptions so[2] = {0};
    for (int s = 0; s < 2; s++) {
        side_options(a->sim[s], "", &so[s]);
        side_name(a->sim[s], &so[s], name[s], sizeof name[s]);
    }
    DiffOut o = { &l->run, &l->src, name[0], name[1], space_units_names[a->sim[0]->units], a->top,
                  a->by == MEASURE_BY_USE ? "use" : "allocation", measure_group_names[a->group] };
    OutFile f;
    int rc = EXIT_PROGRAM;
    if (outfile_open(&f, a->out) == 0) {
        int bad = a->json ? diff_write_json(f.f, &o, &m[0], &m[1], &d, DIFF_JSON_POINTS)
                          : diff_write_text(f.f, &o, &m[0], &m[1], &d);
        if (bad) outfile_abort(&f);
        else rc = outfile_commit(&f) == 0 ? EXIT_OK : EXIT_PROGRAM;
    }
    diff_free(&d);
    return rc;
}

static int diff_body(void *o, CliRun *r)
{
    const DiffArgs *a = o;
    Measure m[2] = {{0}};
    int have = 0, rc = EXIT_OK;
    for (; have < 2 && rc == EXIT_OK; have++) rc = diff_measure(a, &r->l, have, &m[have]);
    if (rc == EXIT_OK) rc = diff_write(a, &r->l, m);
    else have--;
    for (int s = 0; s < have; s++) measure_free(&m[s]);
    return rc;
}

const CliSteps cli_cmd_diff = {.opts = diff_opts, .groups = CLI_GROUP_COMMON | CLI_GROUP_SIM, .size = sizeof(DiffArgs),
                               .init = diff_init, .option = diff_option, .check = diff_check, .load = CLI_LOAD_EVAL,
                               .body = diff_body, .later_bytes = 52};
