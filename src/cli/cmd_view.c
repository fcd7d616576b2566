/*
 * cmd_view.c — `pml view`: one self-contained, offline HTML page that steps
 * through one or two schedules of a program, or a ready lesson on one of
 * the paper's findings (docs/view.md).
 *
 *   pml view FILE [-D name=N]... [--sched=POLICY,POLICY] [-p N] [--coarse] [--seed S]
 *            [--units UNITS] [--no-queue-space] [--max-shown N] [--by B] [--group G] -o PAGE.html
 *   pml view --lesson NAME [-D name=N] -o PAGE.html      (--lesson list: the lessons)
 *
 * For each schedule (a panel): the distilled graph (pml dot's budget) at its
 * high-water mark, laid out by Graphviz and embedded as SVG, with each
 * coalesced node's function (timeline.h) for its label and the timeline's
 * colour; per sampled step the space (heap + queue, as `pml schedule`), the
 * ready tasks and which coalesced node each processor ran; the holders at up
 * to VIEW_HOLDER_SAMPLES steps and at every panel's mark (measure_holders_at,
 * as `pml run`).  Sites and functions are numbered across the whole page, so
 * that the page gives one site one colour in every panel.  The page's script
 * and style (src/out/view.js, view.css) and the lessons' programs are
 * compiled in.  No network, no external URL.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "distill.h"
#include "measure.h"
#include "report.h"
#include "sched.h"
#include "textout.h"
#include "timeline.h"

extern const char pml_view_js[], pml_view_css[];
extern const char pml_example_matmul[], pml_example_quicksort[], pml_example_quicksort_join[],
    pml_example_nqueens[];

enum { VIEW_MAX_STEPS = 4000, VIEW_HOLDER_SAMPLES = 120, VIEW_TOP_SITES = 6, VIEW_SWEEP_P = 4 };

/* ---- the lessons (docs/view.md) ------------------------------------------------ */

/* A lesson: two panels (a program, a policy, a P each) and what the page
 * says about them; the "what to look for" line is made from the data by
 * the page itself. */
typedef struct ViewPanelSpec {
    const char *program;    /* an example compiled in: "matmul" (examples/matmul.pml) */
    const char *policy;
    uint32_t P;
} ViewPanelSpec;

typedef struct ViewLesson {
    const char *name;
    const char *title;      /* the page's heading, with the paper's section */
    const char *text;       /* what the two panels show, for the class */
    const char *param;      /* its -D (a -D on the command line replaces it) */
    ViewPanelSpec panel[2];
    uint32_t sweep_P[VIEW_SWEEP_P]; /* also both policies' marks at these P (0: none) */
} ViewLesson;

static const ViewLesson view_lessons[] = {
    {"df-vs-bf", "Depth-first against breadth-first: matrix multiplication (paper \u00a72, Fig. 2; \u00a76.1, Fig. 10(a))",
     "The same program on the same two processors, scheduled two ways. Depth-first finishes one dot "
     "product before it starts the next; breadth-first starts every dot product of the matrix before it "
     "finishes any, and each started one holds its row, its column and reducei's closures until it ends.",
     "n=8", {{"matmul", "df", 2}, {"matmul", "bf", 2}}, {0}},
    {"quicksort-join", "Quicksort's quadratic space and the join that fixes it (paper \u00a76.1, Figs. 10(b), 11, 12)",
     "Two quicksorts of a reversed list, both depth-first on one processor. In A each branch of the "
     "parallel pair filters the input itself, so every pending right branch still holds its whole input "
     "list while the left branch runs: one list per level, quadratic space. B partitions first and joins "
     "before sorting: the input dies at the join and the space stays linear.",
     "n=32", {{"quicksort", "df", 1}, {"quicksort_join", "df", 1}}, {0}},
    {"ws-vs-df", "Work stealing against depth-first as processors are added (paper \u00a74.1, \u00a75.2, \u00a76.1)",
     "All solutions of n-queens on eight processors. Depth-first always runs the ready tasks that come "
     "first in the one-processor order; under work stealing each processor works through a subtree of its "
     "own and a thief starts a distant one, so each processor keeps its own partial placements alive. "
     "The table gives both marks as P grows.",
     "n=6", {{"nqueens", "df", 8}, {"nqueens", "ws", 8}}, {1, 2, 4, 8}},
};
enum { VIEW_NLESSONS = sizeof view_lessons / sizeof view_lessons[0] };

static const struct { const char *name; const char *text; } view_examples[] = {
    {"matmul", pml_example_matmul}, {"quicksort", pml_example_quicksort},
    {"quicksort_join", pml_example_quicksort_join}, {"nqueens", pml_example_nqueens},
};

