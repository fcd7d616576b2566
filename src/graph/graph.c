/*
 * graph.c — the graph store: flat arrays grown by doubling (realloc moves
 * the large ones by remapping their pages, without copying them).
 *
 * A node costs 1 (kind, parent count, child flags) + 1 (size, larger ones
 * in an escape table) + 2 (annotation; 4 in programs of 2^16 expressions
 * or more) + 1/4 (rank) bytes, and 4 more if it has a slot: forks and the
 * ends of left branches, 2-8 % of the nodes of the examples.  A heap edge
 * costs 4 (sink and kind) + 1 (source) + 1/16 (its block's base) bytes.
 * Adding is amortised O(1).
 */
#include "graph.h"
#include "minheap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(NK__COUNT <= 1 << GRAPH_KIND_BITS, "a kind fits its bits of kindpred");
_Static_assert(GRAPH_NEXT > GRAPH_PARENTS_MASK && GRAPH_SLOT > GRAPH_NEXT && GRAPH_SLOT <= 0x80u,
               "the child flags sit above the parent count in kindpred");

static const char *const kind_names[NK__COUNT] = {
    [NK_VAR] = "var",     [NK_CONST] = "const", [NK_CLOSURE] = "closure",
    [NK_APP] = "app",     [NK_FORK] = "fork",   [NK_JOIN] = "join",
    [NK_PAIR] = "pair",   [NK_TUPLE] = "tuple", [NK_PROJ] = "proj",
    [NK_IF] = "if",       [NK_CASE] = "case",   [NK_BIND] = "bind",
    [NK_SEQ] = "seq",     [NK_CON] = "con",     [NK_PRIM] = "prim",
};

const char *graph_kind_name(NodeKind k)
{
    return k < NK__COUNT ? kind_names[k] : "?";
}

void graph_init(Graph *g, uint64_t max_nodes)
{
    memset(g, 0, sizeof *g);
    g->max_nodes = max_nodes;
}

void graph_free(Graph *g)
{
    free(g->kindpred); free(g->size8); free(g->annot16); free(g->annot32);
    free(g->big_id); free(g->big_size);
    free(g->rank); free(g->slot); free(g->ext);
    free(g->stk_from); free(g->stk_id);
    free(g->hdst); free(g->hoff); free(g->hbase); free(g->hwide);
    memset(g, 0, sizeof *g);
}

static int grow(void **p, size_t elem, size_t newcap)
{
    void *q = realloc(*p, elem * newcap);
    if (!q) return -1;
    *p = q;
    return 0;
}

/* Appends (a, b) to two side tables kept in step (*n entries of *cap),
 * doubling them from FIRST entries when full. */
static int push_pair(uint32_t **as, uint32_t **bs, uint32_t *n, uint32_t *cap,
                     uint32_t first, uint32_t a, uint32_t b)
{
    if (*n == *cap) {
        uint32_t c = *cap ? *cap * 2 : first;
        if (c < *cap || grow((void **)as, 4, c) || grow((void **)bs, 4, c)) return -1;
        *cap = c;
    }
    (*as)[*n] = a;
    (*bs)[(*n)++] = b;
    return 0;
}

static int grow_nodes(Graph *g)
{
    size_t cap = g->cap ? (size_t)g->cap * 2 : 1024;
    if (cap > GRAPH_MAX_ID) cap = GRAPH_MAX_ID;
    if (cap < (size_t)g->n + 1) return -1;
    int wide = g->annot32 != NULL;
    if (grow((void **)&g->kindpred, 1, cap + 1) || grow((void **)&g->size8, 1, cap + 1) ||
        (wide ? grow((void **)&g->annot32, 4, cap + 1) : grow((void **)&g->annot16, 2, cap + 1)) ||
        grow((void **)&g->rank, 8, (cap >> 5) + 1))
        return -1;
    if (g->cap == 0) { /* id 0 is "none" */
        g->kindpred[0] = 0; g->size8[0] = 0; g->annot16[0] = 0; g->rank[0] = 0;
    }
    g->cap = (uint32_t)cap;
    g->room = (uint32_t)(g->max_nodes < cap ? g->max_nodes : cap) + 1;
    return 0;
}

