/*
 * worst.c — the free-point model, the series-parallel decomposition tree,
 * M∞, Cilkmem's dynamic program for M_p (Cilkmem §3) and its approximate
 * threshold test (Cilkmem §5, App. B), read back into downsets.  See
 * worst.h and docs/worst-case.md.
 *
 * Nodes are numbered 1DF, so a fork f's left branch is f+1 .. r-1 (r its
 * right child), its right branch r .. j-1 (j its join), and one pass in id
 * order with a stack of open forks builds everything.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "worst.h"

#define NEVER UINT32_MAX
#define NEG (INT64_MIN / 4)

static inline int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/* ---- the least common successor (free points) ---- */

typedef struct Ctx {
    uint32_t *ctx;    /* per node: innermost fork whose branches hold it, 0 none */
    uint32_t *depth;  /* per fork: forks around it + 1 (0 for "none") */
    uint32_t *jump;   /* per fork: an ancestor fork (Myers' skew-binary jump pointers) */
    uint32_t *join;   /* per fork: its join */
    uint32_t *right;  /* per fork: its right child */
} Ctx;

static uint32_t cdepth(const Ctx *c, uint32_t f) { return f ? c->depth[f] : 0; }
static uint32_t cjump(const Ctx *c, uint32_t f) { return f ? c->jump[f] : 0; }

/* Fork f, just opened inside fork p (0: none): its depth and jump pointer,
 * which make any ancestor O(log depth) away. */
static void ctx_fork(Ctx *c, uint32_t f, uint32_t p)
{
    uint32_t j = cjump(c, p);
    c->depth[f] = cdepth(c, p) + 1;
    c->jump[f] = p && cdepth(c, p) - cdepth(c, j) == cdepth(c, j) - cdepth(c, cjump(c, j)) ? cjump(c, j) : p;
}

/* The innermost fork holding both forks x and y in its branches or being
 * one of them (0: none). */
static uint32_t ctx_lca(const Ctx *c, uint32_t x, uint32_t y)
{
    if (cdepth(c, x) < cdepth(c, y)) { uint32_t t = x; x = y; y = t; }
    while (cdepth(c, x) > cdepth(c, y))
        x = cdepth(c, cjump(c, x)) >= cdepth(c, y) ? cjump(c, x) : c->ctx[x];
    while (x != y) {   /* equal depths: their jumps are at equal depths too */
        if (cjump(c, x) != cjump(c, y)) { x = cjump(c, x); y = cjump(c, y); }
        else { x = c->ctx[x]; y = c->ctx[y]; }
    }
    return x;
}

/* The least common successor of a and b (NEVER absorbs): the join of the
 * innermost fork separating them, else the later one (in series). */
static uint32_t lcs(const Ctx *c, uint32_t a, uint32_t b)
{
    if (a == NEVER || b == NEVER) return NEVER;
    if (a == b) return a;
    if (a > b) { uint32_t t = a; a = b; b = t; }
    uint32_t f = ctx_lca(c, c->ctx[a], c->ctx[b]);
    return f && (a >= c->right[f]) != (b >= c->right[f]) ? c->join[f] : b;
}

/* ---- building ---- */

typedef struct Builder {
    WorstModel *m;
    uint32_t cap;
    uint32_t *ser, *last, *leaf; /* stack of open series nodes: node, last child, open leaf */
    uint32_t *forks, *par;       /* stack of open forks and their parallel tree nodes */
    uint32_t nser, nforks, npost;
} Builder;

static int tree_grow(WorstModel *m, uint32_t *cap)
{
    uint32_t c = *cap ? *cap * 2 : 1024;
#define GROW(a) do { void *p_ = realloc(m->a, (size_t)c * sizeof *m->a); if (!p_) return -1; m->a = p_; } while (0)
    GROW(tkind); GROW(ta); GROW(tb); GROW(tnext); GROW(tlo); GROW(thi); GROW(tsum); GROW(tinf); GROW(post);
#undef GROW
    *cap = c;
    return 0;
}

