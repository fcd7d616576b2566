/*
 * distill.c — coalescing the cost graphs (paper §4.2 rules 1-8) and
 * writing them as DOT.  See distill.h for the rules and the data.
 *
 * Rule 1 needs only the original degrees: when n joins its parent p, the
 * merged node keeps p's in-degree and n's out-degree (1), so whether n's
 * child may join in turn does not change.  Node ids are a topological
 * order, so one forward pass assigns every node its coalesced node.
 */
#include "distill.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>


/* ---- small helpers ---------------------------------------------------- */

static int is_visited(const DistillOptions *o, uint32_t v)
{
    return o->sched == NULL || o->sched->step[v] <= o->step;
}

void distill_free(Distilled *d)
{
    free(d->group); free(d->first); free(d->last); free(d->area);
    free(d->main_annot); free(d->visited);
    free(d->csrc); free(d->cdst);
    free(d->heap_src); free(d->heap_dst); free(d->heap_count); free(d->heap_kinds);
    free(d->root); free(d->weight);
    memset(d, 0, sizeof *d);
}

/* ---- nodes: rules 1, 5, 7 ---------------------------------------------- */

/* parent[v]: v's sole computation parent if it has one, else 0. */
static uint32_t *sole_parents(const Graph *g)
{
    uint32_t n = graph_nodes(g);
    uint32_t *parent = calloc((size_t)n + 1, sizeof *parent);
    if (!parent) return NULL;
    for (uint32_t a = 1; a <= n; a++)
        for (int k = 0; k < 2; k++) {
            uint32_t c = graph_child(g, a, k);
            if (c && graph_in_degree(g, c) == 1) parent[c] = a;
        }
    return parent;
}

/* Rule 1, restricted by rule 7: does v join its parent's coalesced node? */
static int joins_parent(const Graph *g, const DistillOptions *o,
                        const uint32_t *parent, uint32_t v)
{
    uint32_t p = parent[v];
    if (o->raw || graph_in_degree(g, v) != 1 || p == 0 || p >= v) return 0;
    if (graph_out_degree(g, v) != 1 || graph_out_degree(g, p) != 1) return 0;
    return is_visited(o, v) == is_visited(o, p);                 /* rule 7 */
}

