/*
 * worst_exact.c — exact worst cases on small graphs, by enumeration (see
 * worst.h): every downset of the computation graph, each one's heap space
 * computed literally (paper Definitions 2-3: roots, then what they reach
 * through retain edges), and every greedy P-processor schedule as paths
 * between downsets, memoised.  Downsets are bit masks (<= 60 nodes).
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "worst.h"

uint64_t worst_heap_of(const Graph *g, const uint8_t *in)
{
    uint32_t n = graph_nodes(g);
    uint8_t *live = calloc((size_t)n + 1, 1);
    if (!live) return 0;
    /* a value is live when it is visited and a use edge's source is not,
     * or a retain edge's source is unvisited or live; edges point to lower
     * ids, so one backward pass decides every value from later ones */
    uint64_t sum = 0;
    if (graph_result(g) && in[graph_result(g)]) live[graph_result(g)] = 1;
    for (size_t k = graph_heap_edges(g); k-- > 0;) {
        uint32_t s = graph_heap_src(g, k), d = graph_heap_dst(g, k);
        if (!in[d]) continue;
        if (!in[s] || (graph_heap_kind(g, k) == HE_RETAIN && live[s])) live[d] = 1;
    }
    for (uint32_t v = 1; v <= n; v++) if (live[v]) sum += graph_size(g, v);
    free(live);
    return sum;
}

/* ---- masks ---- */

typedef struct Small {
    uint32_t n;
    uint64_t pm[WORST_EXACT_MAX_NODES + 1];     /* parents of v */
    uint32_t nstr;
    uint64_t sfirst[WORST_EXACT_MAX_NODES], slast[WORST_EXACT_MAX_NODES];
    /* heap edges, by source descending (as the graph stores them, reversed) */
    size_t m;
    uint8_t *es, *ed, *ek;
    uint64_t words[WORST_EXACT_MAX_NODES + 1];
    uint32_t result;
} Small;

static uint64_t small_heap(const Small *S, uint64_t N)
{
    uint64_t live = 0, sum = 0;
    if (S->result && (N >> S->result & 1)) live |= 1ull << S->result;
    for (size_t k = 0; k < S->m; k++) {
        uint64_t d = 1ull << S->ed[k], s = 1ull << S->es[k];
        if (!(N & d) || (live & d)) continue;
        if (!(N & s) || (S->ek[k] && (live & s))) live |= d;
    }
    for (uint32_t v = 1; v <= S->n; v++) if (live >> v & 1) sum += S->words[v];
    return sum;
}

static uint32_t small_progress(const Small *S, uint64_t N)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < S->nstr; i++) k += (N & S->sfirst[i]) && !(N & S->slast[i]);
    return k;
}

static uint64_t small_ready(const Small *S, uint64_t N)
{
    uint64_t r = 0;
    for (uint32_t v = 1; v <= S->n; v++)
        if (!(N >> v & 1) && (S->pm[v] & ~N) == 0) r |= 1ull << v;
    return r;
}

/* ---- a hash map from masks to heap space ---- */

typedef struct Map { uint64_t *key, *val; size_t cap, n; } Map;

static int map_init(Map *h, uint64_t budget)
{
    size_t cap = 1024;
    while (cap < 2 * budget + 2) cap *= 2;
    h->cap = cap;
    h->n = 0;
    h->key = calloc(cap, sizeof *h->key);
    h->val = malloc(cap * sizeof *h->val);
    return h->key && h->val ? 0 : -1;
}

static void map_free(Map *h) { free(h->key); free(h->val); }

/* The slot of mask N (key N+1; 0 is empty); *found says if it is there. */
static size_t map_slot(const Map *h, uint64_t N, int *found)
{
    uint64_t x = N * 0x9E3779B97F4A7C15ull;
    size_t i = (size_t)(x ^ (x >> 29)) & (h->cap - 1);
    while (h->key[i] && h->key[i] != N + 1) i = (i + 1) & (h->cap - 1);
    *found = h->key[i] != 0;
    return i;
}

static int small_init(const WorstModel *m, Small *S)
{
    const Graph *g = m->g;
    memset(S, 0, sizeof *S);
    S->n = m->n;
    for (uint32_t v = 1; v <= S->n; v++) {
        S->words[v] = graph_size(g, v);
        for (int c = 0; c < 2; c++) {
            uint32_t y = graph_child(g, v, c);
            if (y) S->pm[y] |= 1ull << v;
        }
    }
    for (uint32_t t = 1; t <= m->nt; t++)
        if (m->tkind[t] == WT_LEAF) {
            S->sfirst[S->nstr] = 1ull << m->ta[t];
            S->slast[S->nstr++] = 1ull << (m->ta[t] + m->tb[t] - 1);
        }
    S->m = graph_heap_edges(g);
    S->es = malloc(S->m + 1);
    S->ed = malloc(S->m + 1);
    S->ek = malloc(S->m + 1);
    if (!S->es || !S->ed || !S->ek) return -1;
    for (size_t k = 0; k < S->m; k++) {
        size_t e = S->m - 1 - k;
        S->es[k] = (uint8_t)graph_heap_src(g, e);
        S->ed[k] = (uint8_t)graph_heap_dst(g, e);
        S->ek[k] = graph_heap_kind(g, e) == HE_RETAIN;
    }
    S->result = graph_result(g);
    return 0;
}

