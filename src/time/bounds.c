/*
 * bounds.c — lower and upper bounds on the best completion time, and the
 * exact optimum for small graphs (see bounds.h, docs/time.md).
 */
#include <stdlib.h>
#include <string.h>
#include "bounds.h"

int time_levels(const Graph *g, uint32_t **q, uint32_t *levels)
{
    uint32_t n = graph_nodes(g), top = 0;
    uint32_t *lv = calloc((size_t)n + 1, sizeof *lv);
    *q = NULL;
    *levels = 0;
    if (!lv) return -1;
    /* ids are a topological order: a node's level is known when reached */
    for (uint32_t v = 1; v <= n; v++) {
        if (!lv[v]) lv[v] = 1;
        if (lv[v] > top) top = lv[v];
        for (int k = 0; k < 2; k++) {
            uint32_t c = graph_child(g, v, k);
            if (c && lv[c] < lv[v] + 1) lv[c] = lv[v] + 1;
        }
    }
    uint32_t *cnt = calloc((size_t)top + 1, sizeof *cnt);
    if (!cnt) { free(lv); return -1; }
    for (uint32_t v = 1; v <= n; v++) cnt[lv[v]]++;
    free(lv);
    *q = cnt;
    *levels = top;
    return 0;
}

int time_bounds(const Graph *g, uint32_t P, TimeBounds *out)
{
    uint32_t *q, L;
    memset(out, 0, sizeof *out);
    if (time_levels(g, &q, &L)) return -1;
    uint64_t T1 = graph_nodes(g), Tinf = L, prof = 0;
    for (uint32_t l = 1; l <= L; l++) prof += (q[l] + (uint64_t)P - 1) / P;
    free(q);
    uint64_t work_bound = (T1 + P - 1) / P;
    *out = (TimeBounds){.P = P, .work = T1, .span = Tinf,
                        .lower = work_bound > Tinf ? work_bound : Tinf,
                        .brent = (T1 - Tinf) / P + Tinf, .profile = prof};
    return 0;
}

/* ---- the exact optimum: branch-and-bound over downsets ----
 *
 * A state is the set D of nodes visited so far (closed under parents).
 * With unit-time nodes some shortest schedule is greedy (an idle
 * processor beside a ready node: move the node earlier, its children were
 * later anyway), so each step visits min(P, |ready|) ready nodes; when
 * more are ready, every P-subset is a branch, highest first by height (the
 * longest path to the end), so the first branch is Hu's highest-level-
 * first choice.  Each downset's value is memoised, exact or as a lower
 * bound when its search was cut by the budget; a branch is cut when the
 * bound max(ceil(remaining/P), highest ready height) reaches the budget. */

typedef struct Memo {
    uint64_t *key;
    uint32_t *val;      /* value << 1 | exact */
    uint8_t *used;
    size_t cap, len;
} Memo;

typedef struct Search {
    uint32_t n, P;
    uint64_t all, pred[TIME_EXACT_MAX_NODES];
    uint32_t height[TIME_EXACT_MAX_NODES];
    Memo m;
    int limit, nomem;
} Search;

static size_t memo_slot(const Memo *m, uint64_t k)
{
    uint64_t h = k * 0x9E3779B97F4A7C15ull;
    size_t i = (size_t)(h >> 20) & (m->cap - 1);
    while (m->used[i] && m->key[i] != k) i = (i + 1) & (m->cap - 1);
    return i;
}

static int memo_grow(Memo *m)
{
    Memo b = {.cap = m->cap ? m->cap * 2 : 1024};
    b.key = malloc(b.cap * sizeof *b.key);
    b.val = malloc(b.cap * sizeof *b.val);
    b.used = calloc(b.cap, 1);
    if (!b.key || !b.val || !b.used) { free(b.key); free(b.val); free(b.used); return -1; }
    for (size_t i = 0; i < m->cap; i++)
        if (m->used[i]) {
            size_t j = memo_slot(&b, m->key[i]);
            b.used[j] = 1; b.key[j] = m->key[i]; b.val[j] = m->val[i];
        }
    b.len = m->len;
    free(m->key); free(m->val); free(m->used);
    *m = b;
    return 0;
}

static void memo_put(Search *s, uint64_t k, uint32_t v, int exact)
{
    Memo *m = &s->m;
    if (m->len >= TIME_EXACT_MAX_STATES) { s->limit = 1; return; }
    if (2 * (m->len + 1) > m->cap && memo_grow(m)) { s->nomem = 1; return; }
    size_t i = memo_slot(m, k);
    if (!m->used[i]) { m->used[i] = 1; m->key[i] = k; m->len++; }
    m->val[i] = v << 1 | (uint32_t)(exact != 0);
}

