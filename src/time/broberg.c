/*
 * broberg.c — Broberg, Lundberg & Klonowska's static-allocation bound
 * (see broberg.h): the thick part f, pi, s (§4.4), the thin part r (§5),
 * their combination minimised over allocations by branch-and-bound with
 * lazy evaluation (§6); and the top-level tasks of a computation graph.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "broberg.h"
#include "minheap.h"

#define N1 (BROBERG_MAX_N + 1)

static double binom(uint32_t n, uint32_t k)
{
    if (k > n) return 0;
    double r = 1;
    for (uint32_t i = 1; i <= k; i++) r = r * (n - k + i) / i;
    return floor(r + 0.5);
}

/* cnt[m][i]: ways to put i ones into k sets of w slots with at most m per
 * set: the coefficient of x^i in (sum_{j<=m} C(w,j) x^j)^k.  pi is the
 * difference of two consecutive m (§4.4.3 counts the same). */
static void counts_upto(uint32_t k, uint32_t w, uint32_t m, uint32_t qmax, double *out)
{
    double cur[N1], nxt[N1];
    memset(cur, 0, sizeof cur);
    cur[0] = 1;
    for (uint32_t s = 0; s < k; s++) {
        memset(nxt, 0, sizeof nxt);
        for (uint32_t i = 0; i <= qmax; i++)
            if (cur[i] != 0)
                for (uint32_t j = 0; j <= m && j <= w && i + j <= qmax; j++) nxt[i + j] += cur[i] * binom(w, j);
        memcpy(cur, nxt, sizeof cur);
    }
    memcpy(out, cur, (qmax + 1) * sizeof *out);
}

double broberg_pi(uint32_t k, uint32_t w, uint32_t q, uint32_t l)
{
    if (q < l || (uint64_t)q > (uint64_t)k * l || l > w || q > BROBERG_MAX_N) return 0;
    double a[N1], b[N1];
    counts_upto(k, w, l, q, a);
    if (l == 0) return a[q];
    counts_upto(k, w, l - 1, q, b);
    return a[q] - b[q];
}

/* ---- f(A, q, l), memoised per block of equal entries ---- */

typedef struct FCtx {
    uint32_t nb;                /* blocks of equal entries */
    uint32_t w[N1], d[N1];      /* block i: d entries equal to w */
    uint32_t rest[N1];          /* processes in blocks i+1.. (the paper's b) */
    double *pi;                 /* pi[i][j][l]: block i, j ones, max exactly l */
    double *memo;               /* f of blocks i.., q, l; NAN unknown */
} FCtx;

static double *pi_at(FCtx *c, uint32_t i, uint32_t j, uint32_t l) { return &c->pi[((size_t)i * N1 + j) * N1 + l]; }
static double *memo_at(FCtx *c, uint32_t i, uint32_t q, uint32_t l) { return &c->memo[((size_t)i * N1 + q) * N1 + l]; }

static int fctx_init(FCtx *c, const uint32_t *A, uint32_t a)
{
    memset(c, 0, sizeof *c);
    for (uint32_t i = 0; i < a; i++) {
        if (c->nb && c->w[c->nb - 1] == A[i]) c->d[c->nb - 1]++;
        else { c->w[c->nb] = A[i]; c->d[c->nb++] = 1; }
    }
    for (uint32_t i = c->nb; i-- > 0;) c->rest[i] = i + 1 < c->nb ? c->rest[i + 1] + c->w[i + 1] * c->d[i + 1] : 0;
    size_t cells = (size_t)(c->nb ? c->nb : 1) * N1 * N1;
    c->pi = calloc(cells, sizeof *c->pi);
    c->memo = malloc(cells * sizeof *c->memo);
    if (!c->pi || !c->memo) { free(c->pi); free(c->memo); return -1; }
    for (size_t i = 0; i < cells; i++) c->memo[i] = NAN;
    for (uint32_t i = 0; i < c->nb; i++) {
        uint32_t qmax = c->w[i] * c->d[i];
        double prev[N1], cur[N1];
        for (uint32_t l = 0; l <= c->w[i]; l++) {
            counts_upto(c->d[i], c->w[i], l, qmax, cur);
            for (uint32_t j = 0; j <= qmax; j++) *pi_at(c, i, j, l) = cur[j] - (l ? prev[j] : 0);
            memcpy(prev, cur, sizeof cur);
        }
    }
    return 0;
}

static void fctx_free(FCtx *c) { free(c->pi); free(c->memo); }

static double imax(uint32_t a, uint32_t b) { return a > b ? a : b; }

