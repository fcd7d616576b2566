/*
 * test_race.c — the race detector (src/race, docs/races.md) against a
 * brute-force checker: every pair of accesses to one cell, at least one a
 * write, is a race exactly when neither node reaches the other in the
 * computation graph; the detector must report exactly the pairs of sites
 * that have such a pair (none missed, none made up), and each race it
 * reports must be such a pair.
 *
 * Two sources of runs: random series-parallel structures fed to the
 * detector's events directly (the graph built beside them), and random
 * PML programs with refs, arrays, closures, pairs and handlers run by the
 * interpreter (its own graph, its own events).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "parse.h"
#include "race.h"
#include "resolve.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(uint32_t k)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng >> 33) % k;
}

/* ---- the brute-force checker ---- */

#define MAXN 1024           /* nodes of the graphs checked */
#define MAXA 256            /* accesses */

/* reach[v]: the nodes v reaches (itself included), as bits */
static uint64_t reach[MAXN + 1][MAXN / 64 + 1];

static int reaches(uint32_t u, uint32_t v) { return (reach[u][v / 64] >> (v % 64)) & 1; }

/* children(v, k): child k of v or 0; ids are a topological order, so one
 * backward pass closes the relation. */
static void close_reach(uint32_t n, uint32_t (*child)(const void *, uint32_t, int), const void *g)
{
    for (uint32_t v = n; v >= 1; v--) {
        memset(reach[v], 0, sizeof reach[v]);
        reach[v][v / 64] |= 1ull << (v % 64);
        for (int k = 0; k < 2; k++) {
            uint32_t c = child(g, v, k);
            if (c > v && c <= n)
                for (uint32_t w = 0; w <= n / 64; w++) reach[v][w] |= reach[c][w];
        }
    }
}

static uint64_t site_pair(uint32_t a, uint32_t b) { return a < b ? (uint64_t)a << 32 | b : (uint64_t)b << 32 | a; }

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The pairs of sites that race among acc[0..na-1], sorted, distinct. */
static uint32_t brute_pairs(const EvalAccess *acc, uint32_t na, uint64_t *out)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < na; i++)
        for (uint32_t j = i + 1; j < na; j++) {
            const EvalAccess *a = &acc[i], *b = &acc[j];
            if (a->cell != b->cell || a->index != b->index || !(a->write || b->write)) continue;
            if (reaches(a->node, b->node) || reaches(b->node, a->node)) continue;
            out[k++] = site_pair(a->site, b->site);
        }
    qsort(out, k, sizeof *out, cmp_u64);
    uint32_t m = 0;
    for (uint32_t i = 0; i < k; i++)
        if (!m || out[m - 1] != out[i]) out[m++] = out[i];
    return m;
}

/* The detector's pairs, sorted; *bad counts reported races that are not
 * parallel accesses to one cell with a write. */
static uint32_t detector_pairs(const RaceDetector *d, uint64_t *out, int *bad)
{
    uint32_t n = race_count(d);
    for (uint32_t i = 0; i < n; i++) {
        const Race *r = race_get(d, i);
        const EvalAccess *a = &r->first, *b = &r->second;
        if (a->cell != b->cell || a->index != b->index || !(a->write || b->write) || a->node >= b->node ||
            reaches(a->node, b->node))
            (*bad)++;
        out[i] = site_pair(a->site, b->site);
    }
    qsort(out, n, sizeof *out, cmp_u64);
    return n;
}

static int same_pairs(const RaceDetector *d, const EvalAccess *acc, uint32_t na, uint32_t *nraces)
{
    static uint64_t want[MAXA * MAXA / 2], got[MAXA * MAXA / 2];
    int bad = 0;
    uint32_t nw = brute_pairs(acc, na, want), ng = detector_pairs(d, got, &bad);
    *nraces = nw;
    return !bad && nw == ng && memcmp(want, got, nw * sizeof *want) == 0;
}

/* ---- random series-parallel structures, fed to the detector directly ---- */

typedef struct SpRun {
    RaceDetector *d;
    uint32_t n;                 /* nodes 1..n */
    uint32_t child[MAXN + 1][2];
    uint32_t cur;               /* the last node of the graph so far */
    EvalAccess acc[MAXA];
    uint32_t na;
    uint32_t cells, sites;
    int oom;
} SpRun;

static uint32_t sp_node(SpRun *s)
{
    uint32_t v = ++s->n;
    s->child[v][0] = s->child[v][1] = 0;
    if (s->cur) s->child[s->cur][s->child[s->cur][0] ? 1 : 0] = v;
    s->cur = v;
    return v;
}

