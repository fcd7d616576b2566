/*
 * race_report.h — the determinacy races a run had (race.h;
 * docs/races.md), as warnings for people (each side's position with its
 * source line and caret, and its call chain as --stack gives it) or as
 * JSON for programs.
 */
#ifndef PML_RACE_REPORT_H
#define PML_RACE_REPORT_H

#include <stdio.h>
#include "ast.h"
#include "eval.h"
#include "race.h"

/* The races of the run r of program p (sources s), as d found them. */
typedef struct RaceView {
    const RaceDetector *d;
    const CostRun *r;
    const Program *p;
    const Sources *s;
} RaceView;

/* Every race as "FILE:L:C: warning: determinacy race on the ref made at
 * L:C: this write may run in parallel with the read at L:C", the line and
 * a caret, the calls that led there, then a note at the other access with
 * its line, caret and calls.  colour: gcc's colours. */
void race_report_text(FILE *f, const RaceView *v, int colour);
/* One line: "FILE: N determinacy races (A accesses to C cells watched)". */
void race_report_summary(FILE *f, const RaceView *v, const char *file);
/* The races as a JSON array (docs/races.md gives its fields); lines after
 * the first are indented by indent. */
void race_report_json(FILE *f, const RaceView *v, const char *indent);

#endif
