/*
 * cmd_view.c — `pml view`: one self-contained, offline HTML page that steps
 * through one or two schedules of a program (docs/view.md).
 *
 *   pml view FILE [-D name=N]... [--sched=POLICY,POLICY] [-p N] [--coarse] [--seed S]
 *            [--units UNITS] [--no-queue-space] [--max-shown N] -o PAGE.html
 *
 * For each schedule: the distilled graph (pml dot's budget) at its
 * high-water mark, laid out by Graphviz and embedded as SVG; per sampled
 * step the space (heap + queue, as `pml schedule`) and which coalesced node
 * each processor ran; the holders at up to VIEW_HOLDER_SAMPLES steps
 * (measure_holders_at, as `pml run`); the source files.  The page's script
 * and style (src/out/view.js, view.css) are compiled in.  No network, no
 * external URL.
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

extern const char pml_view_js[], pml_view_css[];

enum { VIEW_MAX_STEPS = 4000, VIEW_HOLDER_SAMPLES = 120, VIEW_TOP_SITES = 6 };

typedef struct ViewArgs {
    const char *out;
    uint32_t max_shown;
    const char *file;           /* the runner's, from view_check on */
    const CommonOpts *common;
    const SimOpts *sim;
} ViewArgs;

enum { OPT_MAX_SHOWN = CLI_OWN };

static const CliOpt view_opts[] = {
    {'o', NULL, "PAGE.html", "where to write the page (required)", CLI_AT(CLI_OUTPUT, ViewArgs, out)},
    {OPT_MAX_SHOWN, "max-shown", "N", "draw about N coalesced nodes at most (pml dot's budget)", CLI_RANGE(CLI_U32, ViewArgs, max_shown, 1, 100000)},
    {0},
};

static void view_init(void *o)
{
    ((ViewArgs *)o)->max_shown = DISTILL_MAX_SHOWN;
}

