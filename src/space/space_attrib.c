/*
 * space_attrib.c — who holds the space at a step: by use, each live value
 * split among the root edges that reach it (paper §4.1), and by allocation.
 *
 * Memory in proportion to what is live at the step, not to the graph.
 * Heap edges point to lower ids and are stored by source, so walking them
 * backwards meets every edge into a value before the value's own edges:
 * one backward pass settles which values the root edges reach through
 * retain edges (by use) or which are alive (by allocation), in a bitset of
 * one bit per node.  A rank table (live values before each 64-bit word,
 * 1/16 byte per node) numbers the L live values densely in id order, and
 * everything else is over them and the E retain edges between them.
 *
 * By use the parts are those of a literal walk from each root (the test
 * oracle's, and pml's before): a root's part is the sum, in the order of a
 * depth-first walk from it (a stack; a value's retain edges pushed in
 * their order), of size/count over the values it reaches, count being the
 * root edges reaching a value.  Floating-point sums depend on their order,
 * so every part is summed in exactly that order, term by term: the outputs
 * do not change by a bit.  What is faster than walking:
 *  - counts, for 64 roots at a time: one bit mask per value reached,
 *    pushed down the retain edges in topological order (count_reach);
 *    or, where the retaining values form a forest that shares only
 *    leaves across its trees, plain sums down the edges (forest_counts);
 *  - the walks themselves where no root reaches a value by two paths
 *    (lists and trees sharing only leaves or small tuples, the usual case;
 *    checked by counting paths, reach_taint): there the walk from any value
 *    visits the same sequence, which is laid out once in an array
 *    (walk_layout), and a root's part is a sum over a slice of it, eight
 *    roots interleaved (sixteen in vector lanes where their slices start
 *    one term apart).  The other roots are walked one by one on the
 *    dense arrays (walk_each).
 */
#include <stdlib.h>
#include <string.h>
#include "space.h"

/* Above this many (root, value reached) pairs the exact split is given up
 * for the flow approximation (use_flow): a 10^6-deep recursion holding a
 * 10^6-cell list would need 10^12. */
#ifndef USE_BUDGET
#define USE_BUDGET 200000000ull
#endif

/* ---- the live values at a step: bitset, rank, dense arrays ---- */

typedef struct LiveSet {
    uint64_t *bits;         /* bit v: node v is live (per node) */
    uint32_t *rank;         /* per word of bits: live values in the words before it */
    size_t words;
    uint32_t L;             /* live values, numbered 0..L-1 in id order */
} LiveSet;

static inline int live_has(const LiveSet *lv, uint32_t v) { return (lv->bits[v >> 6] >> (v & 63)) & 1; }
static inline void live_set(LiveSet *lv, uint32_t v) { lv->bits[v >> 6] |= 1ull << (v & 63); }

/* Node v's dense number; v must be live. */
static inline uint32_t live_index(const LiveSet *lv, uint32_t v)
{
    uint64_t below = lv->bits[v >> 6] & ((1ull << (v & 63)) - 1);
    return lv->rank[v >> 6] + graph_popcount(below);
}

/* Clears the bitset for a graph of n nodes (allocated once). */
static int live_clear(LiveSet *lv, uint32_t n)
{
    if (!lv->bits) {
        lv->words = ((size_t)n >> 6) + 1;
        lv->bits = malloc(lv->words * sizeof *lv->bits);
        lv->rank = malloc(lv->words * sizeof *lv->rank);
        if (!lv->bits || !lv->rank) return -1;
    }
    memset(lv->bits, 0, lv->words * sizeof *lv->bits);
    return 0;
}

static void live_number(LiveSet *lv)
{
    uint32_t r = 0;
    for (size_t w = 0; w < lv->words; w++) {
        lv->rank[w] = r;
        r += graph_popcount(lv->bits[w]);
    }
    lv->L = r;
}

static void live_free(LiveSet *lv)
{
    free(lv->bits);
    free(lv->rank);
    memset(lv, 0, sizeof *lv);
}

/* Node v's step: its id when the schedule is the ids (df on one
 * processor, Schedule.by_ids), so that nothing reads the steps' array. */
static inline uint32_t step_of(const Schedule *s, uint32_t v) { return s->by_ids ? v : s->step[v]; }

static inline int is_root_edge(const Graph *g, const Schedule *s, uint32_t step, size_t e)
{
    return step_of(s, graph_heap_src(g, e)) > step && step_of(s, graph_heap_dst(g, e)) <= step;
}

/* ---- by use: the live values and the retain edges between them ---- */

/* Heap edge indices, growing (heap edges are counted in 32 bits, as the
 * graph's block offsets are). */
typedef struct EdgeList {
    uint32_t *e;
    size_t n, cap;
} EdgeList;