static uint32_t tree_new(Builder *b, WorstTreeKind k, uint32_t lo)
{
    WorstModel *m = b->m;
    if (m->nt + 1 >= b->cap && tree_grow(m, &b->cap)) return 0;
    uint32_t t = ++m->nt;
    m->tkind[t] = (uint8_t)k;
    m->ta[t] = m->tb[t] = m->tnext[t] = 0;
    m->tlo[t] = lo;
    m->thi[t] = lo ? lo - 1 : 0;
    m->tsum[t] = m->tinf[t] = 0;
    return t;
}

/* Appends tree node t to the open series node on top of the stack. */
static void ser_append(Builder *b, uint32_t t)
{
    WorstModel *m = b->m;
    uint32_t s = b->ser[b->nser - 1], l = b->last[b->nser - 1];
    if (l) m->tnext[l] = t;
    else m->ta[s] = t;
    b->last[b->nser - 1] = t;
}

static void leaf_close(Builder *b, uint32_t t)
{
    WorstModel *m = b->m;
    m->thi[t] = m->ta[t] + m->tb[t] - 1;
    m->post[b->npost++] = t;
    m->nstrands++;
}

static int ser_open(Builder *b, uint32_t lo)
{
    uint32_t s = tree_new(b, WT_SER, lo);
    if (!s) return -1;
    b->ser[b->nser] = s;
    b->last[b->nser] = 0;
    b->leaf[b->nser++] = 0;
    return 0;
}

/* Closes the series node on top (and its open strand). */
static uint32_t ser_close(Builder *b, uint32_t hi)
{
    WorstModel *m = b->m;
    uint32_t top = b->nser - 1, s = b->ser[top];
    if (b->leaf[top]) leaf_close(b, b->leaf[top]);
    m->thi[s] = hi;
    m->post[b->npost++] = s;
    b->nser--;
    return s;
}

static int build_fail(char *msg, size_t len, const char *what, uint32_t v)
{
    snprintf(msg, len, "the computation graph is not series-parallel in 1DF order (%s at node %u)", what, v);
    return -1;
}

/* One pass in id order: contexts for lcs and the decomposition tree. */
static int build_tree(WorstModel *m, Ctx *c, char *msg, size_t len)
{
    const Graph *g = m->g;
    uint32_t n = m->n;
    Builder b = {.m = m};
    size_t n1 = (size_t)n + 2;
    b.ser = malloc(n1 * sizeof *b.ser);
    b.last = malloc(n1 * sizeof *b.last);
    b.leaf = malloc(n1 * sizeof *b.leaf);
    b.forks = malloc(n1 * sizeof *b.forks);
    b.par = malloc(n1 * sizeof *b.par);
    int rc = -1;
    if (!b.ser || !b.last || !b.leaf || !b.forks || !b.par || tree_grow(m, &b.cap) || ser_open(&b, 1)) {
        snprintf(msg, len, "out of memory");
        goto done;
    }
    m->root = b.ser[0];
    for (uint32_t v = 1; v <= n; v++) {
        uint32_t f = b.nforks ? b.forks[b.nforks - 1] : 0;
        if (graph_in_degree(g, v) == 2) {            /* a join closes the top fork */
            if (!f || !m->ta[b.par[b.nforks - 1]]) { rc = build_fail(msg, len, "a join without a fork", v); goto done; }
            uint32_t p = b.par[b.nforks - 1];
            m->tb[p] = ser_close(&b, v - 1);
            m->thi[p] = v - 1;
            m->post[b.npost++] = p;
            c->join[f] = v;
            b.nforks--;
            f = b.nforks ? b.forks[b.nforks - 1] : 0;
        } else if (f && v == graph_child(g, f, 1)) { /* the right branch begins */
            uint32_t p = b.par[b.nforks - 1];
            if (m->ta[p]) { rc = build_fail(msg, len, "a second right branch", v); goto done; }
            m->ta[p] = ser_close(&b, v - 1);
            if (ser_open(&b, v)) { snprintf(msg, len, "out of memory"); goto done; }
        }
        c->ctx[v] = f;
        uint32_t top = b.nser - 1, t = b.leaf[top];
        if (t && m->ta[t] + m->tb[t] == v) m->tb[t]++;
        else {
            if (t) { rc = build_fail(msg, len, "a strand not numbered consecutively", v); goto done; }
            if (!(t = tree_new(&b, WT_LEAF, v))) { snprintf(msg, len, "out of memory"); goto done; }
            m->ta[t] = v;
            m->tb[t] = 1;
            ser_append(&b, t);
            b.leaf[top] = t;
        }
        if (graph_out_degree(g, v) == 2) {           /* a fork ends the strand */
            if (graph_child(g, v, 0) != v + 1) { rc = build_fail(msg, len, "a fork whose left child is not next", v); goto done; }
            leaf_close(&b, t);
            b.leaf[top] = 0;
            uint32_t p = tree_new(&b, WT_PAR, v + 1);
            if (!p) { snprintf(msg, len, "out of memory"); goto done; }
            ser_append(&b, p);
            b.forks[b.nforks] = v;
            b.par[b.nforks++] = p;
            ctx_fork(c, v, f);
            c->right[v] = graph_child(g, v, 1);
            if (ser_open(&b, v + 1)) { snprintf(msg, len, "out of memory"); goto done; }
        } else if (graph_out_degree(g, v) == 1) {
            uint32_t x = graph_child(g, v, 0);
            if (graph_in_degree(g, x) != 2 && x != v + 1) { rc = build_fail(msg, len, "a chain not numbered consecutively", v); goto done; }
        } else if (v != n) { rc = build_fail(msg, len, "a node without children before the last", v); goto done; }
    }
    if (b.nforks || b.nser != 1) { rc = build_fail(msg, len, "a fork without a join", n); goto done; }
    ser_close(&b, n);
    rc = 0;
done:
    free(b.ser); free(b.last); free(b.leaf); free(b.forks); free(b.par);
    return rc;
}

