/*
 * space_oracle.h — the paper's Definitions 2-4 (§3.3-3.4) applied literally,
 * step by step, as the test oracle for space.c.  Deliberately slow
 * (O(T * (n + m)) and worse) and independent of space.c's method:
 * after each step it recomputes the roots (visited values with a heap edge
 * from an unvisited node, plus the result once visited) and walks retain
 * edges from them (a use edge keeps nothing live once its source is
 * visited, docs/semantics.md).  Used only by tests and the benchmark.
 */
#ifndef PML_SPACE_ORACLE_H
#define PML_SPACE_ORACLE_H

#include <stdint.h>
#include "graph.h"
#include "sched.h"
#include "space.h"

/* Space (heap) and scheduler queue (ready, unvisited nodes) after step i,
 * for i = 0..T; arrays of T+1 malloc'd entries.  0, or -1 out of memory. */
int space_oracle_profile(const Graph *g, const Schedule *s, Units u,
                         uint64_t **heap, uint64_t **queue);

/* The attribution by use at one step, walking from each root edge on its
 * own: same contract as space_by_use. */
int space_oracle_by_use(const Graph *g, const Schedule *s, Units u, uint32_t step,
                        double **share, double *result_share);

#endif