static const char *example_text(const char *name)
{
    for (size_t i = 0; i < sizeof view_examples / sizeof view_examples[0]; i++)
        if (!strcmp(view_examples[i].name, name)) return view_examples[i].text;
    return NULL;
}

typedef struct ViewArgs {
    const char *out;
    uint32_t max_shown;
    const char *lesson_name;    /* --lesson */
    const ViewLesson *lesson;   /* from view_check on */
    const char *file;           /* the runner's, from view_check on (NULL with a lesson) */
    const CommonOpts *common;
    const SimOpts *sim;
    MeasureBy by;               /* --by, as pml run's (default use) */
    MeasureGroup group;         /* --group, as pml run's (default caller) */
} ViewArgs;

enum { OPT_MAX_SHOWN = CLI_OWN, OPT_LESSON, OPT_BY, OPT_GROUP };

static const CliOpt view_opts[] = {
    {'o', NULL, "PAGE.html", "where to write the page (required)", CLI_AT(CLI_OUTPUT, ViewArgs, out)},
    {OPT_MAX_SHOWN, "max-shown", "N", "draw about N coalesced nodes at most (pml dot's budget)", CLI_RANGE(CLI_U32, ViewArgs, max_shown, 1, 100000)},
    {OPT_LESSON, "lesson", "NAME", "a ready page on one of the paper's findings instead of FILE "
                                    "(df-vs-bf, quicksort-join, ws-vs-df; 'list' describes them)",
     CLI_AT(CLI_TEXT, ViewArgs, lesson_name)},
    CLI_BY_ROW(OPT_BY, ViewArgs, by),
    CLI_GROUP_ROW(OPT_GROUP, ViewArgs, group),
    {0},
};

static void view_init(void *o)
{
    ((ViewArgs *)o)->max_shown = DISTILL_MAX_SHOWN;
}

static void list_lessons(FILE *f)
{
    for (int i = 0; i < VIEW_NLESSONS; i++) fprintf(f, "%-15s %s\n", view_lessons[i].name, view_lessons[i].title);
}

/* A page, and one or two schedules, or a lesson: EXIT_OK, or EXIT_USAGE after saying why. */
static int view_check(void *o, CliRun *r)
{
    ViewArgs *a = o;
    a->file = r->file;
    a->common = &r->common;
    a->sim = &r->sim;
    if (a->lesson_name && !strcmp(a->lesson_name, "list")) return EXIT_OK;
    if (a->lesson_name) {
        for (int i = 0; i < VIEW_NLESSONS; i++)
            if (!strcmp(a->lesson_name, view_lessons[i].name)) a->lesson = &view_lessons[i];
        if (!a->lesson) {
            cli_usage_error("pml view: no lesson '%s' (pml view --lesson list)", a->lesson_name);
            return EXIT_USAGE;
        }
        if (a->file || a->sim->npolicies || a->sim->nprocs) {
            cli_usage_error("pml view: a lesson chooses its program, --sched and -p (only -D may change its size)");
            return EXIT_USAGE;
        }
    } else if (!a->file) {
        cli_usage_error("pml view: which FILE? (pml view FILE -o PAGE.html, or pml view --lesson NAME)");
        return EXIT_USAGE;
    }
    if (!a->out) { cli_usage_error("pml view: where to? (-o PAGE.html)"); return EXIT_USAGE; }
    uint32_t np = a->sim->npolicies ? a->sim->npolicies : 1, nP = a->sim->nprocs ? a->sim->nprocs : 1;
    if (np * nP > 2) { cli_usage_error("pml view shows one or two schedules (e.g. two policies and one -p)"); return EXIT_USAGE; }
    return EXIT_OK;
}

/* ---- the graph picture ------------------------------------------------------ */

/* Graphviz's SVG of dot, malloc'd; NULL after saying why. */
static char *render_svg(const char *dot, size_t len)
{
    char *svg = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&svg, &n);
    int bad = !f || cli_graphviz(dot, len, "svg", f);
    if ((f && fclose(f)) || bad) {
        if (!bad) fprintf(stderr, "pml: error: out of memory for Graphviz's SVG\n");
        free(svg);
        return NULL;
    }
    return svg;
}

/* The distilled graph at m's mark: its SVG, d keeping the grouping; NULL
 * (d freed) after saying why. */
