/*
 * worst_sched.c — a P-processor schedule that passes through a given
 * downset: the witness of `pml worst` (see worst.h).  Greedy on the
 * newest ready node (a depth-first order, as one processor of ws would
 * go), the downset's nodes first and alone until they are all visited, so
 * that after some step the visited set is exactly the downset.  O(n + T·P).
 */
#include <stdlib.h>
#include <string.h>
#include "worst.h"

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
    /* two stacks of ready nodes: the downset's (stack[0]) and the others */
    uint32_t *stack[2] = {malloc(n1 * sizeof(uint32_t)), malloc(n1 * sizeof(uint32_t))}, sp[2] = {0, 0};
    int rc = -1;
    if (!s->step || !s->proc || !s->ready || !left || !batch || !stack[0] || !stack[1]) goto done;
    uint64_t remaining = 0;
    for (uint32_t v = 1; v <= n; v++) { left[v] = (uint8_t)graph_in_degree(g, v); remaining += in && in[v]; }
#define CLASS(v) (in && in[v] ? 0 : 1)
    if (n) stack[CLASS(1)][sp[CLASS(1)]++] = 1;
    s->ready[0] = n ? 1 : 0;
    uint32_t t = 0, visited = 0;
    while (visited < n) {
        int first_phase = remaining > 0;
        uint32_t k = 0;
        while (k < P && sp[0]) batch[k++] = stack[0][--sp[0]];
        while (!first_phase && k < P && sp[1]) batch[k++] = stack[1][--sp[1]];
        if (!k) goto done;   /* not a downset of a connected graph */
        t++;
        for (uint32_t p = 0; p < k; p++) {
            uint32_t x = batch[p];
            s->step[x] = t;
            s->proc[x] = p;
            remaining -= in && in[x];
            for (int c = 2; c-- > 0;) {   /* right child first: the left one is popped first */
                uint32_t y = graph_child(g, x, c);
                if (y && --left[y] == 0) stack[CLASS(y)][sp[CLASS(y)]++] = y;
            }
        }
#undef CLASS
        visited += k;
        s->idle += P - k;
        s->ready[t] = sp[0] + sp[1];
    }
    s->T = t;
    rc = 0;
done:
    free(left);
    free(batch);
    free(stack[0]);
    free(stack[1]);
    if (rc) sched_free(s);
    return rc;
}
