/*
 * report.h — the per-schedule report of `pml run` (paper §4.1; docs/output-formats.md): for each
 * (policy, P), the steps, idle processor-steps, high-water mark and its
 * step, and who holds the space there (by use or by allocation), as text
 * for people or as JSON / CSV for programs (docs/output-formats.md).
 */
#ifndef PML_REPORT_H
#define PML_REPORT_H

#include <stdio.h>
#include "eval.h"
#include "measure.h"
#include "race_report.h"
#include "textout.h"

typedef enum ReportFormat { REPORT_TEXT, REPORT_JSON, REPORT_CSV } ReportFormat;

typedef struct ReportOptions {
    const char *const *policies; /* npolicies names ("df", "bf", "ws") */
    uint32_t npolicies;
    const uint32_t *procs;       /* nprocs values of P, each >= 1 */
    uint32_t nprocs;
    int coarse;                  /* --coarse */
    uint64_t seed;               /* --seed (ws) */
    uint32_t fork_cost, steal_cost; /* --fork-cost, --steal-cost (sched.h) */
    Units units;                 /* --units */
    int with_queue;              /* 0 with --no-queue-space */
    MeasureBy by;                /* --by: MEASURE_BY_USE or MEASURE_BY_ALLOC */
    MeasureGroup group;          /* --group (default caller) */
    int inclusive;               /* --inclusive: with --group function, callees' space included */
    int stack;                   /* --stack: the call chain under each listed holder */
    uint32_t top;                /* --top K: holders listed (0: all) */
    ReportFormat format;         /* --format */
    int summary;                 /* --summary: text: the value, work and span and
                                    the table of schedules, no details */
    int chart;                   /* --chart: text: each schedule's space over time (chart.h) */
    int legend;                  /* text: a line under the first holder table saying
                                    what its terms mean (on a terminal, not --quiet) */
    const RaceView *races;       /* the run's determinacy races (JSON lists
                                    them); NULL: not looked for */
} ReportOptions;

/* Fills the defaults of `pml run` (README, Using it): df, P = 1, words, queue counted, by use,
 * grouped by caller, top 10, text. */
void report_options_default(ReportOptions *o);

/* The measure options of one (policy, P) of o, for r's annotations. */
MeasureOptions report_measure_options(const CostRun *r, const ReportOptions *o, const char *policy, uint32_t P);

/* What a holder is, for output: its source position (file "" and line,
 * col 0 when it has none) and its text ("scheduler queue", the program's
 * result, or the annotation). */
typedef struct HolderInfo { const char *file; uint32_t line, col; const char *text; } HolderInfo;
HolderInfo report_holder_info(const CostRun *r, const Sources *s, const Holder *h);

/* Writes the whole output of `pml run` to f in o->format: the value, work
 * and span, then one section per (policy, P), policies outer, P inner.
 * s gives file names for annotations' spans (may be NULL).  0, or -1 with
 * msg; nothing is written for a schedule that fails. */
int report_run(FILE *f, const CostRun *r, const Sources *s, const ReportOptions *o,
               char *msg, size_t msglen);

/* The CSV of `pml run --format csv` inside another command's CSV (`pml
 * sweep`'s long form, docs/sweep.md): the header with the caller's column
 * names before and after run's ("param,size"; NULL: none), and one
 * schedule's rows, each with the fields the callbacks write before and
 * after run's. */
typedef struct ReportCsvCols {
    void (*before)(CsvRow *c, const void *arg);    /* NULL: none */
    void (*after)(CsvRow *c, const void *arg);
    const void *arg;
} ReportCsvCols;
void report_csv_header(FILE *f, const char *before, const char *after);
void report_csv_schedule(FILE *f, const CostRun *r, const Sources *s, const ReportOptions *o, const Measure *m,
                         const ReportCsvCols *x);

#endif