static void small_free(Small *S) { free(S->es); free(S->ed); free(S->ek); }

/* Every downset, depth first from the empty one. */
static int all_downsets(const Small *S, uint32_t P, uint64_t budget, Map *h, WorstExact *out, uint64_t *argmax)
{
    uint64_t *stack = malloc((budget + 1) * sizeof *stack);
    if (!stack) return -1;
    size_t sp = 0;
    int found;
    size_t i = map_slot(h, 0, &found);
    h->key[i] = 1;
    h->val[i] = small_heap(S, 0);
    h->n = 1;
    stack[sp++] = 0;
    *argmax = 0;
    while (sp) {
        uint64_t N = stack[--sp], heap = h->val[map_slot(h, N, &found)];
        if (heap > out->all) { out->all = heap; *argmax = N; }
        if (heap > out->busy && small_progress(S, N) <= P) out->busy = heap;
        for (uint64_t r = small_ready(S, N); r; r &= r - 1) {
            uint64_t M = N | (r & -r);
            size_t j = map_slot(h, M, &found);
            if (found) continue;
            if (h->n >= budget) { free(stack); return 1; }
            h->key[j] = M + 1;
            h->val[j] = small_heap(S, M);
            h->n++;
            stack[sp++] = M;
        }
    }
    out->downsets = h->n;
    free(stack);
    return 0;
}

/* Every greedy P-processor schedule: from each reachable downset, every
 * choice of min(P, ready) ready nodes. */
static int greedy(const Small *S, uint32_t P, uint64_t budget, const Map *all, WorstExact *out)
{
    Map seen;
    if (map_init(&seen, all->n)) { map_free(&seen); return -1; }
    uint64_t *stack = malloc((all->n + 1) * sizeof *stack), work = 0;
    if (!stack) { map_free(&seen); return -1; }
    size_t sp = 0;
    int found, rc = 0;
    seen.key[map_slot(&seen, 0, &found)] = 1;
    stack[sp++] = 0;
    seen.n = 1;
    while (sp && rc == 0) {
        uint64_t N = stack[--sp];
        uint64_t heap = all->val[map_slot(all, N, &found)];
        if (heap > out->greedy) out->greedy = heap;
        uint64_t r = small_ready(S, N);
        uint32_t nr = 0, idx[64], c[64];
        for (uint64_t x = r; x; x &= x - 1) idx[nr++] = (uint32_t)__builtin_ctzll(x);
        uint32_t k = P < nr ? P : nr;
        if (!k) continue;
        for (uint32_t i = 0; i < k; i++) c[i] = i;
        for (;;) {                                   /* the k-subsets of the ready nodes */
            if (++work > budget * 8) { rc = 1; break; }
            uint64_t M = N;
            for (uint32_t i = 0; i < k; i++) M |= 1ull << idx[c[i]];
            size_t j = map_slot(&seen, M, &found);
            if (!found) { seen.key[j] = M + 1; seen.n++; stack[sp++] = M; }
            int i = (int)k - 1;
            while (i >= 0 && c[i] == nr - k + (uint32_t)i) i--;
            if (i < 0) break;
            c[i]++;
            for (uint32_t q = (uint32_t)i + 1; q < k; q++) c[q] = c[q - 1] + 1;
        }
    }
    out->greedy_states = seen.n;
    free(stack);
    map_free(&seen);
    return rc;
}

int worst_exact(const WorstModel *m, uint32_t P, uint64_t budget, WorstExact *out)
{
    memset(out, 0, sizeof *out);
    if (m->n > WORST_EXACT_MAX_NODES) {
        snprintf(out->why, sizeof out->why, "the graph has %u nodes, more than %u", m->n, WORST_EXACT_MAX_NODES);
        return 0;
    }
    Small S;
    Map h;
    uint64_t argmax;
    if (small_init(m, &S) || map_init(&h, budget)) { small_free(&S); map_free(&h); return -1; }
    int rc = all_downsets(&S, P, budget, &h, out, &argmax);
    if (rc > 0) {
        snprintf(out->why, sizeof out->why, "the graph has more than %llu downsets", (unsigned long long)budget);
        out->all = out->busy = 0;
    } else if (rc == 0) {
        out->ran = 1;
        out->argmax = calloc((size_t)m->n + 1, 1);
        if (!out->argmax) rc = -1;
        else for (uint32_t v = 1; v <= m->n; v++) out->argmax[v] = argmax >> v & 1;
        int gr = rc ? -1 : greedy(&S, P, budget, &h, out);
        if (gr < 0) rc = -1;
        else if (gr > 0) snprintf(out->why, sizeof out->why, "more than %llu greedy choices", (unsigned long long)budget * 8);
        else out->greedy_ran = 1;
    }
    small_free(&S);
    map_free(&h);
    if (rc < 0) { worst_exact_free(out); return -1; }
    return 0;
}

void worst_exact_free(WorstExact *e)
{
    free(e->argmax);
    e->argmax = NULL;
}
