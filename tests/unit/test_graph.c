/*
 * test_graph.c — the graph store (src/graph): what is stored is what is
 * read back, whatever the packing (kind and parent count in one byte,
 * sizes in a byte with an escape table for the large ones, children
 * implicit when next or in slots, annotations in 2 bytes until a large
 * one, heap sources as a byte above their block's first).
 */
#include "check.h"
#include "gen_graph.h"
#include "graph.h"
#include "minheap.h"

#include <stdlib.h>
#include <string.h>

/* Sizes on both sides of the escape, interleaved with small ones, read
 * back exactly, in any order. */
static void sizes_round_trip(void)
{
    static const uint32_t sz[] = {0, 1, 2, 254, 255, 256, 0, 1000, 3, 65536, 254, 4294967295u, 7, 255};
    enum { K = sizeof sz / sizeof *sz, REPS = 500 };
    Graph g;
    graph_init(&g, 1u << 30);
    int ok = 1;
    for (int r = 0; r < REPS; r++)
        for (int i = 0; i < K; i++) ok &= graph_add_node(&g, (NodeKind)(i % NK__COUNT), sz[i], (uint32_t)i) != 0;
    CHECK(ok && graph_nodes(&g) == K * REPS, "graph store: %d nodes added", K * REPS);
    int same = 1, kinds = 1;
    for (uint32_t v = graph_nodes(&g); v >= 1; v--) {
        uint32_t i = (v - 1) % K;
        same &= graph_size(&g, v) == sz[i] && graph_is_value(&g, v) == (sz[i] != 0) && graph_annot(&g, v) == i;
        kinds &= graph_kind(&g, v) == (NodeKind)(i % NK__COUNT) && graph_in_degree(&g, v) == 0;
    }
    CHECK(same, "graph store: every size (0 .. 2^32-1, escaped or not) and annotation reads back as added");
    CHECK(kinds, "graph store: every kind reads back, parent counts start at 0");
    graph_free(&g);
}

/* Parent counts share the kind's byte: counting them up leaves the kind. */
static void parents_beside_kind(void)
{
    Graph g;
    graph_init(&g, 100);
    uint32_t a = graph_add_node(&g, NK_FORK, 0, 0), b = graph_add_node(&g, NK_PRIM, 300, 0),
             c = graph_add_node(&g, NK_CONST, 1, 0), d = graph_add_node(&g, NK_JOIN, 0, 0);
    int ok = !graph_add_edge(&g, a, b) && !graph_add_edge(&g, a, c) && !graph_add_edge(&g, b, d) &&
             !graph_add_edge(&g, c, d);
    CHECK(ok, "graph store: a fork and its join connect");
    CHECK(graph_in_degree(&g, d) == 2 && graph_kind(&g, d) == NK_JOIN, "graph store: a join keeps its kind with two parents");
    CHECK(graph_in_degree(&g, b) == 1 && graph_kind(&g, b) == NK_PRIM && graph_size(&g, b) == 300,
          "graph store: a node with an escaped size keeps kind, parent and size");
    CHECK(graph_out_degree(&g, a) == 2 && graph_child(&g, a, 0) == b && graph_child(&g, a, 1) == c,
          "graph store: children left first");
    uint32_t e = graph_add_node(&g, NK_VAR, 0, 0);
    CHECK(graph_add_edge(&g, e, d) != 0, "graph store: a third parent is refused");
    char msg[200];
    CHECK(graph_check(&g, msg, sizeof msg) != 0, "graph store: a node without a parent fails the check");
    graph_free(&g);
}

/* ---- children, whatever order the edges come in ---- */

enum { SP_MAX = 1 << 16 };

/* A random series-parallel edge list in the interpreter's order: nodes
 * 1..n in 1DF order, each edge listed right after its sink is made. */
typedef struct Sp {
    uint32_t n, m;
    uint32_t a[SP_MAX], b[SP_MAX];
    uint8_t fork[SP_MAX];
    uint64_t rng;
} Sp;

static uint32_t sp_rand(Sp *s, uint32_t k)
{
    s->rng = s->rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(s->rng >> 33) % k;
}

static uint32_t sp_node(Sp *s, uint32_t from)
{
    uint32_t v = ++s->n;
    if (from) { s->a[s->m] = from; s->b[s->m++] = v; }
    return v;
}

/* Builds a sub-graph after node cur (0: none); returns its last node. */
static uint32_t sp_build(Sp *s, uint32_t cur, int depth)
{
    uint32_t r = sp_rand(s, 10);
    if (depth == 0 || r < 3 || s->n > SP_MAX - 64) {
        for (uint32_t i = 0, len = 1 + sp_rand(s, 3); i < len; i++) cur = sp_node(s, cur);
        return cur;
    }
    if (r < 6) return sp_build(s, sp_build(s, cur, depth - 1), depth - 1);
    uint32_t f = sp_node(s, cur);
    s->fork[f] = 1;
    uint32_t e1 = sp_build(s, f, depth - 1), e2 = sp_build(s, f, depth - 1);
    uint32_t j = sp_node(s, e1);
    s->a[s->m] = e2; s->b[s->m++] = j;
    return j;
}