/* The first annotation of 2^16 or more: every one takes 4 bytes from now. */
static int widen_annot(Graph *g)
{
    uint32_t *a = malloc(((size_t)g->cap + 1) * sizeof *a);
    if (!a) return -1;
    for (size_t v = 0; v <= g->n; v++) a[v] = g->annot16[v];
    free(g->annot16);
    g->annot16 = NULL;
    g->annot32 = a;
    return 0;
}

int graph_full(const Graph *g)
{
    return (uint64_t)g->n >= g->max_nodes;
}

/* The bytes of the store's arrays at these many entries each. */
static size_t store_bytes(const Graph *g, size_t nodes, size_t slots, size_t ext, size_t edges,
                          size_t wide, size_t big, size_t stk)
{
    size_t annot = g->annot32 ? 4 : 2;
    size_t per_edge = sizeof *g->hdst + sizeof *g->hoff;
    return nodes * (sizeof *g->kindpred + sizeof *g->size8 + annot) +
           (nodes ? ((nodes - 1) >> 5) + 1 : 0) * sizeof *g->rank + slots * sizeof *g->slot +
           ext * sizeof *g->ext + edges * per_edge + edges / GRAPH_HEAP_BLOCK * sizeof *g->hbase +
           wide * GRAPH_HEAP_BLOCK * sizeof *g->hwide + big * 2 * sizeof *g->big_id +
           stk * 2 * sizeof *g->stk_id;
}

size_t graph_bytes(const Graph *g)
{
    return store_bytes(g, g->cap ? (size_t)g->cap + 1 : 0, g->slotcap, g->extcap, g->mcap, g->widecap,
                       g->bigcap, g->stkcap);
}

size_t graph_bytes_next(const Graph *g)
{
    return 2 * graph_bytes(g);
}

size_t graph_bytes_used(const Graph *g)
{
    return store_bytes(g, g->n ? (size_t)g->n + 1 : 0, g->nslot, g->extcap, g->m, g->nwide, g->nbig,
                       g->nstk);
}

int graph_set_stack(Graph *g, uint32_t stack)
{
    uint32_t from = g->n + 1;
    if (g->nstk && g->stk_from[g->nstk - 1] == from) { /* no node since the last: replace it */
        g->nstk--;
    }
    uint32_t last = g->nstk ? g->stk_id[g->nstk - 1] : 0;
    if (last == stack) return 0;
    return push_pair(&g->stk_from, &g->stk_id, &g->nstk, &g->stkcap, 256, from, stack);
}

uint32_t graph_stack(const Graph *g, uint32_t v)
{
    uint32_t lo = 0, hi = g->nstk; /* the last run starting at or before v */
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (g->stk_from[mid] <= v) lo = mid + 1;
        else hi = mid;
    }
    return lo ? g->stk_id[lo - 1] : 0;
}

/* Records a size of GRAPH_SIZE_ESCAPE or more for node id (the newest). */
static int add_escaped(Graph *g, uint32_t id, uint32_t size)
{
    return push_pair(&g->big_id, &g->big_size, &g->nbig, &g->bigcap, 64, id, size);
}

/* The size of a node whose byte says "escaped": binary search by id. */
uint32_t graph_size_escaped(const Graph *g, uint32_t v)
{
    uint32_t lo = 0, hi = g->nbig;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (g->big_id[mid] < v) lo = mid + 1;
        else hi = mid;
    }
    return lo < g->nbig && g->big_id[lo] == v ? g->big_size[lo] : 0;
}

/* ---- stored children ---- */

/* Decides node v, the one after g->decided: it gets a slot if it may need
 * one (a fork: its right child comes after its left branch; a node whose
 * child is not the next node: the end of a left branch, whose join comes
 * after the right branch), or if forced. */
