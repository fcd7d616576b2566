/*
 * test_eval.c — the cost semantics on tiny programs, against graphs computed
 * by hand from the rules of docs/semantics.md (no prelude, so node 1 is the program's first).
 *
 * A graph is written as three strings: node kinds in id order (values with
 * their size, "const1"), computation edges "a-b", heap edges "s>du" (use)
 * or "s>dr" (retain), in the order they were made (an edge made twice is
 * stored once).
 */
#include <gc.h>
#include <stdlib.h>
#include <string.h>

#include "bigstack.h"
#include "check.h"
#include "eval.h"
#include "resolve.h"

/* Runs text with options o (NULL: the defaults with the Theorem 1 check). */
static int eval_text(const char *text, CostRun *run, Diag *d, const EvalOptions *o)
{
    EvalOptions dflt;
    if (!o) {
        eval_options_default(&dflt);
        dflt.check_theorem1 = 1;
        o = &dflt;
    }
    Sources s = {0};
    src_add(&s, "lib/prelude.pml", "", 0);
    src_add(&s, "t.pml", text, strlen(text));
    Program *p = ast_program_new();
    int rc = -1;
    if (lang_parse(&s, 1, p, d) == 0 && resolve_program(p, d) == 0)
        rc = eval_program(p, &s, o, run, d);
    ast_program_free(p);
    src_free(&s);
    return rc;
}

static void dump(const Graph *g, char *kinds, char *edges, char *heap)
{
    kinds[0] = edges[0] = heap[0] = 0;
    for (uint32_t v = 1; v <= graph_nodes(g); v++) {
        char b[32];
        if (graph_size(g, v)) snprintf(b, sizeof b, "%s%s%u", v > 1 ? " " : "", graph_kind_name(graph_kind(g, v)), graph_size(g, v));
        else snprintf(b, sizeof b, "%s%s", v > 1 ? " " : "", graph_kind_name(graph_kind(g, v)));
        strcat(kinds, b);
        for (int k = 0; k < 2; k++)
            if (graph_child(g, v, k)) {
                snprintf(b, sizeof b, "%s%u-%u", edges[0] ? " " : "", v, graph_child(g, v, k));
                strcat(edges, b);
            }
    }
    for (size_t e = 0; e < graph_heap_edges(g); e++) {
        char b[32];
        snprintf(b, sizeof b, "%s%u>%u%c", e ? " " : "", graph_heap_src(g, e), graph_heap_dst(g, e), graph_heap_kind(g, e) ? 'r' : 'u');
        strcat(heap, b);
    }
}

typedef struct Case {
    const char *name, *src, *kinds, *edges, *heap;
    uint32_t result;
} Case;

