/*
 * breakdown.h — who holds the space, as the layers of a stacked plot
 * (`pml run --profile`, `pml sweep --plot`; paper Figs. 2b, 11): the few
 * holders with the largest total each get a layer, the rest of the heap is
 * "other holders", and the scheduler queue goes on top.
 */
#ifndef PML_BREAKDOWN_H
#define PML_BREAKDOWN_H

#include <stdint.h>
#include "plot.h"

/* One holder of one row (a sampled step, a size): a dense key, its space. */
typedef struct BreakdownCell { uint32_t key; double space; } BreakdownCell;

typedef struct BreakdownRow {
    const BreakdownCell *cells;
    uint32_t ncells;
    double heap;    /* the space the holders share: what the picked leave is "other holders" */
    double queue;   /* the top layer (0 when the queue is not counted) */
    double weight;  /* a cell counts weight * space towards its key's total */
} BreakdownRow;

/* Up to max keys (< nkeys) with the largest positive totals, largest first
 * (ties: the lower key), into picked; returns how many (0 out of memory). */
uint32_t breakdown_pick(const BreakdownRow *rows, uint32_t n, uint32_t nkeys, uint32_t max, uint32_t *picked);
/* One row's np + 2 layer values: the picked keys, other holders, queue. */
void breakdown_fill(const BreakdownRow *row, const uint32_t *picked, uint32_t np, double *y);
/* Layers np and np + 1: "other holders" and "scheduler queue" (titles
 * malloc'd, like the caller's).  0, or -1 out of memory. */
int breakdown_layers(PlotLayer *layers, uint32_t np);

#endif