static inline int edges_push(EdgeList *l, size_t e)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 1024;
        uint32_t *t = realloc(l->e, cap * sizeof *t);
        if (!t) return -1;
        l->e = t, l->cap = cap;
    }
    l->e[l->n++] = (uint32_t)e;
    return 0;
}

static void edges_reverse(EdgeList *l)
{
    for (size_t i = 0, j = l->n; i + 1 < j; i++, j--) {
        uint32_t t = l->e[i];
        l->e[i] = l->e[j - 1], l->e[j - 1] = t;
    }
}

typedef struct UseWork {
    const Graph *g;
    const Schedule *s;
    Units u;
    uint32_t step;
    LiveSet *lv;
    EdgeList *roots;        /* the root edges, increasing */
    EdgeList *held;         /* the retain edges from live values, increasing */
    uint32_t L, E;          /* live values; retain edges from them */
    uint32_t *id;           /* L: node id of each live value (increasing) */
    uint32_t *off;          /* L+1: value i's retain edges are dst[off[i] .. off[i+1]-1] */
    uint32_t *dst;          /* E: their sinks' dense numbers, in edge order (lower than i) */
    uint32_t *weight;       /* L: root edges into the value (+1 for the live result) */
    uint32_t *count;        /* L: root edges reaching it (the walk's count) */
    uint32_t *reach;        /* L: roots (values with weight) reaching it */
    double *term;           /* L: size / count, what each walk through it adds */
    double *part;           /* L: a root's part (by the flow: each holder's) */
} UseWork;

static void work_free(UseWork *w)
{
    free(w->id); free(w->off); free(w->dst); free(w->weight);
    free(w->count); free(w->reach); free(w->term);
    w->id = w->off = w->dst = w->weight = w->count = w->reach = NULL;
    w->term = NULL;
}

/* use_mark's edges whose source comes after the step, when the steps are
 * the ids: sources never decrease, so they are the edges from *e (the
 * first with a source above the step, found by bisection) on, and no live
 * value is among their sources (a live value's step is at most the step).
 * Such an edge counts only as a root edge, when its sink is visited: the
 * sinks alone are read.  *e is left at the first of them. */
static int ids_roots(UseWork *w, size_t *e)
{
    const Graph *g = w->g;
    size_t lo = 0, hi = *e;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (graph_heap_src(g, mid) <= w->step) lo = mid + 1;
        else hi = mid;
    }
    for (size_t f = *e; f-- > lo;) {
        uint32_t dst = graph_heap_dst(g, f);
        if (dst > w->step) continue;
        live_set(w->lv, dst);
        if (edges_push(w->roots, f)) return -1;
    }
    *e = lo;
    return 0;
}

/* The one pass over the heap edges, backwards: marks the values the root
 * edges (and the live result) reach through retain edges, and lists the
 * root edges and the retain edges from live values. */
static int use_mark(UseWork *w)
{
    const Graph *g = w->g;
    const uint32_t *st = w->s->step;
    LiveSet *lv = w->lv;
    w->roots->n = w->held->n = 0;
    if (graph_heap_edges(g) > UINT32_MAX || live_clear(lv, graph_nodes(g))) return -1;
    uint32_t res = graph_result(g);
    if (res && step_of(w->s, res) <= w->step) live_set(lv, res);
    size_t e = graph_heap_edges(g);
    if (w->s->by_ids) { /* the steps are the ids: two passes that read no steps */
        if (ids_roots(w, &e)) return -1;
        st = NULL;
    }
    while (e-- > 0) {
        uint32_t src = graph_heap_src(g, e), dst = graph_heap_dst(g, e);
        int retain = graph_heap_kind(g, e) == HE_RETAIN && live_has(lv, src);
        int root = st && st[src] > w->step && st[dst] <= w->step;
        if (!retain && !root) continue;
        live_set(lv, dst);
        if ((retain && edges_push(w->held, e)) || (root && edges_push(w->roots, e))) return -1;
    }
    edges_reverse(w->roots);
    edges_reverse(w->held);
    live_number(lv);
    w->L = lv->L;
    w->E = (uint32_t)w->held->n;
    return 0;
}

