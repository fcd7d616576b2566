/*
 * test_space_programs.c — the fast space profile against the literal oracle
 * (paper Definitions 2-4, tests/oracle/space_oracle.c) on the graphs of real PML
 * programs: randomly generated ones, and the examples at small sizes.
 * For every policy, P in {1, 2, 3, 4, 8}, with and without --coarse, the
 * heap space and the scheduler queue must agree at every step.  The random
 * programs also run with the Theorem 1 check on.
 */
#include <gc.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cli.h"
#include "space.h"
#include "sched.h"
#include "space_oracle.h"

#include "gen_program.h"

/* Every schedule of g against the oracle; returns how many disagreed and
 * describes the first in why. */
static int compare_all(const Graph *g, char *why, size_t len)
{
    static const char *const pols[] = {"df", "bf", "ws"};
    static const uint32_t procs[] = {1, 2, 3, 4, 8};
    int bad = 0;
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 5; b++)
            for (int coarse = 0; coarse < 2; coarse++) {
                SchedOptions o = {.policy = pols[a], .P = procs[b], .coarse = coarse, .seed = 7};
                Schedule s;
                SpaceProfile sp;
                uint64_t *heap, *queue;
                char msg[200];
                if (sched_run(g, &o, &s, msg, sizeof msg)) { snprintf(why, len, "%s", msg); return bad + 1; }
                int ok = space_profile(g, &s, UNITS_WORDS, 1, &sp) == 0 &&
                         space_oracle_profile(g, &s, UNITS_WORDS, &heap, &queue) == 0;
                for (uint32_t i = 0; ok && i <= s.T; i++)
                    if (sp.heap[i] != heap[i] || sp.queue[i] != queue[i]) {
                        if (!bad) snprintf(why, len, "%s P=%u%s step %u: heap %llu vs oracle %llu", pols[a],
                                           procs[b], coarse ? " coarse" : "", i,
                                           (unsigned long long)sp.heap[i], (unsigned long long)heap[i]);
                        bad++;
                        break;
                    }
                if (ok) { free(heap); free(queue); space_free(&sp); }
                sched_free(&s);
            }
    return bad;
}

static void test_random_programs(void)
{
    int programs = 0, failed = 0, nodes = 0;
    char why[300] = "";
    for (uint64_t seed = 1; seed <= 60; seed++) {
        char *text = random_program(seed);
        CostRun run;
        Diag d;
        if (eval_source("random.pml", text, 0, NULL, 0, &run, &d)) {
            CHECK(0, "random program %llu runs with Theorem 1 checked (%s)", (unsigned long long)seed, d.msg);
            free(text);
            continue;
        }
        programs++;
        nodes += (int)graph_nodes(&run.g);
        int bad = compare_all(&run.g, why, sizeof why);
        if (bad) {
            failed++;
            printf("# random program %llu:\n%s\n", (unsigned long long)seed, text);
        }
        cost_run_free(&run);
        free(text);
    }
    CHECK(programs == 60, "60 random PML programs run with Theorem 1 checked at every subexpression");
    CHECK(failed == 0, "on %d random PML programs (%d nodes in all), every policy, P in {1,2,3,4,8}, "
          "coarse or not: space equals the oracle at every step%s%s", programs, nodes, failed ? ": " : "", why);
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (fread(s, 1, (size_t)n, f) != (size_t)n) n = 0;
    s[n] = 0;
    fclose(f);
    return s;
}

static void test_examples(void)
{
    static const char *const files[] = {"examples/matmul.pml", "examples/quicksort.pml",
                                        "examples/quicksort_join.pml", "examples/nqueens.pml",
                                        "examples/quickhull.pml", "examples/fib.pml"};
    Param n = {"n", 3};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char *text = read_file(files[i]);
        CostRun run;
        Diag d;
        char why[300] = "";
        if (!text || eval_source(files[i], text, 1, &n, 1, &run, &d)) {
            CHECK(0, "%s runs (%s)", files[i], text ? d.msg : "cannot read it");
            free(text);
            continue;
        }
        int bad = compare_all(&run.g, why, sizeof why);
        CHECK(bad == 0, "%s n=3 (%u nodes): space equals the oracle at every step of every schedule%s%s",
              files[i], graph_nodes(&run.g), bad ? ": " : "", why);
        cost_run_free(&run);
        free(text);
    }
}

int main(void)
{
    GC_INIT();
    test_random_programs();
    test_examples();
    return CHECK_DONE();
}