static char *view_picture(const ViewArgs *a, const Loaded *l, Measure *m, Distilled *d)
{
    const double *share = NULL;
    double rshare = 0;
    int approx;
    memset(d, 0, sizeof *d);
    SpaceAttrib *at = measure_attrib(m);
    int bad = !at || space_attrib_use(at, m->hwm_step, &share, &rshare, &approx);
    DistillOptions o = { .sched = &m->sched, .step = m->hwm_step, .share = share,
                         .max_shown = a->max_shown, .min_share = DISTILL_MIN_SHARE,
                         .max_heap = 2 * (size_t)a->max_shown, .max_span = DISTILL_MAX_SPAN };
    if (bad || distill(&l->run.g, &o, d)) {
        fprintf(stderr, "pml: error: out of memory distilling the graph\n");
        return NULL;
    }
    char caption[256];
    snprintf(caption, sizeof caption, "%s on P=%u at its high-water mark (step %u: %llu)",
             m->policy, m->P, m->hwm_step, (unsigned long long)m->hwm);
    DotOptions dopt = { l->run.annots, l->run.nannots, &l->src, caption, 0, 0, DISTILL_MIN_SHARE, 0 };
    char *dot = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&dot, &len);
    bad = !f || distill_write_dot(d, &dopt, f);
    if ((f && fclose(f)) || bad) fprintf(stderr, "pml: error: out of memory writing DOT\n");
    char *svg = bad ? NULL : render_svg(dot, len);
    free(dot);
    if (!svg) distill_free(d);
    return svg;
}

/* ---- the data --------------------------------------------------------------- */

/* A program shown on the page, and its functions (timeline.h). */
typedef struct ViewProgram {
    const char *name;       /* the path it is shown under */
    Loaded l;
    TimelineFns fns;
    int loaded;
} ViewProgram;

/* One panel: a schedule of a program. */
typedef struct ViewPanel {
    ViewProgram *prog;
    const char *policy;
    uint32_t P;
    Measure m;
    int measured;
    Distilled d;
    int distilled;
    char *svg;
} ViewPanel;

/* What the page numbers across its panels: the holders' sites and the
 * functions, each once, so that one site has one colour everywhere. */
typedef struct ViewNames {
    HolderInfo *sites;
    uint32_t nsites, capsites;
    const char **fns;       /* names, owned by the programs' TimelineFns */
    uint32_t nfns, capfns;
} ViewNames;

static int grow(void **p, uint32_t *cap, uint32_t n, size_t size)
{
    if (n < *cap) return 0;
    uint32_t c = *cap ? 2 * *cap : 64;
    void *q = realloc(*p, c * size);
    if (!q) return -1;
    *p = q;
    *cap = c;
    return 0;
}

static int same(const char *a, const char *b) { return !strcmp(a ? a : "", b ? b : ""); }

/* A holder's site index on the page (added if new); UINT32_MAX out of memory. */
static uint32_t site_index(ViewNames *vn, HolderInfo hi)
{
    for (uint32_t i = 0; i < vn->nsites; i++) {
        const HolderInfo *s = &vn->sites[i];
        if (s->line == hi.line && s->col == hi.col && same(s->file, hi.file) && same(s->text, hi.text)) return i;
    }
    if (grow((void **)&vn->sites, &vn->capsites, vn->nsites, sizeof *vn->sites)) return UINT32_MAX;
    vn->sites[vn->nsites] = hi;
    return vn->nsites++;
}

/* A function's index on the page, by name (added if new); UINT32_MAX out of memory. */
static uint32_t fn_index(ViewNames *vn, const char *name)
{
    for (uint32_t i = 0; i < vn->nfns; i++)
        if (!strcmp(vn->fns[i], name)) return i;
    if (grow((void **)&vn->fns, &vn->capfns, vn->nfns, sizeof *vn->fns)) return UINT32_MAX;
    vn->fns[vn->nfns] = name;
    return vn->nfns++;
}

/* Where a coalesced node is in the user's program: its main expression if
 * that is in the user's files, else the user's call that led to it (its
 * first member's call stack, as the holders grouped by caller). */
static uint32_t user_annot(const CostRun *r, const Distilled *d, uint32_t c)
{
    uint32_t a = d->main_annot[c];
    if (a < r->nannots && r->annots[a].file != 0) return a;
    for (uint32_t s = graph_stack(&r->g, d->first[c]); s; s = cstack_parent(&r->stacks, s)) {
        uint32_t site = cstack_site(&r->stacks, s);
        if (site < r->nannots && r->annots[site].file != 0) return site;
    }
    return a;
}

/* A node's label, short enough to read on the graph: its function's name,
 * and for a node of the prelude the function the user's call named
 * ("vv_mult: reducei"). */