/* The dense arrays: ids, the retain edges by live value, root weights. */
static int use_build(UseWork *w)
{
    const Graph *g = w->g;
    const LiveSet *lv = w->lv;
    uint32_t L = w->L;
    w->id = malloc(((size_t)L + 1) * sizeof *w->id);
    w->off = malloc(((size_t)L + 1) * sizeof *w->off);
    w->dst = malloc(((size_t)w->E + 1) * sizeof *w->dst);
    w->weight = calloc((size_t)L + 1, sizeof *w->weight);
    if (!w->id || !w->off || !w->dst || !w->weight) return -1;
    for (size_t k = 0, i = 0; k < lv->words; k++)
        for (uint64_t b = lv->bits[k]; b; b &= b - 1) w->id[i++] = (uint32_t)(64 * k + (size_t)__builtin_ctzll(b));
    for (size_t k = 0; k < w->roots->n; k++) w->weight[live_index(lv, graph_heap_dst(g, w->roots->e[k]))]++;
    uint32_t filled = 0;
    for (uint32_t p = 0; p < w->E; p++) {
        uint32_t e = w->held->e[p];
        for (uint32_t i = live_index(lv, graph_heap_src(g, e)); filled <= i; filled++) w->off[filled] = p;
        w->dst[p] = live_index(lv, graph_heap_dst(g, e));
    }
    for (; filled <= L; filled++) w->off[filled] = w->E;
    uint32_t res = graph_result(g);
    if (res && step_of(w->s, res) <= w->step) w->weight[live_index(lv, res)]++; /* the result: a root of its own */
    return 0;
}

/* ---- counts: 64 roots at a time ---- */

typedef struct Scratch {
    uint32_t *mark, stamp;  /* L: the walk or block that last reached a value */
    uint32_t *stack;        /* L: values (walks) */
    uint32_t *cursor;       /* L: next edge of each stacked value (postorder) */
    uint32_t *order;        /* L: postorder of a block's values */
    uint64_t *mask;         /* L: roots of the block reaching a value */
} Scratch;

static void scratch_free(Scratch *x)
{
    free(x->mark); free(x->stack); free(x->cursor); free(x->order); free(x->mask);
    memset(x, 0, sizeof *x);
}

static int scratch_alloc(Scratch *x, uint32_t L)
{
    size_t n = (size_t)L + 1;
    x->mark = calloc(n, sizeof *x->mark);
    x->stack = malloc(n * sizeof *x->stack);
    x->cursor = malloc(n * sizeof *x->cursor);
    x->order = malloc(n * sizeof *x->order);
    x->mask = calloc(n, sizeof *x->mask);
    x->stamp = 0;
    return x->mark && x->stack && x->cursor && x->order && x->mask ? 0 : -1;
}

/* The values reachable from roots[0..k-1], in postorder (children before
 * parents, so reversed it is a topological order); returns how many. */
static uint32_t block_postorder(const UseWork *w, Scratch *x, const uint32_t *roots, uint32_t k)
{
    uint32_t no = 0, stamp = ++x->stamp;
    for (uint32_t j = 0; j < k; j++) {
        uint32_t sp = 0, r = roots[j];
        if (x->mark[r] == stamp) continue;
        x->mark[r] = stamp;
        x->stack[sp] = r, x->cursor[sp++] = w->off[r];
        while (sp) {
            uint32_t v = x->stack[sp - 1];
            if (x->cursor[sp - 1] == w->off[v + 1]) { x->order[no++] = v; sp--; continue; }
            uint32_t d = w->dst[x->cursor[sp - 1]++];
            if (x->mark[d] != stamp) { x->mark[d] = stamp; x->stack[sp] = d, x->cursor[sp++] = w->off[d]; }
        }
    }
    return no;
}

/* Adds to count and reach what roots[0..k-1] (k <= 64) reach; returns the
 * (root, value) pairs. */
static uint64_t count_block(UseWork *w, Scratch *x, const uint32_t *roots, uint32_t k)
{
    uint64_t plane[32] = {0}, pairs = 0; /* plane[b]: roots whose weight has bit b */
    int planes = 0;
    for (uint32_t j = 0; j < k; j++) {
        x->mask[roots[j]] |= 1ull << j;
        for (int b = 0; b < 32; b++)
            if (w->weight[roots[j]] >> b & 1) { plane[b] |= 1ull << j; if (b >= planes) planes = b + 1; }
    }
    uint32_t no = block_postorder(w, x, roots, k);
    for (uint32_t i = no; i-- > 0;) {
        uint32_t v = x->order[i];
        for (uint32_t p = w->off[v]; p < w->off[v + 1]; p++) x->mask[w->dst[p]] |= x->mask[v];
    }
    for (uint32_t i = 0; i < no; i++) {
        uint32_t v = x->order[i];
        uint64_t bits = x->mask[v], c = 0;
        for (int b = 0; b < planes; b++) c += (uint64_t)graph_popcount(bits & plane[b]) << b;
        w->count[v] += (uint32_t)c; /* the walk's uint32 sum of weights, wrapping alike */
        w->reach[v] += graph_popcount(bits);
        pairs += (uint64_t)graph_popcount(bits);
        x->mask[v] = 0;
    }
    return pairs;
}

/* count and reach of every live value; the (root, value) pairs, stopping
 * once past USE_BUDGET.  roots: the values with weight, increasing. */
