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
#include "resolve.h"
#include "space.h"
#include "sched.h"
#include "space_oracle.h"

/* ---- random programs ---- */

typedef struct Gen {
    uint64_t state;
    char *buf;
    size_t n, cap;
    int nvars;          /* int variables in scope: v0 .. v(nvars-1) */
    int fresh;
} Gen;

static uint32_t rnd(Gen *g, uint32_t k)
{
    g->state = g->state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(g->state >> 33) % k;
}

static void out(Gen *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (g->n + (size_t)k + 1 > g->cap) {
        g->cap = (g->n + (size_t)k + 1) * 2;
        g->buf = realloc(g->buf, g->cap);
    }
    va_start(ap, fmt);
    vsnprintf(g->buf + g->n, (size_t)k + 1, fmt, ap);
    va_end(ap);
    g->n += (size_t)k;
}

/* An int expression of depth at most d, over the variables in scope.
 * Every construct of SPEC §2.2 appears; values stay small (mod 1000). */
static void gen_int(Gen *g, int d)
{
    if (d == 0 || rnd(g, 10) == 0) {
        if (g->nvars && rnd(g, 2)) out(g, "v%u", rnd(g, (uint32_t)g->nvars));
        else out(g, "%u", rnd(g, 10));
        return;
    }
    int v = g->nvars;
    switch (rnd(g, 11)) {
    case 0: out(g, "("); gen_int(g, d - 1); out(g, " + "); gen_int(g, d - 1); out(g, ") mod 1000"); break;
    case 1: /* a parallel pair, bound by a tuple pattern */
        out(g, "let val (v%d, v%d) = {", v, v + 1); gen_int(g, d - 1); out(g, ", ");
        gen_int(g, d - 1); out(g, "} in "); g->nvars += 2; gen_int(g, d - 1); g->nvars -= 2; out(g, " end");
        break;
    case 2: out(g, "(if "); gen_int(g, d - 1); out(g, " < "); gen_int(g, d - 1); out(g, " then ");
        gen_int(g, d - 1); out(g, " else "); gen_int(g, d - 1); out(g, ")"); break;
    case 3: out(g, "let val v%d = ", v); gen_int(g, d - 1); out(g, " in ");
        g->nvars++; gen_int(g, d - 1); g->nvars--; out(g, " end"); break;
    case 4: out(g, "(fn v%d => ", v); g->nvars++; gen_int(g, d - 1); g->nvars--; out(g, ") ("); gen_int(g, d - 1); out(g, ")"); break;
    case 5: out(g, "(case ["); gen_int(g, d - 1); out(g, ", "); gen_int(g, d - 1);
        out(g, "] of [] => "); gen_int(g, d - 1); out(g, " | (v%d :: v%d) => ", v, v + 1);
        g->nvars++; gen_int(g, d - 1); g->nvars--; out(g, " + len v%d)", v + 1); break;
    case 6: out(g, "#2 ("); gen_int(g, d - 1); out(g, ", "); gen_int(g, d - 1); out(g, ")"); break;
    case 7: {
        int f = g->fresh++;
        out(g, "let fun f%d v%d = (", f, v); g->nvars++; gen_int(g, d - 1); g->nvars--;
        out(g, ") mod 1000 in f%d (", f); gen_int(g, d - 1); out(g, ") end");
        break;
    }
    case 8: out(g, "sum (build ((("); gen_int(g, d - 1); out(g, ") mod 7), "); gen_int(g, d - 1); out(g, "))"); break;
    case 9: out(g, "psum (vector ((("); gen_int(g, d - 1); out(g, ") mod 5) + 1, "); gen_int(g, d - 1); out(g, "))"); break;
    default: out(g, "("); gen_int(g, d - 1); out(g, "; "); gen_int(g, d - 1); out(g, ")"); break;
    }
}

/* Helpers the generated expressions call: lists, a parallel vector sum. */
static const char helpers[] =
    "fun len [] = 0 | len (_ :: t) = 1 + len t\n"
    "fun build (0, x) = [] | build (n, x) = x :: build (n - 1, x)\n"
    "fun sum [] = 0 | sum (h :: t) = (h + sum t) mod 1000\n"
    "fun psum v = let fun go (i, j) = if j - i = 1 then sub (v, i)\n"
    "    else let val k = (i + j) div 2 val (a, b) = {go (i, k), go (k, j)} in (a + b) mod 1000 end\n"
    "  in go (0, length v) end\n";

static char *random_program(uint64_t seed)
{
    Gen g = {.state = seed * 2654435761u + 1};
    out(&g, "%s", helpers);
    out(&g, "val v0 = %u\nval result = ", rnd(&g, 10));
    g.nvars = 1;
    gen_int(&g, 4 + (int)rnd(&g, 3));
    out(&g, "\n");
    return g.buf;
}

/* ---- running ---- */

extern const char pml_prelude_text[];
extern const unsigned long pml_prelude_len;

static int eval_source(const char *name, const char *text, int prelude, const Param *params,
                       uint32_t nparams, CostRun *run, Diag *d)
{
    Sources s = {0};
    src_add(&s, "lib/prelude.pml", prelude ? pml_prelude_text : "", prelude ? pml_prelude_len : 0);
    src_add(&s, name, text, strlen(text));
    Program *p = ast_program_new();
    EvalOptions o;
    eval_options_default(&o);
    o.check_theorem1 = 1;
    o.params = params;
    o.nparams = nparams;
    int rc = -1;
    if (lang_parse(&s, 0, p, d) == 0) {
        p->nuser0 = p->ndecs;
        if (lang_parse(&s, 1, p, d) == 0 && resolve_program(p, d) == 0)
            rc = eval_program(p, &s, &o, run, d);
    }
    ast_program_free(p);
    src_free(&s);
    return rc;
}

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
        nodes += (int)run.g.n;
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
              files[i], run.g.n, bad ? ": " : "", why);
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
