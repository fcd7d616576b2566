/*
 * gen_program.h — random PML programs for property tests (every construct
 * of the language, small values, parallel pairs nested at random) and
 * eval_source, which runs a program text through the front end and the
 * interpreter with the Theorem 1 check on.  Header-only (static
 * functions); link with the library objects.
 */
#ifndef PML_GEN_PROGRAM_H
#define PML_GEN_PROGRAM_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eval.h"
#include "resolve.h"

/* ---- random programs ---- */

typedef struct ProgGen {
    uint64_t state;
    char *buf;
    size_t n, cap;
    int nvars;          /* int variables in scope: v0 .. v(nvars-1) */
    int fresh;
} ProgGen;

static uint32_t prog_rnd(ProgGen *g, uint32_t k)
{
    g->state = g->state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(g->state >> 33) % k;
}

static void prog_out(ProgGen *g, const char *fmt, ...)
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
 * Every construct of docs/semantics.md appears; values stay small (mod 1000). */
static void gen_int(ProgGen *g, int d)
{
    if (d == 0 || prog_rnd(g, 10) == 0) {
        if (g->nvars && prog_rnd(g, 2)) prog_out(g, "v%u", prog_rnd(g, (uint32_t)g->nvars));
        else prog_out(g, "%u", prog_rnd(g, 10));
        return;
    }
    int v = g->nvars;
    switch (prog_rnd(g, 11)) {
    case 0: prog_out(g, "("); gen_int(g, d - 1); prog_out(g, " + "); gen_int(g, d - 1); prog_out(g, ") mod 1000"); break;
    case 1: /* a parallel pair, bound by a tuple pattern */
        prog_out(g, "let val (v%d, v%d) = {", v, v + 1); gen_int(g, d - 1); prog_out(g, ", ");
        gen_int(g, d - 1); prog_out(g, "} in "); g->nvars += 2; gen_int(g, d - 1); g->nvars -= 2; prog_out(g, " end");
        break;
    case 2: prog_out(g, "(if "); gen_int(g, d - 1); prog_out(g, " < "); gen_int(g, d - 1); prog_out(g, " then ");
        gen_int(g, d - 1); prog_out(g, " else "); gen_int(g, d - 1); prog_out(g, ")"); break;
    case 3: prog_out(g, "let val v%d = ", v); gen_int(g, d - 1); prog_out(g, " in ");
        g->nvars++; gen_int(g, d - 1); g->nvars--; prog_out(g, " end"); break;
    case 4: prog_out(g, "(fn v%d => ", v); g->nvars++; gen_int(g, d - 1); g->nvars--; prog_out(g, ") ("); gen_int(g, d - 1); prog_out(g, ")"); break;
    case 5: prog_out(g, "(case ["); gen_int(g, d - 1); prog_out(g, ", "); gen_int(g, d - 1);
        prog_out(g, "] of [] => "); gen_int(g, d - 1); prog_out(g, " | (v%d :: v%d) => ", v, v + 1);
        g->nvars++; gen_int(g, d - 1); g->nvars--; prog_out(g, " + len v%d)", v + 1); break;
    case 6: prog_out(g, "#2 ("); gen_int(g, d - 1); prog_out(g, ", "); gen_int(g, d - 1); prog_out(g, ")"); break;
    case 7: {
        int f = g->fresh++;
        prog_out(g, "let fun f%d v%d = (", f, v); g->nvars++; gen_int(g, d - 1); g->nvars--;
        prog_out(g, ") mod 1000 in f%d (", f); gen_int(g, d - 1); prog_out(g, ") end");
        break;
    }
    case 8: prog_out(g, "sum (build ((("); gen_int(g, d - 1); prog_out(g, ") mod 7), "); gen_int(g, d - 1); prog_out(g, "))"); break;
    case 9: prog_out(g, "psum (vector ((("); gen_int(g, d - 1); prog_out(g, ") mod 5) + 1, "); gen_int(g, d - 1); prog_out(g, "))"); break;
    default: prog_out(g, "("); gen_int(g, d - 1); prog_out(g, "; "); gen_int(g, d - 1); prog_out(g, ")"); break;
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
    ProgGen g = {.state = seed * 2654435761u + 1};
    prog_out(&g, "%s", helpers);
    prog_out(&g, "val v0 = %u\nval result = ", prog_rnd(&g, 10));
    g.nvars = 1;
    gen_int(&g, 4 + (int)prog_rnd(&g, 3));
    prog_out(&g, "\n");
    return g.buf;
}


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

#endif
