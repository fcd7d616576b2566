/*
 * test_callstack.c — call-site stacks (src/graph/callstack.h) and their
 * run-length store in the graph (graph_set_stack, graph_stack): pushes are
 * hash-consed, recursion does not grow a stack, every node reads back the
 * stack that was current when it was made.
 */
#include <stdlib.h>
#include "callstack.h"
#include "check.h"
#include "graph.h"

static void pushes_are_interned(void)
{
    CallStacks cs;
    cstack_init(&cs);
    uint32_t a = cstack_push(&cs, 0, 10, 100), b = cstack_push(&cs, a, 20, 200);
    CHECK(a && b && a != b, "callstack: two different pushes, two ids");
    CHECK(cstack_push(&cs, 0, 10, 100) == a && cstack_push(&cs, a, 20, 200) == b,
          "callstack: the same push again gives the same id");
    CHECK(cstack_parent(&cs, b) == a && cstack_site(&cs, b) == 20 && cstack_fn(&cs, b) == 200 && cstack_parent(&cs, a) == 0,
          "callstack: an id reads back its parent, site and function");
    CHECK(cstack_push(&cs, b, 10, 100) == a, "callstack: a call already on the stack cuts the stack back to it");
    CHECK(cstack_push(&cs, b, 10, 101) != a, "callstack: the same site entering another function is a new call");
    /* a recursion 10^5 deep through two sites: a handful of stacks */
    uint32_t s = a;
    for (int i = 0; i < 100000; i++) s = cstack_push(&cs, s, 30 + (uint32_t)(i & 1), 300);
    CHECK(cstack_count(&cs) <= 8, "callstack: 10^5 recursive calls make %u stacks", cstack_count(&cs));
    /* many distinct chains: the table grows and keeps every one */
    uint32_t ids[5000];
    int ok = 1;
    for (uint32_t i = 0; i < 5000; i++) ids[i] = cstack_push(&cs, i % 2 ? a : b, 1000 + i, 7);
    for (uint32_t i = 0; i < 5000; i++) ok &= cstack_push(&cs, i % 2 ? a : b, 1000 + i, 7) == ids[i] && cstack_site(&cs, ids[i]) == 1000 + i;
    CHECK(ok, "callstack: 5000 chains interned through the table's growth");
    cstack_free(&cs);
}

/* The call (site, fn) on stack s, found by walking up: the definition. */
static uint32_t naive_on_stack(const CallStacks *cs, uint32_t s, uint32_t site, uint32_t fn)
{
    for (; s; s = cstack_parent(cs, s))
        if (cstack_site(cs, s) == site && cstack_fn(cs, s) == fn) return s;
    return 0;
}

/* Random walks over few calls (so that cut-backs and stacks ending in the
 * same call abound) and a chain of 10^5 distinct calls: every push is the
 * walk up's answer, a cut-back to the call or a new stack on s. */
static void cut_back_as_the_walk_up_finds(void)
{
    CallStacks cs;
    cstack_init(&cs);
    uint32_t s = 0, bad = 0, cuts = 0;
    srand(7);
    for (int i = 0; i < 200000; i++) {
        if (s && rand() % 3 == 0) { s = cstack_parent(&cs, s); continue; }
        uint32_t site = (uint32_t)(rand() % 12), fn = (uint32_t)(rand() % 5);
        uint32_t want = naive_on_stack(&cs, s, site, fn), got = cstack_push(&cs, s, site, fn);
        cuts += want != 0;
        bad += want ? got != want
                    : cstack_parent(&cs, got) != s || cstack_site(&cs, got) != site || cstack_fn(&cs, got) != fn;
        s = got;
    }
    CHECK(bad == 0 && cuts > 1000, "callstack: 200000 random pushes over 60 calls as the walk up finds them (%u cut back, %u wrong)", cuts, bad);
    s = 0;
    uint64_t steps = cs.steps;
    for (uint32_t i = 0; i < 100000; i++) s = cstack_push(&cs, s, 50000 + i, 9);
    CHECK(cs.steps - steps < 100000, "callstack: a chain of 10^5 distinct calls takes %llu search steps, not 5 x 10^9",
          (unsigned long long)(cs.steps - steps));
    uint32_t deep = s;
    bad = 0;
    for (uint32_t i = 0; i < 100000; i += 997) bad += cstack_push(&cs, deep, 50000 + i, 9) != naive_on_stack(&cs, deep, 50000 + i, 9);
    CHECK(bad == 0 && cstack_push(&cs, deep, 50000, 9) != deep && naive_on_stack(&cs, deep, 50000, 9) != 0,
          "callstack: a chain of 10^5 distinct calls, each call again cut back to its place in it");
    cstack_free(&cs);
}

static void stacks_in_the_graph(void)
{
    Graph g;
    graph_init(&g, 1000);
    uint32_t want[64];
    /* stacks change every few nodes, sometimes twice with no node between
     * (a call that makes nothing), sometimes back to the same stack */
    static const uint32_t seq[] = {0, 3, 3, 5, 0, 7, 7, 7, 2, 9, 1, 1, 0, 4};
    uint32_t n = 0;
    for (uint32_t i = 0; i < sizeof seq / sizeof *seq; i++) {
        CHECK(graph_set_stack(&g, seq[i] + 100) == 0 && graph_set_stack(&g, seq[i]) == 0, "graph store: stack %u set", seq[i]);
        for (uint32_t k = 0; k < i % 3 + 1 && n < 64; k++) {
            graph_add_node(&g, NK_CONST, 1, 0);
            want[++n - 1] = seq[i];
        }
    }
    int ok = 1, seq_ok = 1;
    uint32_t cur = 0;
    for (uint32_t v = 1; v <= n; v++) {
        ok &= graph_stack(&g, v) == want[v - 1];
        seq_ok &= graph_stack_seq(&g, v, &cur) == want[v - 1];
    }
    CHECK(ok, "graph store: every node reads back the stack set before it (binary search)");
    CHECK(seq_ok, "graph store: and in id order through the cursor");
    CHECK(g.nstk <= 12, "graph store: one run per change of stack between nodes (%u runs for %u nodes)", g.nstk, n);
    graph_free(&g);
}

int main(void)
{
    pushes_are_interned();
    cut_back_as_the_walk_up_finds();
    stacks_in_the_graph();
    return CHECK_DONE();
}
