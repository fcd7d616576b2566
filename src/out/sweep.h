/*
 * sweep.h — space against input size (`pml sweep`, paper §2
 * Fig. 2b and §6 Figs. 10, 11): the sizes to run, the CSV rows of one
 * evaluated size, and the plots drawn from those rows.  The schema is in
 * docs/sweep.md.  cmd_sweep.c runs the sizes in worker processes; this
 * module knows nothing about processes.
 *
 * The plots are drawn from the CSV text itself (sweep_read), so a picture
 * never shows anything the data file does not hold.
 */
#ifndef PML_SWEEP_H
#define PML_SWEEP_H

#include <stdio.h>
#include "eval.h"
#include "report.h"

/* Sizes "A:B" (step 1), "A:B:STEP", "A:B:xF" (A, A*F, A*F^2, … up to B)
 * or "a,b,c", as an ascending list without repeats (malloc'd).  0, or -1
 * with msg. */
int sweep_parse_sizes(const char *spec, int64_t **sizes, uint32_t *n, char *msg, size_t msglen);

/* What every row is measured with. */
typedef struct SweepOptions {
    const char *param;          /* the -D name swept */
    uint32_t top;               /* holders per schedule (--top; wide: holder columns, 0 = none; long: 0 = all) */
    int wide;                   /* --wide: one row per schedule, the holders in columns */
    const ReportOptions *ro;    /* policies, P, coarse, seed, units, queue, by */
    /* pml sweep --exec (docs/exec.md): the rows end with measured and
     * measured_bound, the marks of real runs (words), one per (policy i,
     * P j) at measured[i * nprocs + j], set for each size */
    int exec;
    const uint64_t *measured, *measured_bound;
} SweepOptions;

/* The header line and the rows of one size, policies outer, P inner: in
 * the long form (default) `pml run --format csv`'s rows of each (policy,
 * P), after param and size; in the wide form one row per (policy, P), the
 * holders in columns h1_… hK_….  0, or -1 with msg (nothing useful
 * written). */
void sweep_csv_header(FILE *f, const SweepOptions *o);
int sweep_csv_rows(FILE *f, const CostRun *r, const Sources *s, int64_t size, const SweepOptions *o,
                   char *msg, size_t msglen);

/* A row read back, with what the plots need. */
typedef struct SweepHolder {
    char *label;        /* "file:line:col text", or the text alone */
    double space;
} SweepHolder;

typedef struct SweepRow {
    int64_t size;
    char *policy;
    uint32_t P;
    double hwm, queue;
    int with_queue;     /* the queue is part of hwm */
    double measured;    /* pml sweep --exec: the measured mark; NaN: none */
    SweepHolder *holders;
    uint32_t nholders;
} SweepRow;

/* Parses CSV text written by sweep_csv_*.  0, or -1 with msg. */
int sweep_read(const char *csv, size_t len, SweepRow **rows, uint32_t *n, char *msg, size_t msglen);
void sweep_rows_free(SweepRow *rows, uint32_t n);

typedef struct SweepPlotOptions {
    const char *svg;        /* high-water marks go here, holders to …-holders.svg */
    const char *program;    /* for the titles */
    const char *param;
    const char *units;      /* "words" or "nodes" */
    int loglog;
} SweepPlotOptions;

/* The two plots: the high-water mark against size, one line per (policy,
 * P) (Fig. 10), and who holds it, stacked, one panel per (policy, P)
 * (Figs. 2b, 11).  As plot_lines: 0, 1 (no picture; msg says why), -1. */
int sweep_plot(const SweepRow *rows, uint32_t n, const SweepPlotOptions *o, char *msg, size_t msglen);

#endif
