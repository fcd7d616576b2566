/*
 * timeline.c — see timeline.h.
 */
#include "timeline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"

/* ---- each expression id's function ---- */

typedef struct FnMap {
    uint32_t *fn_of_id;     /* per expression id: function index, 0 = top level */
    uint32_t nids;
    const FunDef **funs;    /* function index k >= 1: funs[k] */
    uint32_t nfuns, cap;
    int nomem;
} FnMap;

static void walk_decs(FnMap *m, Dec *const *decs, uint32_t n, uint32_t cur);

static void mark(FnMap *m, uint32_t id, uint32_t cur)
{
    if (id < m->nids) m->fn_of_id[id] = cur;
}

static void walk_expr(FnMap *m, const Expr *e, uint32_t cur)
{
    if (!e) return;
    mark(m, e->id, cur);
    walk_expr(m, e->a, cur);
    walk_expr(m, e->b, cur);
    walk_expr(m, e->c, cur);
    for (uint32_t i = 0; e->elems && i < e->n; i++) walk_expr(m, e->elems[i], cur);
    for (uint32_t i = 0; e->clauses && i < e->nclauses; i++) walk_expr(m, e->clauses[i].body, cur);
    if (e->decs) walk_decs(m, e->decs, e->ndecs, cur);
}

/* A new function index for f; 0 (top level) when out of memory. */
static uint32_t add_fun(FnMap *m, const FunDef *f)
{
    if (m->nfuns + 1 >= m->cap) {
        uint32_t cap = m->cap ? 2 * m->cap : 64;
        const FunDef **a = realloc(m->funs, cap * sizeof *a);
        if (!a) { m->nomem = 1; return 0; }
        m->funs = a;
        m->cap = cap;
    }
    m->funs[++m->nfuns] = f;
    return m->nfuns;
}

static void walk_decs(FnMap *m, Dec *const *decs, uint32_t n, uint32_t cur)
{
    for (uint32_t i = 0; i < n; i++) {
        const Dec *d = decs[i];
        switch (d->kind) {
        case DEC_VAL: walk_expr(m, d->a, cur); break;
        case DEC_FUN:
            mark(m, d->id, cur); /* the group's closure is made where it is declared */
            for (uint32_t k = 0; k < d->nfuns; k++) walk_expr(m, d->funs[k].fn, add_fun(m, &d->funs[k]));
            break;
        case DEC_STRUCTURE: if (d->decs) walk_decs(m, d->decs, d->ndecs, cur); break;
        case DEC_LOCAL:
            if (d->decs) walk_decs(m, d->decs, d->ndecs, cur);
            if (d->decs2) walk_decs(m, d->decs2, d->ndecs2, cur);
            break;
        default: break;
        }
    }
}

/* ---- groups: the most frequent functions, then "other functions" ---- */

typedef struct Groups {
    uint32_t *of_node;      /* per node id: group 0..n-1 */
    uint32_t n;
    char *names[TIMELINE_COLOURS + 1];
} Groups;

static char *fun_name(const FnMap *m, uint32_t k, const Sources *src)
{
    char buf[200];
    if (k == 0) snprintf(buf, sizeof buf, "top level");
    else {
        const FunDef *f = m->funs[k];
        const char *path = f->span.file < src->n && src->files[f->span.file].path ? src->files[f->span.file].path : "?";
        snprintf(buf, sizeof buf, "%s (%s:%u)", f->name ? f->name : "fn", path, f->span.line);
    }
    return strdup(buf);
}