/* A page, and one or two schedules: EXIT_OK, or EXIT_USAGE after saying why. */
static int view_check(void *o, CliRun *r)
{
    ViewArgs *a = o;
    a->file = r->file;
    a->common = &r->common;
    a->sim = &r->sim;
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

static void json_u32_array(FILE *f, const char *name, const uint32_t *v, size_t n)
{
    fprintf(f, "\"%s\":[", name);
    for (size_t i = 0; i < n; i++) fprintf(f, i ? ",%u" : "%u", v[i]);
    fputs("],", f);
}

/* Per coalesced node: the first and last steps of its members, and the
 * first step after which one of its members was ready. */
static int group_steps(const Graph *g, const Schedule *s, const Distilled *d, FILE *f)
{
    uint32_t n = graph_nodes(g);
    uint32_t *first = calloc((size_t)d->n + 1, sizeof *first), *last = calloc((size_t)d->n + 1, sizeof *last);
    uint32_t *ready = calloc((size_t)d->n + 1, sizeof *ready), *rdy = calloc((size_t)n + 1, sizeof *rdy);
    if (!first || !last || !ready || !rdy) { free(first); free(last); free(ready); free(rdy); return -1; }
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
    json_u32_array(f, "gfirst", first, (size_t)d->n + 1);
    json_u32_array(f, "glast", last, (size_t)d->n + 1);
    json_u32_array(f, "gready", ready, (size_t)d->n + 1);
    free(first); free(last); free(ready); free(rdy);
    return 0;
}

/* The sampled steps: every step if T <= VIEW_MAX_STEPS, else every stride-th
 * and the mark. */
static uint32_t sample_stride(const Measure *m)
{
    return m->T <= VIEW_MAX_STEPS ? 1 : (m->T + VIEW_MAX_STEPS - 1) / VIEW_MAX_STEPS;
}

static int is_sampled(const Measure *m, uint32_t stride, uint32_t t)
{
    return t % stride == 0 || t == m->hwm_step || t == m->T;
}

/* Per sampled step: space, heap, queue and the (node, processor) pairs run. */
static int step_data(const Graph *g, const Measure *m, const Distilled *d, FILE *f)
{
    uint32_t n = graph_nodes(g), T = m->T, stride = sample_stride(m);
    uint32_t *off = calloc((size_t)T + 2, sizeof *off), *at = malloc(((size_t)n + 1) * sizeof *at);
    if (!off || !at) { free(off); free(at); return -1; }
    for (uint32_t v = 1; v <= n; v++) off[m->sched.step[v] + 1]++;     /* nodes by step */
    for (uint32_t t = 1; t <= T + 1; t++) off[t] += off[t - 1];
    uint32_t *pos = malloc(((size_t)T + 2) * sizeof *pos);
    if (!pos) { free(off); free(at); return -1; }
    memcpy(pos, off, ((size_t)T + 2) * sizeof *pos);
    for (uint32_t v = 1; v <= n; v++) at[pos[m->sched.step[v]]++] = v;
    fprintf(f, "\"stride\":%u,\"steps\":[", stride);
    int first = 1;
    for (uint32_t t = 0; t <= T; t++)
        if (is_sampled(m, stride, t)) { fprintf(f, first ? "%u" : ",%u", t); first = 0; }
    fputs("],\"heap\":[", f);
    first = 1;
    for (uint32_t t = 0; t <= T; t++)
        if (is_sampled(m, stride, t)) { fprintf(f, first ? "%llu" : ",%llu", (unsigned long long)m->space.heap[t]); first = 0; }
    fputs("],\"queue\":[", f);
    first = 1;
    for (uint32_t t = 0; t <= T; t++)
        if (is_sampled(m, stride, t)) { fprintf(f, first ? "%llu" : ",%llu", (unsigned long long)m->space.queue[t]); first = 0; }
    fputs("],\"run\":[", f);            /* per sampled step: [node, proc, node, proc, ...] */
    first = 1;
    for (uint32_t t = 0; t <= T; t++) {
        if (!is_sampled(m, stride, t)) continue;
        fputs(first ? "[" : ",[", f);
        first = 0;
        for (uint32_t j = off[t]; j < off[t + 1]; j++)
            fprintf(f, j > off[t] ? ",%u,%u" : "%u,%u", d->group[at[j]], sched_proc(&m->sched, at[j]));
        fputc(']', f);
    }
    fputs("],", f);
    free(off); free(at); free(pos);
    return 0;
}

/* A holder's site index in sites[] (added if new). */
static uint32_t site_index(Holder *sites, uint32_t *nsites, const Holder *h)
{
    for (uint32_t i = 0; i < *nsites; i++)
        if (sites[i].kind == h->kind && sites[i].annot == h->annot) return i;
    sites[*nsites] = *h;
    return (*nsites)++;
}

/* The holders at up to VIEW_HOLDER_SAMPLES steps (and the mark): the top
 * sites at each, as [site, space] pairs, and the sites' names. */
static int holder_data(const Loaded *l, Measure *m, FILE *f)
{
    uint32_t nsamp = m->T < VIEW_HOLDER_SAMPLES ? m->T + 1 : VIEW_HOLDER_SAMPLES;
    uint32_t cap = nsamp * (VIEW_TOP_SITES + 2) + 2, nsites = 0;
    Holder *sites = malloc(cap * sizeof *sites);
    if (!sites) return -1;
    fputs("\"hsteps\":[", f);
    uint32_t *hs = malloc((nsamp + 1) * sizeof *hs), nh = 0;
    if (!hs) { free(sites); return -1; }
    for (uint32_t k = 0; k < nsamp; k++) {
        uint32_t t = nsamp > 1 ? (uint32_t)((uint64_t)m->T * k / (nsamp - 1)) : 0;
        if (nh && hs[nh - 1] < m->hwm_step && t > m->hwm_step) hs[nh++] = m->hwm_step;
        if (!nh || hs[nh - 1] != t) hs[nh++] = t;
    }
    for (uint32_t k = 0; k < nh; k++) fprintf(f, k ? ",%u" : "%u", hs[k]);
    fputs("],\"hat\":[", f);
    int rc = 0;
    for (uint32_t k = 0; k < nh && rc == 0; k++) {
        Holder *h = NULL;
        uint32_t n = 0;
        int approx;
        if (measure_holders_at(m, hs[k], &h, &n, &approx)) { rc = -1; break; }
        fputs(k ? ",[" : "[", f);
        double rest = 0;
        uint32_t shown = 0;
        for (uint32_t i = 0; i < n; i++) {
            if (shown < VIEW_TOP_SITES && h[i].space > 0 && nsites < cap) {
                fprintf(f, shown ? ",%u,%.6g" : "%u,%.6g", site_index(sites, &nsites, &h[i]), h[i].space);
                shown++;
            } else rest += h[i].space;
        }
        fprintf(f, "%s%.6g]", shown ? "," : "", rest);     /* the last number: the others */
        free(h);
    }
    fputs("],\"sites\":[", f);
    for (uint32_t i = 0; i < nsites; i++) {
        HolderInfo hi = report_holder_info(&l->run, &l->src, &sites[i]);
        fputs(i ? ",{\"file\":" : "{\"file\":", f);
        json_string(f, hi.file);
        fprintf(f, ",\"line\":%u,\"col\":%u,\"text\":", hi.line, hi.col);
        json_string(f, hi.text);
        fputc('}', f);
    }
    fputs("],", f);
    free(hs); free(sites);
    return rc;
}

static int schedule_json(const ViewArgs *a, const Loaded *l, Measure *m, FILE *f, char **svg)
{
    Distilled d;
    *svg = view_picture(a, l, m, &d);
    if (!*svg) return -1;
    fputs("{\"policy\":", f);
    json_string(f, m->policy);
    fprintf(f, ",\"P\":%u,\"T\":%u,\"hwm\":%llu,\"hwm_step\":%u,\"with_queue\":%s,\"groups\":%u,",
            m->P, m->T, (unsigned long long)m->hwm, m->hwm_step, m->space.with_queue ? "true" : "false", d.n);
    int rc = group_steps(&l->run.g, &m->sched, &d, f) || step_data(&l->run.g, m, &d, f) || holder_data(l, m, f);
    fprintf(f, "\"work\":%u}", graph_nodes(&l->run.g));
    if (rc) fprintf(stderr, "pml: error: out of memory for the page's data\n");
    distill_free(&d);
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

static void write_page(const ViewArgs *a, const char *data, size_t dlen,
                      char *const *svgs, uint32_t ns, FILE *f)
{
    const char *base = strrchr(a->file, '/');
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
          "script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:\">\n<title>pml view: ", f);
    put_html(f, base ? base + 1 : a->file);
    fputs("</title>\n<style>\n", f);
    put_style(f, pml_view_css);
    fputs("</style></head><body>\n", f);
    for (uint32_t i = 0; i < ns; i++) {
        fprintf(f, "<template id=\"pml-svg-%u\">", i);
        put_svg(f, svg_body(svgs[i]));
        fputs("</template>\n", f);
    }
    fputs("<script type=\"application/json\" id=\"pml-data\">", f);
    put_json_script(f, data, dlen);
    fputs("</script>\n<script>\n", f);
    fputs(pml_view_js, f);  /* holds none of those sequences (tests/test_view.sh) */
    fputs("</script>\n</body></html>\n", f);
}

static int view_body(void *o, CliRun *r)
{
    const ViewArgs *a = o;
    const Loaded *l = &r->l;
    const char *pol[2];
    uint32_t P[2], ns = 0;
    uint32_t np = a->sim->npolicies ? a->sim->npolicies : 1, nP = a->sim->nprocs ? a->sim->nprocs : 1;
    for (uint32_t i = 0; i < np; i++)
        for (uint32_t j = 0; j < nP; j++) {
            pol[ns] = a->sim->npolicies ? a->sim->policies[i] : sched_policy_names[0];
            P[ns++] = a->sim->nprocs ? a->sim->procs[j] : 1;
        }
    Measure m[2] = {{0}};
    char *svg[2] = {NULL, NULL}, *data = NULL, msg[256];
    size_t dlen = 0;
    int rc = EXIT_PROGRAM;
    uint32_t have = 0;
    FILE *f = open_memstream(&data, &dlen);
    if (!f) goto done;
    const char *base = strrchr(a->file, '/');
    fputs("{\"file\":", f);
    json_string(f, base ? base + 1 : a->file);
    fputs(",\"params\":\"", f);
    for (uint32_t j = 0; j < a->common->eo.nparams; j++)
        fprintf(f, "%s%s=%lld", j ? " " : "", a->common->eo.params[j].name, (long long)a->common->eo.params[j].value);
    fprintf(f, "\",\"units\":\"%s\",\"schedules\":[", space_units_names[a->sim->units]);
    for (; have < ns; have++) {
        MeasureOptions mo = measure_options(l->run.nannots);
        mo.sched = cli_sched_options(a->sim, pol[have], P[have]);
        mo.units = a->sim->units;
        mo.with_queue = !a->sim->no_queue;
        /* holders as pml run names them: the user's lines (docs/attribution.md) */
        measure_set_group(&mo, MEASURE_GROUP_CALLER, &l->run.stacks, l->run.annots);
        if (measure_run(&l->run.g, &mo, &m[have], msg, sizeof msg)) {
            fprintf(stderr, "pml view: %s\n", msg);
            goto done;
        }
        if (have) fputc(',', f);
        if (schedule_json(a, l, &m[have], f, &svg[have])) {
            have++;
            goto done;
        }
    }
    fputs("],\"sources\":[", f);
    for (uint32_t i = 0; i < l->src.n; i++) {
        fputs(i ? ",{\"path\":" : "{\"path\":", f);
        json_string(f, l->src.files[i].path);
        fputs(",\"text\":", f);
        json_string(f, l->src.files[i].text ? l->src.files[i].text : "");
        fputc('}', f);
    }
    fputs("]}", f);
    int bad = fclose(f);
    f = NULL;
    if (bad) { fprintf(stderr, "pml: error: out of memory for the page's data\n"); goto done; }
    OutFile out;
    if (outfile_open(&out, a->out) == 0) {
        write_page(a, data, dlen, svg, ns, out.f);
        rc = outfile_commit(&out) == 0 ? EXIT_OK : EXIT_PROGRAM; /* a failed write is reported there */
    }
done:
    if (f) fclose(f);
    for (uint32_t i = 0; i < have; i++) measure_free(&m[i]);
    free(svg[0]); free(svg[1]); free(data);
    return rc;
}

const CliSteps cli_cmd_view = {.opts = view_opts, .groups = CLI_GROUP_COMMON | CLI_GROUP_SIM, .size = sizeof(ViewArgs),
                               .init = view_init, .check = view_check, .load = CLI_LOAD_EVAL,
                               .body = view_body};
