/*
 * graph.h — the cost graphs of one run (paper §3.1; docs/semantics.md, Graphs): the computation graph g
 * and the heap graph h over one set of nodes.
 *
 * Design: nodes are dense uint32_t ids 1..n in creation order, which the
 * interpreter makes the 1DF (sequential depth-first) order; id 0 is "none".
 * Everything is a flat array indexed by id (igraph style), so a 10^7-node
 * graph costs a few tens of bytes per node and no pointers.
 *
 * The computation graph is series-parallel, so every node has at most two
 * children and at most two parents; only the parent count is kept, and a
 * child is stored only where it is not the next id (below).  Heap edges are
 * appended as they are made; their sources never decrease, which lets
 * space_profile compute deaths in one backward pass.
 */
#ifndef PML_GRAPHS_H
#define PML_GRAPHS_H

#include <stddef.h>
#include <stdint.h>

/* What a node is the event of.  The names are those of graph.json. */
typedef enum NodeKind {
    NK_VAR,     /* variable lookup (C-VAL) */
    NK_CONST,   /* constant, nullary constructor: a value */
    NK_CLOSURE, /* fn / fun group: a value */
    NK_APP,     /* application (C-APP) */
    NK_FORK,    /* fork of a parallel pair */
    NK_JOIN,    /* join of a parallel pair */
    NK_PAIR,    /* the parallel pair's value (C-FORK) */
    NK_TUPLE,   /* sequential tuple: a value */
    NK_PROJ,    /* #i e */
    NK_IF,      /* the test of if / andalso / orelse */
    NK_CASE,    /* the match of case */
    NK_BIND,    /* the binding of let val */
    NK_SEQ,     /* e1; e2 */
    NK_CON,     /* constructor application: a value */
    NK_PRIM,    /* a node of a primitive's chain; the last may be a value */
    NK__COUNT
} NodeKind;

const char *graph_kind_name(NodeKind k);

typedef enum HeapKind { HE_USE = 0, HE_RETAIN = 1 } HeapKind;

/* What a node stands for in the source: graph_annot(g, v) indexes a table
 * of these that the graph's maker keeps beside the graph (the interpreter:
 * one per expression).  file indexes the run's source files; line and col
 * count from 1.  text is the expression's source text (white space
 * folded), or for a closure the list of its free variables, "[a,b,c]"
 * (paper §4.1). */
typedef struct Annot {
    uint32_t file, line, col;
    const char *text;
} Annot;

/* The layout (docs/performance.md, "How it is built for speed"): what a
 * visit touches is one byte in most nodes.
 *
 * kindpred[v]: the NodeKind in the low 4 bits, the parent count (0, 1 or
 * 2) in the next 2, then two flags about the children:
 *   GRAPH_NEXT  child 0 is v + 1: sequential composition, the case of
 *               almost every node, since ids are the 1DF order;
 *   GRAPH_SLOT  a child is stored elsewhere (forks' right children, the
 *               last node of a fork's left branch).
 * A slotted node's stored child is slot[rank of v among slotted nodes]:
 * child 1 if GRAPH_NEXT, else child 0.  The rank is O(1): rank[v / 32]
 * holds which of its 32 nodes have a slot (low word) and how many slots
 * come before them (high word).  Slots are assigned in id order, each node
 * decided once its next node's parents are known (graph_add_node decides
 * node id - 2; forks always get one), so the slot array only appends,
 * whatever the order in which the edges come.  A node that needs storage
 * it was not given (two stored children, or an edge into a node decided
 * without a slot: never in the interpreter's graphs) keeps both children
 * in a small hash table, ext; its slot, if any, then reads GRAPH_SLOT_EXT.
 *
 * Sizes take a byte each: below SIZE_ESCAPE the size itself, else the size
 * is in the escape table (big_id, big_size: ids increasing, since nodes
 * are added in id order).  Annotations take 2 bytes while every one is
 * below 2^16 (a program of fewer expressions), 4 after (annot32).
 *
 * A heap edge takes 5 bytes and 1/16: its sink with the kind in the top bit
 * (hdst), and its source as a byte above the source of the first edge of
 * its block of GRAPH_HEAP_BLOCK edges (hbase) (sources never decrease, and the
 * blocks of the interpreter's graphs span tens of nodes).  A block whose
 * sources do not fit keeps them whole in hwide. */