/* §4.4.2, the blocks from i on. */
static double f_rec(FCtx *c, uint32_t i, uint32_t q, uint32_t l)
{
    double *m = memo_at(c, i, q, l);
    if (!isnan(*m)) return *m;
    uint32_t w = c->w[i], d = c->d[i], b = c->rest[i];
    double sum = 0;
    if (b == 0) {
        for (uint32_t l1 = (q + d - 1) / d; l1 <= (q < w ? q : w); l1++)
            sum += *pi_at(c, i, q, l1) * imax(l1, l);
    } else {
        uint32_t lo = q > b ? (q - b + d - 1) / d : 0;
        for (uint32_t l1 = lo; l1 <= (q < w ? q : w); l1++) {
            uint32_t ilo = q > b ? (l1 > q - b ? l1 : q - b) : l1, ihi = l1 * d < q ? l1 * d : q;
            for (uint32_t j = ilo; j <= ihi; j++) {
                double p = *pi_at(c, i, j, l1);
                if (p != 0) sum += p * f_rec(c, i + 1, q - j, l1 > l ? l1 : l);
            }
        }
    }
    return *m = sum;
}

double broberg_f(const uint32_t *A, uint32_t a, uint32_t q, uint32_t l)
{
    FCtx c;
    uint32_t n = 0;
    for (uint32_t i = 0; i < a; i++) n += A[i];
    if (n == 0 || n > BROBERG_MAX_N || q > n || l > BROBERG_MAX_N || fctx_init(&c, A, a)) return NAN;
    double r = f_rec(&c, 0, q, l);
    fctx_free(&c);
    return r;
}

double broberg_s(const uint32_t *A, uint32_t a, const double *v)
{
    FCtx c;
    uint32_t n = 0;
    for (uint32_t i = 0; i < a; i++) n += A[i];
    if (n == 0 || n > BROBERG_MAX_N || fctx_init(&c, A, a)) return NAN;
    double s = 0;
    for (uint32_t q = 1; q <= n; q++)
        if (v[q] != 0) s += v[q] * f_rec(&c, 0, q, 0) / binom(n, q);
    fctx_free(&c);
    return s;
}

double broberg_r(const uint32_t *A, uint32_t a, double t, const double *v)
{
    uint64_t n = 0, same = 0;
    for (uint32_t i = 0; i < a; i++) { n += A[i]; same += (uint64_t)A[i] * (A[i] - 1); }
    if (n <= 1) return 0;
    double qv = 0;
    for (uint32_t q = 1; q <= n; q++) qv += q * v[q];
    return (double)(n * (n - 1) - same) / (double)(n * (n - 1)) * t * qv;
}

/* ---- the minimum over allocations ---- */

typedef struct Alloc { uint32_t a[N1], len, sum; } Alloc;

/* Every allocation: partitions of n into <= k parts, largest first. */
static void all_rec(Alloc *x, uint32_t n, uint32_t k, double t, double z, const double *v, double *best)
{
    if (x->sum == n) {
        double y = broberg_s(x->a, x->len, v) + z * broberg_r(x->a, x->len, t, v);
        if (y < *best) *best = y;
        return;
    }
    if (x->len == k) return;
    uint32_t max = x->len ? x->a[x->len - 1] : n, r = n - x->sum;
    for (uint32_t a = 1; a <= max && a <= r; a++) {
        x->a[x->len++] = a; x->sum += a;
        all_rec(x, n, k, t, z, v, best);
        x->len--; x->sum -= a;
    }
}

double broberg_bound_all(uint32_t n, uint32_t k, double t, double z, const double *v)
{
    Alloc x = {0};
    double best = INFINITY;
    if (n == 0 || n > BROBERG_MAX_N || k == 0) return NAN;
    all_rec(&x, n, k, t, z, v, &best);
    return best;
}

/* A class (§6.1): a common prefix; the rest spread evenly (thick) or
 * packed (thin), never above the prefix's last entry. */
static void complete(const Alloc *c, uint32_t n, uint32_t k, int thick, Alloc *out)
{
    *out = *c;
    uint32_t r = n - c->sum, m = c->len ? c->a[c->len - 1] : n, left = k - c->len;
    if (!r) return;
    if (thick) {
        for (uint32_t i = 0; i < left; i++) {
            uint32_t e = r / left + (i < r % left);
            if (e) out->a[out->len++] = e;
        }
    } else {
        while (r) { uint32_t e = r < m ? r : m; out->a[out->len++] = e; r -= e; }
    }
    out->sum = n;
}

typedef struct Bb {
    uint32_t n, k;
    double t, z;
    const double *v;
    uint64_t classes, complete;
} Bb;

