/*
 * sched_bf.c — breadth-first (paper §4.1, §5.2; docs/scheduling.md): one FIFO queue,
 * initially the initial node; processors take from the front, the nodes
 * they enable go to the back (visitors in queue order, each one's children
 * left to right).
 *
 * Design: a Ring (sched_policy.h); add and get are O(1).
 */
#include "sched_policy.h"

static void *bf_create(uint32_t P, uint64_t seed, uint32_t n)
{
    (void)P; (void)seed; (void)n;
    return calloc(1, sizeof(Ring));
}

/* Children left to right, at the back. */
static int bf_add(void *st, uint32_t p, const uint32_t *in, int k)
{
    (void)p;
    for (int i = 0; i < k; i++)
        if (ring_push(st, in[i])) return -1;
    return 0;
}

static uint32_t bf_get(void *st, uint32_t p)
{
    (void)p;
    return ring_pop_oldest(st);
}

/* FIFO: the k-th get from now takes the k-th oldest. */
static uint32_t bf_ahead(void *st, uint32_t k)
{
    return ring_peek(st, k);
}

static void bf_destroy(void *st)
{
    Ring *q = st;
    if (q) free(q->a);
    free(q);
}

const PolicyOps sched_bf_ops = {"bf", bf_create, bf_add, bf_get, NULL, bf_destroy, NULL, bf_ahead};