static const Case cases[] = {
    {"constant", "val r = 5", "const1 bind", "1-2", "2>1u", 1},
    {"variable", "val x = 5 val r = x", "const1 bind var bind", "1-2 2-3 3-4", "2>1u 4>1u", 1},
    {"fn retains its free variables (C-FUN)", "val y = 1 val r = fn z => y",
     "const1 bind closure2 bind", "1-2 2-3 3-4", "2>1u 3>1r 4>3u", 3},
    {"application g1+g2+[n]+body, use n->f, n->arg (C-APP)", "val f = fn x => x val r = f 3",
     "closure1 bind var const1 app var bind", "1-2 2-3 3-4 4-5 5-6 6-7", "2>1u 5>1u 5>4u 7>4u", 4},
    {"parallel pair fork/join then pair (C-FORK)", "val r = {1, 2}",
     "fork const1 const1 join pair2 bind", "1-2 1-3 2-4 3-4 4-5 5-6", "5>2r 5>3r 6>5u", 5},
    {"tuple retains its fields", "val r = (1, 2)", "const1 const1 tuple2 bind", "1-2 2-3 3-4",
     "3>1r 3>2r 4>3u", 3},
    {"projection uses the tuple (C-PROJ)", "val t = (1, 2) val r = #2 t",
     "const1 const1 tuple2 bind var proj bind", "1-2 2-3 3-4 4-5 5-6 6-7", "3>1r 3>2r 4>3u 6>3u 7>2u", 2},
    {"if true: use the test and the else branch's free variables (C-IF)",
     "val a = 7 val r = if true then 1 else a", "const1 bind const1 if const1 bind",
     "1-2 2-3 3-4 4-5 5-6", "2>1u 4>3u 4>1u 6>5u", 5},
    {"if false: use the then branch's free variables (C-IF)",
     "val a = 7 val r = if false then a else 1", "const1 bind const1 if const1 bind",
     "1-2 2-3 3-4 4-5 5-6", "2>1u 4>3u 4>1u 6>5u", 5},
    {"case: use the scrutinee and the arms not taken", "val a = 7 val r = case 1 of 1 => 2 | _ => a",
     "const1 bind const1 case const1 bind", "1-2 2-3 3-4 4-5 5-6", "2>1u 4>3u 4>1u 6>5u", 5},
    {"let binds with a node using the value", "val r = let val x = 1 in x end",
     "const1 bind var bind", "1-2 2-3 3-4", "2>1u 4>1u", 1},
    {"sequencing uses the first value", "val r = (1; 2)", "const1 seq const1 bind", "1-2 2-3 3-4",
     "2>1u 4>3u", 3},
    {"constructor with a syntactic tuple is one block", "datatype t = C of int * int val r = C (1, 2)",
     "const1 const1 con3 bind", "1-2 2-3 3-4", "3>1r 3>2r 4>3u", 3},
    {"primitive vector (3, x) is a chain of 3 nodes", "val r = vector (3, 0)",
     "const1 const1 prim prim prim4 bind", "1-2 2-3 3-4 4-5 5-6", "5>2r 5>1u 5>2u 6>5u", 5},
    {"primitive + allocates its result", "val r = 1 + 2", "const1 const1 prim1 bind", "1-2 2-3 3-4",
     "3>1u 3>2u 4>3u", 3},
    {"andalso false skips the right side, using its free variables",
     "val a = true val r = false andalso a", "const1 bind const1 if const1 bind",
     "1-2 2-3 3-4 4-5 5-6", "2>1u 4>3u 4>1u 6>5u", 5},
    {"list literal: elements, nil, cells from the last", "val r = [1, 2]",
     "const1 const1 const1 con3 con3 bind", "1-2 2-3 3-4 4-5 5-6", "4>2r 4>3r 5>1r 5>4r 6>5u", 5},
    {"Array.update uses the element it replaces; the last node uses the final elements",
     "val a = Array.array (2, 0) val u = Array.update (a, 0, 5)",
     "const1 const1 prim prim3 bind var const1 const1 prim1 bind seq", "1-2 2-3 3-4 4-5 5-6 6-7 7-8 8-9 9-10 10-11",
     "4>2r 4>1u 4>2u 5>4u 9>2u 9>4u 9>7u 9>8u 10>9u 11>8u 11>2u", 9},
    {"Array.sub returns the element, using the array and the index",
     "val a = Array.fromList [7] val r = Array.sub (a, 0)",
     "const1 const1 con3 prim2 bind var const1 prim bind", "1-2 2-3 3-4 4-5 5-6 6-7 7-8 8-9",
     "3>1r 3>2r 4>1r 4>3u 5>4u 8>4u 8>7u 9>1u", 1},
    {"f o g allocates 3 words retaining f and g; applying it applies g, then f",
     "val f = fn x => x val r = (f o f) 1",
     "closure1 bind var var prim3 const1 app app var app var bind",
     "1-2 2-3 3-4 4-5 5-6 6-7 7-8 8-9 9-10 10-11 11-12",
     "2>1u 5>1r 5>1u 7>5u 7>6u 8>1u 8>6u 10>1u 10>6u 12>6u", 6},
    {"Math.pi is one node allocating the real", "val r = Math.pi", "prim1 bind", "1-2", "2>1u", 1},
};

static void test_cases(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const Case *c = &cases[i];
        CostRun run;
        Diag d;
        char kinds[1024], edges[1024], heap[1024];
        if (eval_text(c->src, &run, &d, NULL)) {
            CHECK(0, "graph of %s (error: %s)", c->name, d.msg);
            continue;
        }
        dump(&run.g, kinds, edges, heap);
        CHECK(strcmp(kinds, c->kinds) == 0, "nodes of %s: [%s]", c->name, kinds);
        CHECK(strcmp(edges, c->edges) == 0, "computation edges of %s: [%s]", c->name, edges);
        CHECK(strcmp(heap, c->heap) == 0, "heap edges of %s: [%s]", c->name, heap);
        CHECK(graph_result(&run.g) == c->result, "result location of %s is %u", c->name, c->result);
        char msg[200];
        CHECK(graph_check(&run.g, msg, sizeof msg) == 0, "invariants hold for %s", c->name);
        cost_run_free(&run);
    }
}

