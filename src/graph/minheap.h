/*
 * minheap.h — a binary min-heap of 64-bit keys, grown by doubling.
 *
 * Small and general: a caller packs what it orders by into the high bits
 * and a payload into the low ones (graph_span: node << 32 | depth, so the
 * smallest node comes first; broberg.c: a node id alone).  Push and pop
 * are O(log len); the top is a[0].  Memory is 8 bytes per entry held, so
 * it suits the few pending items of a pass over the ids, not a per-node
 * array.
 *
 *     MinHeap h = {0};
 *     if (minheap_push(&h, x)) … out of memory …
 *     while (h.len) { uint64_t y = minheap_pop(&h); … }
 *     minheap_free(&h);
 */
#ifndef PML_MINHEAP_H
#define PML_MINHEAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct MinHeap {
    uint64_t *a;        /* a[0 .. len-1]: a[(i-1)/2] <= a[i]; a[0] the smallest */
    size_t len, cap;
} MinHeap;

/* Adds x.  0, or -1 out of memory (h unchanged). */
int minheap_push(MinHeap *h, uint64_t x);
/* Removes and returns the smallest key; h->len > 0. */
uint64_t minheap_pop(MinHeap *h);
/* Frees the entries; h is empty and reusable. */
void minheap_free(MinHeap *h);

#endif
