/*
 * test_paths.c — path profiles (src/paths) against a naive profiler that
 * records, for every call, the branches it takes in the order it takes
 * them.  On random programs full of if, case, andalso, orelse and
 * multi-clause functions, with exceptions raised across calls and caught
 * by handlers:
 *   - the Ball–Larus counts (and work) equal the naive profile's, path by path;
 *   - decoding a path's id gives exactly the branches the call took, in order;
 *   - a function's path counts add up to its calls;
 *   - split over k = 2, 3, 5 workers (P3, PSPP labels) and merged, the
 *     counts are the same as with one.
 */
#include <gc.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "eval.h"
#include "paths.h"
#include "resolve.h"

/* ---- random programs with many branches ---- */

typedef struct Gen { uint64_t state; char *buf; size_t n, cap; int fn; } Gen;

static uint32_t rnd(Gen *g, uint32_t k)
{
    g->state = g->state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(g->state >> 33) % k;
}

static void put(Gen *g, const char *fmt, ...)
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

static void gen_body(Gen *g, int d);

static void gen_cond(Gen *g, int d)
{
    switch (d == 0 ? 0 : rnd(g, 4)) {
    case 0: put(g, "n mod %u = %u", 2 + rnd(g, 3), rnd(g, 2)); break;
    case 1: put(g, "("); gen_cond(g, d - 1); put(g, " andalso "); gen_cond(g, d - 1); put(g, ")"); break;
    case 2: put(g, "("); gen_cond(g, d - 1); put(g, " orelse "); gen_cond(g, d - 1); put(g, ")"); break;
    default: put(g, "("); gen_body(g, d - 1); put(g, ") < %u", rnd(g, 20)); break;
    }
}

/* An int expression over n (>= 0) in function f<fn>; calls go to lower
 * functions, or to f<fn> itself on a smaller n. */
static void gen_body(Gen *g, int d)
{
    switch (d == 0 ? rnd(g, 2) : rnd(g, 10)) {
    case 0: put(g, "%u", rnd(g, 10)); break;
    case 1: put(g, "n"); break;
    case 2: put(g, "(if "); gen_cond(g, d - 1); put(g, " then "); gen_body(g, d - 1); put(g, " else ");
        gen_body(g, d - 1); put(g, ")"); break;
    case 3: put(g, "(case n mod 3 of 0 => "); gen_body(g, d - 1); put(g, " | 1 => "); gen_body(g, d - 1);
        put(g, " | _ => "); gen_body(g, d - 1); put(g, ")"); break;
    case 4: put(g, "(("); gen_body(g, d - 1); put(g, " + "); gen_body(g, d - 1); put(g, ") mod 1000)"); break;
    case 5: put(g, "(let val m = "); gen_body(g, d - 1); put(g, " in (m + "); gen_body(g, d - 1); put(g, ") mod 1000 end)"); break;
    case 6: if (g->fn > 0) { put(g, "f%u (n div 2)", rnd(g, (uint32_t)g->fn)); break; } /* fall through */
    case 8: put(g, "(if "); gen_cond(g, d - 1); put(g, " then raise Div else "); gen_body(g, d - 1); put(g, ")"); break;
    case 9: put(g, "(("); gen_body(g, d - 1); put(g, ") handle Div => "); gen_body(g, d - 1); put(g, ")"); break;
    default: put(g, "(if n <= 0 then 1 else f%d (n - 1))", g->fn); break;
    }
}

static char *random_program(uint64_t seed)
{
    Gen g = {.state = seed * 0x9e3779b97f4a7c15ull + 7};
    int nf = 2 + (int)rnd(&g, 4);
    for (g.fn = 0; g.fn < nf; g.fn++) {
        if (rnd(&g, 2)) put(&g, "fun f%d 0 = %u\n  | f%d n = ", g.fn, rnd(&g, 10), g.fn);
        else put(&g, "fun f%d n = ", g.fn);
        gen_body(&g, 3 + (int)rnd(&g, 2));
        put(&g, "\n");
    }
    put(&g, "val result = (f%d %u handle Div => 1000) + (f%d %u handle Div => 2000)\n", nf - 1, 3 + rnd(&g, 6), nf - 1,
        rnd(&g, 9));
    return g.buf;
}

/* ---- the naive profiler: each call's branches, as a string ---- */

