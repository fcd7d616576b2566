/*
 * race.h — determinacy races (`pml race`, docs/races.md): the pairs of
 * accesses to one ref cell or array element, at least one a write, that
 * are logically parallel in the computation graph (neither reaches the
 * other), found while the interpreter runs the program.
 *
 * Design: SP-bags (Feng and Leiserson, "Efficient detection of
 * determinacy races in Cilk programs", SPAA 1997) over the sequential,
 * left-to-right run whose order is the graph's ids (the 1DF order,
 * docs/semantics.md).  A parallel pair {e1, e2} is Cilk's `spawn e1;
 * spawn e2; sync`: each branch is a procedure with an S-bag (what
 * precedes the running code) and a P-bag (what may run beside it); the
 * bags are disjoint sets of a union-find, so deciding whether an earlier
 * access is parallel to the running one is one find: O(α) amortised.
 * Bags are made lazily: a branch gets an element of the union-find only
 * when it (or, through a join, a branch inside it) accesses a cell, so a
 * program that touches no cell costs a few stores per pair.
 *
 * Shadow memory: per cell touched (a ref, or one element of an array), one
 * entry per distinct (site, read or write) that touched it, holding the
 * access that any later access most surely runs beside: the newest one
 * when the one kept precedes it, else the one kept (Feng and Leiserson's
 * rule for readers, applied to every site: if a ≺ b and a ∥ c later,
 * then b ∥ c; if a ∥ b, a < b, then every later c ∥ b has c ∥ a).  So every
 * pair of sites that race on a cell is found, not only one race per cell,
 * in time O(accesses × sites per cell × α) and memory O(cells × sites per
 * cell + branches that access).  A pair of sites is reported once.
 */
#ifndef PML_RACE_H
#define PML_RACE_H

#include <stdint.h>
#include "eval.h"

/* One race: two accesses to the same cell, at least one a write, neither
 * ordered before the other; first ran before second in the 1DF order. */
typedef struct Race {
    EvalAccess first, second;
} Race;

typedef struct RaceDetector RaceDetector;

/* NULL out of memory. */
RaceDetector *race_new(void);
void race_free(RaceDetector *d);

/* The run's events, in 1DF order: a pair's left branch starts (fork),
 * its right branch starts (next), both have ended (join); a cell is read
 * or written.  0, or -1 out of memory (the detector is then unusable). */
int race_fork(RaceDetector *d);
int race_next(RaceDetector *d);
int race_join(RaceDetector *d);
int race_access(RaceDetector *d, const EvalAccess *a);

/* The hook that feeds d from a run (EvalOptions.cells). */
EvalCells race_hook(RaceDetector *d);

/* The races found, one per unordered pair of sites, in the order found. */
uint32_t race_count(const RaceDetector *d);
const Race *race_get(const RaceDetector *d, uint32_t i);
/* How much was watched: accesses, cells (refs and array elements) touched. */
uint64_t race_accesses(const RaceDetector *d);
uint64_t race_cells(const RaceDetector *d);

#endif
