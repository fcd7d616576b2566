/*
 * cmd_diff.c — `pml diff`: two schedules of one program compared
 * (docs/diff.md): the space curves on one step axis and the difference of
 * the high-water marks broken down by source site.
 *
 *   pml diff FILE [-D name=N]... --sched=POLICY [-p N] [--coarse] [--seed S]
 *            --vs --sched=POLICY [-p N] [--coarse] [--seed S]
 *            [--units words|nodes] [--no-queue-space] [--top K]
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
    CommonOpts common;
    const char *file, *out;
    SimOpts sim[2];
    int have_vs, json;
    uint32_t top;
} DiffArgs;

static void diff_usage(FILE *f)
{
    fputs("usage: pml diff FILE [-D name=N]... --sched=POLICY [-p N] [--coarse] [--seed S]\n"
          "                --vs --sched=POLICY [-p N] [--coarse] [--seed S]\n"
          "                [--units words|nodes] [--no-queue-space] [--top K]\n"
          "                [--format text|json] [-o PATH]\n"
          "  Two schedules compared: their space curves on one step axis, and the\n"
          "  difference of their high-water marks by source site (the sites' deltas\n"
          "  add up to the difference).\n", f);
}

/* diff's own options: 1 consumed, 0 not ours, -1 error. */
static int diff_option(DiffArgs *a, int argc, char **argv, int *i)
{
    const char *v;
    int r;
    if ((r = cli_option_value(argc, argv, i, "-o", &v)) != 0) return r < 0 ? r : (a->out = v, 1);
    if ((r = cli_option_value(argc, argv, i, "--format", &v)) != 0) {
        if (r < 0) return r;
        if (strcmp(v, "text") && strcmp(v, "json")) { cli_usage_error("--format: text or json, not '%s'", v); return -1; }
        a->json = !strcmp(v, "json");
        return 1;
    }
    if ((r = cli_option_value(argc, argv, i, "--top", &v)) != 0) {
        uint64_t k;
        if (r < 0) return r;
        if (cli_parse_u64(v, &k) || k > UINT32_MAX) { cli_usage_error("--top: expected a number, got '%s'", v); return -1; }
        a->top = (uint32_t)k;
        return 1;
    }
    if (!strcmp(argv[*i], "--vs")) {
        if (a->have_vs) { cli_usage_error("pml diff: --vs once only"); return -1; }
        return a->have_vs = 1;
    }
    return 0;
}

/* One side's schedule options; EXIT_OK or EXIT_USAGE. */
static int side_options(const SimOpts *s, const char *side, SchedOptions *so)
{
    if (s->npolicies != 1 || s->nprocs > 1) {
        cli_usage_error("pml diff: give side %s one --sched=POLICY (and at most one -p)", side);
        return EXIT_USAGE;
    }
    so->policy = s->policies[0];
    so->P = s->nprocs ? s->procs[0] : 1;
    so->coarse = s->coarse;
    so->seed = s->seed;
    return EXIT_OK;
}

/* EXIT_OK, EXIT_USAGE, or -1 after printing the help. */
static int diff_parse(DiffArgs *a, int argc, char **argv)
{
    memset(a, 0, sizeof *a);
    cli_common_init(&a->common);
    a->out = "-";
    a->top = 10;
    for (int i = 1; i < argc; i++) {
        int r = cli_common_option(&a->common, argc, argv, &i);
        if (r == 0) r = diff_option(a, argc, argv, &i);
        if (r == 0) r = cli_sim_option(&a->sim[a->have_vs], argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) { diff_usage(stdout); return -1; }
        if (argv[i][0] == '-' && argv[i][1]) { cli_usage_error("pml diff: unknown option '%s'", argv[i]); return EXIT_USAGE; }
        if (a->file) { cli_usage_error("pml diff: one FILE only ('%s' and '%s')", a->file, argv[i]); return EXIT_USAGE; }
        a->file = argv[i];
    }
    if (!a->file) { cli_usage_error("pml diff: which FILE?"); return EXIT_USAGE; }
    if (!a->have_vs) { cli_usage_error("pml diff: compare A --vs B (e.g. --sched=df -p 2 --vs --sched=bf -p 2)"); return EXIT_USAGE; }
    if (a->sim[0].units_nodes != a->sim[1].units_nodes || a->sim[0].no_queue != a->sim[1].no_queue) {
        cli_usage_error("pml diff: --units and --no-queue-space must be the same on both sides");
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* "bf, P=2" (and coarse, seed when given). */
static void side_name(const SimOpts *s, const SchedOptions *so, char *buf, size_t cap)
{
    int k = snprintf(buf, cap, "%s, P=%u", so->policy, so->P);
    if (so->coarse && k >= 0 && (size_t)k < cap) k += snprintf(buf + k, cap - k, ", coarse");
    if (s->seed && k >= 0 && (size_t)k < cap) snprintf(buf + k, cap - k, ", seed %llu", (unsigned long long)s->seed);
}

static int diff_measure(const DiffArgs *a, const Loaded *l, int side, Measure *m)
{
    MeasureOptions mo = measure_options(l->run.nannots);
    char msg[256];
    if (side_options(&a->sim[side], side ? "B" : "A", &mo.sched) != EXIT_OK) return EXIT_USAGE;
    mo.units = a->sim[0].units_nodes ? UNITS_NODES : UNITS_WORDS;
    mo.with_queue = !a->sim[0].no_queue;
    mo.by = MEASURE_BY_USE;
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
    char name[2][96];
    SchedOptions so[2] = {0};
    for (int s = 0; s < 2; s++) {
        side_options(&a->sim[s], "", &so[s]);
        side_name(&a->sim[s], &so[s], name[s], sizeof name[s]);
    }
    DiffOut o = { &l->run, &l->src, name[0], name[1], a->sim[0].units_nodes ? "nodes" : "words", a->top };
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

int cmd_diff(int argc, char **argv)
{
    DiffArgs a;
    int rc = diff_parse(&a, argc, argv);
    if (rc < 0) return EXIT_OK;
    if (rc != EXIT_OK) return rc;
    SchedOptions check;
    if (side_options(&a.sim[0], "A", &check) || side_options(&a.sim[1], "B", &check)) return EXIT_USAGE;
    Loaded l;
    if ((rc = cli_load(a.file, &a.common, 1, &l)) != EXIT_OK) return rc;
    Measure m[2] = {{0}};
    int have = 0;
    for (; have < 2 && rc == EXIT_OK; have++) rc = diff_measure(&a, &l, have, &m[have]);
    if (rc == EXIT_OK) rc = diff_write(&a, &l, m);
    else have--;
    for (int s = 0; s < have; s++) measure_free(&m[s]);
    cli_unload(&l);
    return rc;
}