static __attribute__((noinline)) int decide(Graph *g, uint32_t v, int force)
{
    uint32_t kp = g->kindpred[v];
    if ((v & 31) == 0) g->rank[v >> 5] = (uint64_t)g->nslot << 32;
    if (force || !(kp & GRAPH_NEXT) || (kp & ((1u << GRAPH_KIND_BITS) - 1)) == NK_FORK) {
        if (g->nslot == g->slotcap) {
            uint32_t c = g->slotcap ? g->slotcap * 2 : 1024;
            if (c < g->slotcap || grow((void **)&g->slot, sizeof *g->slot, c)) return -1;
            g->slotcap = c;
        }
        g->slot[g->nslot++] = 0;
        g->rank[v >> 5] |= 1u << (v & 31);
        g->kindpred[v] = (uint8_t)(kp | GRAPH_SLOT);
    }
    g->decided = v;
    return 0;
}

/* Slot index of ext for v: where v is, or the empty entry where it goes. */
static uint32_t ext_find(const Graph *g, uint32_t v)
{
    uint32_t mask = g->extcap - 1, i = (v * 2654435761u) & mask;
    while (g->ext[i].v && g->ext[i].v != v) i = (i + 1) & mask;
    return i;
}

uint32_t graph_child_slotted(const Graph *g, uint32_t v, int k)
{
    const uint32_t *sl = graph_slot_of(g, v);
    uint32_t s = sl ? *sl : GRAPH_SLOT_EXT;
    if (s == GRAPH_SLOT_EXT) return graph_child_ext(g, v, k);
    if (g->kindpred[v] & GRAPH_NEXT) return k ? s : v + 1;
    return k ? 0 : s;
}

int graph_children_slotted(const Graph *g, uint32_t v, uint32_t c[2])
{
    const uint32_t *sl = graph_slot_of(g, v);
    uint32_t s = sl ? *sl : GRAPH_SLOT_EXT;
    if (s == GRAPH_SLOT_EXT) c[0] = graph_child_ext(g, v, 0), c[1] = graph_child_ext(g, v, 1);
    else if (g->kindpred[v] & GRAPH_NEXT) c[0] = v + 1, c[1] = s;
    else c[0] = s, c[1] = 0;
    return (c[0] != 0) + (c[1] != 0);
}

uint32_t graph_child_ext(const Graph *g, uint32_t v, int k)
{
    if (!g->extcap) return 0;
    const GraphExt *x = &g->ext[ext_find(g, v)];
    return x->v ? x->c[k] : 0;
}

static int ext_grow(Graph *g)
{
    GraphExt *old = g->ext;
    uint32_t oldcap = g->extcap, cap = oldcap ? oldcap * 2 : 16;
    if (cap < oldcap || !(g->ext = calloc(cap, sizeof *g->ext))) { g->ext = old; return -1; }
    g->extcap = cap;
    for (uint32_t i = 0; i < oldcap; i++)
        if (old[i].v) g->ext[ext_find(g, old[i].v)] = old[i];
    free(old);
    return 0;
}

/* Keeps v's children (c0, c1) whole in ext; v's slot, if any, says so. */
static int ext_put(Graph *g, uint32_t v, uint32_t c0, uint32_t c1)
{
    if (2 * (g->extn + 1) > g->extcap && ext_grow(g)) return -1;
    GraphExt *x = &g->ext[ext_find(g, v)];
    if (!x->v) g->extn++;
    *x = (GraphExt){v, {c0, c1}};
    uint32_t kp = g->kindpred[v];
    uint32_t *sl = (kp & GRAPH_SLOT) ? graph_slot_of(g, v) : NULL;
    if (sl) *sl = GRAPH_SLOT_EXT;
    g->kindpred[v] = (uint8_t)((kp | GRAPH_SLOT) & ~GRAPH_NEXT);
    return 0;
}

/* a -> b where b is not simply a's first child a + 1: in a's slot if it
 * is free, else both children in ext. */
static __attribute__((noinline)) int add_stored_child(Graph *g, uint32_t a, uint32_t b)
{
    while (g->decided < a) /* a needs its slot now: decide up to it */
        if (decide(g, g->decided + 1, g->decided + 1 == a)) return -1;
    uint32_t kp = g->kindpred[a];
    uint32_t *sl = (kp & GRAPH_SLOT) ? graph_slot_of(g, a) : NULL;
    if (sl && *sl == 0) { /* a free slot: a's only child, if any, is GRAPH_NEXT's */
        if (!(kp & GRAPH_NEXT) && b == a + 1) g->kindpred[a] = (uint8_t)(kp | GRAPH_NEXT);
        else *sl = b; /* child 0 if a has none, else child 1 beside GRAPH_NEXT's */
        return 0;
    }
    uint32_t c0 = graph_child(g, a, 0);
    if (graph_child(g, a, 1)) return -1; /* series-parallel graphs have out-degree <= 2 */
    return c0 ? ext_put(g, a, c0, b) : ext_put(g, a, b, 0);
}