static uint64_t count_reach(UseWork *w, Scratch *x, const uint32_t *roots, uint32_t nr)
{
    uint64_t pairs = 0;
    for (uint32_t b = 0; b < nr && pairs <= USE_BUDGET; b += 64)
        pairs += count_block(w, x, roots + b, nr - b < 64 ? nr - b : 64);
    return pairs;
}

/* count and reach of every live value in one pass down the values, when
 * no root can reach a value by two paths; the (root, value) pairs, or
 * UINT64_MAX (nothing written) when that is not certain.  Certain when
 * the values that retain others form a forest (at most one retain edge
 * into each: the lists and trees of the usual heap) and no value that
 * retains none is retained twice from one tree of it: the values a root
 * reaches below it are its own tree's and those they retain.  Then each
 * root reaching a value adds its weight once, as the walk counts it, and
 * the sums go down the retain edges (from higher to lower numbers).  The
 * scratch arrays cursor, stack and order are written. */
static uint64_t forest_counts(UseWork *w, Scratch *x)
{
    uint32_t L = w->L, *indeg = x->cursor, *tree = x->stack, *order = x->order;
    const uint32_t *off = w->off, *dst = w->dst;
    memset(indeg, 0, (size_t)L * sizeof *indeg);
    for (uint32_t p = 0; p < w->E; p++) indeg[dst[p]]++;
    for (uint32_t i = 0; i < L; i++) {
        if (off[i + 1] > off[i] && indeg[i] > 1) return UINT64_MAX;
        tree[i] = i;
    }
    for (uint32_t i = L; i-- > 0;) /* a retaining value is in its retainer's tree */
        for (uint32_t p = off[i]; p < off[i + 1]; p++)
            if (off[dst[p] + 1] > off[dst[p]]) tree[dst[p]] = tree[i];
    /* the values by tree (a counting sort), then each tree's edges into
     * values retained more than once: none twice from one tree */
    uint32_t *start = calloc((size_t)L + 2, sizeof *start), *seen = calloc((size_t)L + 1, sizeof *seen);
    int ok = start && seen;
    for (uint32_t i = 0; ok && i < L; i++) start[tree[i] + 2]++;
    for (uint32_t t = 0; ok && t < L; t++) start[t + 2] += start[t + 1];
    for (uint32_t i = 0; ok && i < L; i++) order[start[tree[i] + 1]++] = i;
    for (uint32_t t = 0; ok && t < L; t++)
        for (uint32_t k = start[t]; ok && k < start[t + 1]; k++)
            for (uint32_t i = order[k], p = off[i]; p < off[i + 1]; p++) {
                uint32_t c = dst[p];
                if (indeg[c] < 2) continue;
                ok = seen[c] != t + 1;
                seen[c] = t + 1;
            }
    free(start);
    free(seen);
    if (!ok) return UINT64_MAX;
    uint64_t pairs = 0;
    for (uint32_t i = L; i-- > 0;) {
        w->count[i] += w->weight[i]; /* the walk's uint32 sum of weights, wrapping alike */
        w->reach[i] += w->weight[i] > 0;
        pairs += w->reach[i];
        for (uint32_t p = off[i]; p < off[i + 1]; p++) w->count[dst[p]] += w->count[i], w->reach[dst[p]] += w->reach[i];
    }
    return pairs;
}

/* taint[i]: value i is reached from some root by two paths (the paths
 * from roots into it, counted with saturation, outnumber the roots reaching
 * it) or reaches such a value; a root without taint reaches every value
 * once, along one path. */
static void reach_taint(const UseWork *w, uint64_t *paths, uint8_t *taint)
{
    memset(paths, 0, (size_t)w->L * sizeof *paths);
    for (uint32_t i = w->L; i-- > 0;) {
        paths[i] += w->weight[i] > 0;
        taint[i] = paths[i] != w->reach[i];
        for (uint32_t p = w->off[i]; p < w->off[i + 1]; p++) {
            uint64_t *q = &paths[w->dst[p]];
            *q = *q + paths[i] < *q ? UINT64_MAX : *q + paths[i];
        }
    }
    for (uint32_t i = 0; i < w->L; i++)
        for (uint32_t p = w->off[i]; p < w->off[i + 1] && !taint[i]; p++) taint[i] = taint[w->dst[p]];
}

/* ---- the walks ---- */

/* Each root walked on its own, exactly as the literal walk. */
static void walk_each(UseWork *w, Scratch *x, const uint32_t *roots, uint32_t nr)
{
    for (uint32_t j = 0; j < nr; j++) {
        uint32_t r = roots[j], sp = 0, stamp = ++x->stamp;
        double part = 0;
        x->stack[sp++] = r;
        x->mark[r] = stamp;
        while (sp) {
            uint32_t v = x->stack[--sp];
            part += w->term[v];
            for (uint32_t p = w->off[v]; p < w->off[v + 1]; p++) {
                uint32_t d = w->dst[p];
                if (x->mark[d] != stamp) { x->mark[d] = stamp; x->stack[sp++] = d; }
            }
        }
        w->part[r] = part;
    }
}