/* One random strand of work of depth at most depth: accesses, pairs,
 * sequences. */
static void sp_gen(SpRun *s, int depth)
{
    if (s->n + 8 > MAXN || s->na >= MAXA) return;
    uint32_t pick = depth > 0 ? rnd(10) : rnd(4);
    if (pick < 4) { /* an access */
        EvalAccess a = {1 + rnd(s->cells), rnd(2), 1 + rnd(s->sites), sp_node(s), 0, (uint8_t)rnd(2), 1};
        s->acc[s->na++] = a;
        s->oom |= race_access(s->d, &a);
    } else if (pick < 7) { /* a pair: fork, left, right, join */
        uint32_t fork = sp_node(s);
        s->oom |= race_fork(s->d);
        sp_gen(s, depth - 1);
        uint32_t end1 = s->cur;
        s->cur = fork;
        s->oom |= race_next(s->d);
        sp_gen(s, depth - 1);
        uint32_t end2 = s->cur, join = ++s->n;
        s->child[join][0] = s->child[join][1] = 0;
        s->child[end1][s->child[end1][0] ? 1 : 0] = join;
        if (end2 != end1) s->child[end2][s->child[end2][0] ? 1 : 0] = join;
        else s->child[end2][1] = join; /* both branches empty: fork -> join twice */
        s->cur = join;
        s->oom |= race_join(s->d);
    } else { /* a sequence */
        for (uint32_t k = 1 + rnd(3); k-- > 0;) sp_gen(s, depth - 1);
    }
}

static uint32_t sp_child(const void *g, uint32_t v, int k) { return ((const SpRun *)g)->child[v][k]; }

static void test_random_sp(int cases)
{
    static SpRun s;
    int ok = 0, racy = 0, oom = 0;
    uint64_t races = 0;
    for (int t = 0; t < cases; t++) {
        memset(&s, 0, sizeof s);
        s.d = race_new();
        s.cells = 1 + rnd(3);
        s.sites = 1 + rnd(6);
        sp_node(&s);
        sp_gen(&s, 2 + (int)rnd(5));
        sp_node(&s);
        oom |= s.oom || !s.d;
        close_reach(s.n, sp_child, &s);
        uint32_t nr;
        if (same_pairs(s.d, s.acc, s.na, &nr)) ok++;
        else if (ok == t) printf("# case %d is the first that differs\n", t);
        racy += nr > 0;
        races += nr;
        race_free(s.d);
    }
    CHECK(!oom, "random series-parallel runs: the detector never ran out of memory");
    CHECK(ok == cases, "random series-parallel runs: the detector's pairs of sites are the brute force's "
          "(%d of %d cases agree; %d racy, %llu racing pairs in all)", ok, cases, racy, (unsigned long long)races);
}

/* ---- random PML programs, run by the interpreter ---- */

typedef struct Recorder {
    RaceDetector *d;
    EvalAccess acc[MAXA];
    uint32_t na;
    int overflow;
} Recorder;

static int rec_fork(void *st) { return race_fork(((Recorder *)st)->d); }
static int rec_next(void *st) { return race_next(((Recorder *)st)->d); }
static int rec_join(void *st) { return race_join(((Recorder *)st)->d); }
static int rec_access(void *st, const EvalAccess *a)
{
    Recorder *r = st;
    if (r->na < MAXA) r->acc[r->na++] = *a;
    else r->overflow = 1;
    return race_access(r->d, a);
}

typedef struct Text { char buf[8192]; size_t n; } Text;

static void put(Text *t, const char *s)
{
    size_t k = strlen(s);
    if (t->n + k < sizeof t->buf) { memcpy(t->buf + t->n, s, k + 1); t->n += k; }
}

/* A random expression over refs r0, r1, the array a (4 elements) and the
 * functions g0, g1 (which touch them too). */