static int groups_make(Groups *gr, const FnMap *m, const Sources *src, const Graph *g)
{
    uint32_t n = graph_nodes(g), nf = m->nfuns + 1;
    uint64_t *cnt = calloc(nf, sizeof *cnt);
    uint32_t *rank = malloc(nf * sizeof *rank);
    memset(gr, 0, sizeof *gr);
    gr->of_node = malloc(((size_t)n + 1) * sizeof *gr->of_node);
    if (!cnt || !rank || !gr->of_node) { free(cnt); free(rank); return -1; }
    for (uint32_t v = 1; v <= n; v++) {
        uint32_t a = graph_annot(g, v);
        gr->of_node[v] = a < m->nids ? m->fn_of_id[a] : 0;
        cnt[gr->of_node[v]]++;
    }
    for (uint32_t k = 0; k < nf; k++) rank[k] = UINT32_MAX;
    /* the TIMELINE_COLOURS largest, largest first (ties: the earlier function) */
    for (uint32_t c = 0; c < TIMELINE_COLOURS; c++) {
        uint32_t best = UINT32_MAX;
        for (uint32_t k = 0; k < nf; k++)
            if (cnt[k] && rank[k] == UINT32_MAX && (best == UINT32_MAX || cnt[k] > cnt[best])) best = k;
        if (best == UINT32_MAX) break;
        rank[best] = gr->n;
        gr->names[gr->n++] = fun_name(m, best, src);
    }
    int other = 0;
    for (uint32_t v = 1; v <= n; v++) {
        uint32_t r = rank[gr->of_node[v]];
        if (r == UINT32_MAX) other = 1;
        gr->of_node[v] = r == UINT32_MAX ? TIMELINE_COLOURS : r;
    }
    if (other) gr->names[gr->n++] = strdup("other functions");
    free(cnt);
    free(rank);
    for (uint32_t i = 0; i < gr->n; i++) if (!gr->names[i]) return -1;
    return 0;
}

static void groups_free(Groups *gr)
{
    free(gr->of_node);
    for (uint32_t i = 0; i < gr->n; i++) free(gr->names[i]);
}

/* ---- boxes: runs of one group on one processor ---- */

/* Node ids ordered by processor, then step: two counting sorts. */
static uint32_t *by_proc_step(const Graph *g, const Schedule *s)
{
    uint32_t n = graph_nodes(g);
    uint32_t *a = malloc(((size_t)n + 1) * sizeof *a), *b = malloc(((size_t)n + 1) * sizeof *b);
    uint32_t *c = calloc((size_t)(s->T > s->P ? s->T : s->P) + 2, sizeof *c);
    if (!a || !b || !c) { free(a); free(b); free(c); return NULL; }
    for (uint32_t v = 1; v <= n; v++) c[s->step[v]]++;
    for (uint32_t t = 1, at = 0; t <= s->T + 1; t++) { uint32_t k = c[t]; c[t] = at; at += k; }
    for (uint32_t v = 1; v <= n; v++) a[c[s->step[v]]++] = v;
    memset(c, 0, ((size_t)(s->T > s->P ? s->T : s->P) + 2) * sizeof *c);
    for (uint32_t i = 0; i < n; i++) c[sched_proc(s, a[i]) + 1]++;
    for (uint32_t p = 1; p <= s->P; p++) c[p] += c[p - 1];
    for (uint32_t i = 0; i < n; i++) b[c[sched_proc(s, a[i])]++] = a[i];
    free(a);
    free(c);
    return b;
}

typedef struct Boxes { double *box; uint32_t n, cap; } Boxes;

static int box_add(Boxes *bx, double x0, double x1, uint32_t proc, uint32_t group)
{
    if (bx->n == bx->cap) {
        uint32_t cap = bx->cap ? 2 * bx->cap : 1024;
        double *a = realloc(bx->box, (size_t)cap * 4 * sizeof *a);
        if (!a) return -1;
        bx->box = a;
        bx->cap = cap;
    }
    double *b = bx->box + (size_t)bx->n++ * 4;
    b[0] = x0; b[1] = x1; b[2] = proc; b[3] = group;
    return 0;
}

/* Bins of w steps; each (processor, bin) takes the group of most of its
 * nodes; neighbouring bins of one group on one processor merge. */
