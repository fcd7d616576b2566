/*
 * cmd_dot.c — `pml dot`: the distilled cost graphs as Graphviz DOT, plain
 * or at a schedule's high-water mark, optionally rendered by Graphviz's
 * `dot` (paper §4.2; docs/distill.md).
 *
 *   pml dot FILE [-D name=N]… [--sched=POLICY [-p N] [--coarse] [--seed S]
 *               [--units UNITS] [--no-queue-space] [--step I]]
 *               [--max-shown N | --all] [--min-share PCT] [--label-top K]
 *               [--raw] [--labels] [--fast-layout] [-o PATH] [--render svg|png|pdf]
 *
 * The budget: at most N nodes shown (default DISTILL_MAX_SHOWN), heap edges
 * under PCT% (default 0.2) of the space (or of the edges) and past the 2N
 * heaviest not drawn; --all lifts both (with a warning on big graphs).
 *
 * Where the output goes:
 *   no -o            DOT on stdout; with --render FMT the image on stdout
 *                    (png/pdf refused on a terminal);
 *   -o X.svg|png|pdf the image only (the format follows the extension);
 *   -o X (other)     DOT to X; with --render FMT also the image to X with
 *                    its extension replaced by .FMT (qs.dot -> qs.svg).
 * Every file is written whole or not at all (outfile_open/outfile_commit): if the
 * program, the schedule or Graphviz fails, no file is created or changed.
 * PML_DOT names another Graphviz binary than `dot`.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "distill.h"
#include "measure.h"

typedef struct DotArgs {
    const char *out, *render;
    SchedOptions so;
    int have_p, have_step, raw, labels, no_queue, fast, all;
    uint32_t max_shown, label_top;  /* the budget (--max-shown, --all), --label-top */
    double min_share;               /* --min-share, as a fraction */
    Units units;
    uint32_t step;
} DotArgs;

enum { OPT_RENDER = CLI_OWN, OPT_STEP, OPT_MAX_SHOWN, OPT_LABEL_TOP, OPT_MIN_SHARE, OPT_ALL, OPT_RAW,
       OPT_LABELS, OPT_FAST };

static const CliOpt dot_opts[] = {
    {'o', NULL, "PATH", "DOT to PATH, or with .svg/.png/.pdf the image only (default '-')", CLI_AT(CLI_OUTPUT, DotArgs, out)},
    {OPT_RENDER, "render", "svg|png|pdf", "also render with Graphviz's dot", CLI_AT(CLI_TEXT, DotArgs, render)},
    {OPT_STEP, "step", "I", "with --sched: draw step I, not the high-water mark", CLI_CODE},
    {OPT_MAX_SHOWN, "max-shown", "N", "coarsen the picture to about N nodes", CLI_RANGE(CLI_U32, DotArgs, max_shown, 1, UINT32_MAX)},
    {OPT_ALL, "all", NULL, "draw every node and heap edge (slow to lay out on big graphs)", CLI_AT(CLI_FLAG, DotArgs, all)},
    {OPT_MIN_SHARE, "min-share", "PCT", "leave out heap edges under PCT% of the space (default 0.2)", CLI_CODE},
    {OPT_LABEL_TOP, "label-top", "K", "label the K heaviest heap edges", CLI_RANGE(CLI_U32, DotArgs, label_top, 0, UINT32_MAX)},
    {OPT_RAW, "raw", NULL, "the cost graphs as they are, not distilled", CLI_AT(CLI_FLAG, DotArgs, raw)},
    {OPT_LABELS, "labels", NULL, "label nodes with their source expressions", CLI_AT(CLI_FLAG, DotArgs, labels)},
    {OPT_FAST, "fast-layout", NULL, "a quicker, plainer layout", CLI_AT(CLI_FLAG, DotArgs, fast)},
    {0},
};

