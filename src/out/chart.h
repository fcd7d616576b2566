/*
 * chart.h — space over time as a text chart, for a terminal without a
 * viewer (`pml run --chart`, in the manner of Valgrind's ms_print): the
 * space at each step (heap, plus the scheduler queue when it counts),
 * taken as the largest value of the steps each column covers, so that the
 * peak is never lost; the column of the high-water mark is drawn in '#',
 * the others in ':' (paper §4.1: the mark is where the holders are
 * measured).
 */
#ifndef PML_CHART_H
#define PML_CHART_H

#include <stdint.h>
#include <stdio.h>
#include "space.h"

#define CHART_WIDTH 64      /* columns of the plot area */
#define CHART_HEIGHT 12     /* rows */

typedef struct Chart {
    uint64_t col[CHART_WIDTH];  /* the largest space of the steps of each column */
    uint32_t ncols;             /* CHART_WIDTH, or T + 1 when there are fewer steps */
    uint32_t T, mark_col;       /* steps, and the column of the high-water mark */
    uint64_t hwm;
} Chart;

/* The columns of a profile kept in full (MeasureOptions.profile). */
Chart chart_of(const SpaceProfile *sp);

/* The chart, its axes labelled: space in units up the side, steps 0..T
 * along the bottom. */
void chart_print(FILE *f, const Chart *c, const char *units);

#endif