#define GRAPH_KIND_BITS 4
#define GRAPH_PARENTS_MASK (3u << GRAPH_KIND_BITS)
#define GRAPH_NEXT 0x40u
#define GRAPH_SLOT 0x80u
#define GRAPH_SLOT_EXT UINT32_MAX
#define GRAPH_SIZE_ESCAPE 255u
#define GRAPH_HEAP_BLOCK 64u
#define GRAPH_HEAP_KIND_BIT 31
/* hbase[b] with this bit: block b's sources are whole in hwide */
#define GRAPH_HEAP_WIDE 0x80000000u
/* Node ids stay below 2^31, so a sink and the kind fit 4 bytes. */
#define GRAPH_MAX_ID 0x7FFFFFFEu

/* One node's children kept whole (ext): c[0] left, c[1] right, 0 none. */
typedef struct GraphExt {
    uint32_t v, c[2];
} GraphExt;

typedef struct Graph {
    uint32_t n;          /* nodes are 1..n */
    uint32_t cap;        /* the node arrays hold ids 0..cap */
    uint32_t room;       /* min(cap, max_nodes) + 1: graph_add_node's fast path adds ids below it */
    uint32_t values;     /* nodes with a size (values) */
    uint64_t words;      /* the sizes of all nodes together */
    uint32_t sources;    /* nodes with no parent */
    uint32_t backward;   /* computation edges a -> b with b <= a */
    uint8_t *kindpred;   /* NodeKind | parents << GRAPH_KIND_BITS | GRAPH_NEXT | GRAPH_SLOT */
    uint8_t *size8;      /* size if a value (> 0), else 0; GRAPH_SIZE_ESCAPE: in the table */
    uint16_t *annot16;   /* annotation index (an expression id), see below; NULL once annot32 */
    uint32_t *annot32;   /* the same, 4 bytes each, once an index reached 2^16 */
    uint32_t *big_id, *big_size; /* the escape table: sizes >= GRAPH_SIZE_ESCAPE */
    uint32_t nbig, bigcap;
    /* stored children: rank[v / 32] = slotted-bits | slots before << 32 */
    uint64_t *rank;
    uint32_t *slot;      /* one per slotted node, in id order: the stored child, 0 none */
    uint32_t nslot, slotcap;
    uint32_t decided;    /* nodes 1..decided have their slot or none for good */
    GraphExt *ext;       /* open addressing by v (0 = empty), load <= 1/2 */
    uint32_t extn, extcap;
    /* call stacks (callstack.h), run-length: nodes stk_from[i] ..
     * stk_from[i+1]-1 have stack stk_id[i]; stk_from increasing.  A run
     * starts only where a node's stack differs from the one before it
     * (calls and returns), so the store costs a few bytes per call made,
     * not per node; none at all when nothing sets a stack. */
    uint32_t *stk_from, *stk_id;
    uint32_t nstk, stkcap;

    size_t m, mcap;      /* heap edges 0..m-1 */
    uint32_t *hdst;      /* sink | HeapKind << GRAPH_HEAP_KIND_BIT */
    uint8_t *hoff;       /* source - its block's base (if the block is not wide) */
    uint32_t *hbase;     /* per GRAPH_HEAP_BLOCK edges: the first one's source, or
                          * GRAPH_HEAP_WIDE | the block's index in hwide */
    uint32_t *hwide;     /* the sources of wide blocks, GRAPH_HEAP_BLOCK each */
    uint32_t nwide, widecap;

    uint32_t result;     /* location of the program's result, 0 if none */
    uint64_t max_nodes;  /* graph_add_node fails past this */
} Graph;

