/*
 * diff.h — two schedules of one program compared (`pml diff`): their space
 * curves on one step axis, and the difference of their high-water marks
 * broken down by who holds the space at each mark (paper §4.1's
 * attribution, the holders of `pml run`).
 *
 * A site is a holder of measure.h: a source expression (annotation), the
 * program's result or the scheduler queue.  Its delta is its space at B's
 * mark less its space at A's mark; the deltas add up to hwm(B) - hwm(A)
 * (the holders at a mark add up to the mark; what rounding leaves is
 * reported as the residual).  A self-diff has no site; swapping A and B
 * negates every delta.
 */
#ifndef PML_DIFF_H
#define PML_DIFF_H

#include <stdio.h>
#include "measure.h"
#include "report.h"

typedef struct DiffSite {
    HolderKind kind;
    uint32_t annot;     /* HOLDER_ANNOT: the annotation */
    double a, b;        /* its space at A's mark and at B's */
    double delta;       /* b - a, never 0 */
} DiffSite;

typedef struct Diff {
    DiffSite *sites;    /* every site whose space differs, largest growth
                         * first (then largest shrink last; ties by kind, annot) */
    uint32_t nsites;
    double sum_a, sum_b;    /* the holders' totals at the two marks */
    double residual;        /* (hwm_b - hwm_a) - sum of deltas (rounding) */
} Diff;

/* Compares the holders at the marks of a and b (measured with holders).
 * 0, or -1 if memory runs out. */
int diff_marks(const Measure *a, const Measure *b, Diff *out);
void diff_free(Diff *d);

/* How to write a diff: the run (for site names), the sources, the sides'
 * names ("df, P=2"), the units' name, how many sites to list (0: all). */
typedef struct DiffOut {
    const CostRun *run;
    const Sources *src;
    const char *name_a, *name_b;
    const char *units;
    uint32_t top;
    const char *by, *group;     /* "use" or "allocation"; the --group's name */
} DiffOut;

/* Text for people: the marks, the curves sampled on one step axis, the
 * sites that grow and shrink.  JSON for programs: the same in full, the
 * curves as at most max_points points each (the maximum over each run of
 * steps, so the marks survive sampling).  0, or -1 on a write error. */
int diff_write_text(FILE *f, const DiffOut *o, const Measure *a, const Measure *b, const Diff *d);
int diff_write_json(FILE *f, const DiffOut *o, const Measure *a, const Measure *b, const Diff *d,
                    uint32_t max_points);

/* The space at step i of m's profile (heap, plus the queue if counted);
 * 0 past the last step. */
double diff_space_at(const Measure *m, uint32_t i);

#endif
