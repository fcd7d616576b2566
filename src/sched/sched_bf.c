/*
 * sched_bf.c — breadth-first (paper §4.1, §5.2; docs/scheduling.md): one FIFO queue,
 * initially the initial node; processors take from the front, the nodes
 * they enable go to the back (visitors in queue order, each one's children
 * left to right).
 *
 * Design: a ring buffer of ids whose capacity is a power of two, doubled
 * when full; add and get are O(1).
 */
#include <stdlib.h>
#include <string.h>
#include "sched_policy.h"

typedef struct Bf {
    uint32_t *a;
    uint32_t head, len, cap; /* cap a power of two; a[head] the oldest */
} Bf;

static int bf_grow(Bf *q)
{
    uint32_t c = q->cap ? q->cap * 2 : 64;
    if (c < q->cap) return -1;
    uint32_t *b = malloc((size_t)c * sizeof *b);
    if (!b) return -1;
    for (uint32_t i = 0; i < q->len; i++) b[i] = q->a[(q->head + i) & (q->cap - 1)];
    free(q->a);
    q->a = b;
    q->head = 0;
    q->cap = c;
    return 0;
}

static void *bf_create(uint32_t P, uint64_t seed, uint32_t n)
{
    (void)P; (void)seed; (void)n;
    return calloc(1, sizeof(Bf));
}

static int bf_add(void *st, uint32_t p, const uint32_t *in, int k)
{
    Bf *q = st;
    (void)p;
    for (int i = 0; i < k; i++) {
        if (q->len == q->cap && bf_grow(q)) return -1;
        q->a[(q->head + q->len++) & (q->cap - 1)] = in[i];
    }
    return 0;
}

static uint32_t bf_get(void *st, uint32_t p)
{
    Bf *q = st;
    (void)p;
    if (!q->len) return 0;
    uint32_t x = q->a[q->head];
    q->head = (q->head + 1) & (q->cap - 1);
    q->len--;
    return x;
}

static void bf_finish(void *st, uint32_t p, uint32_t node)
{
    (void)st; (void)p; (void)node;
}

static void bf_destroy(void *st)
{
    Bf *q = st;
    if (!q) return;
    free(q->a);
    free(q);
}

const PolicyOps sched_bf_ops = {"bf", bf_create, bf_add, bf_get, bf_finish, bf_destroy, NULL};
