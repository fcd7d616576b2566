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
    free(d->root); free(d->weight); free(d->drawn);
    memset(d, 0, sizeof *d);
}

/* ---- nodes: rules 1, 5, 7 ---------------------------------------------- */

/* join[f] for every fork f: its join.  Ids are the 1DF order, so a fork,
 * its two branches and its join are the interval of ids [f, join[f]], and
 * a stack of open forks matches them in one pass. */
static uint32_t *match_joins(const Graph *g)
{
    uint32_t n = graph_nodes(g), sp = 0;
    uint32_t *join = calloc((size_t)n + 1, sizeof *join);
    uint32_t *stack = malloc(((size_t)n + 1) * sizeof *stack);
    if (!join || !stack) { free(join); free(stack); return NULL; }
    for (uint32_t v = 1; v <= n; v++) {
        if (graph_in_degree(g, v) == 2 && sp > 0) join[stack[--sp]] = v;
        if (graph_out_degree(g, v) == 2) stack[sp++] = v;
    }
    free(stack);
    return join;
}

/* Work arrays of one grouping: the unit of every node (its first member's
 * id), and per unit its sole distinct parent and child unit (0: none,
 * UINT32_MAX: several). */
typedef struct Units {
    uint32_t *unit, *parent, *child;
} Units;

static void units_free(Units *u) { free(u->unit); free(u->parent); free(u->child); }

static int units_init(Units *u, uint32_t n)
{
    u->unit = malloc(((size_t)n + 1) * sizeof *u->unit);
    u->parent = malloc(((size_t)n + 1) * sizeof *u->parent);
    u->child = malloc(((size_t)n + 1) * sizeof *u->child);
    return u->unit && u->parent && u->child ? 0 : -1;
}

/* Every node is its own unit, except that the members of each outermost
 * block of work <= W form two units: the visited ones and the others
 * (rule 7).  W = 0 collapses nothing. */
static void make_units(const Graph *g, const DistillOptions *o, const uint32_t *join,
                       uint32_t W, uint32_t *unit)
{
    uint32_t n = graph_nodes(g);
    for (uint32_t v = 1; v <= n;) {
        uint32_t j = join ? join[v] : 0;
        if (W == 0 || j == 0 || j - v + 1 > W) { unit[v] = v; v++; continue; }
        uint32_t head[2] = {0, 0};                 /* unvisited, visited */
        for (uint32_t u = v; u <= j; u++) {
            int vis = is_visited(o, u);
            if (!head[vis]) head[vis] = u;
            unit[u] = head[vis];
        }
        v = j + 1;
    }
}

static void note_neighbour(uint32_t *slot, uint32_t x)
{
    if (*slot == 0) *slot = x;
    else if (*slot != x) *slot = UINT32_MAX;
}

/* Rule 1 on units: a unit whose sole parent unit has it as sole child, and
 * which has one child unit itself, joins its parent's node (rule 7: if both
 * are visited or both not).  Units are numbered by their first members,
 * which is a topological order of the units.  Returns the node count. */
static uint32_t group_units(const Graph *g, const DistillOptions *o, Units *u, uint32_t *group)
{
    uint32_t n = graph_nodes(g), count = 0;
    memset(u->parent, 0, ((size_t)n + 1) * sizeof *u->parent);
    memset(u->child, 0, ((size_t)n + 1) * sizeof *u->child);
    for (uint32_t a = 1; a <= n; a++)
        for (int k = 0; k < 2; k++) {
            uint32_t c = graph_child(g, a, k), ua = u->unit[a];
            if (!c || u->unit[c] == ua) continue;
            note_neighbour(&u->child[ua], u->unit[c]);
            note_neighbour(&u->parent[u->unit[c]], ua);
        }
    for (uint32_t v = 1; v <= n; v++) {
        if (u->unit[v] != v) { group[v] = group[u->unit[v]]; continue; }
        uint32_t p = u->parent[v];
        int joins = !o->raw && p != 0 && p != UINT32_MAX && p < v
                    && u->child[p] == v && u->child[v] != 0 && u->child[v] != UINT32_MAX
                    && is_visited(o, v) == is_visited(o, p);         /* rules 1, 7 */
        group[v] = joins ? group[p] : ++count;
    }
    return count;
}