/* The tree walks laid out.  With no value reached twice, the walk from v
 * visits v, then the walk from its last retained value, ..., then from its
 * first: the same sequence whichever root it is reached from.  Each
 * sequence is stored once: a value retained by one value inside its
 * holder's sequence, a short one without markers (a leaf, a pair of
 * leaves) copied into each holder's, any other in a block of its own,
 * which its holders' sequences name by a marker (-(index + 1); terms are
 * >= 0).  The layout has at most L + LAYOUT_COPY * E entries. */
enum { LAYOUT_COPY = 8 };
typedef struct Layout {
    double *lay;            /* terms and markers */
    uint32_t *pos, *len;    /* L: where value i's sequence is, and its length */
    uint8_t *own;           /* L: value i has a block of its own */
    uint8_t *plain;         /* L: value i's sequence has no marker */
} Layout;

static void layout_free(Layout *y)
{
    free(y->lay); free(y->pos); free(y->len); free(y->own); free(y->plain);
    memset(y, 0, sizeof *y);
}

/* own, len and plain of every value without taint (the others are left
 * out: own 0, and no holder of theirs counts); the layout's size (0: too
 * big, or nothing to lay out). */
static size_t layout_plan(const UseWork *w, const uint8_t *taint, Layout *y, uint32_t *indeg)
{
    memset(indeg, 0, (size_t)w->L * sizeof *indeg);
    for (uint32_t i = 0; i < w->L; i++)
        for (uint32_t p = w->off[i]; p < w->off[i + 1] && !taint[i]; p++) indeg[w->dst[p]]++;
    size_t total = 0;
    for (uint32_t i = 0; i < w->L; i++) {
        if (taint[i]) { y->own[i] = y->plain[i] = 0, y->len[i] = 0; continue; }
        uint64_t len = 1;
        int plain = 1;
        for (uint32_t p = w->off[i]; p < w->off[i + 1]; p++) {
            uint32_t c = w->dst[p];
            len += y->own[c] ? 1 : y->len[c];
            plain &= !y->own[c] && y->plain[c];
        }
        if (len > UINT32_MAX) return 0;
        y->len[i] = (uint32_t)len;
        y->plain[i] = (uint8_t)plain;
        y->own[i] = indeg[i] == 0 || (indeg[i] > 1 && !(plain && len <= LAYOUT_COPY));
        if (y->own[i]) total += len;
    }
    return total <= UINT32_MAX ? total : 0;
}

/* Writes the sequence of every value with a block of its own: the walk's
 * stack order, a marker where a value with its own block would be walked.
 * stack holds value i as i, its marker as L + i. */
static void layout_write(const UseWork *w, Layout *y, uint32_t *stack)
{
    uint32_t L = w->L, at = 0;
    for (uint32_t r = 0; r < L; r++) {
        if (!y->own[r]) continue;
        uint32_t sp = 0;
        stack[sp++] = r;
        while (sp) {
            uint32_t v = stack[--sp];
            if (v >= L) { y->lay[at++] = -((double)(v - L) + 1); continue; }
            y->pos[v] = at;
            y->lay[at++] = w->term[v];
            for (uint32_t p = w->off[v]; p < w->off[v + 1]; p++) {
                uint32_t c = w->dst[p];
                stack[sp++] = y->own[c] ? L + c : c;
            }
        }
    }
}

/* The sum over value v's sequence, following markers (stack: 2 per level). */
static double layout_sum(const Layout *y, uint32_t v, uint32_t *stack)
{
    double part = 0;
    uint32_t p = y->pos[v], end = p + y->len[v], sp = 0;
    for (;;) {
        while (p < end) {
            double t = y->lay[p++];
            if (!(t < 0)) { part += t; continue; }
            uint32_t c = (uint32_t)-t - 1;
            stack[sp++] = p, stack[sp++] = end;
            p = y->pos[c], end = p + y->len[c];
        }
        if (!sp) return part;
        end = stack[--sp], p = stack[--sp];
    }
}

/* SIDE plain sequences summed side by side: SIDE independent chains of
 * additions, each in its own order (eight keep the adder busy: a chain
 * waits out one addition's latency per term). */
enum { SIDE = 8 };
static void layout_sum_side(const Layout *y, const uint32_t *v, double *out)
{
    const double *a[SIDE];
    uint32_t k = UINT32_MAX, i;
#pragma GCC unroll 8
    for (int j = 0; j < SIDE; j++) {
        a[j] = y->lay + y->pos[v[j]];
        if (y->len[v[j]] < k) k = y->len[v[j]];
    }
    double s[SIDE] = {0};
    for (i = 0; i < k; i++)
#pragma GCC unroll 8
        for (int j = 0; j < SIDE; j++) s[j] += a[j][i];
    for (int j = 0; j < SIDE; j++) {
        for (uint32_t t = i; t < y->len[v[j]]; t++) s[j] += a[j][t];
        out[j] = s[j];
    }
}