/* Free points by one backward pass over the heap edges (every edge into a
 * value comes from a later source, so it is seen before the value's own
 * edges), then the weights. */
static int free_points(WorstModel *m, const Ctx *c)
{
    const Graph *g = m->g;
    uint32_t n = m->n, *fp = malloc(((size_t)n + 1) * sizeof *fp);
    if (!fp) return -1;
    for (uint32_t v = 0; v <= n; v++) fp[v] = v;
    if (graph_result(g)) fp[graph_result(g)] = NEVER;
    for (size_t e = graph_heap_edges(g); e-- > 0;) {
        uint32_t s = graph_heap_src(g, e), d = graph_heap_dst(g, e);
        fp[d] = lcs(c, fp[d], graph_heap_kind(g, e) == HE_USE ? s : fp[s]);
    }
    for (uint32_t v = 1; v <= n; v++) {
        uint32_t z = graph_size(g, v);
        m->freept[v] = 0;
        if (!z) continue;
        m->w[v] += z;
        if (fp[v] == NEVER) m->never_freed += z;
        else { m->w[fp[v]] -= z; m->freept[v] = fp[v]; }
    }
    free(fp);
    return 0;
}

/* Totals and M∞ per tree node, children first: a strand's best prefix; a
 * series node's best "finished children, then one child's best"; a
 * parallel node's two branches' bests added. */
static void tree_sums(WorstModel *m)
{
    for (uint32_t i = 0; i < m->nt; i++) {
        uint32_t t = m->post[i];
        int64_t sum = 0, best = 0;
        if (m->tkind[t] == WT_LEAF) {
            for (uint32_t v = m->ta[t]; v < m->ta[t] + m->tb[t]; v++) { sum += m->w[v]; best = max64(best, sum); }
        } else if (m->tkind[t] == WT_PAR) {
            sum = m->tsum[m->ta[t]] + m->tsum[m->tb[t]];
            best = m->tinf[m->ta[t]] + m->tinf[m->tb[t]];
        } else {
            for (uint32_t k = m->ta[t]; k; k = m->tnext[k]) { best = max64(best, sum + m->tinf[k]); sum += m->tsum[k]; }
        }
        m->tsum[t] = sum;
        m->tinf[t] = best;
    }
    m->minf = m->tinf[m->root];
}