static int assign_groups(const Graph *g, const DistillOptions *o, Distilled *d)
{
    uint32_t *parent = sole_parents(g);
    if (!parent) return -1;
    d->n = 0;
    for (uint32_t v = 1, n = graph_nodes(g); v <= n; v++)
        d->group[v] = joins_parent(g, o, parent, v) ? d->group[parent[v]] : ++d->n;
    free(parent);
    return 0;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The annotation most members carry; ties go to the earliest member's.
 * mem[0..k-1] are the members in id order; val and cnt have room for k. */
static uint32_t majority_annot(const Graph *g, const uint32_t *mem, uint32_t k,
                               uint32_t *val, uint32_t *cnt)
{
    for (uint32_t j = 0; j < k; j++) val[j] = graph_annot(g, mem[j]);
    qsort(val, k, sizeof *val, cmp_u32);
    uint32_t nd = 0, best = 0;              /* distinct values and their counts */
    for (uint32_t j = 0; j < k; j++) {
        if (nd == 0 || val[nd - 1] != val[j]) { val[nd] = val[j]; cnt[nd++] = 0; }
        if (++cnt[nd - 1] > best) best = cnt[nd - 1];
    }
    for (uint32_t j = 0; j < k; j++) {
        uint32_t a = graph_annot(g, mem[j]);
        const uint32_t *hit = bsearch(&a, val, nd, sizeof a, cmp_u32);
        if (hit && cnt[hit - val] == best) return a;
    }
    return 0;
}

/* Fills first, last, area, visited and main_annot of every coalesced node. */
static int describe_nodes(const Graph *g, const DistillOptions *o, Distilled *d)
{
    uint32_t n = graph_nodes(g);
    size_t nn = (size_t)n + 1;
    uint32_t *off = calloc((size_t)d->n + 2, sizeof *off);
    uint32_t *mem = malloc(nn * sizeof *mem);
    uint32_t *val = malloc(nn * sizeof *val), *cnt = malloc(nn * sizeof *cnt);
    int rc = (off && mem && val && cnt) ? 0 : -1;
    for (uint32_t v = n; rc == 0 && v >= 1; v--) {
        uint32_t c = d->group[v];
        d->first[c] = v;
        if (d->last[c] == 0) d->last[c] = v;
        d->area[c]++;
        d->visited[c] = (uint8_t)is_visited(o, v);
    }
    if (rc == 0) {
        /* members of c, in id order: mem[off[c] - area[c] .. off[c] - 1] */
        for (uint32_t c = 2; c <= d->n; c++) off[c] = off[c - 1] + d->area[c - 1];
        for (uint32_t v = 1; v <= n; v++) mem[off[d->group[v]]++] = v;
        for (uint32_t c = 1; c <= d->n; c++)
            d->main_annot[c] = majority_annot(g, mem + off[c] - d->area[c], d->area[c], val, cnt);
    }
    free(off); free(mem); free(val); free(cnt);
    return rc;
}

/* ---- edges: rules 2, 6, 8 ---------------------------------------------- */

/* Computation edges between different coalesced nodes (rule 2), in the
 * order of their sources' ids, left child first (rule 4). */
static int collect_comp_edges(const Graph *g, Distilled *d)
{
    uint32_t n = graph_nodes(g);
    size_t cap = 2 * (size_t)n + 1;
    d->csrc = malloc(cap * sizeof *d->csrc);
    d->cdst = malloc(cap * sizeof *d->cdst);
    if (!d->csrc || !d->cdst) return -1;
    for (uint32_t a = 1; a <= n; a++)
        for (int k = 0; k < 2; k++) {
            uint32_t c = graph_child(g, a, k);
            if (!c || d->group[a] == d->group[c]) continue;
            d->csrc[d->nc] = d->group[a];
            d->cdst[d->nc++] = d->group[c];
        }
    return 0;
}

typedef struct HeapKey { uint64_t key; size_t e; } HeapKey;

static int cmp_heapkey(const void *a, const void *b)
{
    const HeapKey *x = a, *y = b;
    if (x->key != y->key) return (x->key > y->key) - (x->key < y->key);
    return (x->e > y->e) - (x->e < y->e);
}

static int is_root_edge(const Graph *g, const DistillOptions *o, size_t e)
{
    return o->sched && !is_visited(o, graph_heap_src(g, e)) && is_visited(o, graph_heap_dst(g, e));
}

/* Adds original heap edge e to distilled edge k (k == d->nh starts one). */
static void absorb_heap_edge(const Graph *g, const DistillOptions *o, Distilled *d,
                             size_t k, size_t e)
{
    if (k == d->nh) {
        d->heap_src[k] = d->group[graph_heap_src(g, e)];
        d->heap_dst[k] = d->group[graph_heap_dst(g, e)];
        d->heap_count[k] = 0; d->heap_kinds[k] = 0; d->weight[k] = 0;
        d->root[k] = (uint8_t)is_root_edge(g, o, e);               /* rule 6 */
        d->nh++;
    }
    d->heap_count[k]++;
    d->heap_kinds[k] |= (uint8_t)(1u << graph_heap_kind(g, e));
    if (o->sched && o->share) d->weight[k] += o->share[e];        /* rule 8 */
}

/* Heap edges: those inside a coalesced node dropped (rule 2), duplicates
 * between the same two coalesced nodes merged (unless raw). */
static int collect_heap_edges(const Graph *g, const DistillOptions *o, Distilled *d)
{
    size_t m = graph_heap_edges(g), nk = 0;
    HeapKey *keys = malloc((m ? m : 1) * sizeof *keys);
    d->heap_src = malloc((m ? m : 1) * sizeof *d->heap_src);
    d->heap_dst = malloc((m ? m : 1) * sizeof *d->heap_dst);
    d->heap_count = malloc((m ? m : 1) * sizeof *d->heap_count);
    d->heap_kinds = malloc(m ? m : 1);
    d->root = malloc(m ? m : 1);
    d->weight = malloc((m ? m : 1) * sizeof *d->weight);
    if (!keys || !d->heap_src || !d->heap_dst || !d->heap_count || !d->heap_kinds || !d->root || !d->weight) {
        free(keys);
        return -1;
    }
    for (size_t e = 0; e < m; e++) {
        uint32_t s = d->group[graph_heap_src(g, e)], t = d->group[graph_heap_dst(g, e)];
        if (s == t) continue;                                      /* rule 2 */
        keys[nk].key = (uint64_t)s << 32 | t;
        keys[nk++].e = e;
    }
    qsort(keys, nk, sizeof *keys, cmp_heapkey);
    for (size_t j = 0; j < nk; j++) {
        int same = !o->raw && j > 0 && keys[j].key == keys[j - 1].key;
        absorb_heap_edge(g, o, d, same ? d->nh - 1 : d->nh, keys[j].e);
    }
    free(keys);
    for (size_t k = 0; k < d->nh; k++)
        if (d->root[k]) d->root_weight += d->weight[k];
    return 0;
}

/* ---- the whole distillation -------------------------------------------- */

int distill(const Graph *g, const DistillOptions *o, Distilled *out)
{
    Distilled *d = out;
    memset(d, 0, sizeof *d);
    size_t nn = (size_t)graph_nodes(g) + 1;
    d->group = calloc(nn, sizeof *d->group);
    d->first = calloc(nn, sizeof *d->first);
    d->last = calloc(nn, sizeof *d->last);
    d->area = calloc(nn, sizeof *d->area);
    d->main_annot = calloc(nn, sizeof *d->main_annot);
    d->visited = calloc(nn, 1);
    d->scheduled = o->sched != NULL;
    d->step = o->sched ? o->step : 0;
    d->orig_nodes = graph_nodes(g);
    d->orig_heap = graph_heap_edges(g);
    if (!d->group || !d->first || !d->last || !d->area || !d->main_annot || !d->visited
        || assign_groups(g, o, d) || describe_nodes(g, o, d)
        || collect_comp_edges(g, d) || collect_heap_edges(g, o, d)) {
        distill_free(d);
        errno = ENOMEM;
        return -1;
    }
    return 0;
}

/* ---- DOT strings --------------------------------------------------------- */

/* One ASCII byte, escaped for a DOT string that Graphviz reads as an
 * escString (labels, tooltips): it also decodes &entities; and, in record
 * shapes, gives { } < > | a meaning, so those are escaped too. */
static int put_ascii(FILE *f, unsigned char c, const char *newline)
{
    switch (c) {
    case '"': case '\\': case '{': case '}': case '<': case '>': case '|':
        return fprintf(f, "\\%c", c) < 0 ? -1 : 0;
    case '&':  return fputs("&amp;", f) < 0 ? -1 : 0;
    case '\n': return fputs(newline, f) < 0 ? -1 : 0;
    default:
        if (c < 0x20 || c == 0x7F) c = ' ';
        return putc(c, f) == EOF ? -1 : 0;
    }
}

/* newline: the escape a newline becomes, "\\n" (centred) or "\\l" (left). */
static int dot_string(FILE *f, const char *str, size_t max, const char *newline)
{
    const unsigned char *s = (const unsigned char *)(str ? str : "");
    size_t n = strlen((const char *)s), i = 0;
    while (i < n) {
        size_t len = src_utf8_len(s + i, n - i);
        if (max && i + (len ? len : 1) > max) return fputs("...", f) < 0 ? -1 : 0;
        if (len == 1) { if (put_ascii(f, s[i], newline)) return -1; }
        else if (len > 1) { if (fwrite(s + i, 1, len, f) != len) return -1; }
        else if (fputs("\xEF\xBF\xBD", f) < 0) return -1;          /* U+FFFD */
        i += len ? len : 1;
    }
    return 0;
}

int distill_dot_string(FILE *f, const char *s, size_t max)
{
    return dot_string(f, s, max, "\\n");
}

/* ---- DOT graph ---------------------------------------------------------- */

enum { TOOLTIP_MAX = 160, LABEL_MAX = 40 };
#define NODE_SCALE 0.1   /* inches of diameter per sqrt(area) */
#define NODE_MAX   4.0   /* the largest diameter drawn (the tooltip tells) */
#define PEN_MAX    8.0   /* penwidth of the heaviest root edge; others in proportion */
#define PEN_MIN    0.5   /* but no thinner than this */

static const char *annot_text(const DotOptions *o, uint32_t a)
{
    return (o->annots && a < o->nannots && o->annots[a].text) ? o->annots[a].text : "";
}

static int write_header(const Distilled *d, const DotOptions *o, FILE *f)
{
    fputs("digraph pml {\n"
          "  graph [rankdir=TB, outputorder=edgesfirst, nodesep=0.08,\n"
          "         ranksep=0.15, fontname=\"Helvetica\", fontsize=10, labelloc=t, labeljust=l,\n"
          "         label=\"", f);
    if (o->caption && *o->caption) {
        if (dot_string(f, o->caption, 0, "\\l")) return -1;
        fputs("\\l", f);
    }
    fprintf(f, "nodes %u -> %u, heap edges %zu -> %zu\\l\"];\n",
            d->orig_nodes, d->n, d->orig_heap, d->nh);
    fputs("  node [shape=circle, fixedsize=true, style=filled, penwidth=0, label=\"\",\n"
          "        fontname=\"Helvetica\", fontsize=8];\n"
          "  edge [arrowhead=none, color=gray70, penwidth=1];\n", f);
    return ferror(f) ? -1 : 0;
}

/* The tooltip: member ids, work, state, source position and text. */
static int write_node_tooltip(const Distilled *d, const DotOptions *o, uint32_t c, FILE *f)
{
    char head[160];
    uint32_t a = d->main_annot[c];
    int k = snprintf(head, sizeof head, d->first[c] == d->last[c] ? "node %u" : "nodes %u..%u",
                     d->first[c], d->last[c]);
    k += snprintf(head + k, sizeof head - k, ", work %u%s\n", d->area[c],
                  !d->scheduled ? "" : d->visited[c] ? ", visited" : ", not visited");
    if (o->annots && a < o->nannots) {
        const Annot *sp = &o->annots[a];
        const char *path = (o->src && sp->file < o->src->n) ? o->src->files[sp->file].path : "line";
        snprintf(head + k, sizeof head - k, "%s:%u:%u: ", path, sp->line, sp->col);
    }
    if (distill_dot_string(f, head, 0)) return -1;
    return distill_dot_string(f, annot_text(o, a), TOOLTIP_MAX);
}

static int write_node(const Distilled *d, const DotOptions *o, uint32_t c, int fork, FILE *f)
{
    double w = NODE_SCALE * sqrt((double)d->area[c]);                /* area = work */
    if (w > NODE_MAX) w = NODE_MAX;
    fprintf(f, "  n%u [%swidth=%.3f, fillcolor=%s, tooltip=\"", c,
            fork ? "ordering=out, " : "", w,
            d->visited[c] ? "black" : "gray70");                     /* rule 5 */
    if (write_node_tooltip(d, o, c, f)) return -1;
    fputc('"', f);
    if (o->labels && *annot_text(o, d->main_annot[c])) {
        fputs(", xlabel=\"", f);
        if (distill_dot_string(f, annot_text(o, d->main_annot[c]), LABEL_MAX)) return -1;
        fputc('"', f);
    }
    return fputs("];\n", f) < 0 ? -1 : 0;
}

/* Rule 4: a fork's children stay in the order its edges are written, left
 * child first.  Only forks get ordering=out, so that heap edges (which are
 * out-edges of the values they point at) take no part in it. */
static int write_nodes(const Distilled *d, const DotOptions *o, FILE *f)
{
    uint8_t *nout = calloc((size_t)d->n + 1, 1);
    if (!nout) { errno = ENOMEM; return -1; }
    for (uint32_t k = 0; k < d->nc; k++) nout[d->csrc[k]]++;
    int rc = 0;
    for (uint32_t c = 1; c <= d->n && rc == 0; c++) rc = write_node(d, o, c, nout[c] > 1, f);
    free(nout);
    return rc;
}

static const char *kinds_name(uint8_t kinds)
{
    static const char *const names[] = { "", "use", "retain", "use+retain" };
    return names[kinds & 3];
}

/* A heap edge s -> t (t the earlier value) is written t -> s with
 * dir=back, so it is drawn pointing up at the value, and with weight 0,
 * so it does not pull nodes together.  t always precedes s in the
 * computation graph of a program, so the rank constraint it adds is one
 * the computation edges already impose (rule 3); unlike constraint=false
 * edges, which dot routes around the whole drawing, such edges are laid
 * out among the nodes.  free_heap asks for constraint=false instead:
 * faster, for large graphs, but wider and less readable. */
static int write_heap_edges(const Distilled *d, const DotOptions *o, FILE *f)
{
    double wmax = 0;
    for (size_t k = 0; k < d->nh; k++)
        if (d->root[k] && d->weight[k] > wmax) wmax = d->weight[k];
    for (size_t k = 0; k < d->nh; k++) {
        const char *color = !d->scheduled ? "gray30" : d->root[k] ? "black" : "gray80";
        double pen = !d->scheduled || !d->root[k] ? 0.5
                   : wmax > 0 ? PEN_MAX * d->weight[k] / wmax : PEN_MIN;
        if (pen < PEN_MIN) pen = PEN_MIN;
        if (o->free_heap)
            fprintf(f, "  n%u -> n%u [constraint=false, arrowhead=vee, ", d->heap_src[k], d->heap_dst[k]);
        else
            fprintf(f, "  n%u -> n%u [dir=back, weight=0, arrowtail=vee, ", d->heap_dst[k], d->heap_src[k]);
        fprintf(f, "arrowsize=0.4, color=%s, penwidth=%.2f, tooltip=\"%u %s edge%s",
                color, pen, d->heap_count[k], kinds_name(d->heap_kinds[k]), d->heap_count[k] == 1 ? "" : "s");
        if (d->root[k]) fprintf(f, ", root, space %.6g", d->weight[k]);  /* rule 8 */
        if (fputs("\"];\n", f) < 0) return -1;
    }
    return 0;
}

int distill_write_dot(const Distilled *d, const DotOptions *o, FILE *f)
{
    if (write_header(d, o, f) || write_nodes(d, o, f)) return -1;
    for (uint32_t k = 0; k < d->nc; k++)                   /* rules 3-4 */
        fprintf(f, "  n%u -> n%u;\n", d->csrc[k], d->cdst[k]);
    if (write_heap_edges(d, o, f)) return -1;
    fputs("}\n", f);
    return ferror(f) ? -1 : 0;
}