static void put_label(FILE *f, const char *fn, const CostRun *r, uint32_t ua, int in_prelude)
{
    char buf[80];
    size_t n = strncmp(fn, "top level", 9) ? strcspn(fn, " ") : 9;
    int k = snprintf(buf, sizeof buf, "%.*s", (int)(n < 40 ? n : 40), fn);
    const char *t = ua < r->nannots && r->annots[ua].text ? r->annots[ua].text : "";
    size_t id = 0;
    while (t[id] && (strchr("_'.", t[id]) || ((t[id] | 32) >= 'a' && (t[id] | 32) <= 'z') ||
                     (t[id] >= '0' && t[id] <= '9'))) id++;
    if (in_prelude && id && id < 30 && (id != n || strncmp(t, fn, n)))
        snprintf(buf + k, sizeof buf - k, ": %.*s", (int)id, t);
    json_string(f, buf);
}

static void json_u32_array(FILE *f, const char *name, const uint32_t *v, size_t n)
{
    fprintf(f, "\"%s\":[", name);
    for (size_t i = 0; i < n; i++) fprintf(f, i ? ",%u" : "%u", v[i]);
    fputs("],", f);
}

/* Per coalesced node: the first and last steps of its members, the first
 * step after which one of its members was ready, and its function (that
 * of the annotation most of its members carry). */
static int group_data(const ViewPanel *p, ViewNames *vn, FILE *f)
{
    const Graph *g = &p->prog->l.run.g;
    const Schedule *s = &p->m.sched;
    const Distilled *d = &p->d;
    uint32_t n = graph_nodes(g);
    uint32_t *first = calloc((size_t)d->n + 1, sizeof *first), *last = calloc((size_t)d->n + 1, sizeof *last);
    uint32_t *ready = calloc((size_t)d->n + 1, sizeof *ready), *rdy = calloc((size_t)n + 1, sizeof *rdy);
    uint32_t *fn = calloc((size_t)d->n + 1, sizeof *fn);
    int rc = -1;
    if (!first || !last || !ready || !rdy || !fn) goto done;
    for (uint32_t v = 1; v <= n; v++)                /* rdy[v]: the step v's last parent ran */
        for (int k = 0; k < 2; k++) {
            uint32_t c = graph_child(g, v, k);
            if (c && rdy[c] < s->step[v]) rdy[c] = s->step[v];
        }
    for (uint32_t v = 1; v <= n; v++) {
        uint32_t c = d->group[v];
        if (!first[c] || s->step[v] < first[c]) first[c] = s->step[v];
        if (s->step[v] > last[c]) last[c] = s->step[v];
        if (!ready[c] || rdy[v] < ready[c]) ready[c] = rdy[v];
    }
    const TimelineFns *tf = &p->prog->fns;
    const CostRun *r = &p->prog->l.run;
    fputs("\"glabel\":[\"\"", f);
    for (uint32_t c = 1; c <= d->n; c++) {
        uint32_t a = user_annot(r, d, c);
        const char *name = tf->names[a < tf->nids ? tf->of_id[a] : 0];
        if ((fn[c] = fn_index(vn, name)) == UINT32_MAX) goto done;
        fputc(',', f);
        put_label(f, name, r, a, a != d->main_annot[c]);
    }
    fputs("],", f);
    json_u32_array(f, "gfirst", first, (size_t)d->n + 1);
    json_u32_array(f, "glast", last, (size_t)d->n + 1);
    json_u32_array(f, "gready", ready, (size_t)d->n + 1);
    json_u32_array(f, "gfn", fn, (size_t)d->n + 1);
    rc = 0;
done:
    free(first); free(last); free(ready); free(rdy); free(fn);
    return rc;
}

/* The sampled steps: every step if T <= VIEW_MAX_STEPS, else every stride-th,
 * the last, and every panel's mark (so that a jump to a mark shows every
 * panel exactly there). */
static uint32_t sample_stride(const Measure *m)
{
    return m->T <= VIEW_MAX_STEPS ? 1 : (m->T + VIEW_MAX_STEPS - 1) / VIEW_MAX_STEPS;
}

static int is_sampled(const Measure *m, uint32_t stride, const uint32_t *marks, uint32_t nmarks, uint32_t t)
{
    for (uint32_t i = 0; i < nmarks; i++)
        if (t == marks[i]) return 1;
    return t % stride == 0 || t == m->T;
}

/* One per-step array of the sampled steps: heap (which = 0) or queue. */
static void step_values(FILE *f, const Measure *m, const uint32_t *marks, uint32_t nmarks, int which)
{
    uint32_t stride = sample_stride(m);
    int first = 1;
    for (uint32_t t = 0; t <= m->T; t++)
        if (is_sampled(m, stride, marks, nmarks, t)) {
            fprintf(f, first ? "%llu" : ",%llu",
                    (unsigned long long)(which ? m->space.queue[t] : m->space.heap[t]));
            first = 0;
        }
}