static uint32_t lower(const Search *s, uint64_t D, const uint32_t *ready, uint32_t nr)
{
    uint32_t rem = (uint32_t)graph_popcount(s->all & ~D), lb = (rem + s->P - 1) / s->P;
    for (uint32_t i = 0; i < nr; i++) if (s->height[ready[i]] > lb) lb = s->height[ready[i]];
    return lb;
}

static uint32_t solve(Search *s, uint64_t D, uint32_t budget);

/* Tries every k-subset of ready[from..nr-1] added to D; *best improves. */
static void branch(Search *s, uint64_t D, const uint32_t *ready, uint32_t nr, uint32_t from, uint32_t k,
                   uint32_t lb, uint32_t *best)
{
    if (*best <= lb || s->limit || s->nomem) return;
    if (k == 0) {
        uint32_t v = 1 + solve(s, D, *best - 1);
        if (v < *best) *best = v;
        return;
    }
    for (uint32_t i = from; i + k <= nr && *best > lb; i++)
        branch(s, D | 1ull << ready[i], ready, nr, i + 1, k - 1, lb, best);
}

/* The shortest completion from D if it is < budget; else some value >= budget. */
static uint32_t solve(Search *s, uint64_t D, uint32_t budget)
{
    if (D == s->all) return 0;
    uint32_t ready[TIME_EXACT_MAX_NODES], nr = 0;
    for (uint32_t v = 0; v < s->n; v++)
        if (!(D >> v & 1) && (s->pred[v] & ~D) == 0) {
            uint32_t j = nr++; /* insertion by height, highest first */
            while (j > 0 && s->height[ready[j - 1]] < s->height[v]) { ready[j] = ready[j - 1]; j--; }
            ready[j] = v;
        }
    uint32_t lb = lower(s, D, ready, nr);
    if (lb >= budget) return lb;
    size_t slot = s->m.cap ? memo_slot(&s->m, D) : 0;
    if (s->m.cap && s->m.used[slot]) {
        uint32_t v = s->m.val[slot] >> 1;
        if (s->m.val[slot] & 1) return v;
        if (v >= budget) return v;
        if (v > lb) lb = v;
    }
    uint32_t best = budget;
    if (nr <= s->P) {
        uint64_t E = D;
        for (uint32_t i = 0; i < nr; i++) E |= 1ull << ready[i];
        best = 1 + solve(s, E, budget - 1);
    } else {
        branch(s, D, ready, nr, 0, s->P, lb, &best);
    }
    if (s->limit || s->nomem) return best;
    if (best < budget) memo_put(s, D, best, 1);
    else memo_put(s, D, budget, 0);
    return best < budget ? best : budget;
}

TimeExact time_exact(const Graph *g, uint32_t P, uint64_t *opt, uint64_t *states)
{
    uint32_t n = graph_nodes(g);
    *opt = 0;
    *states = 0;
    if (n > TIME_EXACT_MAX_NODES) return TIME_EXACT_TOO_BIG;
    if (n == 0) return TIME_EXACT_OK;
    Search *s = calloc(1, sizeof *s);
    if (!s) return TIME_EXACT_NOMEM;
    s->n = n;
    s->P = P;
    s->all = n == 64 ? ~0ull : (1ull << n) - 1;
    for (uint32_t v = n; v >= 1; v--) {
        uint32_t h = 0;
        for (int k = 0; k < 2; k++) {
            uint32_t c = graph_child(g, v, k);
            if (c) { s->pred[c - 1] |= 1ull << (v - 1); if (s->height[c - 1] > h) h = s->height[c - 1]; }
        }
        s->height[v - 1] = h + 1;
    }
    TimeBounds b;
    TimeExact rc = TIME_EXACT_OK;
    if (time_bounds(g, P, &b)) rc = TIME_EXACT_NOMEM;
    else {
        /* the level schedule takes b.profile steps, so the optimum is below profile + 1 */
        uint32_t v = solve(s, 0, (uint32_t)b.profile + 1);
        if (s->nomem) rc = TIME_EXACT_NOMEM;
        else if (s->limit) rc = TIME_EXACT_LIMIT;
        else *opt = v;
    }
    *states = s->m.len;
    free(s->m.key); free(s->m.val); free(s->m.used);
    free(s);
    return rc;
}
