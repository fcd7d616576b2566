/*
 * report.h — the per-schedule report of `pml run` (SPEC §3, §5): for each
 * (policy, P), the steps, idle processor-steps, high-water mark and its
 * step, and who holds the space there (by use or by allocation), as text
 * for people or as JSON / CSV for programs (docs/output-formats.md).
 */
#ifndef PML_REPORT_H
#define PML_REPORT_H

#include <stdio.h>
#include "eval.h"
#include "space.h"
#include "sched.h"

typedef enum ReportFormat { REPORT_TEXT, REPORT_JSON, REPORT_CSV } ReportFormat;
typedef enum ReportBy { REPORT_BY_USE, REPORT_BY_ALLOC } ReportBy;

typedef struct ReportOptions {
    const char *const *policies; /* npolicies names ("df", "bf", "ws") */
    uint32_t npolicies;
    const uint32_t *procs;       /* nprocs values of P, each >= 1 */
    uint32_t nprocs;
    int coarse;                  /* --coarse */
    uint64_t seed;               /* --seed (ws) */
    Units units;                 /* --units */
    int with_queue;              /* 0 with --no-queue-space */
    ReportBy by;                 /* --by */
    uint32_t top;                /* --top K: holders listed (0: all) */
    ReportFormat format;         /* --format */
} ReportOptions;

/* Fills the defaults of SPEC §5: df, P = 1, words, queue counted, by use,
 * top 10, text. */
void report_options_default(ReportOptions *o);

typedef enum HolderKind {
    HOLDER_ANNOT,   /* an annotation: a source expression (annot is its index) */
    HOLDER_RESULT,  /* the program's result, held by no edge (by use only) */
    HOLDER_QUEUE,   /* the scheduler queue: one unit per ready, unvisited node */
} HolderKind;

typedef struct Holder {
    HolderKind kind;
    uint32_t annot;     /* HOLDER_ANNOT: index into CostRun.annots */
    double space;       /* in the report's units; by use, shares may be fractional */
} Holder;

/* One schedule, measured. */
typedef struct ScheduleReport {
    const char *policy;
    uint32_t P;
    uint32_t T;         /* steps */
    uint64_t idle;      /* processor-steps with no node visited */
    uint64_t hwm;       /* high-water mark (heap + queue unless with_queue = 0) */
    uint32_t hwm_step;  /* first step reaching it */
    uint64_t heap;      /* heap space at hwm_step */
    uint64_t queue;     /* scheduler queue at hwm_step */
    Holder *holders;    /* every holder at hwm_step, largest first (ties: kind, annot) */
    uint32_t nholders;
    int approx;         /* by use: shares approximated (space_by_use_ex) */
} ScheduleReport;

/* Simulates one (policy, P) on r's graph and attributes the space at the
 * high-water mark.  0, or -1 with msg (unknown policy, out of memory). */
int report_measure(const CostRun *r, const char *policy, uint32_t P, const ReportOptions *o,
                   ScheduleReport *out, char *msg, size_t msglen);
void report_measure_free(ScheduleReport *sr);

/* Who holds the space at any step of schedule s (as report_measure does at
 * the high-water mark): every holder, largest first, the queue included
 * when o->with_queue and queue > 0.  *holders is malloc'd.  0, or -1 (out
 * of memory). */
int report_holders_at(const CostRun *r, const Schedule *s, const ReportOptions *o, uint32_t step,
                      uint64_t queue, Holder **holders, uint32_t *nholders, int *approx);

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

#endif