/* --min-share P: a percentage 0..100, kept as a fraction. */
static int parse_percent(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end || errno || !(v >= 0 && v <= 100)) {
        cli_usage_error("--min-share: expected a percentage 0..100, got '%s'", s);
        return -1;
    }
    *out = v / 100;
    return 0;
}

/* --all on a graph that Graphviz would take minutes over: say so. */
static void dot_warn_all(const DotArgs *a, const Distilled *d)
{
    if (!(a->all || a->raw) || (d->n <= 4 * DISTILL_MAX_SHOWN && d->nh <= 8 * DISTILL_MAX_SHOWN)) return;
    fprintf(stderr, "pml dot: warning: %s draws all %u nodes and %zu heap edges; Graphviz may take"
            " minutes (or hours) to lay out that many.  Without it pml coarsens the picture to about"
            " %u nodes (--max-shown N) and leaves out the lightest heap edges, which lays out in"
            " seconds.\n", a->raw ? "--raw" : "--all", d->n, d->nh, DISTILL_MAX_SHOWN);
}

/* --step and --min-share, the options the table cannot take: 0, or -1 after a usage error. */
static int dot_option(void *o, CliArgs *ca, int key)
{
    DotArgs *a = o;
    const char *v = ca->arg;
    switch (key) {
    case OPT_STEP: a->have_step = 1; return cli_number32("--step", v, 0, UINT32_MAX, &a->step);
    case OPT_MIN_SHARE: return parse_percent(v, &a->min_share);
    }
    return 0;
}

/* The simulation options: dot draws one schedule. */
static int dot_sim(DotArgs *a, const SimOpts *sim)
{
    if (sim->npolicies > 1 || sim->nprocs > 1) {
        cli_usage_error("pml dot draws one schedule: give one policy and one P");
        return EXIT_USAGE;
    }
    a->have_p = sim->nprocs > 0;
    a->so = cli_sched_options(sim, sim->npolicies ? sim->policies[0] : NULL, a->have_p ? sim->procs[0] : 1);
    a->units = sim->units;
    a->no_queue = sim->no_queue;
    return EXIT_OK;
}

static const char *ext_of(const char *path)
{
    const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
    return dot && (!slash || dot > slash) ? dot + 1 : NULL;
}

static int image_format(const char *f)
{
    return f && (!strcmp(f, "svg") || !strcmp(f, "png") || !strcmp(f, "pdf"));
}

