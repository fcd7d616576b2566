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
    s->ready = malloc((n1 + 1) * sizeof *s->ready);   /* T <= n */
    uint8_t *left = malloc(n1);
    uint32_t *batch = malloc((size_t)P * sizeof *batch);
    /* two stacks of ready nodes: the downset's (stack[0]) and the others */
    uint32_t *stack[2] = {malloc(n1 * sizeof(uint32_t)), malloc(n1 * sizeof(uint32_t))}, sp[2] = {0, 0};
    int rc = -1;
    if (!s->step || sched_alloc_proc(s, n) || !s->ready || !left || !batch || !stack[0] || !stack[1]) goto done;
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
            sched_set_proc(s, x, p);
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

/* ---- a busy-leaves schedule through a downset with <= P strands in progress ---- */

typedef struct Ready { uint32_t *cont, *other, nc, no; const uint8_t *first; } Ready;

typedef struct Busy {
    const Graph *g;
    Schedule *s;
    uint32_t t, P;
    uint64_t nready;    /* ready, unvisited nodes */
    uint8_t *left;      /* parents not yet visited */
    Ready *r;           /* where enabled nodes go (phase 3), or NULL */
} Busy;

static void ready_add(Ready *r, uint32_t y)
{
    if (r->first[y]) r->other[r->no++] = y;   /* starts a strand */
    else r->cont[r->nc++] = y;                /* continues one */
}

/* Visits batch[0..k-1] at the next step, on processors 0..k-1. */
static void visit_step(Busy *w, const uint32_t *batch, uint32_t k)
{
    w->t++;
    for (uint32_t p = 0; p < k; p++) {
        w->s->step[batch[p]] = w->t;
        sched_set_proc(w->s, batch[p], p);
    }
    for (uint32_t p = 0; p < k; p++)
        for (int c = 2; c-- > 0;) {
            uint32_t y = graph_child(w->g, batch[p], c);
            if (!y || --w->left[y]) continue;
            w->nready++;
            if (w->r) ready_add(w->r, y);
        }
    w->nready -= k;
    w->s->idle += w->P - k;
    w->s->ready[w->t] = (uint32_t)w->nready;
}

/* Progress of strand t in the downset: how many of its nodes it holds. */
static uint32_t progress(const WorstModel *m, const uint8_t *in, uint32_t t)
{
    uint32_t c = 0;
    while (c < m->tb[t] && in[m->ta[t] + c]) c++;
    return c;
}

int worst_schedule_busy(const WorstModel *m, const uint8_t *in, uint32_t P, Schedule *s)
{
    const Graph *g = m->g;
    uint32_t n = m->n;
    size_t n1 = (size_t)n + 1;
    memset(s, 0, sizeof *s);
    s->P = P;
    s->step = calloc(n1, sizeof *s->step);
    s->ready = calloc(n1 + 1, sizeof *s->ready);
    uint8_t *first = calloc(n1, 1), *partial = calloc(n1, 1);
    uint32_t *batch = malloc(n1 * sizeof *batch), *prog = malloc(n1 * sizeof *prog), np = 0, cmax = 0;
    Ready r = {malloc(n1 * sizeof *r.cont), malloc(n1 * sizeof *r.other), 0, 0, first};
    Busy w = {g, s, 0, P, n ? 1 : 0, malloc(n1), NULL};
    int rc = -1;
    if (!s->step || sched_alloc_proc(s, n) || !s->ready || !first || !partial || !batch || !prog || !r.cont || !r.other || !w.left)
        goto done;
    for (uint32_t v = 1; v <= n; v++) w.left[v] = (uint8_t)graph_in_degree(g, v);
    s->ready[0] = (uint32_t)w.nready;
    for (uint32_t t = 1; t <= m->nt; t++) {   /* the strands in progress in the downset */
        if (m->tkind[t] != WT_LEAF) continue;
        uint32_t c = progress(m, in, t);
        first[m->ta[t]] = 1;
        if (c == 0 || c == m->tb[t]) continue;
        prog[np++] = t;
        if (c > cmax) cmax = c;
        memset(partial + m->ta[t], 1, m->tb[t]);
    }
    if (np > P) goto done;
    /* 1: the downset's finished strands, a node a step in id order: one
     * strand at a time, since a strand is a run of consecutive ids */
    for (uint32_t v = 1; v <= n; v++)
        if (in[v] && !partial[v]) visit_step(&w, &v, 1);
    /* 2: the strands in progress, started so that all stop where the
     * downset does (the furthest first) */
    for (uint32_t k = 1; k <= cmax; k++) {
        uint32_t b = 0;
        for (uint32_t i = 0; i < np; i++) {
            uint32_t t = prog[i], c = progress(m, in, t);
            if (c + k > cmax) batch[b++] = m->ta[t] + (c + k - cmax - 1);
        }
        visit_step(&w, batch, b);
    }
    /* 3: the rest: every strand in progress advances, then new ones start,
     * newest first */
    uint32_t visited = 0;
    for (uint32_t v = 1; v <= n; v++) {
        if (s->step[v]) visited++;
        else if (w.left[v] == 0) ready_add(&r, v);
    }
    w.r = &r;
    while (visited < n) {
        uint32_t b = 0;
        while (r.nc && b < P) batch[b++] = r.cont[--r.nc];
        while (r.no && b < P) batch[b++] = r.other[--r.no];
        if (!b || r.nc) goto done;   /* more strands in progress than processors */
        visit_step(&w, batch, b);
        visited += b;
    }
    s->T = w.t;
    rc = 0;
done:
    free(w.left); free(first); free(partial); free(batch); free(prog); free(r.cont); free(r.other);
    if (rc) sched_free(s);
    return rc;
}
