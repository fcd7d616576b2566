/*
 * space.h — roots, space and who holds it (paper §3.3-3.4, §4.1; docs/scheduling.md).
 *
 * space_profile computes the space at every step of a schedule in
 * O(nodes + edges) by live intervals: a value l is live at step i iff
 * step(l) <= i < death(l), death(l) the largest, over heap edges s -> l, of
 * step(s) for a use edge and death(s) for a retain edge (infinite for the
 * program's result).
 */
#ifndef PML_ROOTS_SPACE_H
#define PML_ROOTS_SPACE_H

#include <stdint.h>
#include "graph.h"
#include "sched.h"

typedef enum Units { UNITS_WORDS, UNITS_NODES } Units;
/* The units' names, indexed by Units, NULL-terminated ("words", "nodes"). */
extern const char *const space_units_names[];

typedef struct SpaceProfile {
    uint32_t T;
    uint64_t *heap;      /* per step 0..T: size of the live values */
    uint32_t *queue;     /* per step 0..T: scheduler queue (ready, unvisited nodes; the
                            schedule's own counts are 32-bit, so 4 bytes a step suffice) */
    int with_queue;      /* the high-water mark counts the queue */
    uint64_t hwm;        /* max over steps of heap (+ queue if with_queue) */
    uint32_t hwm_step;   /* first step reaching it */
} SpaceProfile;

/* A value's size in units u (0 for a node that is no value). */
static inline uint64_t space_unit_size(const Graph *g, Units u, uint32_t v)
{
    uint32_t z = graph_size(g, v);
    return (z && u == UNITS_NODES) ? 1 : z;
}

/* death[v] per node (meaningful for values; SPACE_NEVER for the result):
 * the first step at which v is no longer live.  A node-sized array from
 * sched_array_take (give it back with sched_array_put), NULL if out of
 * memory. */
#define SPACE_NEVER UINT32_MAX
uint32_t *space_deaths(const Graph *g, const Schedule *s);

int space_profile(const Graph *g, const Schedule *s, Units u, int with_queue,
                  SpaceProfile *out);
void space_free(SpaceProfile *p);

/* The high-water mark alone: SpaceProfile's hwm and hwm_step, and the heap
 * and the queue at that step, without the per-step arrays.  The heap's
 * (and queue's) step-to-step differences go into s->ready's own array, 4
 * bytes a step, exact modulo 2^32 while the values' total size (and the
 * node count) stays below 2^32; past that through space_profile.
 * s->ready is consumed (freed, set to NULL); s->step stays.  0, or -1 when
 * memory runs out. */
typedef struct SpaceMark {
    uint64_t hwm;       /* max over steps of heap (+ queue if with_queue) */
    uint32_t hwm_step;  /* first step reaching it */
    uint64_t heap, queue; /* at hwm_step */
} SpaceMark;
int space_mark(const Graph *g, Schedule *s, Units u, int with_queue, SpaceMark *out);
/* The mark of df on one processor taken by the ids (s->by_ids, as
 * sched_run makes it) in no memory beyond s->step and a bit per node: the
 * deaths and then the sizes freed at each step are computed in place of
 * the steps, and the ready counts are counted again by the ids (SchedIds;
 * s->ready, if any, is not read and is freed).  k gets the mark, its
 * step, the heap and the queue there, as space_mark's; s->step holds the
 * ids again.  0, or -1 (out of memory, or s not by the ids). */
int space_mark_by_ids(const Graph *g, Schedule *s, Units u, int with_queue, SpaceMark *k);

/* Who holds the space at a step of schedule s, at many steps of one
 * schedule: the state is made once (space_attrib_new, O(1)); g and s must
 * outlive it.  Its memory is a bit per node (two with both attributions)
 * plus what is live at the step (space_attrib.c), unless the dense arrays
 * below are asked for.
 *
 * By use (space_attrib_use_at): every heap edge from an unvisited node to
 * a visited value is a root edge; each live value's size is shared equally
 * among the root edges that reach it; then space_attrib_use_share(a, e) is
 * root edge e's part (0 for other edges), in O(1), and
 * space_attrib_use_roots lists the root edges, increasing.  The program's
 * result, when it is live, is held by no edge: its part is returned in
 * *result_share.  Exact while it stays affordable (about 2*10^8 pairs of a
 * root and a value it reaches); past that *approx is set and each value's
 * size is instead split equally among its direct holders, passed up
 * through retaining values (exact when every value is reached by one path).
 * By allocation (space_attrib_alloc_at): then space_attrib_alloc_size(a, v)
 * is value v's size if live at the step, else 0.
 * space_attrib_use and space_attrib_alloc give the same as arrays: share
 * (m entries) and alloc (n+1 entries), which belong to the state and hold
 * until its next call.
 * Each call returns 0, or -1 when memory runs out. */
typedef struct SpaceAttrib SpaceAttrib;
SpaceAttrib *space_attrib_new(const Graph *g, const Schedule *s, Units u);   /* NULL: out of memory */
int space_attrib_use_at(SpaceAttrib *a, uint32_t step, double *result_share, int *approx);
double space_attrib_use_share(const SpaceAttrib *a, size_t e);
const uint32_t *space_attrib_use_roots(const SpaceAttrib *a, size_t *count);
/* The share of the k-th root edge of space_attrib_use_roots, without
 * checking that it is one: space_attrib_use_share(a, roots[k]). */
double space_attrib_use_root_share(const SpaceAttrib *a, size_t k);
int space_attrib_alloc_at(SpaceAttrib *a, uint32_t step);
double space_attrib_alloc_size(const SpaceAttrib *a, uint32_t v);
int space_attrib_use(SpaceAttrib *a, uint32_t step, const double **share, double *result_share, int *approx);
int space_attrib_alloc(SpaceAttrib *a, uint32_t step, const double **alloc);
void space_attrib_free(SpaceAttrib *a);

/* The same at one step, the array malloc'd for the caller to free. */
int space_by_use(const Graph *g, const Schedule *s, Units u, uint32_t step,
                 double **share, double *result_share);
int space_by_use_ex(const Graph *g, const Schedule *s, Units u, uint32_t step,
                    double **share, double *result_share, int *approx);
int space_by_alloc(const Graph *g, const Schedule *s, Units u, uint32_t step,
                   double **alloc);

#endif