typedef struct Call { uint32_t fn; char seq[4096]; size_t len; uint32_t start; uint64_t inner; } Call;
typedef struct Naive {
    Call stack[4096];
    uint32_t depth;
    struct { uint32_t depth; size_t len; } marks[4096];
    uint32_t nmarks;
    long pending;       /* where a handle's branch goes: the top call's length at its mark, -1 none */
    struct { uint32_t fn; char *seq; uint64_t count, work; } *rec;
    uint32_t n, cap;
    int overflow;
} Naive;

static void naive_take(Naive *nv, uint32_t site, uint32_t c)
{
    Call *k = &nv->stack[nv->depth - 1];
    int w = snprintf(k->seq + k->len, sizeof k->seq - k->len, "%s%u.%u", k->len ? " " : "", site, c);
    if (w < 0 || (size_t)w >= sizeof k->seq - k->len) nv->overflow = 1;
    else k->len += (size_t)w;
}

/* A handle's branch is known after its body, but comes first in its path:
 * it goes where the top call's branches stood at the handle's mark. */
static void naive_take_at(Naive *nv, size_t at, uint32_t site, uint32_t c)
{
    Call *k = &nv->stack[nv->depth - 1];
    char tail[4096];
    snprintf(tail, sizeof tail, "%s", k->seq + at);
    k->len = at;
    k->seq[at] = 0;
    naive_take(nv, site, c);
    if (tail[0]) {
        size_t t = strlen(tail) - (tail[0] == ' ');
        if (k->len + 1 + t >= sizeof k->seq) { nv->overflow = 1; return; }
        k->len += (size_t)snprintf(k->seq + k->len, sizeof k->seq - k->len, " %s", tail + (tail[0] == ' '));
    }
}

static void nv_begin(void *st, const Program *p) { (void)st; (void)p; }

static void nv_enter(void *st, const Expr *fn, uint32_t clause, uint32_t nodes)
{
    Naive *nv = st;
    nv->pending = -1;
    if (nv->depth == 4096) { nv->overflow = 1; return; }
    Call *k = &nv->stack[nv->depth++];
    k->fn = fn->id;
    k->len = 0;
    k->seq[0] = 0;
    k->start = nodes;
    k->inner = 0;
    if (fn->nclauses > 1) naive_take(nv, fn->id, clause);
}

static void nv_branch(void *st, const Expr *site, uint32_t choice)
{
    Naive *nv = st;
    long at = nv->pending;
    nv->pending = -1;
    if (!nv->depth) return;
    if (site->kind == EX_HANDLE && at >= 0) naive_take_at(nv, (size_t)at, site->id, choice);
    else naive_take(nv, site->id, choice);
}

static uint32_t nv_mark(void *st)
{
    Naive *nv = st;
    nv->pending = -1;
    if (nv->nmarks == 4096) { nv->overflow = 1; return nv->nmarks; }
    nv->marks[nv->nmarks].depth = nv->depth;
    nv->marks[nv->nmarks].len = nv->depth ? nv->stack[nv->depth - 1].len : 0;
    return nv->nmarks++;
}

static void nv_release(void *st, uint32_t m)
{
    Naive *nv = st;
    nv->pending = m < nv->nmarks && nv->marks[m].depth == nv->depth && nv->depth ? (long)nv->marks[m].len : -1;
    if (m < nv->nmarks) nv->nmarks = m;
}

/* The calls opened since the mark return nothing; their nodes are not the
 * catcher's own; the catcher's branches since are dropped. */
static void nv_unwind(void *st, uint32_t m, uint32_t nodes)
{
    Naive *nv = st;
    if (m >= nv->nmarks) { nv->overflow = 1; return; }
    uint32_t d = nv->marks[m].depth;
    if (d < nv->depth && d > 0) nv->stack[d - 1].inner += nodes - nv->stack[d].start;
    nv->depth = d;
    if (d) { nv->stack[d - 1].len = nv->marks[m].len; nv->stack[d - 1].seq[nv->marks[m].len] = 0; }
    nv->pending = d ? (long)nv->marks[m].len : -1;
    nv->nmarks = m;
}

