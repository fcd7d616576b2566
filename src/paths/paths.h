/*
 * paths.h — acyclic path profiles of PML functions (`pml paths`,
 * docs/paths.md): Ball–Larus path numbering, and its partition over k
 * processes after P3 (Afraz, Saha, Kanade: partitioned path profiling,
 * with their PSPP labelling).
 *
 * The control flow of a function body is a DAG whose vertices are its
 * branches — the clause a multi-clause fn matches, each if, case,
 * andalso, orelse, handle — and one exit.  A subexpression without branches is a
 * straight line; a call is one step (the callee's body is its own
 * function); a nested fn is a value, not control flow.  Each path from
 * the entry to the exit is one integer 0..N-1: the sum of the labels of
 * its edges (Ball–Larus), added up as the run takes them.
 *
 * Partitioned (P3): each function's paths are split at its first real
 * fork (the first branch whose choices lead to different places), one
 * task per choice; tasks go, most probes first, to the least loaded of k
 * workers.  A worker labels a function it holds only part of with PSPP, so
 * that the paths it profiles have ids of their own, and drops the others.
 * Every worker turns its paths back into their Ball–Larus ids, so the
 * merged profile is the same for every k.
 */
#ifndef PML_PATHS_H
#define PML_PATHS_H

#include <stdint.h>
#include "ast.h"
#include "eval.h"

/* Paths are numbered while fewer than this; a function with more is
 * profiled by recording each call's branches (exact, slower, never split). */
#define PATHS_MAX ((uint64_t)1 << 62)

typedef struct PathVertex {
    const Expr *site;   /* the branch (EX_IF, EX_ANDALSO, EX_ORELSE, EX_CASE,
                           EX_HANDLE, or EX_FN choosing a clause); NULL for the
                           exit, vertex 0 */
    uint32_t nout;      /* choices */
    uint32_t *succ;     /* the vertex each choice leads to (built before v) */
    uint32_t edge0;     /* edge ids edge0 .. edge0+nout-1 */
    uint64_t npaths;    /* paths from here to the exit, at most PATHS_MAX */
} PathVertex;

typedef struct PathFunc {
    const Expr *fn;     /* the closure code */
    PathVertex *v;      /* v[0] the exit; successors precede their vertex */
    uint32_t nv, cap, entry;
    uint32_t nedges;
    uint64_t *bl;       /* each edge's Ball–Larus label: the canonical ids */
    int too_many;       /* more than PATHS_MAX paths */
} PathFunc;

typedef struct PathPlan {
    PathFunc *f;
    uint32_t nf, cap;
    uint32_t nexprs;
    uint32_t *func_of;  /* per expression id: 1 + the function whose code it is, else 0 */
    uint32_t *site_fn;  /* per expression id: 1 + the function a branch belongs to, else 0 */
    uint32_t *site_v;   /* and its vertex there */
} PathPlan;

/* The DAGs of every function of p.  0, or -1 (out of memory). */
int paths_plan(const Program *p, PathPlan *out);
void paths_plan_free(PathPlan *pl);

/* One path counted: function f, its Ball–Larus id (or, for a function with
 * too many paths, seq: its branches as "v.c v.c …"), calls, and the work
 * (graph nodes created by its calls, not by their callees). */
typedef struct PathCount {
    uint32_t f;
    uint64_t id;
    char *seq;
    uint64_t count, work;
} PathCount;

/* Records the paths worker w of k is given (w = 0, k = 1: all of them):
 * an EvalProbe for eval_program.  After the run, paths_counts gives them
 * (array malloc'd, sorted by function and id).  The plan is built when
 * the run begins (paths_recorder_plan). */
typedef struct PathRecorder PathRecorder;
PathRecorder *paths_recorder_new(uint32_t w, uint32_t k);
void paths_recorder_free(PathRecorder *r);
EvalProbe paths_probe(PathRecorder *r);
const PathPlan *paths_recorder_plan(const PathRecorder *r);
/* 0, or -1 (out of memory, or the run never began). */
int paths_counts(PathRecorder *r, PathCount **out, uint32_t *n);
void paths_counts_free(PathCount *c, uint32_t n);

/* The branches of path id of function f, as (vertex, choice) pairs from
 * the entry: how many (at most max). */
uint32_t paths_decode(const PathFunc *f, uint64_t id, uint32_t *vert, uint32_t *choice, uint32_t max);

/* How the paths were dealt to k workers: the task count and each worker's
 * load (probes), for reports.  0, or -1. */
int paths_split_stats(const PathPlan *pl, uint32_t k, uint32_t *ntasks, uint64_t *load);

#endif