int worst_build(const Graph *g, WorstModel *m, char *msg, size_t msglen)
{
    memset(m, 0, sizeof *m);
    m->g = g;
    m->n = graph_nodes(g);
    size_t n1 = (size_t)m->n + 1;
    Ctx c = {calloc(n1, sizeof *c.ctx), calloc(n1, sizeof *c.depth), calloc(n1, sizeof *c.jump),
             calloc(n1, sizeof *c.join), calloc(n1, sizeof *c.right)};
    m->w = calloc(n1, sizeof *m->w);
    m->freept = calloc(n1, sizeof *m->freept);
    int rc = -1;
    if (!m->n) snprintf(msg, msglen, "the computation graph is empty");
    else if (!c.ctx || !c.depth || !c.jump || !c.join || !c.right || !m->w || !m->freept) snprintf(msg, msglen, "out of memory");
    else if (build_tree(m, &c, msg, msglen) == 0) {
        if (free_points(m, &c)) snprintf(msg, msglen, "out of memory");
        else { tree_sums(m); rc = 0; }
    }
    free(c.ctx); free(c.depth); free(c.jump); free(c.join); free(c.right);
    if (rc) worst_free(m);
    return rc;
}

void worst_free(WorstModel *m)
{
    free(m->w); free(m->freept);
    free(m->tkind); free(m->ta); free(m->tb); free(m->tnext); free(m->tlo); free(m->thi);
    free(m->tsum); free(m->tinf); free(m->post);
    free(m->off); free(m->len); free(m->pool);
    memset(m, 0, sizeof *m);
}

/* ---- M_p: arrays of "at most i strands in progress" (Cilkmem §3) ---- */

static inline int64_t arr_get(const WorstModel *m, uint32_t t, uint32_t i)
{
    if (i == WORST_INF) return m->tinf[t];
    uint32_t l = m->len[t];
    return m->pool[m->off[t] + (i < l ? i : l - 1)];
}

int worst_dp(WorstModel *m, uint32_t pmax)
{
    free(m->off); free(m->len); free(m->pool);
    m->pool = NULL;
    m->pmax = pmax;
    m->off = malloc(((size_t)m->nt + 1) * sizeof *m->off);
    m->len = malloc(((size_t)m->nt + 1) * sizeof *m->len);
    if (!m->off || !m->len) return -1;
    size_t total = 0;
    for (uint32_t i = 0; i < m->nt; i++) {      /* lengths: min(pmax, strands that can be in progress) + 1 */
        uint32_t t = m->post[i], l;
        if (m->tkind[t] == WT_LEAF) l = m->tb[t] >= 2 && pmax ? 2 : 1;
        else if (m->tkind[t] == WT_PAR) {
            uint64_t x = (uint64_t)m->len[m->ta[t]] + m->len[m->tb[t]] - 1;
            l = x > (uint64_t)pmax + 1 ? pmax + 1 : (uint32_t)x;
        } else {
            l = 1;
            for (uint32_t k = m->ta[t]; k; k = m->tnext[k]) if (m->len[k] > l) l = m->len[k];
        }
        m->len[t] = l;
        m->off[t] = total;
        total += l;
    }
    m->pool = malloc((total ? total : 1) * sizeof *m->pool);
    if (!m->pool) return -1;
    for (uint32_t i = 0; i < m->nt; i++) {
        uint32_t t = m->post[i], l = m->len[t];
        int64_t *M = m->pool + m->off[t];
        if (m->tkind[t] == WT_LEAF) {
            M[0] = max64(0, m->tsum[t]);        /* not started, or finished */
            if (l == 2) M[1] = m->tinf[t];      /* any prefix */
        } else if (m->tkind[t] == WT_SER) {     /* M[i] = max(M1[i], s1 + M2[i]), folded */
            for (uint32_t i2 = 0; i2 < l; i2++) M[i2] = 0;
            int64_t sum = 0;
            for (uint32_t k = m->ta[t]; k; k = m->tnext[k]) {
                for (uint32_t i2 = 0; i2 < l; i2++) M[i2] = max64(M[i2], sum + arr_get(m, k, i2));
                sum += m->tsum[k];
            }
        } else {                                /* M[i] = max_j M1[j] + M2[i-j] */
            uint32_t a = m->ta[t], b = m->tb[t], la = m->len[a], lb = m->len[b];
            const int64_t *A = m->pool + m->off[a], *B = m->pool + m->off[b];
            for (uint32_t i2 = 0; i2 < l; i2++) {
                int64_t best = NEG;
                uint32_t j0 = i2 + 1 > lb ? i2 + 1 - lb : 0, j1 = i2 < la - 1 ? i2 : la - 1;
                for (uint32_t j = j0; j <= j1; j++) best = max64(best, A[j] + B[i2 - j]);
                M[i2] = best;
            }
        }
    }
    return 0;
}