static void nv_leave(void *st, uint32_t nodes)
{
    Naive *nv = st;
    nv->pending = -1;
    Call *k = &nv->stack[--nv->depth];
    uint64_t all = nodes - k->start;
    if (nv->depth) nv->stack[nv->depth - 1].inner += all;
    for (uint32_t i = 0; i < nv->n; i++)
        if (nv->rec[i].fn == k->fn && !strcmp(nv->rec[i].seq, k->seq)) {
            nv->rec[i].count++;
            nv->rec[i].work += all - k->inner;
            return;
        }
    if (nv->n == nv->cap) { nv->cap = nv->cap ? 2 * nv->cap : 64; nv->rec = realloc(nv->rec, nv->cap * sizeof *nv->rec); }
    nv->rec[nv->n].fn = k->fn;
    nv->rec[nv->n].seq = strdup(k->seq);
    nv->rec[nv->n].count = 1;
    nv->rec[nv->n].work = all - k->inner;
    nv->n++;
}

/* ---- running ---- */

static int run(const char *text, const EvalProbe *probe, Program **keep)
{
    Sources s = {0};
    Diag d;
    src_add(&s, "lib/prelude.pml", "", 0);
    src_add(&s, "t.pml", text, strlen(text));
    Program *p = ast_program_new();
    EvalOptions o;
    eval_options_default(&o);
    o.probe = probe;
    CostRun r;
    int rc = -1;
    if (lang_parse(&s, 0, p, &d) == 0) {
        p->nuser0 = p->ndecs;
        if (lang_parse(&s, 1, p, &d) == 0 && resolve_program(p, &d) == 0 && eval_program(p, &s, &o, &r, &d) == 0) {
            rc = 0;
            cost_run_free(&r);
        }
    }
    if (rc) printf("# %s\n", d.msg);
    if (keep && rc == 0) *keep = p;
    else ast_program_free(p);
    src_free(&s);
    return rc;
}

/* The counts of k workers, merged (each from its own run). */
static int profile_k(const char *text, uint32_t k, PathCount **all, uint32_t *nall)
{
    *all = NULL;
    *nall = 0;
    for (uint32_t w = 0; w < k; w++) {
        PathRecorder *r = paths_recorder_new(w, k);
        EvalProbe pr = paths_probe(r);
        PathCount *c;
        uint32_t n;
        if (run(text, &pr, NULL) || paths_counts(r, &c, &n)) { paths_recorder_free(r); return -1; }
        *all = realloc(*all, (*nall + n + 1) * sizeof **all);
        memcpy(*all + *nall, c, n * sizeof *c);
        *nall += n;
        free(c);   /* the seq strings moved into *all */
        paths_recorder_free(r);
    }
    return 0;
}

static const PathCount *find(const PathCount *c, uint32_t n, uint32_t f, uint64_t id)
{
    for (uint32_t i = 0; i < n; i++) if (c[i].f == f && c[i].id == id) return &c[i];
    return NULL;
}

