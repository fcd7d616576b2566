/*
 * test_graph.c — the graph store (src/graph): what is stored is what is
 * read back, whatever the packing (kind and parent count in one byte,
 * sizes in a byte with an escape table for the large ones).
 */
#include "check.h"
#include "graph.h"

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

int main(void)
{
    sizes_round_trip();
    parents_beside_kind();
    return CHECK_DONE();
}
