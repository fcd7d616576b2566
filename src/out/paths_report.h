/*
 * paths_report.h — `pml paths` output (docs/paths.md): per function, its
 * calls, work and hot paths, each decoded to the branches it takes in the
 * source, as text for people or JSON for programs.
 */
#ifndef PML_PATHS_REPORT_H
#define PML_PATHS_REPORT_H

#include <stdio.h>
#include "paths.h"

typedef struct PathsReportOptions {
    uint32_t top;       /* paths shown per function (0: all) */
    int json;
    const char *program;/* the file profiled, for the heading (the output
                           never depends on how many workers made it) */
} PathsReportOptions;

/* c: every path counted, sorted by function then id (paths_counts' order),
 * each path at most once.  Functions are listed by work, most first. */
void paths_report(FILE *f, const PathPlan *pl, const Sources *s, const PathCount *c, uint32_t n,
                  const PathsReportOptions *o);

#endif