static void test_work_span(void)
{
    CostRun run;
    Diag d;
    int rc = eval_text("val r = {{1, 2}, 3}", &run, &d, NULL);
    CHECK(rc == 0 && graph_nodes(&run.g) == 10, "nested pairs: work 10 nodes");
    CHECK(rc == 0 && graph_span(&run.g) == 8, "nested pairs: span 8 nodes");
    if (rc == 0) cost_run_free(&run);
}

/* A program recursing 10^6 deep needs the big stack; here (main thread,
 * small stack) only a modest depth, and the depth limit's error. */
static void test_depth_limit(void)
{
    CostRun run;
    Diag d;
    EvalOptions o;
    eval_options_default(&o);
    o.max_depth = 500;
    int rc = eval_text("fun f n = if n = 0 then 0 else 1 + f (n - 1) val r = f 1000", &run, &d, &o);
    CHECK(rc != 0 && strstr(d.msg, "recursion too deep") && strstr(d.msg, "--max-depth"),
          "past --max-depth evaluation stops with a clear error (%s)", d.msg);
    if (rc == 0) cost_run_free(&run);
}

static void test_node_limit(void)
{
    CostRun run;
    Diag d;
    EvalOptions o;
    eval_options_default(&o);
    o.max_nodes = 3000; /* shallow enough for the main stack under ASan */
    o.max_depth = 1000000;
    int rc = eval_text("fun loop n = loop (n + 1) val r = loop 0", &run, &d, &o);
    CHECK(rc != 0 && strstr(d.msg, "node limit") && strstr(d.msg, "--max-nodes"),
          "a program that does not stop is stopped by the node limit (%s)", d.msg);
    if (rc == 0) cost_run_free(&run);
}

/* A runaway recursion under a memory budget of 192 MiB, on a 2 GiB stack
 * as the driver runs it: the stack counts with the graph and the heap, so
 * the run stops with "out of memory" naming the stack, long before the
 * stack's own end (before, it ran on to fill the 2 GiB). */
typedef struct StackJob { int rc; Diag d; uint64_t max_memory; } StackJob;

static int stack_job(void *arg)
{
    StackJob *j = arg;
    CostRun run;
    EvalOptions o;
    eval_options_default(&o);
    o.max_nodes = 400000000;
    o.max_depth = 400000000;
    o.max_memory = j->max_memory;
    o.memory_limit = "the test's budget";
    j->rc = eval_text("fun loop n = loop (n + 1) val r = loop 0", &run, &j->d, &o);
    if (j->rc == 0) cost_run_free(&run);
    return 0;
}

static void test_stack_in_memory(void)
{
    StackJob j = {0, {.has_span = 0}, (uint64_t)192 << 20};
    unsigned long long graph = 0, heap = 0, stack = 0;
    CHECK(bigstack_run((size_t)2 << 30, stack_job, &j) == 0, "a 2 GiB stack for the runaway recursion");
    int ok = j.rc != 0 && strstr(j.d.msg, "out of memory") &&
             sscanf(strstr(j.d.msg, "graph (") ? strstr(j.d.msg, "graph (") : "", "graph (%llu MiB), the interpreter's heap (%llu MiB) and the evaluation stack (%llu MiB)",
                    &graph, &heap, &stack) == 3;
    CHECK(ok && strstr(j.d.msg, "passed 2/3 of the test's budget"),
          "a runaway recursion's stack counts against the memory budget (%s)", j.d.msg);
    /* the check counts the graph as large as it will be when it next
     * grows (twice its size); the figures are rounded down */
    CHECK(ok && stack > 0 && 2 * graph + heap + stack + 3 >= 128 && 2 * graph + heap + stack <= 128 + 32,
          "and stops near 2/3 of it (past by at most the heap's growth): the graph 2 x %llu, the heap %llu, the stack %llu MiB",
          graph, heap, stack);
}

int main(void)
{
    GC_INIT();
    test_cases();
    test_work_span();
    test_depth_limit();
    test_node_limit();
    test_stack_in_memory();
    return CHECK_DONE();
}