/* Per sampled step: space, heap, queue (the ready tasks) and the (node,
 * processor) pairs run. */
static int step_data(const ViewPanel *p, const uint32_t *marks, uint32_t nmarks, FILE *f)
{
    const Graph *g = &p->prog->l.run.g;
    const Measure *m = &p->m;
    uint32_t n = graph_nodes(g), T = m->T, stride = sample_stride(m);
    uint32_t *off = calloc((size_t)T + 2, sizeof *off), *at = malloc(((size_t)n + 1) * sizeof *at);
    uint32_t *pos = malloc(((size_t)T + 2) * sizeof *pos);
    if (!off || !at || !pos) { free(off); free(at); free(pos); return -1; }
    for (uint32_t v = 1; v <= n; v++) off[m->sched.step[v] + 1]++;     /* nodes by step */
    for (uint32_t t = 1; t <= T + 1; t++) off[t] += off[t - 1];
    memcpy(pos, off, ((size_t)T + 2) * sizeof *pos);
    for (uint32_t v = 1; v <= n; v++) at[pos[m->sched.step[v]]++] = v;
    fprintf(f, "\"stride\":%u,\"steps\":[", stride);
    int first = 1;
    for (uint32_t t = 0; t <= T; t++)
        if (is_sampled(m, stride, marks, nmarks, t)) { fprintf(f, first ? "%u" : ",%u", t); first = 0; }
    fputs("],\"heap\":[", f);
    step_values(f, m, marks, nmarks, 0);
    fputs("],\"queue\":[", f);
    step_values(f, m, marks, nmarks, 1);
    fputs("],\"run\":[", f);            /* per sampled step: [node, proc, node, proc, ...] */
    first = 1;
    for (uint32_t t = 0; t <= T; t++) {
        if (!is_sampled(m, stride, marks, nmarks, t)) continue;
        fputs(first ? "[" : ",[", f);
        first = 0;
        for (uint32_t j = off[t]; j < off[t + 1]; j++)
            fprintf(f, j > off[t] ? ",%u,%u" : "%u,%u", p->d.group[at[j]], sched_proc(&m->sched, at[j]));
        fputc(']', f);
    }
    fputs("],", f);
    free(off); free(at); free(pos);
    return 0;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The steps whose holders the page keeps: up to VIEW_HOLDER_SAMPLES evenly
 * spaced, and every panel's mark within T; sorted, each once.  hs holds
 * VIEW_HOLDER_SAMPLES + nmarks. */
static uint32_t holder_steps(const Measure *m, const uint32_t *marks, uint32_t nmarks, uint32_t *hs)
{
    uint32_t nsamp = m->T < VIEW_HOLDER_SAMPLES ? m->T + 1 : VIEW_HOLDER_SAMPLES, n = 0;
    for (uint32_t k = 0; k < nsamp; k++) hs[n++] = nsamp > 1 ? (uint32_t)((uint64_t)m->T * k / (nsamp - 1)) : 0;
    for (uint32_t i = 0; i < nmarks; i++) if (marks[i] <= m->T) hs[n++] = marks[i];
    qsort(hs, n, sizeof *hs, cmp_u32);
    uint32_t u = 0;
    for (uint32_t i = 0; i < n; i++) if (!u || hs[u - 1] != hs[i]) hs[u++] = hs[i];
    return u;
}

/* The holders at the holder steps: the top sites at each, as [site, space]
 * pairs, then the rest's total. */
static int holder_data(ViewPanel *p, const uint32_t *marks, uint32_t nmarks, ViewNames *vn, FILE *f)
{
    Measure *m = &p->m;
    uint32_t *hs = malloc((VIEW_HOLDER_SAMPLES + nmarks) * sizeof *hs);
    if (!hs) return -1;
    uint32_t nh = holder_steps(m, marks, nmarks, hs);
    fputs("\"hsteps\":[", f);
    for (uint32_t k = 0; k < nh; k++) fprintf(f, k ? ",%u" : "%u", hs[k]);
    fputs("],\"hat\":[", f);
    int rc = 0;
    for (uint32_t k = 0; k < nh && rc == 0; k++) {
        Holder *h = NULL;
        uint32_t n = 0, shown = 0;
        int approx;
        if (measure_holders_at(m, hs[k], &h, &n, &approx)) { rc = -1; break; }
        fputs(k ? ",[" : "[", f);
        double rest = 0;
        for (uint32_t i = 0; i < n; i++) {
            uint32_t si = shown < VIEW_TOP_SITES && h[i].space > 0
                              ? site_index(vn, report_holder_info(&p->prog->l.run, &p->prog->l.src, &h[i])) : 0;
            if (si == UINT32_MAX) rc = -1;
            if (shown < VIEW_TOP_SITES && h[i].space > 0) {
                fprintf(f, shown ? ",%u,%.6g" : "%u,%.6g", si, h[i].space);
                shown++;
            } else rest += h[i].space;
        }
        fprintf(f, "%s%.6g]", shown ? "," : "", rest);     /* the last number: the others */
        free(h);
    }
    fputs("],", f);
    free(hs);
    return rc;
}

static int panel_json(const ViewArgs *a, ViewPanel *p, const uint32_t *marks, uint32_t nmarks, ViewNames *vn, FILE *f)
{
    Measure *m = &p->m;
    p->svg = view_picture(a, &p->prog->l, m, &p->d);
    p->distilled = 1;
    if (!p->svg) return -1;
    fputs("{\"program\":", f);
    json_string(f, p->prog->name);
    fputs(",\"policy\":", f);
    json_string(f, m->policy);
    fprintf(f, ",\"P\":%u,\"T\":%u,\"hwm\":%llu,\"hwm_step\":%u,\"with_queue\":%s,\"groups\":%u,",
            m->P, m->T, (unsigned long long)m->hwm, m->hwm_step, m->space.with_queue ? "true" : "false", p->d.n);
    int rc = group_data(p, vn, f) || step_data(p, marks, nmarks, f) || holder_data(p, marks, nmarks, vn, f);
    fprintf(f, "\"work\":%u}", graph_nodes(&p->prog->l.run.g));
    if (rc) fprintf(stderr, "pml: error: out of memory for the page's data\n");
    return rc;
}

/* ---- the page ----------------------------------------------------------------- */

/* Text inside <style> (raw text): only "</" could end it; "<\\/" is the
 * same text to CSS. */
static void put_style(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (s[0] == '<' && s[1] == '/') fputs("<\\", f);
        else fputc(*s, f);
    }
}