void graph_init(Graph *g, uint64_t max_nodes);
/* The bytes the store holds (its arrays' capacities), and the most it
 * will hold once its arrays next grow: its address space.  The bytes of
 * the entries used: the pages it has touched, what physical memory holds
 * (a large array grows by realloc, which remaps its pages: the pages past
 * the entries used stay untouched). */
size_t graph_bytes(const Graph *g);
size_t graph_bytes_next(const Graph *g);
size_t graph_bytes_used(const Graph *g);
void graph_free(Graph *g);

/* Adds a node; returns its id, or 0 if max_nodes is reached or memory runs
 * out (the caller reports which: graph_full tells).  Inline below; the
 * out-of-line graph_add_node_slow takes what the fast path does not. */
uint32_t graph_add_node_slow(Graph *g, NodeKind k, uint32_t size, uint32_t annot);
int graph_full(const Graph *g);
/* Computation edge a -> b (b becomes a's next child); a and b are nodes.
 * 0 on success; -1 (nothing changed) past two children or two parents,
 * or out of memory.  Fastest when b = a + 1 comes right after b. */
int graph_add_edge_slow(Graph *g, uint32_t a, uint32_t b);
/* Heap edge src -> dst of kind k; src >= every earlier edge's src. */
int graph_add_heap_slow(Graph *g, uint32_t src, uint32_t dst, HeapKind k);

/* The appends' fast paths (the interpreter makes every node and edge
 * through them): a few stores each, no call.  A node takes the fast path
 * while its arrays have room (g->room: the ids below min(cap, max_nodes)
 * + 1), its size fits its byte and its annotation the 2-byte array, and
 * node id - 2, the one decided now, needs no slot and starts no block of
 * the rank (graph.c, decide); an edge when it is b = a + 1, a's first
 * child and b's first parent; a heap edge when its block has begun and
 * its source fits a byte above the block's base.  Anything else goes to
 * the slow path, which does the same as before. */
static inline uint32_t graph_add_node(Graph *g, NodeKind k, uint32_t size, uint32_t annot)
{
    uint32_t id = g->n + 1, v = g->decided + 1;
    if (__builtin_expect(id < g->room && size < GRAPH_SIZE_ESCAPE && annot <= UINT16_MAX && g->annot16 &&
                         v + 2 == id && (v & 31), 1)) {
        uint32_t kp = g->kindpred[v];
        if (__builtin_expect((kp & GRAPH_NEXT) && (kp & ((1u << GRAPH_KIND_BITS) - 1)) != NK_FORK, 1)) {
            g->decided = v;
            g->n = id;
            g->sources++;
            g->values += size != 0;
            g->words += size;
            g->kindpred[id] = (uint8_t)k;
            g->size8[id] = (uint8_t)size;
            g->annot16[id] = (uint16_t)annot;
            return id;
        }
    }
    return graph_add_node_slow(g, k, size, annot);
}
static inline int graph_add_edge(Graph *g, uint32_t a, uint32_t b)
{
    if (__builtin_expect(b == a + 1 && a != 0 && a < g->n, 1)) {
        uint32_t ka = g->kindpred[a], kb = g->kindpred[b];
        if (__builtin_expect(!(ka & (GRAPH_NEXT | GRAPH_SLOT)) && !(kb & GRAPH_PARENTS_MASK), 1)) {
            g->kindpred[a] = (uint8_t)(ka | GRAPH_NEXT);
            g->kindpred[b] = (uint8_t)(kb + (1u << GRAPH_KIND_BITS));
            g->sources--;
            return 0;
        }
    }
    return graph_add_edge_slow(g, a, b);
}
/* graph_add_heap's fast path alone, with no call: 1 if the edge was
 * added, 0 (the graph unchanged) where it does not apply. */
