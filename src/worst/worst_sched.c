/*
 * worst_sched.c — a P-processor schedule that passes through a given
 * downset: the witness of `pml worst` (see worst.h).  Greedy on the
 * smallest id, the downset's nodes first and alone until they are all
 * visited, so that after some step the visited set is exactly the downset.
 */
#include <stdlib.h>
#include <string.h>
#include "worst.h"

typedef struct Heap { uint64_t *a; size_t n; } Heap;

static void heap_push(Heap *h, uint64_t x)
{
    size_t i = h->n++;
    while (i) {
        size_t p = (i - 1) / 2;
        if (h->a[p] <= x) break;
        h->a[i] = h->a[p];
        i = p;
    }
    h->a[i] = x;
}

static uint64_t heap_pop(Heap *h)
{
    uint64_t top = h->a[0], x = h->a[--h->n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= h->n) break;
        if (c + 1 < h->n && h->a[c + 1] < h->a[c]) c++;
        if (h->a[c] >= x) break;
        h->a[i] = h->a[c];
        i = c;
    }
    if (h->n) h->a[i] = x;
    return top;
}

int worst_schedule_through(const Graph *g, const uint8_t *in, uint32_t P, Schedule *s)
{
    uint32_t n = graph_nodes(g);
    size_t n1 = (size_t)n + 1;
    memset(s, 0, sizeof *s);
    s->P = P;
    s->step = calloc(n1, sizeof *s->step);
    s->proc = calloc(n1, sizeof *s->proc);
    s->ready = malloc((n1 + 1) * sizeof *s->ready);   /* T <= n */
    uint8_t *left = malloc(n1);
    uint32_t *batch = malloc((size_t)P * sizeof *batch);
    Heap h = {malloc(n1 * sizeof *h.a), 0};
    int rc = -1;
    if (!s->step || !s->proc || !s->ready || !left || !batch || !h.a) goto done;
    uint64_t remaining = 0;
    for (uint32_t v = 1; v <= n; v++) { left[v] = (uint8_t)graph_in_degree(g, v); remaining += in && in[v]; }
#define KEY(v) ((uint64_t)(in && in[v] ? 0 : 1) << 32 | (v))
    if (n) heap_push(&h, KEY(1));
    s->ready[0] = n ? 1 : 0;
    uint32_t t = 0, visited = 0;
    while (visited < n) {
        int first_phase = remaining > 0;
        uint32_t k = 0;
        while (k < P && h.n && !(first_phase && h.a[0] >> 32)) {
            uint32_t x = (uint32_t)heap_pop(&h);
            remaining -= in && in[x];
            batch[k++] = x;
        }
        if (!k) goto done;   /* not a downset of a connected graph */
        t++;
        for (uint32_t p = 0; p < k; p++) {
            uint32_t x = batch[p];
            s->step[x] = t;
            s->proc[x] = p;
            for (int c = 0; c < 2; c++) {
                uint32_t y = graph_child(g, x, c);
                if (y && --left[y] == 0) heap_push(&h, KEY(y));
            }
        }
#undef KEY
        visited += k;
        s->idle += P - k;
        s->ready[t] = (uint32_t)h.n;
    }
    s->T = t;
    rc = 0;
done:
    free(left);
    free(batch);
    free(h.a);
    if (rc) sched_free(s);
    return rc;
}