static int cmp_u32(const void *a, const void *b);

/* The block works, sorted and distinct: the thresholds worth trying. */
static uint32_t block_works(const Graph *g, const uint32_t *join, uint32_t *works)
{
    uint32_t k = 0;
    for (uint32_t v = 1; v <= graph_nodes(g); v++)
        if (join[v]) works[k++] = join[v] - v + 1;
    qsort(works, k, sizeof *works, cmp_u32);
    uint32_t nd = 0;
    for (uint32_t j = 0; j < k; j++)
        if (nd == 0 || works[nd - 1] != works[j]) works[nd++] = works[j];
    return nd;
}

/* Groups with blocks of work <= W coalesced; returns the node count. */
static uint32_t group_at(const Graph *g, const DistillOptions *o, const uint32_t *join,
                         uint32_t W, Units *u, uint32_t *group)
{
    make_units(g, o, join, W, u->unit);
    return group_units(g, o, u, group);
}

/* Rules 1 and 7, then the budget: the smallest block work W that leaves at
 * most max_shown nodes (the count does not grow with W: a binary search). */
static int assign_groups(const Graph *g, const DistillOptions *o, Distilled *d)
{
    uint32_t n = graph_nodes(g);
    Units u = {0};
    uint32_t *join = NULL, *works = NULL;
    int rc = -1;
    if (units_init(&u, n)) goto done;
    d->n = d->base_n = group_at(g, o, NULL, 0, &u, d->group);
    if (o->raw || o->max_shown == 0 || d->n <= o->max_shown) { rc = 0; goto done; }
    join = match_joins(g);
    works = malloc(((size_t)n + 1) * sizeof *works);
    if (!join || !works) goto done;
    uint32_t nw = block_works(g, join, works), lo = 0, hi = nw;
    while (lo < hi) {                   /* the first works[i] within budget */
        uint32_t mid = lo + (hi - lo) / 2;
        if (group_at(g, o, join, works[mid], &u, d->group) <= o->max_shown) hi = mid;
        else lo = mid + 1;
    }
    if (lo == nw && nw > 0) lo = nw - 1;        /* over budget even so: the coarsest */
    d->block_work = nw ? works[lo] : 0;
    d->n = group_at(g, o, join, d->block_work, &u, d->group);
    rc = 0;
done:
    units_free(&u);
    free(join); free(works);
    return rc;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The annotation most members carry; ties go to the earliest member's.
 * mem[0..k-1] are the members in id order; val and cnt have room for k. */
static uint32_t main_annot(const Graph *g, const uint32_t *mem, uint32_t k,
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

/* Fills first, last, area, visited and annot of every coalesced node. */
static int describe_nodes(const Graph *g, const DistillOptions *o, Distilled *d)
{
    size_t nn = (size_t)graph_nodes(g) + 1;
    uint32_t *off = calloc((size_t)d->n + 2, sizeof *off);
    uint32_t *mem = malloc(nn * sizeof *mem);
    uint32_t *val = malloc(nn * sizeof *val), *cnt = malloc(nn * sizeof *cnt);
    int rc = (off && mem && val && cnt) ? 0 : -1;
    for (uint32_t v = graph_nodes(g); rc == 0 && v >= 1; v--) {
        uint32_t c = d->group[v];
        d->first[c] = v;
        if (d->last[c] == 0) d->last[c] = v;
        d->area[c]++;
        d->visited[c] = (uint8_t)is_visited(o, v);
    }
    if (rc == 0) {
        /* members of c, in id order: mem[off[c] - area[c] .. off[c] - 1] */
        for (uint32_t c = 2; c <= d->n; c++) off[c] = off[c - 1] + d->area[c - 1];
        for (uint32_t v = 1; v <= graph_nodes(g); v++) mem[off[d->group[v]]++] = v;
        for (uint32_t c = 1; c <= d->n; c++)
            d->main_annot[c] = main_annot(g, mem + off[c] - d->area[c], d->area[c], val, cnt);
    }
    free(off); free(mem); free(val); free(cnt);
    return rc;
}

/* ---- edges: rules 2, 6, 8 ---------------------------------------------- */

typedef struct HeapKey { uint64_t key; size_t e; } HeapKey;

static int cmp_heapkey(const void *a, const void *b);

static int cmp_seq(const void *a, const void *b)
{
    const HeapKey *x = a, *y = b;
    return (x->e > y->e) - (x->e < y->e);
}

/* Computation edges between different coalesced nodes (rule 2), each pair
 * once (the budget's coalesced blocks can be joined by several), in the
 * order of their sources' ids, left child first (rule 4). */
static int collect_comp_edges(const Graph *g, Distilled *d)
{
    size_t cap = 2 * (size_t)graph_nodes(g) + 1, nk = 0;
    HeapKey *keys = malloc(cap * sizeof *keys);
    d->csrc = malloc(cap * sizeof *d->csrc);
    d->cdst = malloc(cap * sizeof *d->cdst);
    if (!keys || !d->csrc || !d->cdst) { free(keys); return -1; }
    for (uint32_t a = 1; a <= graph_nodes(g); a++)
        for (int k = 0; k < 2; k++) {
            uint32_t c = graph_child(g, a, k);
            if (!c || d->group[a] == d->group[c]) continue;
            keys[nk].key = (uint64_t)d->group[a] << 32 | d->group[c];
            keys[nk].e = nk;
            nk++;
        }
    qsort(keys, nk, sizeof *keys, cmp_heapkey);
    size_t kept = 0;
    for (size_t j = 0; j < nk; j++)
        if (j == 0 || keys[j].key != keys[j - 1].key) keys[kept++] = keys[j];
    qsort(keys, kept, sizeof *keys, cmp_seq);
    for (size_t j = 0; j < kept; j++) {
        d->csrc[j] = (uint32_t)(keys[j].key >> 32);
        d->cdst[j] = (uint32_t)keys[j].key;
    }
    d->nc = (uint32_t)kept;
    free(keys);
    return 0;
}

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

/* ---- the budget: which heap edges are drawn ----------------------------- */

typedef struct EdgeRank { int root; double w; uint32_t count; size_t k; } EdgeRank;

/* Root edges first, then heavier, then more original edges, then by id. */
static int cmp_rank(const void *a, const void *b)
{
    const EdgeRank *x = a, *y = b;
    if (x->root != y->root) return y->root - x->root;
    if (x->w != y->w) return x->w < y->w ? 1 : -1;
    if (x->count != y->count) return x->count < y->count ? 1 : -1;
    return (x->k > y->k) - (x->k < y->k);
}

/* The longest computation path from the start to each node, in edges:
 * Graphviz's rank of the node (node ids are a topological order). */
static uint32_t *node_ranks(const Distilled *d)
{
    uint32_t *rank = calloc((size_t)d->n + 1, sizeof *rank);
    uint32_t *off = calloc((size_t)d->n + 2, sizeof *off);
    uint32_t *dst = malloc(((size_t)d->nc + 1) * sizeof *dst);
    if (!rank || !off || !dst) { free(rank); free(off); free(dst); return NULL; }
    for (uint32_t k = 0; k < d->nc; k++) off[d->csrc[k] + 1]++;
    for (uint32_t c = 1; c <= d->n; c++) off[c + 1] += off[c];
    for (uint32_t k = 0; k < d->nc; k++) dst[off[d->csrc[k]]++] = d->cdst[k];
    for (uint32_t c = d->n; c >= 1; c--) off[c] = off[c - 1];     /* back to starts */
    off[1] = 0;
    for (uint32_t c = 1; c <= d->n; c++)
        for (uint32_t j = off[c]; j < off[c + 1]; j++)
            if (dst[j] > c && rank[dst[j]] < rank[c] + 1) rank[dst[j]] = rank[c] + 1;
    free(off); free(dst);
    return rank;
}

/* Graphviz lays a heap edge spanning r ranks out as r - 1 virtual nodes,
 * and positioning them dominates its time: the heaviest edges are drawn
 * while their spans add up to at most max_span. */
static int limit_span(const DistillOptions *o, Distilled *d, const EdgeRank *r, size_t nr)
{
    uint32_t *rank = node_ranks(d);
    if (!rank) return -1;
    size_t span = 0;
    for (size_t j = 0; j < nr; j++) {
        size_t k = r[j].k;
        if (!d->drawn[k]) continue;
        uint32_t a = rank[d->heap_src[k]], b = rank[d->heap_dst[k]];
        size_t len = a > b ? a - b : b - a;
        if (span + len > o->max_span) d->drawn[k] = 0;
        else span += len;
    }
    free(rank);
    return 0;
}

/* A root edge's share is of the root edges' weight (rule 8), another
 * edge's of the other edges' original count; edges under min_share are not
 * drawn, nor any past the max_heap heaviest, nor past max_span. */
static int select_drawn(const DistillOptions *o, Distilled *d)
{
    double other = 0;
    d->drawn = malloc(d->nh ? d->nh : 1);
    EdgeRank *r = malloc((d->nh ? d->nh : 1) * sizeof *r);
    if (!d->drawn || !r) { free(r); return -1; }
    for (size_t k = 0; k < d->nh; k++)
        if (!d->root[k]) other += d->heap_count[k];
    size_t nr = 0;
    for (size_t k = 0; k < d->nh; k++) {
        double share = d->root[k] ? (d->root_weight > 0 ? d->weight[k] / d->root_weight : 1)
                                  : (other > 0 ? d->heap_count[k] / other : 1);
        d->drawn[k] = share >= o->min_share;
        if (d->drawn[k]) r[nr++] = (EdgeRank){ d->root[k], d->weight[k], d->heap_count[k], k };
    }
    qsort(r, nr, sizeof *r, cmp_rank);
    if (o->max_heap && nr > o->max_heap)
        for (size_t j = o->max_heap; j < nr; j++) d->drawn[r[j].k] = 0;
    int rc = o->max_span ? limit_span(o, d, r, nr) : 0;
    free(r);
    if (rc) return -1;
    for (size_t k = 0; k < d->nh; k++) {
        if (d->drawn[k]) d->nh_drawn++;
        else if (d->root[k]) { d->hidden_roots++; d->hidden_weight += d->weight[k]; }
    }
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
    d->budgeted = o->max_shown > 0 && !o->raw;
    d->step = o->sched ? o->step : 0;
    d->orig_nodes = graph_nodes(g);
    d->orig_heap = graph_heap_edges(g);
    if (!d->group || !d->first || !d->last || !d->area || !d->main_annot || !d->visited
        || assign_groups(g, o, d) || describe_nodes(g, o, d)
        || collect_comp_edges(g, d) || collect_heap_edges(g, o, d) || select_drawn(o, d)) {
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
    if (newline == NULL) {                      /* HTML-like label text */
        switch (c) {
        case '&': return fputs("&amp;", f) < 0 ? -1 : 0;
        case '<': return fputs("&lt;", f) < 0 ? -1 : 0;
        case '>': return fputs("&gt;", f) < 0 ? -1 : 0;
        case '"': return fputs("&quot;", f) < 0 ? -1 : 0;
        default:
            if (c < 0x20 || c == 0x7F) c = ' ';
            return putc(c, f) == EOF ? -1 : 0;
        }
    }
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

/* newline: the escape a newline becomes, "\\n" (centred) or "\\l" (left);
 * NULL: text of an HTML-like label (entities; a newline is a space). */
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
#define NODE_MIN   0.04  /* the smallest */
#define BUDGET_MAX 1.5   /* within the budget: the largest node's diameter */
#define PEN_MAX    8.0   /* penwidth of the heaviest root edge; others in proportion */
#define PEN_MIN    0.5   /* but no thinner than this */

static const char *annot_text(const DotOptions *o, uint32_t a)
{
    return (o->annots && a < o->nannots && o->annots[a].text) ? o->annots[a].text : "";
}

/* One line of the title block: an HTML-like table row. */
static int title_row(FILE *f, int size, int bold, const char *text)
{
    if (!*text) return 0;                  /* Graphviz rejects empty <B></B> */
    fprintf(f, "<TR><TD ALIGN=\"LEFT\"><FONT POINT-SIZE=\"%d\">%s", size, bold ? "<B>" : "");
    if (dot_string(f, text, 0, NULL)) return -1;
    return fprintf(f, "%s</FONT></TD></TR>\n", bold ? "</B>" : "") < 0 ? -1 : 0;
}

/* What the budget did, in words (empty if nothing). */
static void budget_note(const Distilled *d, char *buf, size_t cap)
{
    size_t k = (size_t)snprintf(buf, cap, "nodes %u -> %u", d->orig_nodes, d->n);
    if (d->block_work && k < cap)
        k += (size_t)snprintf(buf + k, cap - k, " (rules 1-8 give %u; every fork-join block of work <= %u"
                              " is drawn as one node%s)", d->base_n, d->block_work,
                              d->scheduled ? ", two where the frontier crosses it" : "");
    if (k < cap)
        k += (size_t)snprintf(buf + k, cap - k, ", heap edges %zu -> %zu", d->orig_heap, d->nh);
    if (d->nh_drawn < d->nh && k < cap)
        snprintf(buf + k, cap - k, ", %zu drawn (lighter and longer ones left out)", d->nh_drawn);
}

/* The legend: what colour, area and width mean. */
static int write_legend(const Distilled *d, FILE *f)
{
    if (d->scheduled) {
        fprintf(f, "<TR><TD ALIGN=\"LEFT\"><FONT POINT-SIZE=\"18\"><FONT COLOR=\"black\">&#9679;</FONT>"
                   " visited by step %u &#160; <FONT COLOR=\"gray70\">&#9679;</FONT> not yet visited"
                   " &#160; node area = work</FONT></TD></TR>\n", d->step);
        fputs("<TR><TD ALIGN=\"LEFT\"><FONT POINT-SIZE=\"18\"><B>&#8212;</B> black edge: a root at that step"
              " (needed by an unvisited node, pointing at a value), width = words it holds"
              " &#160; <FONT COLOR=\"gray60\">&#8212;</FONT> other heap edge</FONT></TD></TR>\n", f);
    } else {
        fputs("<TR><TD ALIGN=\"LEFT\"><FONT POINT-SIZE=\"18\">node area = work &#160; time runs down,"
              " the sequential order left to right &#160; dark edges: heap (pointing at the value),"
              " light: computation</FONT></TD></TR>\n", f);
    }
    return ferror(f) ? -1 : 0;
}

static int write_header(const Distilled *d, const DotOptions *o, FILE *f)
{
    fputs("digraph pml {\n", f);
    /* Within the budget, cheaper crossing minimisation and positioning:
     * seconds instead of minutes on tall graphs, at a small cost in
     * straightness. */
    if (d->budgeted)
        fputs("  graph [searchsize=5, nslimit=2, nslimit1=2, mclimit=0.2];\n", f);
    fputs("  graph [rankdir=TB, outputorder=edgesfirst, nodesep=0.08,\n"
          "         ranksep=0.15, fontname=\"Helvetica\", labelloc=t, labeljust=l,\n"
          "         label=<<TABLE BORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\">\n", f);
    const char *cap = o->caption ? o->caption : "";
    for (int line = 0; *cap || line == 0; line++) {      /* first line: the title */
        const char *nl = strchr(cap, '\n');
        size_t len = nl ? (size_t)(nl - cap) : strlen(cap);
        char *text = strndup(cap, len);
        if (!text || title_row(f, line == 0 ? 28 : 18, line == 0, text)) { free(text); return -1; }
        free(text);
        cap += len + (nl != NULL);
    }
    char note[512];
    budget_note(d, note, sizeof note);
    if (title_row(f, 16, 0, note)) return -1;
    if (d->hidden_roots) {
        snprintf(note, sizeof note, "not drawn: %zu root edges under %.3g%% of the space each"
                 " (%.6g in all)", d->hidden_roots, 100 * o->min_share, d->hidden_weight);
        if (title_row(f, 16, 0, note)) return -1;
    }
    if (write_legend(d, f)) return -1;
    fputs("</TABLE>>];\n"
          "  node [shape=circle, fixedsize=true, style=filled, penwidth=0, label=\"\",\n"
          "        fontname=\"Helvetica\", fontsize=14];\n"
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
    if (d->last[c] - d->first[c] + 1 != d->area[c])
        k += snprintf(head + k, sizeof head - k, " (not all)");
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

/* Inches of diameter per sqrt(work): within the budget, scaled so the
 * largest node is BUDGET_MAX wide (coalesced blocks would be huge). */
static double node_scale(const Distilled *d)
{
    uint32_t amax = 1;
    if (!d->budgeted) return NODE_SCALE;
    for (uint32_t c = 1; c <= d->n; c++) if (d->area[c] > amax) amax = d->area[c];
    double s = BUDGET_MAX / sqrt((double)amax);
    return s < NODE_SCALE ? s : NODE_SCALE;
}

static int write_node(const Distilled *d, const DotOptions *o, uint32_t c, int fork, int label, FILE *f)
{
    double w = node_scale(d) * sqrt((double)d->area[c]);            /* area = work */
    if (w > NODE_MAX) w = NODE_MAX;
    if (w < NODE_MIN) w = NODE_MIN;
    fprintf(f, "  n%u [%swidth=%.3f, fillcolor=%s, tooltip=\"", c,
            fork ? "ordering=out, " : "", w,
            d->visited[c] ? "black" : "gray70");                     /* rule 5 */
    if (write_node_tooltip(d, o, c, f)) return -1;
    fputc('"', f);
    if ((o->labels || label) && *annot_text(o, d->main_annot[c])) {
        fputs(", xlabel=\"", f);
        if (distill_dot_string(f, annot_text(o, d->main_annot[c]), LABEL_MAX)) return -1;
        fputc('"', f);
    }
    return fputs("];\n", f) < 0 ? -1 : 0;
}

/* Rule 4: a fork's children stay in the order its edges are written, left
 * child first.  Only forks get ordering=out, so that heap edges (which are
 * out-edges of the values they point at) take no part in it. */
static int cmp_area_desc(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x < y) - (x > y);
}

/* top[c] = 1 for the label_top largest nodes (ties: the earlier). */
static uint8_t *largest_nodes(const Distilled *d, uint32_t label_top)
{
    uint8_t *top = calloc((size_t)d->n + 1, 1);
    uint64_t *key = malloc(((size_t)d->n + 1) * sizeof *key);
    if (!top || !key) { free(top); free(key); return NULL; }
    for (uint32_t c = 1; c <= d->n; c++)              /* area desc, then id asc */
        key[c - 1] = (uint64_t)d->area[c] << 32 | (UINT32_MAX - c);
    qsort(key, d->n, sizeof *key, cmp_area_desc);
    for (uint32_t j = 0; j < d->n && j < label_top; j++) top[UINT32_MAX - (uint32_t)key[j]] = 1;
    free(key);
    return top;
}

/* Rule 4: a fork's children stay in the order its edges are written, left
 * child first.  Only forks get ordering=out, so that heap edges (which are
 * out-edges of the values they point at) take no part in it. */
static int write_nodes(const Distilled *d, const DotOptions *o, FILE *f)
{
    uint32_t *nout = calloc((size_t)d->n + 1, sizeof *nout);
    uint8_t *top = largest_nodes(d, o->label_top);
    int rc = nout && top ? 0 : -1;
    if (rc) errno = ENOMEM;
    for (uint32_t k = 0; rc == 0 && k < d->nc; k++) nout[d->csrc[k]]++;
    for (uint32_t c = 1; c <= d->n && rc == 0; c++) rc = write_node(d, o, c, nout[c] > 1, top[c], f);
    free(nout); free(top);
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
        if (!d->drawn[k]) continue;
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