static void prog_expr(Text *t, int depth)
{
    char b[96];
    switch (depth > 0 ? rnd(11) : rnd(5)) {
    case 0: snprintf(b, sizeof b, "r%u := %u", rnd(2), rnd(9)); put(t, b); return;
    case 1: snprintf(b, sizeof b, "!r%u", rnd(2)); put(t, b); return;
    case 2: snprintf(b, sizeof b, "Array.update (a, %u, %u)", rnd(4), rnd(9)); put(t, b); return;
    case 3: snprintf(b, sizeof b, "Array.sub (a, %u)", rnd(4)); put(t, b); return;
    case 4: snprintf(b, sizeof b, "g%u %u", rnd(2), rnd(4)); put(t, b); return;
    case 5: case 6:
        put(t, "{"); prog_expr(t, depth - 1); put(t, ", "); prog_expr(t, depth - 1); put(t, "}"); return;
    case 7:
        put(t, "("); prog_expr(t, depth - 1); put(t, "; "); prog_expr(t, depth - 1); put(t, ")"); return;
    case 8: /* a cell private to this expression */
        put(t, "(let val c = ref 0 in c := 1; "); prog_expr(t, depth - 1); put(t, "; !c end)"); return;
    case 9: /* a branch that raises, caught after the pair's join */
        put(t, "((#1 {"); prog_expr(t, depth - 1); put(t, ", ("); prog_expr(t, depth - 1);
        put(t, "; raise E)}; 0) handle E => 1)"); return;
    default: /* a ref pattern, and a branch on what a cell holds */
        snprintf(b, sizeof b, "(case r%u of ref x => if x > 4 then ", rnd(2)); put(t, b);
        prog_expr(t, depth - 1); put(t, " else "); prog_expr(t, depth - 1); put(t, ")"); return;
    }
}

static uint32_t graph_child_of(const void *g, uint32_t v, int k) { return graph_child(g, v, k); }

/* Runs text watched; 1 if the detector agrees with the brute force, 0 if
 * not, -1 if the run could not be checked (too big, or an error). */
static int check_program(const char *text, uint32_t *nraces)
{
    Sources s = {0};
    Diag d;
    src_add(&s, "lib/prelude.pml", "", 0);
    src_add(&s, "t.pml", text, strlen(text));
    Program *p = ast_program_new();
    static Recorder rec;
    memset(&rec, 0, sizeof rec);
    rec.d = race_new();
    EvalCells cells = {&rec, rec_fork, rec_next, rec_join, rec_access};
    EvalOptions o;
    eval_options_default(&o);
    o.cells = &cells;
    CostRun r;
    int rc = -1;
    if (lang_parse(&s, 1, p, &d) == 0 && resolve_program(p, &d) == 0 && eval_program(p, &s, &o, &r, &d) == 0) {
        if (!rec.overflow && graph_nodes(&r.g) <= MAXN) {
            close_reach(graph_nodes(&r.g), graph_child_of, &r.g);
            rc = same_pairs(rec.d, rec.acc, rec.na, nraces);
            if (!rc) printf("# differs: %s\n", text);
        }
        cost_run_free(&r);
    }
    race_free(rec.d);
    ast_program_free(p);
    src_free(&s);
    return rc;
}

static void test_random_programs(int cases)
{
    int ok = 0, checked = 0, racy = 0;
    for (int t = 0; t < cases; t++) {
        Text text = {.n = 0};
        text.buf[0] = 0;
        put(&text, "exception E\nval r0 = ref 0\nval r1 = ref 0\nval a = Array.array (4, 0)\n"
                   "fun g0 i = (r0 := !r1 + i; Array.sub (a, i))\nfun g1 i = Array.update (a, i, !r0)\nval result = ");
        prog_expr(&text, 1 + (int)rnd(4));
        put(&text, "\n");
        uint32_t nr = 0;
        int r = check_program(text.buf, &nr);
        if (r < 0) continue;
        checked++;
        ok += r;
        racy += nr > 0;
    }
    CHECK(checked >= cases / 2, "random programs: most could be checked (%d of %d)", checked, cases);
    CHECK(ok == checked, "random programs: the detector's pairs of sites are the brute force's on the "
          "interpreter's own graph (%d of %d agree, %d racy)", ok, checked, racy);
}

/* The example of race.h: three writes, each parallel to the others; one
 * race per cell (plain SP-bags) would miss the first against the third. */
static void test_three_writes(void)
{
    RaceDetector *d = race_new();
    EvalAccess w1 = {1, 0, 10, 2, 0, 1, 0}, w2 = {1, 0, 20, 4, 0, 1, 0}, w3 = {1, 0, 30, 5, 0, 1, 0};
    race_fork(d);
    race_access(d, &w1);
    race_next(d);
    race_fork(d);
    race_access(d, &w2);
    race_next(d);
    race_access(d, &w3);
    race_join(d);
    race_join(d);
    CHECK(race_count(d) == 3, "three parallel writes give three races, one per pair of sites (got %u)", race_count(d));
    EvalAccess r = {1, 0, 40, 7, 0, 0, 0};
    race_access(d, &r);
    CHECK(race_count(d) == 3, "a read after the joins races with none of them");
    race_free(d);
}

int main(void)
{
    test_three_writes();
    test_random_sp(20000);
    test_random_programs(3000);
    return CHECK_DONE();
}