uint32_t graph_add_node_slow(Graph *g, NodeKind k, uint32_t size, uint32_t annot)
{
    if (graph_full(g)) return 0;
    if (g->n + 1 > g->cap && grow_nodes(g)) return 0;
    uint32_t id = g->n + 1;
    /* id - 2's children are known by now (the interpreter adds the edge
     * into each node right after it) */
    while (g->decided + 2 < id) {
        uint32_t v = g->decided + 1, kp = g->kindpred[v];
        if ((v & 31) && (kp & GRAPH_NEXT) && (kp & ((1u << GRAPH_KIND_BITS) - 1)) != NK_FORK) g->decided = v;
        else if (decide(g, v, 0)) return 0; /* a slot, or a new block of the rank */
    }
    if (annot > UINT16_MAX && g->annot16 && widen_annot(g)) return 0;
    if (size >= GRAPH_SIZE_ESCAPE && add_escaped(g, id, size)) return 0;
    g->n = id;
    g->sources++;
    g->values += size != 0;
    g->words += size;
    g->kindpred[id] = (uint8_t)k;
    g->size8[id] = (uint8_t)(size < GRAPH_SIZE_ESCAPE ? size : GRAPH_SIZE_ESCAPE);
    if (g->annot16) g->annot16[id] = (uint16_t)annot;
    else g->annot32[id] = annot;
    return id;
}

int graph_add_edge_slow(Graph *g, uint32_t a, uint32_t b)
{
    if (a == 0 || a > g->n || b == 0 || b > g->n || graph_in_degree(g, b) >= 2) return -1;
    uint32_t kp = g->kindpred[a];
    if (b == a + 1 && !(kp & (GRAPH_NEXT | GRAPH_SLOT))) g->kindpred[a] = (uint8_t)(kp | GRAPH_NEXT);
    else if (add_stored_child(g, a, b)) return -1;
    g->sources -= graph_in_degree(g, b) == 0;
    g->backward += b <= a;
    g->kindpred[b] += 1u << GRAPH_KIND_BITS;
    return 0;
}

/* ---- heap edges ---- */

static int grow_heap(Graph *g)
{
    size_t cap = g->mcap ? g->mcap * 2 : 1024;
    if (grow((void **)&g->hdst, sizeof *g->hdst, cap) || grow((void **)&g->hoff, 1, cap) ||
        grow((void **)&g->hbase, sizeof *g->hbase, cap / GRAPH_HEAP_BLOCK))
        return -1;
    g->mcap = cap;
    return 0;
}

/* Edge e's source does not fit a byte above its block's base: the block
 * keeps its sources whole from now, those before e copied. */
static int widen_block(Graph *g, size_t e)
{
    if (g->nwide == g->widecap) {
        uint32_t c = g->widecap ? g->widecap * 2 : 16;
        if (c < g->widecap || grow((void **)&g->hwide, GRAPH_HEAP_BLOCK * sizeof *g->hwide, c)) return -1;
        g->widecap = c;
    }
    uint32_t *w = &g->hwide[(size_t)g->nwide * GRAPH_HEAP_BLOCK];
    size_t first = e - e % GRAPH_HEAP_BLOCK;
    for (size_t i = first; i < e; i++) w[i - first] = graph_heap_src(g, i);
    g->hbase[e / GRAPH_HEAP_BLOCK] = GRAPH_HEAP_WIDE | g->nwide++;
    return 0;
}

