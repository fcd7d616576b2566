/*
 * sched_df.c — parallel depth-first (Blelloch, Gibbons & Matias 1999;
 * paper §4.1, docs/scheduling.md): each step the processors take the ready nodes with the
 * smallest 1DF numbers (ids).
 *
 * Design: the ready nodes are one array sorted in decreasing id, so the
 * smallest is on top (a pop).  Nodes added during a step wait in a buffer
 * and are inserted, largest first, at the next get.  In a series-parallel
 * graph numbered 1DF every node enabled at a step is smaller than every
 * ready node left unvisited (paper §4.1: "added at the front of the list"),
 * so each insertion is a push, O(1); the insertion still sorts, so any
 * graph gets the exact df order.
 */
#include "sched_policy.h"

typedef struct Df {
    uint32_t *a;        /* ready nodes, a[len-1] the smallest */
    uint32_t len, cap;
    uint32_t *pend;     /* added since the last get, not yet in a */
    uint32_t npend, pcap;
} Df;

static int grow(uint32_t **a, uint32_t *cap, uint32_t need)
{
    if (need <= *cap) return 0;
    uint32_t c = *cap ? *cap : 64;
    while (c < need) c *= 2;
    uint32_t *b = realloc(*a, (size_t)c * sizeof *b);
    if (!b) return -1;
    *a = b;
    *cap = c;
    return 0;
}

static void *df_create(uint32_t P, uint64_t seed, uint32_t n)
{
    (void)P; (void)seed; (void)n;
    return calloc(1, sizeof(Df));
}

static int df_add(void *st, uint32_t p, const uint32_t *in, int k)
{
    Df *d = st;
    (void)p;
    /* reserve room in a too, so that get never fails */
    if (grow(&d->pend, &d->pcap, d->npend + (uint32_t)k) ||
        grow(&d->a, &d->cap, d->len + d->npend + (uint32_t)k))
        return -1;
    for (int i = 0; i < k; i++) d->pend[d->npend++] = in[i];
    return 0;
}

static void insert_sorted(Df *d, uint32_t x)
{
    uint32_t i = d->len++;
    while (i > 0 && d->a[i - 1] < x) { d->a[i] = d->a[i - 1]; i--; }
    d->a[i] = x;
}

static uint32_t df_get(void *st, uint32_t p)
{
    Df *d = st;
    (void)p;
    if (d->npend) {
        for (uint32_t i = d->npend; i-- > 0;) insert_sorted(d, d->pend[i]);
        d->npend = 0;
    }
    return d->len ? d->a[--d->len] : 0;
}

static void df_destroy(void *st)
{
    Df *d = st;
    if (!d) return;
    free(d->a);
    free(d->pend);
    free(d);
}

const PolicyOps sched_df_ops = {"df", df_create, df_add, df_get, NULL, df_destroy, NULL, NULL};