/* The naive profile of one program against the recorder's, k = 1, 2, 3, 5. */
static int check_program(uint64_t seed, char *why, size_t wl)
{
    char *text = random_program(seed);
    Naive *nv = calloc(1, sizeof *nv);
    EvalProbe np = {nv, nv_begin, nv_enter, nv_branch, nv_leave, nv_mark, nv_release, nv_unwind};
    nv->pending = -1;
    Program *prog = NULL;
    PathPlan plan;
    int bad = 0;
    if (run(text, &np, &prog) || nv->overflow || paths_plan(prog, &plan)) { snprintf(why, wl, "seed %llu: no run", (unsigned long long)seed); free(text); return 1; }
    PathCount *c1;
    uint32_t n1;
    if (profile_k(text, 1, &c1, &n1)) { snprintf(why, wl, "seed %llu: no profile", (unsigned long long)seed); bad = 1; }
    uint64_t naive_calls = 0;
    for (uint32_t i = 0; i < nv->n && !bad; i++) {
        uint32_t f = plan.func_of[nv->rec[i].fn] - 1, vert[512], ch[512], nb = 0, k = 0;
        const PathFunc *pf = &plan.f[f];
        uint64_t id = 0;
        char seq[4096] = "";
        size_t len = 0;
        naive_calls += nv->rec[i].count;
        for (const char *q = nv->rec[i].seq; *q;) {      /* the naive branches as (vertex, choice) */
            char *e;
            unsigned long site = strtoul(q, &e, 10), cc = strtoul(e + 1, &e, 10);
            uint32_t v = plan.site_v[site];
            id += pf->bl[pf->v[v].edge0 + cc];
            q = *e ? e + 1 : e;
            k++;
        }
        nb = paths_decode(pf, id, vert, ch, 512);
        for (uint32_t j = 0; j < nb; j++)
            len += (size_t)snprintf(seq + len, sizeof seq - len, "%s%u.%u", j ? " " : "", pf->v[vert[j]].site->id, ch[j]);
        if (nb != k || strcmp(seq, nv->rec[i].seq)) {
            snprintf(why, wl, "seed %llu: path %llu of f%u decodes to [%s], the call took [%s]", (unsigned long long)seed,
                     (unsigned long long)id, f, seq, nv->rec[i].seq);
            bad = 1;
        }
        const PathCount *p = find(c1, n1, f, id);
        if (!bad && (!p || p->count != nv->rec[i].count || p->work != nv->rec[i].work)) {
            snprintf(why, wl, "seed %llu: f%u path %llu: naive %llu calls %llu work, Ball–Larus %llu, %llu",
                     (unsigned long long)seed, f, (unsigned long long)id, (unsigned long long)nv->rec[i].count,
                     (unsigned long long)nv->rec[i].work, p ? (unsigned long long)p->count : 0ull,
                     p ? (unsigned long long)p->work : 0ull);
            bad = 1;
        }
    }
    uint64_t bl_calls = 0;
    for (uint32_t i = 0; i < n1; i++) bl_calls += c1[i].count;
    if (!bad && (n1 != nv->n || bl_calls != naive_calls)) {
        snprintf(why, wl, "seed %llu: %u paths and %llu calls, naive %u and %llu", (unsigned long long)seed, n1,
                 (unsigned long long)bl_calls, nv->n, (unsigned long long)naive_calls);
        bad = 1;
    }
    static const uint32_t ks[] = {2, 3, 5};
    for (uint32_t x = 0; x < 3 && !bad; x++) {
        PathCount *ck;
        uint32_t nk;
        if (profile_k(text, ks[x], &ck, &nk)) { snprintf(why, wl, "seed %llu: k=%u failed", (unsigned long long)seed, ks[x]); bad = 1; break; }
        int same = nk == n1;
        for (uint32_t i = 0; i < nk && same; i++) {
            const PathCount *p = find(c1, n1, ck[i].f, ck[i].id);
            same = p && p->count == ck[i].count && p->work == ck[i].work;
        }
        if (!same) { snprintf(why, wl, "seed %llu: k=%u gives %u paths, k=1 %u (or other counts)", (unsigned long long)seed, ks[x], nk, n1); bad = 1; }
        paths_counts_free(ck, nk);
    }
    paths_counts_free(c1, n1);
    for (uint32_t i = 0; i < nv->n; i++) free(nv->rec[i].seq);
    free(nv->rec);
    free(nv);
    paths_plan_free(&plan);
    ast_program_free(prog);
    free(text);
    return bad;
}

/* P3 deals every path to exactly one worker and balances the probes. */
static void test_dealing(void)
{
    char *text = random_program(12345);
    Program *prog = NULL;
    PathPlan plan;
    int ok = run(text, NULL, &prog) == 0 && paths_plan(prog, &plan) == 0;
    CHECK(ok, "a random program runs and has a path plan");
    if (!ok) { free(text); return; }
    uint32_t nt1, nt4;
    uint64_t load1[1], load4[4];
    ok = paths_split_stats(&plan, 1, &nt1, load1) == 0 && paths_split_stats(&plan, 4, &nt4, load4) == 0;
    uint64_t sum4 = load4[0] + load4[1] + load4[2] + load4[3], max4 = 0;
    for (int i = 0; i < 4; i++) if (load4[i] > max4) max4 = load4[i];
    CHECK(ok && sum4 == load1[0], "dealt over 4 workers, the probes add up to one worker's (%llu)", (unsigned long long)load1[0]);
    CHECK(ok && nt4 >= 2 && max4 < sum4, "with %u tasks, no worker of 4 gets all the load", nt4);
    paths_plan_free(&plan);
    ast_program_free(prog);
    free(text);
}

int main(void)
{
    GC_INIT();
    char why[600] = "";
    int bad = 0, n = 300;
    for (uint64_t seed = 1; seed <= (uint64_t)n && !bad; seed++) bad = check_program(seed, why, sizeof why);
    CHECK(!bad, "on %d random programs, Ball–Larus counts and work equal a naive per-call branch recorder's, "
          "ids decode to the branches taken, and k = 2, 3, 5 workers merge to the same counts%s%s", n,
          bad ? ": " : "", why);
    test_dealing();
    return CHECK_DONE();
}