static double thick_of(Bb *b, const Alloc *c)
{
    Alloc x;
    complete(c, b->n, b->k, 1, &x);
    b->classes++;
    b->complete += c->sum == b->n;
    return broberg_s(x.a, x.len, b->v);
}

static double thin_of(const Bb *b, const Alloc *c)
{
    Alloc x;
    complete(c, b->n, b->k, 0, &x);
    return b->z * broberg_r(x.a, x.len, b->t, b->v);
}

/* An open leaf: a class, or (lazy) the children a..hi of a class not yet
 * evaluated, valued at a lower bound for all of them (§6.3). */
typedef struct Leaf { Alloc c; int lazy; uint32_t next, hi; double thin_min, value; } Leaf;

typedef struct Open { Leaf *a; size_t len, cap; } Open;

static int open_push(Open *o, const Leaf *x)
{
    if (o->len == o->cap) {
        size_t c = o->cap ? o->cap * 2 : 64;
        Leaf *b = realloc(o->a, c * sizeof *b);
        if (!b) return -1;
        o->a = b;
        o->cap = c;
    }
    o->a[o->len++] = *x;
    return 0;
}

static double open_min(const Open *o)
{
    double m = INFINITY;
    for (size_t i = 0; i < o->len; i++) if (o->a[i].value < m) m = o->a[i].value;
    return m;
}

/* Evaluates the children a = from..hi of class c in order; stops (leaving
 * a lazy leaf) once the thick part alone plus the least thin part exceeds
 * the best open leaf. */
static int expand(Bb *b, Open *o, const Alloc *c, uint32_t from, uint32_t hi, double thin_min)
{
    for (uint32_t a = from; a <= hi; a++) {
        Leaf x = {.c = *c};
        x.c.a[x.c.len++] = a;
        x.c.sum += a;
        double thick = thick_of(b, &x.c);
        if (a < hi && thick + thin_min > open_min(o)) {
            Leaf lz = {.c = *c, .lazy = 1, .next = a, .hi = hi, .thin_min = thin_min, .value = thick + thin_min};
            return open_push(o, &lz);
        }
        x.value = thick + thin_of(b, &x.c);
        if (open_push(o, &x)) return -1;
    }
    return 0;
}

int broberg_bound(uint32_t n, uint32_t k, double t, double z, const double *v, BrobergResult *out)
{
    memset(out, 0, sizeof *out);
    if (n == 0 || n > BROBERG_MAX_N || k == 0) return -1;
    Bb b = {n, k, t, z, v, 0, 0};
    Open o = {0};
    Leaf root = {.c = {.len = 0, .sum = 0}};
    root.value = thick_of(&b, &root.c) + thin_of(&b, &root.c);
    int rc = open_push(&o, &root);
    while (!rc && o.len) {
        size_t mi = 0;
        for (size_t i = 1; i < o.len; i++)
            if (o.a[i].value < o.a[mi].value || (o.a[i].value == o.a[mi].value && o.a[i].c.sum == n && !o.a[i].lazy))
                mi = i;
        Leaf e = o.a[mi];
        o.a[mi] = o.a[--o.len];
        if (!e.lazy && (e.c.sum == n || e.c.len == k)) {
            out->p = e.value;
            memcpy(out->alloc, e.c.a, e.c.len * sizeof *e.c.a);
            out->nalloc = e.c.len;
            break;
        }
        if (e.lazy) { rc = expand(&b, &o, &e.c, e.next, e.hi, e.thin_min); continue; }
        uint32_t r = n - e.c.sum, left = k - e.c.len, m = e.c.len ? e.c.a[e.c.len - 1] : n;
        uint32_t lo = (r + left - 1) / left, hi = r < m ? r : m;
        Alloc last = e.c;
        last.a[last.len++] = hi;
        last.sum += hi;
        rc = expand(&b, &o, &e.c, lo, hi, thin_of(&b, &last));
    }
    free(o.a);
    out->classes = b.classes;
    out->complete = b.complete;
    /* partitions of n into at most k parts */
    double *pp = calloc((size_t)(n + 1) * (k + 1), sizeof *pp);
    if (pp) {
        for (uint32_t j = 0; j <= k; j++) pp[j] = 1;
        for (uint32_t i = 1; i <= n; i++)
            for (uint32_t j = 1; j <= k; j++)
                pp[i * (k + 1) + j] = pp[i * (k + 1) + j - 1] + (i >= j ? pp[(i - j) * (k + 1) + j] : 0);
        out->allocations = (uint64_t)pp[n * (k + 1) + k];
        free(pp);
    }
    return rc;
}