static inline int graph_try_heap(Graph *g, uint32_t src, uint32_t dst, HeapKind k)
{
    size_t e = g->m;
    if (__builtin_expect(e < g->mcap && e % GRAPH_HEAP_BLOCK != 0 && src <= GRAPH_MAX_ID && dst <= GRAPH_MAX_ID, 1)) {
        uint32_t base = g->hbase[e / GRAPH_HEAP_BLOCK], off = src - base;
        if (__builtin_expect(off <= UINT8_MAX && base < GRAPH_HEAP_WIDE, 1)) {
            g->hoff[e] = (uint8_t)off;
            g->hdst[e] = dst | (uint32_t)k << GRAPH_HEAP_KIND_BIT;
            g->m = e + 1;
            return 1;
        }
    }
    return 0;
}
static inline int graph_add_heap(Graph *g, uint32_t src, uint32_t dst, HeapKind k)
{
    return graph_try_heap(g, src, dst, k) ? 0 : graph_add_heap_slow(g, src, dst, k);
}
/* A node serially after the newest one, n: graph_add_node, then
 * graph_add_edge(n, id), in one call with the same effect (the new id;
 * 0 as graph_add_node's; -1 when the edge is refused, the node added).
 * Its fast path (graph_try_next), the interpreter's usual node, is
 * graph_add_node's with the edge's stores folded in: node n has no child
 * yet (no GRAPH_NEXT nor GRAPH_SLOT) and the new node one parent, so the
 * count of sources does not move.  graph_try_next is that path alone,
 * with no call (a caller's fast path then needs no frame): the new id, or
 * 0, the graph unchanged, where it does not apply. */
static inline uint32_t graph_try_next(Graph *g, NodeKind k, uint32_t size, uint32_t annot)
{
    uint32_t id = g->n + 1, v = g->decided + 1;
    if (__builtin_expect(id < g->room && size < GRAPH_SIZE_ESCAPE && annot <= UINT16_MAX && g->annot16 &&
                         v + 2 == id && (v & 31), 1)) {
        uint32_t kp = g->kindpred[v], ka = g->kindpred[id - 1];
        if (__builtin_expect((kp & GRAPH_NEXT) && (kp & ((1u << GRAPH_KIND_BITS) - 1)) != NK_FORK &&
                             !(ka & (GRAPH_NEXT | GRAPH_SLOT)), 1)) {
            g->decided = v;
            g->n = id;
            g->values += size != 0;
            g->words += size;
            g->kindpred[id - 1] = (uint8_t)(ka | GRAPH_NEXT);
            g->kindpred[id] = (uint8_t)(k | 1u << GRAPH_KIND_BITS);
            g->size8[id] = (uint8_t)size;
            g->annot16[id] = (uint16_t)annot;
            return id;
        }
    }
    return 0;
}
static inline int64_t graph_add_next(Graph *g, NodeKind k, uint32_t size, uint32_t annot)
{
    uint32_t id = graph_try_next(g, k, size, annot);
    if (__builtin_expect(id != 0, 1)) return id;
    uint32_t n = g->n, b = graph_add_node(g, k, size, annot);
    return b && n ? (graph_add_edge(g, n, b) ? -1 : (int64_t)b) : (int64_t)b;
}
/* Records v as the location of the program's result (0: none). */
static inline void graph_set_result(Graph *g, uint32_t v) { g->result = v; }

/* ---- reading the graph ----
 * Every module outside the store reads a graph through these, never through
 * the arrays, so the layout can change in one place. */
static inline uint32_t graph_nodes(const Graph *g) { return g->n; }
static inline NodeKind graph_kind(const Graph *g, uint32_t v)
{
    return (NodeKind)(g->kindpred[v] & ((1u << GRAPH_KIND_BITS) - 1));
}
uint32_t graph_size_escaped(const Graph *g, uint32_t v);
static inline uint32_t graph_size(const Graph *g, uint32_t v)
{
    uint32_t b = g->size8[v];
    return b < GRAPH_SIZE_ESCAPE ? b : graph_size_escaped(g, v);
}
/* The values among the nodes, and their sizes together, in O(1). */
static inline uint32_t graph_values(const Graph *g) { return g->values; }
static inline uint64_t graph_words(const Graph *g) { return g->words; }
/* The ids are a topological order with node 1 the only node without a
 * parent (every graph the interpreter builds: the 1DF numbering), in O(1):
 * counted as nodes and edges are added. */