/* JSON inside <script> (script data): "<!--", "<script" and "</script"
 * there would change how the HTML parser ends the element (HTML's script
 * data escaped states), so no '<' is written at all: in JSON every '<' is
 * inside a string, where \u003c is the same character. */
static void put_json_script(FILE *f, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '<') fputs("\\u003c", f);
        else fputc(s[i], f);
    }
}

static void put_html(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<') fputs("&lt;", f);
        else if (*s == '>') fputs("&gt;", f);
        else if (*s == '&') fputs("&amp;", f);
        else fputc(*s, f);
    }
}

/* The SVG without its XML prolog, to sit inline in the page. */
static const char *svg_body(const char *svg)
{
    const char *p = strstr(svg, "<svg");
    return p ? p : svg;
}

/* The SVG inline: the namespace declarations go (HTML's parser supplies
 * them), so the page names no URL at all. */
static void put_svg(FILE *f, const char *svg)
{
    static const char *const drop[] = { " xmlns=\"http://www.w3.org/2000/svg\"",
                                        " xmlns:xlink=\"http://www.w3.org/1999/xlink\"" };
    for (const char *p = svg; *p;) {
        size_t skip = 0;
        for (int k = 0; k < 2 && !skip; k++)
            if (!strncmp(p, drop[k], strlen(drop[k]))) skip = strlen(drop[k]);
        if (skip) { p += skip; continue; }
        fputc(*p++, f);
    }
}

static void write_page(const char *title, const char *data, size_t dlen,
                      const ViewPanel *panels, uint32_t ns, FILE *f)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
          "script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:\">\n<title>pml view: ", f);
    put_html(f, title);
    fputs("</title>\n<style>\n", f);
    put_style(f, pml_view_css);
    fputs("</style></head><body>\n", f);
    for (uint32_t i = 0; i < ns; i++) {
        fprintf(f, "<template id=\"pml-svg-%u\">", i);
        put_svg(f, svg_body(panels[i].svg));
        fputs("</template>\n", f);
    }
    fputs("<script type=\"application/json\" id=\"pml-data\">", f);
    put_json_script(f, data, dlen);
    fputs("</script>\n<script>\n", f);
    fputs(pml_view_js, f);  /* holds none of those sequences (tests/test_view.sh) */
    fputs("</script>\n</body></html>\n", f);
}

/* ---- the command ----------------------------------------------------------- */

/* The panels as the command line or the lesson asks; the programs loaded
 * (one per distinct program).  EXIT_OK or EXIT_PROGRAM after saying why. */