/* Checks the combinations; EXIT_OK or EXIT_USAGE. */
static int dot_check_args(DotArgs *a)
{
    /* without a schedule these would change nothing */
    if (!a->so.policy && (a->have_p || a->have_step || a->so.coarse || a->no_queue || a->units || a->so.seed ||
                          a->so.fork_cost || a->so.steal_cost)) {
        cli_usage_error("-p, --step, --coarse, --seed, --units, --no-queue-space, --fork-cost and --steal-cost "
                        "need --sched=POLICY");
        return EXIT_USAGE;
    }
    if (a->render && !image_format(a->render)) {
        cli_usage_error("--render: svg, png or pdf, not '%s'", a->render);
        return EXIT_USAGE;
    }
    const char *ext = a->out ? ext_of(a->out) : NULL;
    if (image_format(ext)) {
        if (a->render && strcmp(a->render, ext)) {
            cli_usage_error("-o %s and --render %s disagree", a->out, a->render);
            return EXIT_USAGE;
        }
        a->render = ext;
    }
    int to_stdout = !a->out || strcmp(a->out, "-") == 0;
    if (a->render && to_stdout && strcmp(a->render, "svg") && isatty(STDOUT_FILENO)) {
        cli_usage_error("not writing %s to a terminal: use -o FILE.%s", a->render, a->render);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

static void dot_init(void *o)
{
    DotArgs *a = o;
    a->max_shown = DISTILL_MAX_SHOWN;
    a->min_share = DISTILL_MIN_SHARE;
}

static int dot_check(void *o, CliRun *r)
{
    DotArgs *a = o;
    return dot_sim(a, &r->sim) != EXIT_OK || dot_check_args(a) != EXIT_OK ? EXIT_USAGE : EXIT_OK;
}

/* ---- schedule and caption ------------------------------------------------- */

/* Schedules and attributes the space at the step to draw: EXIT_OK,
 * EXIT_PROGRAM or EXIT_USAGE.  r is to be freed (measure_free) either way. */
static int dot_schedule(const DotArgs *a, const Graph *g, Measure *r, double *result_share, DistillOptions *o)
{
    char msg[256];
    MeasureOptions mo = measure_options(0);
    mo.sched = a->so;
    mo.units = a->units;
    mo.with_queue = !a->no_queue;
    mo.by = MEASURE_NO_HOLDERS;
    if (measure_run(g, &mo, r, msg, sizeof msg)) {
        fprintf(stderr, "pml dot: %s\n", msg);
        return EXIT_PROGRAM;
    }
    uint32_t step = a->have_step ? a->step : r->hwm_step;
    if (step > r->T) {
        fprintf(stderr, "pml dot: --step %u is past the last step (%u)\n", step, r->T);
        return EXIT_USAGE;
    }
    SpaceAttrib *at = measure_attrib(r);
    int approx;
    if (!at || space_attrib_use(at, step, &o->share, result_share, &approx)) {
        fprintf(stderr, "pml dot: out of memory attributing the space\n");
        return EXIT_PROGRAM;
    }
    o->sched = &r->sched;
    o->step = step;
    return EXIT_OK;
}

/* The title line, "matmul.pml n=4", and, scheduled, the policy, the step
 * drawn and the mark; then the sizes and the space at the step. */
static void dot_caption(const DotArgs *a, const CliRun *run, const Measure *r, double result_share,
                        const DistillOptions *o, const Distilled *d, char *buf, size_t cap)
{
    const char *base = strrchr(run->file, '/');
    const char *units = space_units_names[a->units];
    const EvalOptions *eo = &run->common.eo;
    size_t k = (size_t)snprintf(buf, cap, "%s", base ? base + 1 : run->file);
    for (uint32_t j = 0; j < eo->nparams && k < cap; j++)
        k += (size_t)snprintf(buf + k, cap - k, " %s=%lld", eo->params[j].name, (long long)eo->params[j].value);
    if (a->raw && k < cap) k += (size_t)snprintf(buf + k, cap - k, " (raw)");
    if (o->sched && k < cap)
        k += (size_t)snprintf(buf + k, cap - k, ": %s on P=%u%s, step %u of %u", a->so.policy, a->so.P,
                              a->so.coarse ? " (coarse)" : "", o->step, r->T);
    if (o->sched && !a->have_step && k < cap)
        k += (size_t)snprintf(buf + k, cap - k, ", the high-water mark (%llu %s)",
                              (unsigned long long)r->hwm, units);
    if (k < cap)
        k += (size_t)snprintf(buf + k, cap - k, "\nwork %u nodes, span %llu", d->orig_nodes,
                              (unsigned long long)graph_span(&run->l.run.g));
    if (!o->sched || k >= cap) return;
    const SpaceProfile *sp = &r->space;
    k += (size_t)snprintf(buf + k, cap - k, "; at step %u: heap %llu %s (black edges %.6g",
                          o->step, (unsigned long long)sp->heap[o->step], units, d->root_weight);
    if (result_share > 0 && k < cap)
        k += (size_t)snprintf(buf + k, cap - k, ", the result alone %.6g", result_share);
    if (k < cap)
        snprintf(buf + k, cap - k, "), scheduler queue %llu", (unsigned long long)sp->queue[o->step]);
}

/* ---- output ---------------------------------------------------------------- */

/* X.dot -> X.svg; X -> X.svg. */
static char *image_path(const char *out, const char *fmt)
{
    const char *ext = ext_of(out);
    size_t stem = ext ? (size_t)(ext - 1 - out) : strlen(out);
    char *p = malloc(stem + strlen(fmt) + 2);
    if (p) sprintf(p, "%.*s.%s", (int)stem, out, fmt);
    return p;
}

/* Writes the DOT and/or the image, all files or none. */
static int dot_write(const DotArgs *a, const char *dot, size_t len)
{
    const char *out = a->out ? a->out : "-";
    int image_only = a->render && (!a->out || strcmp(out, "-") == 0 || image_format(ext_of(out)));
    char *img = a->render && !image_only ? image_path(out, a->render) : NULL;
    OutFile df = {0}, imf = {0};
    int have_df = 0, have_imf = 0, rc = EXIT_PROGRAM;
    if (!image_only) {
        if (outfile_open(&df, out)) goto done;
        have_df = 1;
        fwrite(dot, 1, len, df.f); /* a failed write is outfile_commit's to report */
    }
    if (a->render) {
        if (outfile_open(&imf, image_only ? out : img)) goto done;
        have_imf = 1;
        if (cli_graphviz(dot, len, a->render, imf.f)) goto done;
    }
    rc = EXIT_OK;
done:
    if (rc == EXIT_OK && have_df) { have_df = 0; if (outfile_commit(&df)) rc = EXIT_PROGRAM; }
    if (rc == EXIT_OK && have_imf) { have_imf = 0; if (outfile_commit(&imf)) rc = EXIT_PROGRAM; }
    if (have_df) outfile_abort(&df);
    if (have_imf) outfile_abort(&imf);
    free(img);
    return rc;
}

/* Distills and draws into a memory buffer; EXIT_OK or EXIT_PROGRAM. */
static int dot_build(const DotArgs *a, const CliRun *run, char **buf, size_t *len)
{
    const Loaded *l = &run->l;
    DistillOptions o = { .raw = a->raw };
    if (!a->all && !a->raw) {
        o.max_shown = a->max_shown;
        o.min_share = a->min_share;
        o.max_heap = 2 * (size_t)a->max_shown;
        o.max_span = DISTILL_MAX_SPAN;
    }
    Measure r = {0};
    double result_share = 0;
    Distilled d;
    char caption[512];
    int rc = a->so.policy ? dot_schedule(a, &l->run.g, &r, &result_share, &o) : EXIT_OK;
    if (rc != EXIT_OK) { measure_free(&r); return rc; }
    if (distill(&l->run.g, &o, &d)) {
        fprintf(stderr, "pml dot: out of memory distilling the graph\n");
        measure_free(&r);
        return EXIT_PROGRAM;
    }
    dot_caption(a, run, &r, result_share, &o, &d, caption, sizeof caption);
    /* raw graphs are large: laying heap edges out among the nodes takes
     * dot minutes there, so --raw implies --fast-layout */
    DotOptions dopt = { l->run.annots, l->run.nannots, &l->src, caption, a->labels,
                        a->label_top, o.min_share, a->fast || a->raw };
    dot_warn_all(a, &d);
    FILE *f = open_memstream(buf, len);
    int bad = !f || distill_write_dot(&d, &dopt, f);
    if ((f && fclose(f)) || bad) {
        fprintf(stderr, "pml dot: out of memory writing DOT\n");
        rc = EXIT_PROGRAM;
    }
    distill_free(&d);
    measure_free(&r);
    return rc;
}

static int dot_body(void *o, CliRun *r)
{
    char *buf = NULL;
    size_t len = 0;
    int rc = dot_build(o, r, &buf, &len);
    if (rc == EXIT_OK) rc = dot_write(o, buf, len);
    free(buf);
    return rc;
}

const CliSteps cli_cmd_dot = {.opts = dot_opts, .groups = CLI_GROUP_COMMON | CLI_GROUP_SIM, .size = sizeof(DotArgs),
                              .init = dot_init, .option = dot_option, .check = dot_check, .load = CLI_LOAD_EVAL,
                              .body = dot_body, .later_bytes = 24};