int64_t worst_mp(const WorstModel *m, uint32_t p)
{
    if (p == WORST_INF || !m->pool) return m->minf;
    return arr_get(m, m->root, p > m->pmax ? m->pmax : p);
}

/* ---- the approximate threshold test (Cilkmem §5, App. B) ----
 * Per tree node: z, the best state with no strand in progress; o, with
 * exactly one (its value is still all "local" to that strand); r, with two
 * or more, each strand's local part (its largest exclusive component)
 * >= tau = threshold / 2p.  Robust maximum: max(z, o, r) at the root. */
int worst_approx(const WorstModel *m, uint32_t p, int64_t threshold, int64_t *robust)
{
    int64_t *z = malloc(((size_t)m->nt + 1) * 3 * sizeof *z);
    if (!z) { *robust = m->minf; return m->minf * 2 >= threshold; } /* no memory: the sure side of M∞ */
    int64_t *o = z + m->nt + 1, *r = o + m->nt + 1;
    /* local >= tau  <=>  2p * local >= threshold */
#define ROBUST(x) ((x) > NEG && (__int128)(x) * 2 * (__int128)p >= (__int128)threshold)
    for (uint32_t i = 0; i < m->nt; i++) {
        uint32_t t = m->post[i];
        if (m->tkind[t] == WT_LEAF) {
            z[t] = max64(0, m->tsum[t]);
            o[t] = NEG;
            int64_t s = 0;
            for (uint32_t v = m->ta[t]; v + 1 < m->ta[t] + m->tb[t]; v++) { s += m->w[v]; o[t] = max64(o[t], s); }
            r[t] = NEG;
        } else if (m->tkind[t] == WT_SER) {
            int64_t sum = 0;
            z[t] = 0; o[t] = r[t] = NEG;
            for (uint32_t k = m->ta[t]; k; k = m->tnext[k]) {
                z[t] = max64(z[t], sum + z[k]);
                if (o[k] > NEG) o[t] = max64(o[t], sum + o[k]);
                if (r[k] > NEG) r[t] = max64(r[t], sum + r[k]);
                sum += m->tsum[k];
            }
        } else {
            uint32_t a = m->ta[t], b = m->tb[t];
            z[t] = z[a] + z[b];
            o[t] = max64(o[a] > NEG ? o[a] + z[b] : NEG, o[b] > NEG ? z[a] + o[b] : NEG);
            int64_t x = NEG;
            if (r[a] > NEG) x = max64(x, r[a] + z[b]);
            if (r[b] > NEG) x = max64(x, z[a] + r[b]);
            if (r[a] > NEG && r[b] > NEG) x = max64(x, r[a] + r[b]);
            if (r[a] > NEG && ROBUST(o[b])) x = max64(x, r[a] + o[b]);
            if (r[b] > NEG && ROBUST(o[a])) x = max64(x, o[a] + r[b]);
            if (ROBUST(o[a]) && ROBUST(o[b])) x = max64(x, o[a] + o[b]);
            r[t] = x;
        }
    }
#undef ROBUST
    uint32_t t = m->root;
    *robust = max64(z[t], max64(o[t], r[t]));
    free(z);
    return (__int128)*robust * 2 >= (__int128)threshold;
}