static int view_load(const ViewArgs *a, ViewProgram *progs, ViewPanel *panels, uint32_t *ns, CommonOpts *c)
{
    *c = *a->common;
    c->eo.params = c->params;
    const ViewLesson *L = a->lesson;
    if (L) {
        if (c->eo.nparams == 0 && cli_common_apply(c, 'D', L->param)) return EXIT_PROGRAM;
        for (uint32_t i = 0; i < 2; i++) {
            ViewProgram *vp = &progs[0];
            if (strcmp(L->panel[i].program, L->panel[0].program)) vp = &progs[1];
            panels[i] = (ViewPanel){.prog = vp, .policy = L->panel[i].policy, .P = L->panel[i].P};
            if (vp->loaded) continue;
            char path[64];
            snprintf(path, sizeof path, "examples/%s.pml", L->panel[i].program);
            const char *text = example_text(L->panel[i].program);
            if (cli_load_text(path, text, strlen(text), c, 1, &vp->l)) return EXIT_PROGRAM;
            vp->loaded = 1;
            vp->name = vp->l.src.files[vp->l.src.n - 1].path;
        }
        *ns = 2;
    } else {
        uint32_t np = a->sim->npolicies ? a->sim->npolicies : 1, nP = a->sim->nprocs ? a->sim->nprocs : 1;
        *ns = 0;
        for (uint32_t i = 0; i < np; i++)
            for (uint32_t j = 0; j < nP; j++)
                panels[(*ns)++] = (ViewPanel){.prog = &progs[0],
                    .policy = a->sim->npolicies ? a->sim->policies[i] : sched_policy_names[0],
                    .P = a->sim->nprocs ? a->sim->procs[j] : 1};
        if (cli_load(a->file, c, 1, &progs[0].l)) return EXIT_PROGRAM;
        progs[0].loaded = 1;
        progs[0].name = progs[0].l.src.files[progs[0].l.src.n - 1].path;
    }
    for (int i = 0; i < 2; i++)
        if (progs[i].loaded && timeline_fns(&progs[i].fns, progs[i].l.prog, &progs[i].l.src)) {
            fprintf(stderr, "pml view: out of memory\n");
            return EXIT_PROGRAM;
        }
    return EXIT_OK;
}

static MeasureOptions view_measure_options(const ViewArgs *a, const ViewProgram *vp, const char *policy, uint32_t P)
{
    MeasureOptions mo = measure_options(vp->l.run.nannots);
    mo.sched = cli_sched_options(a->sim, policy, P);
    mo.units = a->sim->units;
    mo.with_queue = !a->sim->no_queue;
    return mo;
}

/* A lesson's table: both panels' policies at each of its sweep_P, the
 * high-water marks alone (no profile, no holders). */
static int sweep_json(const ViewArgs *a, const ViewPanel *panels, FILE *f)
{
    fputs("\"sweep\":[", f);
    int first = 1;
    for (uint32_t k = 0; a->lesson && k < VIEW_SWEEP_P && a->lesson->sweep_P[k]; k++)
        for (uint32_t i = 0; i < 2; i++) {
            MeasureOptions mo = view_measure_options(a, panels[i].prog, panels[i].policy, a->lesson->sweep_P[k]);
            mo.by = MEASURE_NO_HOLDERS;
            mo.profile = 0;
            Measure m;
            char msg[256];
            if (measure_run(&panels[i].prog->l.run.g, &mo, &m, msg, sizeof msg)) {
                fprintf(stderr, "pml view: %s\n", msg);
                return -1;
            }
            fprintf(f, "%s{\"policy\":\"%s\",\"P\":%u,\"T\":%u,\"hwm\":%llu}", first ? "" : ",", panels[i].policy,
                    m.P, m.T, (unsigned long long)m.hwm);
            first = 0;
            measure_free(&m);
        }
    fputs("],", f);
    return 0;
}

static void put_params(FILE *f, const CommonOpts *c)
{
    for (uint32_t j = 0; j < c->eo.nparams; j++)
        fprintf(f, "%s%s=%lld", j ? " " : "", c->eo.params[j].name, (long long)c->eo.params[j].value);
}

/* The page's data (docs/view.md): the schedules, the page's sites and
 * functions, the sources.  0, or -1 after saying why. */