/* WIDE plain sequences that start one term apart, going down (pos[v[j]]
 * = pos[v[0]] - j: a list's suffixes, one root after another, the usual
 * group): at each term the WIDE chains read WIDE terms side by side, which
 * two-lane vector additions take two at a time.  Each lane is still one
 * chain summed in its own order (the same bits), and twice as many chains
 * as layout_sum_side's wait out the adder's latency together. */
enum { WIDE = 2 * SIDE };
typedef double Lanes __attribute__((vector_size(2 * sizeof(double))));
static void layout_sum_window(const Layout *y, const uint32_t *v, double *out)
{
    const double *base = y->lay + y->pos[v[0]] - (WIDE - 1); /* lane l at term i: chain WIDE - 1 - l */
    uint32_t k = UINT32_MAX, i;
    for (int j = 0; j < WIDE; j++)
        if (y->len[v[j]] < k) k = y->len[v[j]];
    Lanes s[WIDE / 2] = {{0}};
    for (i = 0; i < k; i++)
#pragma GCC unroll 8
        for (int q = 0; q < WIDE / 2; q++) {
            Lanes t;
            memcpy(&t, base + i + 2 * q, sizeof t);
            s[q] += t;
        }
    for (int j = 0; j < WIDE; j++) {
        int l = WIDE - 1 - j;
        double x = s[l / 2][l % 2];
        for (uint32_t t = i; t < y->len[v[j]]; t++) x += y->lay[y->pos[v[j]] + t];
        out[j] = x;
    }
}

/* The parts of WIDE plain roots: by the window if their sequences start
 * one term apart, going down, else eight side by side twice. */
static void layout_sum_group(const Layout *y, const uint32_t *v, double *part)
{
    double s[WIDE];
    int window = 1;
    for (int j = 1; j < WIDE && window; j++) window = (uint64_t)y->pos[v[j]] + (uint64_t)j == y->pos[v[0]];
    if (window) layout_sum_window(y, v, s);
    else layout_sum_side(y, v, s), layout_sum_side(y, v + SIDE, s + SIDE);
    for (int j = 0; j < WIDE; j++) part[v[j]] = s[j];
}

/* The part of every root without taint from the layout, the others
 * walked; 1 if the layout would be too big or empty (then nothing is
 * done), -1 out of memory. */
static int walk_layout(UseWork *w, Scratch *x, const uint8_t *taint, const uint32_t *roots, uint32_t nr)
{
    Layout y = {0};
    if (w->L >= 1u << 31) return 1; /* the stack tells markers by L + i */
    size_t L1 = (size_t)w->L + 1;
    y.pos = malloc(L1 * sizeof *y.pos);
    y.len = malloc(L1 * sizeof *y.len);
    y.own = malloc(L1);
    y.plain = malloc(L1);
    if (!y.pos || !y.len || !y.own || !y.plain) { layout_free(&y); return -1; }
    size_t total = layout_plan(w, taint, &y, x->cursor);
    uint32_t *stack = total ? malloc((total + 2 * L1) * sizeof *stack) : NULL;
    y.lay = total ? malloc(total * sizeof *y.lay) : NULL;
    if (!stack || !y.lay) { free(stack); layout_free(&y); return total ? -1 : 1; }
    layout_write(w, &y, stack);
    uint32_t side[WIDE], nq = 0, nw = 0;
    for (uint32_t j = 0; j < nr; j++) {
        uint32_t r = roots[j];
        if (taint[r]) { x->order[nw++] = r; continue; }
        if (!y.plain[r]) { w->part[r] = layout_sum(&y, r, stack); continue; }
        side[nq++] = r;
        if (nq < WIDE) continue;
        layout_sum_group(&y, side, w->part);
        nq = 0;
    }
    for (uint32_t k = 0; k < nq; k++) w->part[side[k]] = layout_sum(&y, side[k], stack);
    free(stack);
    layout_free(&y);
    walk_each(w, x, x->order, nw);
    return 0;
}

/* ---- the approximation ---- */

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* The approximation, O(L + E log E): every live value's size, plus what
 * the values it retains passed up to it, is split equally among its direct
 * holders (root edges into it and visited live values retaining it).
 * Exact when each value is reached by one path; total space is conserved.
 * A holder receives from the values it retains in increasing id order,
 * then adds its own size (the order of the push form of this pass). */