/* Adds the nodes and the edges in order ord[0..m-1] (interleaved: each
 * edge right after its sink, as the interpreter does; else all nodes
 * first), then compares every node's children with the edges from it in
 * the order they came, and its parent count. */
static int sp_matches(const Sp *s, const uint32_t *ord, int interleaved, int fork_kind)
{
    Graph g;
    graph_init(&g, SP_MAX);
    uint32_t *want = calloc(2 * (size_t)(s->n + 1), sizeof *want);
    uint8_t *par = calloc(s->n + 1, 1);
    int ok = want && par;
    uint32_t next_edge = 0;
    for (uint32_t v = 1; ok && v <= s->n; v++) {
        ok &= graph_add_node(&g, fork_kind && s->fork[v] ? NK_FORK : NK_APP, 0, v) == v;
        for (; interleaved && next_edge < s->m && s->b[ord[next_edge]] == v; next_edge++)
            ok &= graph_add_edge(&g, s->a[ord[next_edge]], v) == 0;
    }
    for (; ok && next_edge < s->m; next_edge++)
        ok &= graph_add_edge(&g, s->a[ord[next_edge]], s->b[ord[next_edge]]) == 0;
    for (uint32_t i = 0; ok && i < s->m; i++) {
        uint32_t a = s->a[ord[i]];
        want[2 * a + (want[2 * a] != 0)] = s->b[ord[i]];
        par[s->b[ord[i]]]++;
    }
    for (uint32_t v = 1; ok && v <= s->n; v++)
        ok &= graph_child(&g, v, 0) == want[2 * v] && graph_child(&g, v, 1) == want[2 * v + 1] &&
              graph_out_degree(&g, v) == (want[2 * v] != 0) + (want[2 * v + 1] != 0) &&
              graph_in_degree(&g, v) == par[v] && graph_annot(&g, v) == v;
    char msg[200];
    ok &= graph_check(&g, msg, sizeof msg) == 0;
    free(want); free(par);
    graph_free(&g);
    return ok;
}

static void children_any_order(void)
{
    static Sp s;
    static uint32_t ord[SP_MAX];
    int inorder = 1, inorder_nohint = 1, late = 1, shuffled = 1, reversed = 1;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        memset(&s, 0, sizeof s);
        s.rng = seed;
        for (uint32_t last = 0; s.n < SP_MAX / 4;) last = sp_build(&s, last, 14);
        for (uint32_t i = 0; i < s.m; i++) ord[i] = i;
        inorder &= sp_matches(&s, ord, 1, 1);
        inorder_nohint &= sp_matches(&s, ord, 1, 0);
        late &= sp_matches(&s, ord, 0, 1);
        for (uint32_t i = s.m; i-- > 1;) {
            uint32_t j = sp_rand(&s, i + 1), t = ord[i];
            ord[i] = ord[j]; ord[j] = t;
        }
        shuffled &= sp_matches(&s, ord, 0, 0);
        for (uint32_t i = 0; i < s.m; i++) ord[i] = s.m - 1 - i;
        reversed &= sp_matches(&s, ord, 0, 1);
    }
    CHECK(inorder, "graph store: children read back as added, edges in the interpreter's order");
    CHECK(inorder_nohint, "graph store: ... and with forks not marked as forks (children kept whole)");
    CHECK(late, "graph store: children read back as added, every edge after every node");
    CHECK(shuffled, "graph store: children read back as added, edges in random order");
    CHECK(reversed, "graph store: children read back as added, edges in reverse order");
}

/* Annotations take 2 bytes until one needs more: all read back after. */
static void annotations_widen(void)
{
    Graph g;
    graph_init(&g, 1u << 20);
    int ok = 1;
    for (uint32_t v = 1; v <= 5000; v++) ok &= graph_add_node(&g, NK_VAR, 0, v == 4000 ? 70000 + v : v * 13) == v;
    for (uint32_t v = 1; v <= 5000; v++) ok &= graph_annot(&g, v) == (v == 4000 ? 70000 + v : v * 13);
    CHECK(ok, "graph store: annotations below and above 2^16 read back as added");
    graph_free(&g);
}

/* Heap edges: sources with gaps of every width (some past a byte within
 * one block), sinks up to 2^31 - 2, both kinds: all read back. */
