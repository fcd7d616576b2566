/*
 * sched_ws.c — work stealing (paper §4.1, §5.2; docs/scheduling.md): a deque per
 * processor, the initial node on processor 0's.  A processor pops the
 * newest node of its own deque; with an empty deque it picks a victim
 * uniformly at random among the other processors and steals the victim's
 * oldest node, or idles this step if that deque is empty too.  The nodes
 * a processor enables go on its own deque, right child first, so the left
 * child is popped next.
 *
 * Randomness: splitmix64 (Steele, Lea & Flood 2014) seeded with --seed;
 * the victim is drawn by Lemire's multiply-and-reject method, exactly
 * uniform.  One draw sequence per run, consumed in processor order, so a
 * schedule depends only on the graph, P and the seed.
 *
 * Design: each deque is a Ring (sched_policy.h): push and pop at the
 * newest end, steal at the oldest; all O(1).
 */
#include "sched_policy.h"

typedef struct Ws {
    uint32_t P;
    uint64_t rng;
    Ring *dq;
    int stole;          /* the last get was a successful steal */
} Ws;

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [0, bound), bound >= 1 (Lemire 2019). */
static uint32_t uniform(uint64_t *s, uint32_t bound)
{
    uint64_t m = (splitmix64(s) >> 32) * (uint64_t)bound;
    if ((uint32_t)m < bound) {
        uint32_t t = (uint32_t)(-bound) % bound;
        while ((uint32_t)m < t) m = (splitmix64(s) >> 32) * (uint64_t)bound;
    }
    return (uint32_t)(m >> 32);
}

static void *ws_create(uint32_t P, uint64_t seed, uint32_t n)
{
    (void)n;
    Ws *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->P = P;
    w->rng = seed;
    w->dq = calloc(P, sizeof *w->dq);
    if (!w->dq) { free(w); return NULL; }
    return w;
}

static int ws_add(void *st, uint32_t p, const uint32_t *in, int k)
{
    Ws *w = st;
    for (int i = k; i-- > 0;) /* right child first */
        if (ring_push(&w->dq[p], in[i])) return -1;
    return 0;
}

static uint32_t ws_get(void *st, uint32_t p)
{
    Ws *w = st;
    Ring *d = &w->dq[p];
    w->stole = 0;
    if (d->len) return ring_pop_newest(d);
    if (w->P < 2) return 0;
    uint32_t v = uniform(&w->rng, w->P - 1);
    if (v >= p) v++;            /* a victim other than p */
    uint32_t x = ring_pop_oldest(&w->dq[v]);
    w->stole = x != 0;          /* 0: a failed steal, idle this step */
    return x;
}

static void ws_destroy(void *st)
{
    Ws *w = st;
    if (!w) return;
    for (uint32_t i = 0; i < w->P; i++) free(w->dq[i].a);
    free(w->dq);
    free(w);
}

static int ws_stole(void *st) { return ((Ws *)st)->stole; }

const PolicyOps sched_ws_ops = {"ws", ws_create, ws_add, ws_get, NULL, ws_destroy, ws_stole, NULL};