static int use_flow(UseWork *w)
{
    const uint32_t *st = w->s->step;
    uint32_t *holders = calloc((size_t)w->L + 1, sizeof *holders);
    if (!holders) return -1;
    for (uint32_t i = 0; i < w->L; i++) {
        holders[i] += w->weight[i];
        if (st[w->id[i]] > w->step) continue;
        for (uint32_t p = w->off[i]; p < w->off[i + 1]; p++) holders[w->dst[p]]++;
        qsort(w->dst + w->off[i], w->off[i + 1] - w->off[i], sizeof *w->dst, cmp_u32);
    }
    for (uint32_t i = 0; i < w->L; i++) {
        double mass = 0;
        if (st[w->id[i]] <= w->step)
            for (uint32_t p = w->off[i]; p < w->off[i + 1]; p++) mass += w->part[w->dst[p]];
        mass += (double)space_unit_size(w->g, w->u, w->id[i]);
        w->part[i] = holders[i] ? mass / (double)holders[i] : mass;
    }
    free(holders);
    return 0;
}

/* ---- by use: the parts ---- */

/* The values with weight, increasing; NULL out of memory. */
static uint32_t *use_roots(const UseWork *w, uint32_t *nr)
{
    uint32_t *roots = malloc(((size_t)w->L + 1) * sizeof *roots), k = 0;
    if (roots)
        for (uint32_t i = 0; i < w->L; i++)
            if (w->weight[i]) roots[k++] = i;
    *nr = k;
    return roots;
}

static int use_terms(UseWork *w)
{
    w->term = malloc(((size_t)w->L + 1) * sizeof *w->term);
    if (!w->term) return -1;
    for (uint32_t i = 0; i < w->L; i++)
        w->term[i] = (double)space_unit_size(w->g, w->u, w->id[i]) / (double)w->count[i];
    return 0;
}

/* Every root's part, exact or (past the budget) by the flow. */
static int use_parts(UseWork *w, int *approx)
{
    Scratch x = {0};
    uint32_t nr, *roots = use_roots(w, &nr);
    uint8_t *taint = NULL;
    w->count = calloc((size_t)w->L + 1, sizeof *w->count);
    w->reach = calloc((size_t)w->L + 1, sizeof *w->reach);
    int rc = -1;
    if (!roots || !w->count || !w->reach || scratch_alloc(&x, w->L)) goto out;
    uint64_t pairs = forest_counts(w, &x);
    int forest = pairs != UINT64_MAX;
    if (!forest) pairs = count_reach(w, &x, roots, nr);
    if (pairs > USE_BUDGET) {
        *approx = 1;
        rc = use_flow(w);
        goto out;
    }
    if (use_terms(w) || !(taint = malloc((size_t)w->L + 1))) goto out;
    if (forest) memset(taint, 0, w->L); /* no root reaches a value twice */
    else reach_taint(w, x.mask, taint);
    rc = walk_layout(w, &x, taint, roots, nr);
    if (rc == 1) walk_each(w, &x, roots, nr), rc = 0;
out:
    scratch_free(&x);
    free(taint);
    free(roots);
    return rc;
}

/* ---- the attribution state ---- */

struct SpaceAttrib {
    const Graph *g;
    const Schedule *s;
    Units u;
    LiveSet use;            /* by use: the values the roots reach at use_step */
    EdgeList roots;         /* by use: the root edges at use_step */
    EdgeList held;          /* by use: scratch, the retain edges between live values */
    double *part;           /* use.L: each root's part (others: unspecified) */
    uint32_t use_step;
    int use_valid;          /* part holds for use_step */
    double *share;          /* space_attrib_use: m entries */
    LiveSet alive;          /* by allocation: bit v: v has died after alloc_step */
    uint32_t alloc_step;
    int alloc_valid;
    double *alloc;          /* space_attrib_alloc: n+1 entries */
};

SpaceAttrib *space_attrib_new(const Graph *g, const Schedule *s, Units u)
{
    SpaceAttrib *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    a->g = g;
    a->s = s;
    a->u = u;
    return a;
}

void space_attrib_free(SpaceAttrib *a)
{
    if (!a) return;
    live_free(&a->use);
    live_free(&a->alive);
    free(a->roots.e);
    free(a->held.e);
    free(a->part);
    free(a->share);
    free(a->alloc);
    free(a);
}

int space_attrib_use_at(SpaceAttrib *a, uint32_t step, double *result_share, int *approx)
{
    UseWork w = {.g = a->g, .s = a->s, .u = a->u, .step = step, .lv = &a->use, .roots = &a->roots, .held = &a->held};
    *result_share = 0;
    *approx = 0;
    a->use_valid = 0;
    free(a->part);
    a->part = NULL;
    int rc = -1;
    if (use_mark(&w) || use_build(&w)) goto out;
    if (!(w.part = calloc((size_t)w.L + 1, sizeof *w.part)) || use_parts(&w, approx)) goto out;
    uint32_t res = graph_result(a->g);
    if (res && a->s->step[res] <= step) *result_share = w.part[live_index(&a->use, res)];
    a->part = w.part;
    w.part = NULL;
    a->use_step = step;
    a->use_valid = 1;
    rc = 0;
out:
    free(w.part);
    work_free(&w);
    free(a->held.e);
    a->held = (EdgeList){0};
    return rc;
}