/* ---- the top-level tasks of a computation graph ---- */

/* Fork depth of every node: a fork's branches are one deeper, its join
 * back at the fork's depth.  cnt[d]: forks at depth d. */
static void fork_depths(const Graph *g, uint32_t *depth, uint64_t *cnt, uint32_t maxd)
{
    uint32_t n = graph_nodes(g);
    for (uint32_t v = 1; v <= n; v++) {
        int fork = graph_out_degree(g, v) == 2;
        if (fork && depth[v] < maxd) cnt[depth[v]]++;
        for (int k = 0; k < 2; k++) {
            uint32_t c = graph_child(g, v, k);
            if (!c) continue;
            if (fork) depth[c] = depth[v] + 1;
            else if (graph_in_degree(g, c) == 2) depth[c] = depth[v] - 1;
            else depth[c] = depth[v];
        }
    }
}

/* Threads: a fork shallower than D starts a new one with its right
 * branch; a join continues its left (smaller-id) parent's. */
static uint32_t assign_threads(const Graph *g, const uint32_t *depth, uint32_t D, uint32_t *thread)
{
    uint32_t n = graph_nodes(g), next = 1;
    for (uint32_t v = 1; v <= n; v++) thread[v] = UINT32_MAX;
    thread[1] = 0;
    for (uint32_t v = 1; v <= n; v++) {
        int fork = graph_out_degree(g, v) == 2;
        for (int k = 0; k < 2; k++) {
            uint32_t c = graph_child(g, v, k);
            if (!c || thread[c] != UINT32_MAX) continue; /* a join keeps its first parent's */
            thread[c] = fork && k == 1 && depth[v] < D ? next++ : thread[v];
        }
    }
    return next;
}

static int run_static(const Graph *g, const uint32_t *thread, BrobergTasks *out)
{
    uint32_t n = graph_nodes(g), P = out->n;
    uint8_t *left = malloc((size_t)n + 1);
    uint32_t *vis = malloc((size_t)P * sizeof *vis);
    MinHeap *h = calloc(P, sizeof *h);   /* per process, its ready ids */
    uint64_t cnt[N1] = {0}, done = 0;
    int rc = -1;
    if (!left || !vis || !h) goto end;
    for (uint32_t v = 1; v <= n; v++) left[v] = (uint8_t)graph_in_degree(g, v);
    if (n && minheap_push(&h[thread[1]], 1)) goto end;
    while (done < n) {
        uint32_t active = 0;
        for (uint32_t p = 0; p < P; p++) vis[p] = h[p].len ? (uint32_t)minheap_pop(&h[p]) : 0;
        for (uint32_t p = 0; p < P; p++) {
            if (!vis[p]) continue;
            active++;
            for (int k = 0; k < 2; k++) {
                uint32_t c = graph_child(g, vis[p], k);
                if (c && --left[c] == 0 && minheap_push(&h[thread[c]], c)) goto end;
            }
        }
        if (!active) goto end; /* not connected from node 1 */
        done += active;
        cnt[active]++;
        out->Tn++;
    }
    for (uint32_t q = 1; q <= P; q++) out->v[q] = (double)cnt[q] / (double)out->Tn;
    rc = 0;
end:
    for (uint32_t p = 0; h && p < P; p++) minheap_free(&h[p]);
    free(h);
    free(vis);
    free(left);
    return rc;
}

int broberg_tasks(const Graph *g, uint32_t max_n, BrobergTasks *out)
{
    uint32_t n = graph_nodes(g);
    memset(out, 0, sizeof *out);
    if (max_n > BROBERG_MAX_N) max_n = BROBERG_MAX_N;
    uint32_t *depth = calloc((size_t)n + 1, sizeof *depth), *thread = malloc(((size_t)n + 1) * sizeof *thread);
    uint64_t cnt[N1] = {0};
    int rc = -1;
    if (!depth || !thread || n == 0) goto end;
    fork_depths(g, depth, cnt, BROBERG_MAX_N);
    uint64_t procs = 1;
    uint32_t D = 0;
    while (D < BROBERG_MAX_N && procs + cnt[D] <= max_n && cnt[D]) procs += cnt[D++];
    out->depth = D;
    out->n = assign_threads(g, depth, D, thread);
    out->work = n;
    for (uint32_t v = 1; v <= n; v++)
        for (int k = 0; k < 2; k++) {
            uint32_t c = graph_child(g, v, k);
            if (c && thread[c] != thread[v]) out->syncs++;
        }
    rc = run_static(g, thread, out);
end:
    free(depth);
    free(thread);
    return rc;
}