static void heap_edges_round_trip(void)
{
    enum { M = 5000 };
    static uint32_t src[M], dst[M];
    static uint8_t kind[M];
    Graph g;
    graph_init(&g, 1u << 20);
    uint64_t r = 7;
    uint32_t s = 1;
    int ok = 1;
    for (int e = 0; e < M; e++) {
        r = r * 6364136223846793005ull + 1442695040888963407ull;
        uint32_t x = (uint32_t)(r >> 33);
        s += x % 7 == 0 ? x % 100000 : x % 3;
        src[e] = s;
        dst[e] = e % 11 == 0 ? GRAPH_MAX_ID : 1 + x % s;
        kind[e] = x >> 30 & 1;
        ok &= graph_add_heap(&g, src[e], dst[e], (HeapKind)kind[e]) == 0;
    }
    for (int e = 0; e < M; e++)
        ok &= graph_heap_src(&g, e) == src[e] && graph_heap_dst(&g, e) == dst[e] && graph_heap_kind(&g, e) == kind[e];
    CHECK(ok && graph_heap_edges(&g) == M, "graph store: heap sources, sinks and kinds read back as added");
    CHECK(graph_add_heap(&g, s, GRAPH_MAX_ID + 1, HE_USE) != 0, "graph store: a sink past the largest id is refused");
    graph_free(&g);
}

/* graph_ids_topological, counted as edges come: a chain is; an edge to
 * an earlier id, or a second node without a parent, is not. */
static void ids_order_counted(void)
{
    Graph g;
    int ok = 1;
    for (int shape = 0; shape < 3; shape++) {
        graph_init(&g, 100);
        for (int i = 0; i < 4; i++) graph_add_node(&g, NK_PRIM, 0, 0);
        graph_add_edge(&g, 1, 2);
        if (shape == 0) graph_add_edge(&g, 2, 3), graph_add_edge(&g, 3, 4);   /* 1-2-3-4 */
        if (shape == 1) graph_add_edge(&g, 1, 4), graph_add_edge(&g, 4, 3);   /* 4 -> 3 backward */
        if (shape == 2) graph_add_edge(&g, 2, 4), graph_add_edge(&g, 3, 4);   /* 3 a second source */
        ok &= graph_ids_topological(&g) == (shape == 0);
        graph_free(&g);
    }
    CHECK(ok, "graph store: the ids' order counted as edges come (a chain; a backward edge; a second source)");
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* With pops interleaved, each pop is the smallest key held; keys pushed
 * in random order (small ones repeated) pop as qsort orders them. */
static void minheap_sorts(void)
{
    enum { N = 20000 };
    uint64_t *in = malloc(N * sizeof *in);
    MinHeap h = {0};
    uint64_t r = 88172645463325252ull;
    int ok = in != NULL, order = 1, pops = 0;
    for (int i = 0; ok && i < N; i++) {
        r ^= r << 13, r ^= r >> 7, r ^= r << 17;
        in[i] = i % 5 == 0 ? r % 100 : r;
        ok = minheap_push(&h, in[i]) == 0;
        if (ok && i % 3 == 2) {
            uint64_t y = minheap_pop(&h), least = UINT64_MAX;
            for (size_t k = 0; k < h.len; k++) least = h.a[k] < least ? h.a[k] : least;
            order &= y <= least;
            pops++;
        }
    }
    CHECK(ok && order, "min-heap: each pop is the smallest key held (%d pops among %d pushes)", pops, N);
    minheap_free(&h);
    for (int i = 0; ok && i < N; i++) ok = minheap_push(&h, in[i]) == 0;
    if (ok) qsort(in, N, sizeof *in, cmp_u64);
    int same = ok;
    for (int i = 0; same && i < N; i++) same = minheap_pop(&h) == in[i];
    CHECK(same && h.len == 0, "min-heap: %d keys pop in qsort's order", N);
    minheap_free(&h);
    CHECK(h.len == 0 && h.a == NULL && minheap_push(&h, 7) == 0 && minheap_pop(&h) == 7 && h.len == 0,
          "min-heap: freed, it is empty and reusable");
    minheap_free(&h);
    free(in);
}

/* graph_span (one pass, far depths in a heap, runs of eight plain nodes
 * at a time) against the longest path by a depth per node, on random
 * series-parallel graphs: few forks (long chains) to many. */
static void span_is_longest_path(void)
{
    int same = 1, runs = 0;
    for (uint64_t seed = 1; seed <= 300 && same; seed++, runs++) {
        Graph g;
        GenParams gp;
        gen_random_params(&gp, seed);
        gp.p_par = (double)(seed % 10) / 10;
        if (gen_graph(&g, seed, 1 + (uint32_t)(seed * 37 % 2000), &gp)) { same = 0; break; }
        uint32_t n = graph_nodes(&g), *depth = calloc((size_t)n + 2, sizeof *depth);
        uint64_t best = 0;
        for (uint32_t v = 1; depth && v <= n; v++) {
            depth[v]++;
            if (depth[v] > best) best = depth[v];
            for (int k = 0; k < 2; k++) {
                uint32_t c = graph_child(&g, v, k);
                if (c && depth[c] < depth[v]) depth[c] = depth[v];
            }
        }
        same = depth && graph_span(&g) == best;
        free(depth);
        graph_free(&g);
    }
    CHECK(same && runs == 300, "graph_span is the longest path in nodes (300 random graphs)");
}

int main(void)
{
    sizes_round_trip();
    parents_beside_kind();
    children_any_order();
    annotations_widen();
    heap_edges_round_trip();
    minheap_sorts();
    ids_order_counted();
    span_is_longest_path();
    return CHECK_DONE();
}
