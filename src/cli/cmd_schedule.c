/*
 * cmd_schedule.c — `pml schedule FILE [-D name=N]… [--sched=POLICY] [-p N]
 * [--coarse] [--seed S] [--units UNITS] [--no-queue-space] [-o PATH]
 * [--plot timeline.svg]`: one schedule in full, as JSON
 * (docs/output-formats.md): for every node the step and processor that
 * visited it, and the heap and scheduler-queue space after every step;
 * --plot draws the processor timeline instead (with -o, both).
 */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "measure.h"
#include "sched.h"
#include "textout.h"
#include "timeline.h"

typedef struct SchedArgs {
    const char *out, *plot;
    SchedOptions so;
    Units units;
    int with_queue;
} SchedArgs;

static const CliOpt schedule_opts[] = {
    {'o', NULL, "PATH", "write the schedule to PATH (default '-': standard output, unless --plot)",
     CLI_AT(CLI_OUTPUT, SchedArgs, out)},
    {CLI_OWN, "plot", "timeline.svg", "draw the processor timeline (.svg, .png or .pdf) instead of the JSON; "
                                      "with -o as well, both", CLI_AT(CLI_PICTURE, SchedArgs, plot)},
    {0},
};

/* One schedule: EXIT_OK, or EXIT_USAGE after saying why. */
static int schedule_check(void *o, CliRun *r)
{
    SchedArgs *a = o;
    const SimOpts *sim = &r->sim;
    if (!a->out && !a->plot) a->out = "-";
    if (sim->npolicies > 1 || sim->nprocs > 1) {
        cli_usage_error("pml schedule writes one schedule: give one policy and one P");
        return EXIT_USAGE;
    }
    a->so = cli_sched_options(sim, sim->npolicies ? sim->policies[0] : sched_policy_names[0],
                              sim->nprocs ? sim->procs[0] : 1);
    a->units = sim->units;
    a->with_queue = !sim->no_queue;
    return EXIT_OK;
}

/* name: [a[first], ..., a[last]] of uint32 or uint64 values. */
static void json_u32s(FILE *f, const char *name, const uint32_t *a, size_t first, size_t last)
{
    fprintf(f, "  \"%s\": [", name);
    for (size_t i = first; i <= last && last >= first; i++) fprintf(f, i > first ? ",%u" : "%u", a[i]);
    fputs("],\n", f);
}

static void json_u64s(FILE *f, const char *name, const uint64_t *a, size_t n, const char *end)
{
    fprintf(f, "  \"%s\": [", name);
    for (size_t i = 0; i < n; i++) fprintf(f, i ? ",%llu" : "%llu", (unsigned long long)a[i]);
    fprintf(f, "]%s\n", end);
}

void cli_write_schedule(FILE *f, const char *policy, int coarse, uint64_t seed, Units units, int with_queue,
                        const Graph *g, const Schedule *s, const SpaceProfile *p)
{
    json_open(f, "schedule");
    fputs("\n  \"policy\": ", f);
    fprintf(f, "\"%s\", \"P\": %u, \"coarse\": %s, \"seed\": %llu,\n", policy, s->P,
            coarse ? "true" : "false", (unsigned long long)seed);
    fprintf(f, "  \"units\": \"%s\", \"with_queue\": %s,\n", space_units_names[units],
            with_queue ? "true" : "false");
    fprintf(f, "  \"nodes\": %u, \"steps\": %u, \"idle\": %llu, \"hwm\": %llu, \"hwm_step\": %u,\n", graph_nodes(g), s->T,
            (unsigned long long)s->idle, (unsigned long long)p->hwm, p->hwm_step);
    json_u32s(f, "step", s->step, 1, graph_nodes(g));
    fputs("  \"proc\": [", f);
    for (uint32_t v = 1; v <= graph_nodes(g); v++) fprintf(f, v > 1 ? ",%u" : "%u", sched_proc(s, v));
    fputs("],\n", f);
    json_u64s(f, "heap", p->heap, (size_t)s->T + 1, ",");
    fputs("  \"queue\": [", f);
    for (size_t i = 0; i <= s->T; i++) fprintf(f, i ? ",%u" : "%u", p->queue[i]);
    fputs("]\n", f);
    fputs("}\n", f);
}

/* --plot: the processor timeline, titled with the file and the schedule. */
static int schedule_plot(const SchedArgs *a, const CliRun *r, const Schedule *s)
{
    char title[300], msg[256];
    const char *base = strrchr(r->file, '/') ? strrchr(r->file, '/') + 1 : r->file;
    snprintf(title, sizeof title, "%s, %s, P=%u: %u steps, %llu delay, %llu no-work", base, a->so.policy,
             s->P, s->T, (unsigned long long)s->delay, (unsigned long long)s->nowork);
    return cli_plot_said(timeline_plot(a->plot, r->l.prog, &r->l.src, &r->l.run.g, s, title, msg, sizeof msg), msg);
}

static int schedule_body(void *o, CliRun *r)
{
    const SchedArgs *a = o;
    const Graph *g = &r->l.run.g;
    MeasureOptions mo = measure_options(0);
    Measure m;
    char msg[256];
    mo.sched = a->so;
    mo.units = a->units;
    mo.with_queue = a->with_queue;
    mo.by = MEASURE_NO_HOLDERS;
    if (measure_run(g, &mo, &m, msg, sizeof msg)) { fprintf(stderr, "pml: error: %s\n", msg); return EXIT_PROGRAM; }
    OutFile f;
    int rc = EXIT_OK;
    if (a->out) {
        rc = EXIT_PROGRAM;
        if (outfile_open(&f, a->out) == 0) {
            cli_write_schedule(f.f, a->so.policy, a->so.coarse, a->so.seed, a->units, a->with_queue, g, &m.sched, &m.space);
            rc = outfile_commit(&f) == 0 ? EXIT_OK : EXIT_PROGRAM;
        }
    }
    if (rc == EXIT_OK && a->plot) rc = schedule_plot(a, r, &m.sched);
    measure_free(&m);
    return rc;
}

const CliSteps cli_cmd_schedule = {.opts = schedule_opts, .groups = CLI_GROUP_COMMON | CLI_GROUP_SIM,
                                   .size = sizeof(SchedArgs), .check = schedule_check,
                                   .load = CLI_LOAD_EVAL, .body = schedule_body, .later_bytes = 28};