static int view_data(const ViewArgs *a, ViewProgram *progs, ViewPanel *panels, uint32_t ns, const CommonOpts *c, FILE *f)
{
    ViewNames vn = {0};
    uint32_t marks[2];
    int rc = -1;
    fputs("{\"title\":", f);
    json_string(f, a->lesson ? a->lesson->title : progs[0].name);
    fputs(",\"lesson\":", f);
    if (a->lesson) {
        json_string(f, a->lesson->text);
        fputs(",\"lesson_name\":", f);
        json_string(f, a->lesson->name);
    } else fputs("null", f);
    fputs(",\"params\":\"", f);
    put_params(f, c);
    fprintf(f, "\",\"units\":\"%s\",\"by\":\"%s\",\"group\":\"%s\",", space_units_names[a->sim->units],
            measure_by_names[a->by], measure_group_names[a->group]);
    if (sweep_json(a, panels, f)) goto done;
    for (uint32_t i = 0; i < ns; i++) {
        MeasureOptions mo = view_measure_options(a, panels[i].prog, panels[i].policy, panels[i].P);
        /* holders as pml run finds and names them (--by, --group; docs/attribution.md) */
        mo.by = a->by;
        measure_set_group(&mo, a->group, &panels[i].prog->l.run.stacks, panels[i].prog->l.run.annots);
        char msg[256];
        if (measure_run(&panels[i].prog->l.run.g, &mo, &panels[i].m, msg, sizeof msg)) {
            fprintf(stderr, "pml view: %s\n", msg);
            goto done;
        }
        panels[i].measured = 1;
        marks[i] = panels[i].m.hwm_step;
    }
    fputs("\"schedules\":[", f);
    for (uint32_t i = 0; i < ns; i++) {
        if (i) fputc(',', f);
        if (panel_json(a, &panels[i], marks, ns, &vn, f)) {
            goto done;
        }
    }
    fputs("],\"sites\":[", f);
    for (uint32_t i = 0; i < vn.nsites; i++) {
        fputs(i ? ",{\"file\":" : "{\"file\":", f);
        json_string(f, vn.sites[i].file);
        fprintf(f, ",\"line\":%u,\"col\":%u,\"text\":", vn.sites[i].line, vn.sites[i].col);
        json_string(f, vn.sites[i].text);
        fputc('}', f);
    }
    fputs("],\"fns\":[", f);
    for (uint32_t i = 0; i < vn.nfns; i++) {
        if (i) fputc(',', f);
        json_string(f, vn.fns[i]);
    }
    fputs("],\"sources\":[", f);          /* the prelude once, then each program */
    int first = 1;
    for (int k = 0; k < 2; k++)
        for (uint32_t i = k ? 1 : 0; progs[k].loaded && i < progs[k].l.src.n; i++) {
            const SrcFile *sf = &progs[k].l.src.files[i];
            fputs(first ? "{\"path\":" : ",{\"path\":", f);
            first = 0;
            json_string(f, sf->path);
            fputs(",\"text\":", f);
            json_string(f, sf->text ? sf->text : "");
            fputc('}', f);
        }
    fputs("]}", f);
    rc = 0;
done:
    free(vn.sites);
    free(vn.fns);
    return rc;
}

static int view_body(void *o, CliRun *r)
{
    (void)r;
    const ViewArgs *a = o;
    if (a->lesson_name && !a->lesson) { list_lessons(stdout); return EXIT_OK; }
    ViewProgram progs[2] = {{0}};
    ViewPanel panels[2] = {{0}};
    CommonOpts c;
    uint32_t ns = 0;
    char *data = NULL;
    size_t dlen = 0;
    int rc = view_load(a, progs, panels, &ns, &c);
    FILE *f = rc == EXIT_OK ? open_memstream(&data, &dlen) : NULL;
    if (rc == EXIT_OK) rc = EXIT_PROGRAM;
    if (f && !view_data(a, progs, panels, ns, &c, f)) {
        int bad = fclose(f);
        f = NULL;
        OutFile out;
        if (bad) fprintf(stderr, "pml: error: out of memory for the page's data\n");
        else if (outfile_open(&out, a->out) == 0) {
            write_page(a->lesson ? a->lesson->title : progs[0].name, data, dlen, panels, ns, out.f);
            rc = outfile_commit(&out) == 0 ? EXIT_OK : EXIT_PROGRAM; /* a failed write is reported there */
        }
    }
    if (f) fclose(f);
    for (uint32_t i = 0; i < ns; i++) {
        if (panels[i].measured) measure_free(&panels[i].m);
        if (panels[i].distilled) distill_free(&panels[i].d);
        free(panels[i].svg);
    }
    for (int k = 0; k < 2; k++) {
        timeline_fns_free(&progs[k].fns);
        cli_unload(&progs[k].l);
    }
    free(data);
    return rc;
}

const CliSteps cli_cmd_view = {.opts = view_opts, .groups = CLI_GROUP_COMMON | CLI_GROUP_SIM, .size = sizeof(ViewArgs),
                               .file_optional = 1, .init = view_init, .check = view_check,
                               .load = CLI_LOAD_NONE, .body = view_body, .later_bytes = 56};
