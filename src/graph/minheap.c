/*
 * minheap.c — see minheap.h.  The textbook sift-up and sift-down
 * (Williams' heap), the moved key written once at its final place.
 */
#include <stdlib.h>
#include "minheap.h"

int minheap_push(MinHeap *h, uint64_t x)
{
    if (h->len == h->cap) {
        size_t c = h->cap ? 2 * h->cap : 64;
        uint64_t *b = realloc(h->a, c * sizeof *b);
        if (!b) return -1;
        h->a = b;
        h->cap = c;
    }
    size_t i = h->len++;
    for (; i > 0 && h->a[(i - 1) / 2] > x; i = (i - 1) / 2) h->a[i] = h->a[(i - 1) / 2];
    h->a[i] = x;
    return 0;
}

uint64_t minheap_pop(MinHeap *h)
{
    uint64_t top = h->a[0], x = h->a[--h->len];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= h->len) break;
        if (c + 1 < h->len && h->a[c + 1] < h->a[c]) c++;
        if (h->a[c] >= x) break;
        h->a[i] = h->a[c];
        i = c;
    }
    if (h->len) h->a[i] = x;
    return top;
}

void minheap_free(MinHeap *h)
{
    free(h->a);
    *h = (MinHeap){0};
}