int graph_add_heap_slow(Graph *g, uint32_t src, uint32_t dst, HeapKind k)
{
    if (dst > GRAPH_MAX_ID || src > GRAPH_MAX_ID) return -1;
    if (g->m == g->mcap && grow_heap(g)) return -1;
    size_t e = g->m, b = e / GRAPH_HEAP_BLOCK;
    if (e % GRAPH_HEAP_BLOCK == 0) g->hbase[b] = src;
    /* a source below the base wraps around and widens the block too */
    if (g->hbase[b] < GRAPH_HEAP_WIDE && src - g->hbase[b] > UINT8_MAX && widen_block(g, e)) return -1;
    if (g->hbase[b] >= GRAPH_HEAP_WIDE)
        g->hwide[(size_t)(g->hbase[b] - GRAPH_HEAP_WIDE) * GRAPH_HEAP_BLOCK + e % GRAPH_HEAP_BLOCK] = src;
    else
        g->hoff[e] = (uint8_t)(src - g->hbase[b]);
    g->hdst[e] = dst | (uint32_t)k << GRAPH_HEAP_KIND_BIT;
    g->m++;
    return 0;
}

/* Nodes v .. v + 7 each have one child, the next node (no slot). */
static inline int next_eight(const Graph *g, uint32_t v)
{
    uint64_t w;
    memcpy(&w, g->kindpred + v, sizeof w);
    return (w & 0x0101010101010101ull * (GRAPH_NEXT | GRAPH_SLOT)) == 0x0101010101010101ull * GRAPH_NEXT;
}

uint64_t graph_span(const Graph *g)
{
    /* ids are a topological order: one forward pass.  The depth of v + 1
     * through v is carried along; the depths through the other edges (far
     * children: 0.1-8 % of the nodes) wait in a heap of node << 32 |
     * depth, smallest node first, so no array per node is needed.  due:
     * the node of the heap's top, so that most nodes look at no heap. */
    MinHeap h = {0};
    uint64_t best = 0;
    uint32_t next = 0, due = UINT32_MAX;  /* next: the depth of v through v - 1, if v is v - 1's child */
    uint32_t slot = 0;                    /* the slots passed (graph_children_seq) */
    for (uint32_t v = 1; v <= g->n; v++) {
        /* eight nodes at a time whose only child is the next one and none
         * due from the heap: the depth goes up by one a node */
        for (; v + 7 < due && v + 8 <= g->n && next_eight(g, v); v += 8) next += 8;
        if (next > best) best = next;
        uint32_t d = next;
        if (__builtin_expect(due <= v, 0)) {
            for (; h.len && h.a[0] >> 32 <= v; minheap_pop(&h))
                if (h.a[0] >> 32 == v && (uint32_t)h.a[0] > d) d = (uint32_t)h.a[0];
            due = h.len ? (uint32_t)(h.a[0] >> 32) : UINT32_MAX;
        }
        d++;
        if (d > best) best = d;
        uint32_t cs[2];
        if (__builtin_expect(!graph_stores_child(g, v), 1)) {  /* at most child v + 1 */
            next = graph_children(g, v, cs) ? d : 0;
            continue;
        }
        next = 0;
        graph_children_seq(g, v, cs, &slot);
        for (int k = 0; k < 2; k++) {
            uint32_t c = cs[k];
            if (c == v + 1) next = d;
            else if (c && minheap_push(&h, (uint64_t)c << 32 | d)) { minheap_free(&h); return 0; }
        }
        due = h.len ? (uint32_t)(h.a[0] >> 32) : UINT32_MAX;
    }
    minheap_free(&h);
    return best;
}

/* Counting sort of the heap edges by sink.  (By source needs no sort: the
 * edges are stored with non-decreasing sources.) */
int graph_heap_by_sink(const Graph *g, uint32_t **off_out, uint32_t **idx_out)
{
    uint32_t *off = calloc((size_t)g->n + 2, sizeof *off);
    uint32_t *idx = malloc((g->m ? g->m : 1) * sizeof *idx);
    if (!off || !idx) { free(off); free(idx); return -1; }
    for (size_t e = 0; e < g->m; e++) off[graph_heap_dst(g, e) + 1]++;
    for (uint32_t v = 0; v <= g->n; v++) off[v + 1] += off[v];
    uint32_t *fill = malloc(((size_t)g->n + 1) * sizeof *fill);
    if (!fill) { free(off); free(idx); return -1; }
    memcpy(fill, off, ((size_t)g->n + 1) * sizeof *fill);
    for (size_t e = 0; e < g->m; e++) idx[fill[graph_heap_dst(g, e)]++] = (uint32_t)e;
    free(fill);
    *off_out = off;
    *idx_out = idx;
    return 0;
}