const uint32_t *space_attrib_use_roots(const SpaceAttrib *a, size_t *count)
{
    *count = a->use_valid ? a->roots.n : 0;
    return a->roots.e;
}

double space_attrib_use_share(const SpaceAttrib *a, size_t e)
{
    if (!a->use_valid || !is_root_edge(a->g, a->s, a->use_step, e)) return 0;
    return a->part[live_index(&a->use, graph_heap_dst(a->g, e))];
}

double space_attrib_use_root_share(const SpaceAttrib *a, size_t k)
{
    return a->part[live_index(&a->use, graph_heap_dst(a->g, a->roots.e[k]))];
}

int space_attrib_use(SpaceAttrib *a, uint32_t step, const double **share, double *result_share, int *approx)
{
    size_t m = graph_heap_edges(a->g);
    *share = NULL;
    if (!a->share && !(a->share = malloc((m ? m : 1) * sizeof *a->share))) return -1;
    if (space_attrib_use_at(a, step, result_share, approx)) return -1;
    memset(a->share, 0, m * sizeof *a->share);
    for (size_t k = 0; k < a->roots.n; k++) a->share[a->roots.e[k]] = space_attrib_use_share(a, a->roots.e[k]);
    *share = a->share;
    return 0;
}

/* ---- by allocation ---- */

/* The same backward pass as the deaths of space.c, at one step: bit v is
 * set iff some edge into v keeps it past the step (a use edge from an
 * unvisited node, a retain edge from one not yet dead). */
int space_attrib_alloc_at(SpaceAttrib *a, uint32_t step)
{
    const Graph *g = a->g;
    const uint32_t *st = a->s->step;
    LiveSet *lv = &a->alive;
    a->alloc_valid = 0;
    if (live_clear(lv, graph_nodes(g))) return -1;
    uint32_t res = graph_result(g);
    if (res) live_set(lv, res);
    for (size_t e = graph_heap_edges(g); e-- > 0;) {
        uint32_t src = graph_heap_src(g, e);
        int later = st[src] > step;
        if (later || (graph_heap_kind(g, e) == HE_RETAIN && live_has(lv, src))) live_set(lv, graph_heap_dst(g, e));
    }
    a->alloc_step = step;
    a->alloc_valid = 1;
    return 0;
}

double space_attrib_alloc_size(const SpaceAttrib *a, uint32_t v)
{
    if (!a->alloc_valid || v == 0 || v > graph_nodes(a->g)) return 0;
    int live = a->s->step[v] <= a->alloc_step && live_has(&a->alive, v);
    return live ? (double)space_unit_size(a->g, a->u, v) : 0;
}

int space_attrib_alloc(SpaceAttrib *a, uint32_t step, const double **alloc)
{
    uint32_t n = graph_nodes(a->g);
    *alloc = NULL;
    if (!a->alloc && !(a->alloc = malloc(((size_t)n + 1) * sizeof *a->alloc))) return -1;
    if (space_attrib_alloc_at(a, step)) return -1;
    for (uint32_t v = 0; v <= n; v++) a->alloc[v] = space_attrib_alloc_size(a, v);
    *alloc = a->alloc;
    return 0;
}

/* ---- one step, arrays handed to the caller ---- */

int space_by_use_ex(const Graph *g, const Schedule *s, Units u, uint32_t step,
                    double **share, double *result_share, int *approx)
{
    SpaceAttrib *a = space_attrib_new(g, s, u);
    const double *x;
    *share = NULL;
    *result_share = 0;
    *approx = 0;
    int rc = a ? space_attrib_use(a, step, &x, result_share, approx) : -1;
    if (rc == 0) { *share = a->share; a->share = NULL; }
    space_attrib_free(a);
    return rc;
}

int space_by_use(const Graph *g, const Schedule *s, Units u, uint32_t step,
                 double **share, double *result_share)
{
    int approx;
    return space_by_use_ex(g, s, u, step, share, result_share, &approx);
}

int space_by_alloc(const Graph *g, const Schedule *s, Units u, uint32_t step,
                   double **alloc)
{
    SpaceAttrib *a = space_attrib_new(g, s, u);
    const double *x;
    *alloc = NULL;
    int rc = a ? space_attrib_alloc(a, step, &x) : -1;
    if (rc == 0) { *alloc = a->alloc; a->alloc = NULL; }
    space_attrib_free(a);
    return rc;
}