static inline int graph_ids_topological(const Graph *g) { return g->backward == 0 && g->sources <= 1; }
static inline uint32_t graph_annot(const Graph *g, uint32_t v)
{
    /* a graph that has no node yet (pml exec's) has no array: the program's annotation, 0 */
    return g->annot16 ? g->annot16[v] : g->annot32 ? g->annot32[v] : 0;
}
static inline int graph_is_value(const Graph *g, uint32_t v) { return g->size8[v] != 0; }

/* Set bits of x, inline: without -mpopcnt __builtin_popcountll is a
 * library call (the rank below and the attribution's bitsets use it). */
static inline uint32_t graph_popcount(uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (uint32_t)((x * 0x0101010101010101ull) >> 56);
}
/* The slot of slotted node v, NULL if it has none (its children in ext). */
static inline uint32_t *graph_slot_of(const Graph *g, uint32_t v)
{
    uint64_t w = g->rank[v >> 5];
    uint32_t bits = (uint32_t)w, bit = 1u << (v & 31);
    return (bits & bit) ? &g->slot[(uint32_t)(w >> 32) + graph_popcount(bits & (bit - 1))] : NULL;
}
uint32_t graph_child_ext(const Graph *g, uint32_t v, int k);
/* Child k of a node with GRAPH_SLOT: out of line, for the few such nodes. */
uint32_t graph_child_slotted(const Graph *g, uint32_t v, int k);
/* Computation edges: child k (0 left, 1 right) of v, 0 if absent; children
 * are filled left first, so out-degree 1 means child 0 only. */
static inline uint32_t graph_child(const Graph *g, uint32_t v, int k)
{
    uint32_t kp = g->kindpred[v];
    if (__builtin_expect(!(kp & GRAPH_SLOT), 1)) return (k == 0 && (kp & GRAPH_NEXT)) ? v + 1 : 0;
    return graph_child_slotted(g, v, k);
}
/* v has a stored child (GRAPH_SLOT: a fork, the end of a left branch):
 * else its only child, if any, is v + 1. */
static inline int graph_stores_child(const Graph *g, uint32_t v) { return (g->kindpred[v] & GRAPH_SLOT) != 0; }
/* Both children of a slotted node, left first (out of line, one slot
 * lookup); returns how many. */
int graph_children_slotted(const Graph *g, uint32_t v, uint32_t c[2]);
/* Both children of v at once, left first (0 where absent): what
 * graph_child(g, v, 0) and (g, v, 1) return, for a pass that wants both;
 * returns how many. */
static inline int graph_children(const Graph *g, uint32_t v, uint32_t c[2])
{
    uint32_t kp = g->kindpred[v];
    if (__builtin_expect(!(kp & GRAPH_SLOT), 1)) {
        c[0] = (kp & GRAPH_NEXT) ? v + 1 : 0;
        c[1] = 0;
        return c[0] != 0;
    }
    return graph_children_slotted(g, v, c);
}
/* graph_children for a pass over the nodes in increasing id order that
 * calls it on every node with a stored child: *slot (0 before the first)
 * counts the slots passed, so a slotted node's slot is the next one, read
 * without its rank (slots are assigned in id order). */