/* ---- invariants (docs/semantics.md, Invariants) ---- */

/* Series-parallel check by reduction: walking from a fork, both branches
 * must be series-parallel and meet at the same join; returns the node
 * after the sub-graph starting at v ends at a join with 2 parents.
 * Iterative with an explicit stack of forks. */
static int check_sp(const Graph *g, char *msg, size_t len)
{
    /* stack entries: fork id, and the join reached by its left branch */
    size_t cap = 64, top = 0;
    uint32_t (*st)[2] = malloc(cap * sizeof *st);
    if (!st) { snprintf(msg, len, "out of memory"); return -1; }
    uint32_t v = 1;
    int rc = 0;
    for (;;) {
        uint32_t c0 = graph_child(g, v, 0), c1 = graph_child(g, v, 1);
        if (c1) { /* a fork: descend its left branch */
            if (top == cap) {
                cap *= 2;
                void *p = realloc(st, cap * sizeof *st);
                if (!p) { snprintf(msg, len, "out of memory"); rc = -1; break; }
                st = p;
            }
            st[top][0] = v; st[top][1] = 0; top++;
            v = c0;
            continue;
        }
        if (c0 == 0) { /* the final node */
            if (top != 0 || v != g->n) {
                snprintf(msg, len, "node %u has no children but is not the final node %u", v, g->n);
                rc = -1;
            }
            break;
        }
        if (graph_in_degree(g, c0) == 2) { /* v ends a branch at join c0 */
            if (top == 0) { snprintf(msg, len, "join %u without a fork", c0); rc = -1; break; }
            if (st[top - 1][1] == 0) { /* left branch done: start the right one */
                st[top - 1][1] = c0;
                v = graph_child(g, st[top - 1][0], 1);
                continue;
            }
            if (st[top - 1][1] != c0) {
                snprintf(msg, len, "fork %u: branches end at different joins %u and %u",
                         st[top - 1][0], st[top - 1][1], c0);
                rc = -1; break;
            }
            top--;
        }
        v = c0;
    }
    free(st);
    return rc;
}

int graph_check(const Graph *g, char *msg, size_t len)
{
    if (g->n == 0) { snprintf(msg, len, "empty graph"); return -1; }
    if (graph_in_degree(g, 1) != 0) { snprintf(msg, len, "node 1 has a parent"); return -1; }
    for (uint32_t v = 1; v <= g->n; v++) {
        if (v > 1 && graph_in_degree(g, v) == 0) { snprintf(msg, len, "node %u has no parent", v); return -1; }
        for (int k = 0; k < 2; k++) {
            uint32_t c = graph_child(g, v, k);
            if (c && c <= v) { snprintf(msg, len, "edge %u -> %u goes backward", v, c); return -1; }
            if (c > g->n) { snprintf(msg, len, "edge %u -> %u out of range", v, c); return -1; }
        }
    }
    for (size_t e = 0; e < g->m; e++) {
        uint32_t s = graph_heap_src(g, e), d = graph_heap_dst(g, e);
        if (s <= d || s > g->n || d == 0) {
            snprintf(msg, len, "heap edge %zu: %u -> %u does not point backward", e, s, d);
            return -1;
        }
        if (!graph_is_value(g, d)) {
            snprintf(msg, len, "heap edge %zu: sink %u is not a value", e, d);
            return -1;
        }
        if (graph_heap_kind(g, e) == HE_RETAIN && !graph_is_value(g, s)) {
            snprintf(msg, len, "retain edge %zu: source %u is not a value", e, s);
            return -1;
        }
        if (e > 0 && s < graph_heap_src(g, e - 1)) {
            snprintf(msg, len, "heap edge %zu: sources out of order", e);
            return -1;
        }
    }
    if (g->result && (g->result > g->n || !graph_is_value(g, g->result))) {
        snprintf(msg, len, "result %u is not a value", g->result);
        return -1;
    }
    return check_sp(g, msg, len);
}
