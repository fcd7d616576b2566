/*
 * cmd_schedule.c — `pml schedule FILE [-D name=N]… [--sched=POLICY] [-p N]
 * [--coarse] [--seed S] [--units words|nodes] [--no-queue-space] [-o PATH]`:
 * one schedule in full, as JSON (docs/output-formats.md): for every node
 * the step and processor that visited it, and the heap and scheduler-queue
 * space after every step.
 */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "roots_space.h"
#include "sched.h"

typedef struct SchedArgs {
    CommonOpts common;
    const char *file, *out;
    SchedOptions so;
    Units units;
    int with_queue;
} SchedArgs;

static void schedule_usage(FILE *f)
{
    fputs("usage: pml schedule FILE [-D name=N]... [--sched=df|bf|ws] [-p N] [--coarse] [--seed S]\n"
          "                     [--units words|nodes] [--no-queue-space] [-o PATH]\n"
          "  One schedule as JSON: each node's step and processor, and the heap and\n"
          "  scheduler-queue space after every step.\n", f);
}

/* "--name V", "--name=V", "-xV": 1 with *val set, 0 if not this option, -1 on error. */
static int opt_value(int argc, char **argv, int *i, const char *name, const char **val)
{
    const char *a = argv[*i];
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0) return 0;
    if (a[n] == '=' || (a[n] != 0 && n == 2)) { *val = a + n + (a[n] == '='); return 1; }
    if (a[n] != 0) return 0;
    if (*i + 1 >= argc) { cli_usage_error("%s needs a value", name); return -1; }
    *val = argv[++*i];
    return 1;
}

static int policy_known(const char *p)
{
    for (const char *const *n = sched_policy_names; *n; n++)
        if (strcmp(*n, p) == 0) return 1;
    return 0;
}

/* One option with a value; 1 if consumed, 0 if not ours, -1 on error. */
static int schedule_value_option(SchedArgs *a, int argc, char **argv, int *i)
{
    const char *v;
    uint64_t x;
    int r;
    if ((r = opt_value(argc, argv, i, "--sched", &v)) != 0) {
        if (r > 0 && !policy_known(v)) { cli_usage_error("--sched: df, bf or ws (one policy), not '%s'", v); r = -1; }
        return r < 0 ? -1 : (a->so.policy = v, 1);
    }
    if ((r = opt_value(argc, argv, i, "-o", &v)) != 0) return r < 0 ? -1 : (a->out = v, 1);
    if ((r = opt_value(argc, argv, i, "-p", &v)) != 0) {
        if (r > 0 && (cli_parse_u64(v, &x) || x < 1 || x > UINT32_MAX)) { cli_usage_error("-p: expected a number >= 1, got '%s'", v); r = -1; }
        return r < 0 ? -1 : (a->so.P = (uint32_t)x, 1);
    }
    if ((r = opt_value(argc, argv, i, "--seed", &v)) != 0) {
        if (r > 0 && cli_parse_u64(v, &a->so.seed)) { cli_usage_error("--seed: bad number '%s'", v); r = -1; }
        return r;
    }
    if ((r = opt_value(argc, argv, i, "--units", &v)) != 0) {
        if (r > 0 && strcmp(v, "words") && strcmp(v, "nodes")) { cli_usage_error("--units: words or nodes, not '%s'", v); r = -1; }
        return r < 0 ? -1 : (a->units = strcmp(v, "nodes") == 0 ? UNITS_NODES : UNITS_WORDS, 1);
    }
    return 0;
}

/* EXIT_OK, EXIT_USAGE, or -1 after printing the help. */
static int schedule_parse(SchedArgs *a, int argc, char **argv)
{
    memset(a, 0, sizeof *a);
    cli_common_init(&a->common);
    a->so.policy = "df";
    a->so.P = 1;
    a->with_queue = 1;
    a->out = "-";
    for (int i = 1; i < argc; i++) {
        int r = cli_common_option(&a->common, argc, argv, &i);
        if (r == 0) r = schedule_value_option(a, argc, argv, &i);
        if (r == 0 && strcmp(argv[i], "--coarse") == 0) r = a->so.coarse = 1;
        if (r == 0 && strcmp(argv[i], "--no-queue-space") == 0) { a->with_queue = 0; r = 1; }
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) { schedule_usage(stdout); return -1; }
        if (argv[i][0] == '-' && argv[i][1]) { cli_usage_error("pml schedule: unknown option '%s'", argv[i]); return EXIT_USAGE; }
        if (a->file) { cli_usage_error("pml schedule: one FILE only ('%s' and '%s')", a->file, argv[i]); return EXIT_USAGE; }
        a->file = argv[i];
    }
    if (!a->file) { cli_usage_error("pml schedule: which FILE?"); return EXIT_USAGE; }
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

static void write_schedule(FILE *f, const SchedArgs *a, const Graph *g, const Schedule *s,
                           const SpaceProfile *p)
{
    fputs("{\n  \"policy\": ", f);
    fprintf(f, "\"%s\", \"P\": %u, \"coarse\": %s, \"seed\": %llu,\n", a->so.policy, s->P,
            a->so.coarse ? "true" : "false", (unsigned long long)a->so.seed);
    fprintf(f, "  \"units\": \"%s\", \"with_queue\": %s,\n", a->units == UNITS_NODES ? "nodes" : "words",
            a->with_queue ? "true" : "false");
    fprintf(f, "  \"nodes\": %u, \"steps\": %u, \"idle\": %llu, \"hwm\": %llu, \"hwm_step\": %u,\n", g->n, s->T,
            (unsigned long long)s->idle, (unsigned long long)p->hwm, p->hwm_step);
    json_u32s(f, "step", s->step, 1, g->n);
    json_u32s(f, "proc", s->proc, 1, g->n);
    json_u64s(f, "heap", p->heap, (size_t)s->T + 1, ",");
    json_u64s(f, "queue", p->queue, (size_t)s->T + 1, "");
    fputs("}\n", f);
}

static int schedule_write(const SchedArgs *a, const Graph *g)
{
    Schedule s;
    SpaceProfile p;
    char msg[256];
    if (sched_run(g, &a->so, &s, msg, sizeof msg)) { fprintf(stderr, "pml: error: %s\n", msg); return EXIT_PROGRAM; }
    if (space_profile(g, &s, a->units, a->with_queue, &p)) {
        fprintf(stderr, "pml: error: out of memory while measuring space\n");
        sched_free(&s);
        return EXIT_PROGRAM;
    }
    OutFile o;
    int rc = EXIT_PROGRAM;
    if (out_open(&o, a->out) == 0) {
        write_schedule(o.f, a, g, &s, &p);
        rc = out_commit(&o) == 0 ? EXIT_OK : EXIT_PROGRAM;
    }
    space_free(&p);
    sched_free(&s);
    return rc;
}

int cmd_schedule(int argc, char **argv)
{
    SchedArgs a;
    int rc = schedule_parse(&a, argc, argv);
    if (rc < 0) return EXIT_OK;
    if (rc != EXIT_OK) return rc;
    Loaded l;
    rc = cli_load(a.file, &a.common, 1, &l);
    if (rc == EXIT_OK) rc = schedule_write(&a, &l.run.g);
    cli_unload(&l);
    return rc;
}