/* ---- reading a maximising state back ---- */

typedef struct Item { uint32_t t, i; } Item;

static void mark(uint8_t *in, uint32_t lo, uint32_t hi)
{
    if (lo <= hi) memset(in + lo, 1, (size_t)(hi - lo + 1));
}

int worst_downset(const WorstModel *m, uint32_t p, uint8_t *in)
{
    memset(in, 0, (size_t)m->n + 1);
    if (p != WORST_INF && p > m->pmax) p = m->pmax;
    Item *st = malloc(((size_t)m->nt + 1) * sizeof *st);
    if (!st) return -1;
    size_t sp = 0;
    int progress = 0;
    st[sp++] = (Item){m->root, p};
    while (sp) {
        Item it = st[--sp];
        uint32_t t = it.t, i = it.i;
        if (m->tkind[t] == WT_LEAF) {
            uint32_t k = m->tb[t], best_t = 0;
            int64_t s = 0, best = 0;
            for (uint32_t x = 1; x <= k; x++) {
                s += m->w[m->ta[t] + x - 1];
                if ((x == k || i >= 1) && s > best) { best = s; best_t = x; }
            }
            mark(in, m->ta[t], m->ta[t] + best_t - 1);
            progress += best_t > 0 && best_t < k;
        } else if (m->tkind[t] == WT_SER) {
            int64_t sum = 0, best = 0;
            uint32_t bc = 0;
            for (uint32_t k = m->ta[t]; k; k = m->tnext[k]) {
                int64_t v = sum + arr_get(m, k, i);
                if (v > best) { best = v; bc = k; }
                sum += m->tsum[k];
            }
            if (!bc) continue;
            mark(in, m->tlo[t], m->tlo[bc] - 1); /* the children before: finished */
            st[sp++] = (Item){bc, i};
        } else {
            uint32_t a = m->ta[t], b = m->tb[t];
            if (i == WORST_INF) { st[sp++] = (Item){a, i}; st[sp++] = (Item){b, i}; continue; }
            uint32_t la = m->len[a], lb = m->len[b], bj = 0;
            int64_t best = NEG;
            uint32_t j1 = i < la - 1 ? i : la - 1;
            for (uint32_t j = 0; j <= j1; j++) {
                uint32_t r = i - j < lb - 1 ? i - j : lb - 1;
                int64_t v = arr_get(m, a, j) + arr_get(m, b, r);
                if (v > best) { best = v; bj = j; }
            }
            st[sp++] = (Item){a, bj};
            st[sp++] = (Item){b, i - bj};
        }
    }
    free(st);
    return progress;
}

int64_t worst_weight(const WorstModel *m, const uint8_t *in, uint32_t *in_progress)
{
    int64_t s = 0;
    for (uint32_t v = 1; v <= m->n; v++) if (in[v]) s += m->w[v];
    uint32_t k = 0;
    for (uint32_t t = 1; t <= m->nt; t++)
        if (m->tkind[t] == WT_LEAF && in[m->ta[t]] && !in[m->ta[t] + m->tb[t] - 1]) k++;
    if (in_progress) *in_progress = k;
    return s;
}

uint32_t worst_max_in_progress(const WorstModel *m, const Schedule *s, uint32_t P, uint32_t *first_over)
{
    int64_t *d = calloc((size_t)s->T + 2, sizeof *d);
    *first_over = 0;
    if (!d) return UINT32_MAX;
    for (uint32_t t = 1; t <= m->nt; t++) {
        if (m->tkind[t] != WT_LEAF) continue;
        uint32_t a = s->step[m->ta[t]], b = s->step[m->ta[t] + m->tb[t] - 1];
        if (a < b) { d[a]++; d[b]--; }  /* in progress after steps a .. b-1 */
    }
    int64_t cur = 0, most = 0;
    for (uint32_t i = 0; i <= s->T; i++) {
        cur += d[i];
        if (cur > most) most = cur;
        if (cur > (int64_t)P && !*first_over) *first_over = i;
    }
    free(d);
    return (uint32_t)most;
}
