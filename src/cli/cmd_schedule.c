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
#include "timeline.h"

typedef struct SchedArgs {
    CommonOpts common;
    const char *file, *out, *plot;
    SchedOptions so;
    Units units;
    int with_queue;
} SchedArgs;

enum { OPT_PLOT = CLI_OWN };

static const CliOpt schedule_opts[] = {
    {'o', NULL, "PATH", "write the schedule to PATH (default '-': standard output, unless --plot)"},
    {OPT_PLOT, "plot", "timeline.svg", "draw the processor timeline (.svg, .png or .pdf) instead of the JSON; "
                                       "with -o as well, both"},
    {0, NULL, NULL, NULL},
};

/* -o, --plot: 0, or -1 after a usage error. */
static int schedule_option(void *ctx, CliArgs *ca, int key)
{
    SchedArgs *a = ctx;
    if (key == 'o') return cli_output_option(&a->out, ca, key);
    a->plot = ca->arg;
    return cli_picture_path("--plot", ca->arg);
}

/* EXIT_OK, or a parse's stop status (CLI_BAD, CLI_HELP). */
static int schedule_parse(SchedArgs *a, int argc, char **argv)
{
    SimOpts sim = {0};
    memset(a, 0, sizeof *a);
    cli_common_init(&a->common);
    int k = cli_parse(&cli_cmd_schedule, argc, argv, &a->common, &sim, schedule_option, a, &a->file);
    if (k != CLI_END) return k;
    if (!a->out && !a->plot) a->out = "-";
    if (sim.npolicies > 1 || sim.nprocs > 1) {
        cli_usage_error("pml schedule writes one schedule: give one policy and one P");
        return CLI_BAD;
    }
    a->so.policy = sim.npolicies ? sim.policies[0] : sched_policy_names[0];
    a->so.P = sim.nprocs ? sim.procs[0] : 1;
    a->so.coarse = sim.coarse;
    a->so.fork_cost = sim.fork_cost;
    a->so.steal_cost = sim.steal_cost;
    a->so.seed = sim.seed;
    a->units = sim.units_nodes ? UNITS_NODES : UNITS_WORDS;
    a->with_queue = !sim.no_queue;
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
    fputs("{\n  \"policy\": ", f);
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

static int schedule_write(const SchedArgs *a, const Loaded *l)
{
    const Graph *g = &l->run.g;
    MeasureOptions mo = measure_options(0);
    Measure m;
    char msg[256];
    mo.sched = a->so;
    mo.units = a->units;
    mo.with_queue = a->with_queue;
    mo.by = MEASURE_NO_HOLDERS;
    if (measure_run(g, &mo, &m, msg, sizeof msg)) { fprintf(stderr, "pml: error: %s\n", msg); return EXIT_PROGRAM; }
    OutFile o;
    int rc = EXIT_OK;
    if (a->out) {
        rc = EXIT_PROGRAM;
        if (outfile_open(&o, a->out) == 0) {
            cli_write_schedule(o.f, a->so.policy, a->so.coarse, a->so.seed, a->units, a->with_queue, g, &m.sched, &m.space);
            rc = outfile_commit(&o) == 0 ? EXIT_OK : EXIT_PROGRAM;
        }
    }
    if (rc == EXIT_OK && a->plot) {
        char title[300];
        const char *base = strrchr(a->file, '/') ? strrchr(a->file, '/') + 1 : a->file;
        snprintf(title, sizeof title, "%s, %s, P=%u: %u steps, %llu delay, %llu no-work", base, a->so.policy,
                 m.sched.P, m.sched.T, (unsigned long long)m.sched.delay, (unsigned long long)m.sched.nowork);
        int r = timeline_plot(a->plot, l->prog, &l->src, g, &m.sched, title, msg, sizeof msg);
        if (r) fprintf(stderr, "pml: %s: %s\n", r < 0 ? "error" : "note", msg);
        if (r < 0) rc = EXIT_PROGRAM;
    }
    measure_free(&m);
    return rc;
}

static int cmd_schedule(int argc, char **argv)
{
    SchedArgs a;
    int rc = schedule_parse(&a, argc, argv);
    if (rc != EXIT_OK) return CLI_STOP_STATUS(rc);
    Loaded l;
    rc = cli_load(a.file, &a.common, 1, &l);
    if (rc == EXIT_OK) rc = schedule_write(&a, &l);
    cli_unload(&l);
    return rc;
}

const CliCommand cli_cmd_schedule = {
    "schedule", cmd_schedule, "FILE [options]", "one schedule and its space at every step, as JSON",
    "One schedule as JSON (docs/output-formats.md): each node's step and processor,\n"
    "and the heap and scheduler-queue space after every step.",
    "pml schedule examples/fib.pml -D n=10 --sched ws -p 2 -o s.json",
    CLI_GROUP_COMMON | CLI_GROUP_SIM, schedule_opts,
};