static inline int graph_children_seq(const Graph *g, uint32_t v, uint32_t c[2], uint32_t *slot)
{
    uint32_t kp = g->kindpred[v];
    if (__builtin_expect(!(kp & GRAPH_SLOT), 1)) return graph_children(g, v, c);
    uint32_t s = ((uint32_t)g->rank[v >> 5] >> (v & 31) & 1) ? g->slot[(*slot)++] : GRAPH_SLOT_EXT;
    if (__builtin_expect(s == GRAPH_SLOT_EXT, 0)) return graph_children_slotted(g, v, c); /* in ext */
    if (kp & GRAPH_NEXT) c[0] = v + 1, c[1] = s;
    else c[0] = s, c[1] = 0;
    return (c[0] != 0) + (c[1] != 0);
}
static inline int graph_out_degree(const Graph *g, uint32_t v)
{
    uint32_t kp = g->kindpred[v];
    if (!(kp & GRAPH_SLOT)) return (kp & GRAPH_NEXT) != 0;
    return (graph_child_slotted(g, v, 0) != 0) + (graph_child_slotted(g, v, 1) != 0);
}
static inline int graph_in_degree(const Graph *g, uint32_t v)
{
    return (g->kindpred[v] & GRAPH_PARENTS_MASK) >> GRAPH_KIND_BITS;
}
/* A hint that v's children will be read soon (a cache prefetch; no effect
 * on any result). */
static inline void graph_prefetch_children(const Graph *g, uint32_t v)
{
    __builtin_prefetch(&g->kindpred[v]);
    __builtin_prefetch(&g->rank[v >> 5]); /* where a slotted node's slot is */
}
/* Heap edges 0..m-1, sources non-decreasing. */
static inline size_t graph_heap_edges(const Graph *g) { return g->m; }
static inline uint32_t graph_heap_src(const Graph *g, size_t e)
{
    uint32_t h = g->hbase[e / GRAPH_HEAP_BLOCK];
    if (__builtin_expect(h >= GRAPH_HEAP_WIDE, 0))
        return g->hwide[(size_t)(h - GRAPH_HEAP_WIDE) * GRAPH_HEAP_BLOCK + e % GRAPH_HEAP_BLOCK];
    return h + g->hoff[e];
}
static inline uint32_t graph_heap_dst(const Graph *g, size_t e)
{
    return g->hdst[e] & ((1u << GRAPH_HEAP_KIND_BIT) - 1);
}
static inline HeapKind graph_heap_kind(const Graph *g, size_t e) { return (HeapKind)(g->hdst[e] >> GRAPH_HEAP_KIND_BIT); }
/* The program result's location, 0 if none. */
static inline uint32_t graph_result(const Graph *g) { return g->result; }
/* The node limit the graph was made with. */
static inline uint64_t graph_max_nodes(const Graph *g) { return g->max_nodes; }

/* ---- call stacks ---- */
/* The nodes added from now on have call stack `stack` (callstack.h) until
 * the next call.  0, or -1 out of memory. */
int graph_set_stack(Graph *g, uint32_t stack);
/* v's call stack: 0 (the empty stack) when none was set. */
uint32_t graph_stack(const Graph *g, uint32_t v);
/* For reading the stacks of nodes in increasing order in O(1) each: a
 * cursor starting at 0, passed to every call. */
static inline uint32_t graph_stack_seq(const Graph *g, uint32_t v, uint32_t *cursor)
{
    uint32_t i = *cursor;
    if (i >= g->nstk || v < g->stk_from[i]) return 0;
    while (i + 1 < g->nstk && g->stk_from[i + 1] <= v) i++;
    *cursor = i;
    return g->stk_id[i];
}

/* ---- derived facts ---- */
/* Longest path in nodes (span) of the computation graph. */
uint64_t graph_span(const Graph *g);
/* Heap edges arranged by sink (CSR): the edges into v are
 * in_idx[in_off[v] .. in_off[v+1]-1], each a heap edge (graph_heap_src ...).
 * Arrays of n+2 and m entries, malloc'd; the caller frees them. */
int graph_heap_by_sink(const Graph *g, uint32_t **in_off, uint32_t **in_idx);

/* Checks the invariants of docs/semantics.md on g: one initial node (1) and one
 * final node (n), ids a topological order, series-parallel (every fork's
 * two branches meet at one join), heap edges from higher to lower id with a
 * value as sink.  Returns 0, or -1 with a description in msg. */
int graph_check(const Graph *g, char *msg, size_t msglen);

#endif