static int boxes_make(Boxes *bx, const Groups *gr, const Schedule *s, const uint32_t *order, uint32_t n, uint32_t w)
{
    uint32_t i = 0;
    memset(bx, 0, sizeof *bx);
    while (i < n) {
        uint32_t p = sched_proc(s, order[i]), run_g = 0, run_b0 = 0, run_b1 = 0;
        int open = 0;
        while (i < n && sched_proc(s, order[i]) == p) {
            uint32_t bin = (s->step[order[i]] - 1) / w, cnt[TIMELINE_COLOURS + 1] = {0}, best = 0;
            for (; i < n && sched_proc(s, order[i]) == p && (s->step[order[i]] - 1) / w == bin; i++) cnt[gr->of_node[order[i]]]++;
            for (uint32_t k = 1; k <= TIMELINE_COLOURS; k++) if (cnt[k] > cnt[best]) best = k;
            if (open && best == run_g && bin == run_b1 + 1) { run_b1 = bin; continue; }
            if (open && box_add(bx, run_b0 * (double)w + 0.5, (run_b1 + 1) * (double)w + 0.5, p, run_g)) return -1;
            open = 1; run_g = best; run_b0 = run_b1 = bin;
        }
        if (open && box_add(bx, run_b0 * (double)w + 0.5, (run_b1 + 1) * (double)w + 0.5, p, run_g)) return -1;
    }
    return 0;
}

int timeline_plot(const char *pic, const Program *prog, const Sources *src, const Graph *g, const Schedule *s,
                  const char *title, char *msg, size_t msglen)
{
    FnMap m = {.nids = prog->nexprs};
    Groups gr = {0};
    Boxes bx = {0};
    uint32_t *order = NULL;
    int rc = -1;
    m.fn_of_id = calloc(m.nids + 1, sizeof *m.fn_of_id);
    if (m.fn_of_id) walk_decs(&m, prog->decs, prog->ndecs, 0);
    uint32_t w = s->T > TIMELINE_COLUMNS ? (s->T + TIMELINE_COLUMNS - 1) / TIMELINE_COLUMNS : 1;
    if (!m.fn_of_id || m.nomem || groups_make(&gr, &m, src, g) || !(order = by_proc_step(g, s)) ||
        boxes_make(&bx, &gr, s, order, graph_nodes(g), w)) {
        snprintf(msg, msglen, "out of memory");
        goto done;
    }
    char xlabel[120];
    if (w > 1) snprintf(xlabel, sizeof xlabel, "step (a column is %u steps: the function of most of their nodes)", w);
    else snprintf(xlabel, sizeof xlabel, "step");
    PlotTimeline pt = {.title = title, .xlabel = xlabel, .P = s->P, .T = s->T, .ngroups = gr.n,
                       .groups = (const char *const *)gr.names, .nboxes = bx.n, .box = bx.box};
    rc = plot_timeline(pic, &pt, msg, msglen);
done:
    free(m.fn_of_id);
    free(m.funs);
    groups_free(&gr);
    free(bx.box);
    free(order);
    return rc;
}

int timeline_fns(TimelineFns *f, const Program *prog, const Sources *src)
{
    FnMap m = {.nids = prog->nexprs};
    memset(f, 0, sizeof *f);
    m.fn_of_id = calloc(m.nids + 1, sizeof *m.fn_of_id);
    if (m.fn_of_id) walk_decs(&m, prog->decs, prog->ndecs, 0);
    f->names = m.fn_of_id && !m.nomem ? calloc(m.nfuns + 1, sizeof *f->names) : NULL;
    f->of_id = m.fn_of_id;
    f->nids = m.nids;
    for (uint32_t k = 0; f->names && k <= m.nfuns; k++, f->n++)
        if (!(f->names[k] = fun_name(&m, k, src))) break;
    free(m.funs);
    if (f->names && f->n == m.nfuns + 1) return 0;
    timeline_fns_free(f);
    return -1;
}

void timeline_fns_free(TimelineFns *f)
{
    for (uint32_t k = 0; k < f->n; k++) free(f->names[k]);
    free(f->names);
    free(f->of_id);
    memset(f, 0, sizeof *f);
}
