/*
 * measure.h — one schedule, measured: the sequence every command runs
 * (simulate, space at every step, the high-water mark, who holds the space
 * there; paper §3.3-3.4, §4.1).  `pml run`, `sweep`, `run --profile`,
 * `dot` and `schedule` all measure through measure_run.
 *
 *     MeasureOptions o = measure_options(g, nannots);   // df, P = 1, words, queue, by use
 *     o.sched.policy = "ws"; o.sched.P = 4;
 *     Measure m;
 *     if (measure_run(g, &o, &m, msg, sizeof msg)) … error in msg …
 *     … m.hwm, m.hwm_step, m.holders[0 .. m.nholders-1], m.sched, m.space …
 *     measure_holders_at(&m, step, &h, &nh, &approx);   // any other step
 *     measure_free(&m);
 */
#ifndef PML_MEASURE_H
#define PML_MEASURE_H

#include <stdint.h>
#include "callstack.h"
#include "graph.h"
#include "sched.h"
#include "space.h"

/* Who holds space: an annotation (the source expression that made the
 * holding node: graph_annot), the program's result, or the queue. */
typedef enum HolderKind {
    HOLDER_ANNOT,   /* an annotation (annot is its index) */
    HOLDER_RESULT,  /* the program's result, held by no edge (by use only) */
    HOLDER_QUEUE,   /* the scheduler queue: one unit per ready, unvisited node */
} HolderKind;

/* An annotation index past MeasureOptions.nannots: shown as "?". */
#define HOLDER_UNKNOWN_ANNOT UINT32_MAX

typedef struct Holder {
    HolderKind kind;
    uint32_t annot;     /* HOLDER_ANNOT: the annotation's index, or HOLDER_UNKNOWN_ANNOT */
    double space;       /* in the measure's units; by use, shares may be fractional */
    uint32_t stack;     /* HOLDER_ANNOT: the call stack (callstack.h) of its largest
                           single part (an edge by use, a value by allocation) */
} Holder;

/* How holders are found: by use (root edges share what they reach), by
 * allocation (each live value counts for its maker), or not at all. */
typedef enum MeasureBy { MEASURE_BY_USE, MEASURE_BY_ALLOC, MEASURE_NO_HOLDERS } MeasureBy;
/* The names of --by, indexed by MeasureBy, NULL-terminated ("use", "alloc"). */
extern const char *const measure_by_names[];

/* What a holder stands for (docs/attribution.md), given the node that
 * holds (by use: an edge's source; by allocation: the value):
 *   caller    the innermost position in the user's files among the node's
 *             expression and the call sites of its call stack: the
 *             expression itself when it is in the user's files, else the
 *             user's call that led into the prelude (its expression when
 *             no call did: the prelude's own top level);
 *   site      the node's expression;
 *   function  the function whose body made the node (the innermost call's
 *             function), its expression outside every function. */
typedef enum MeasureGroup { MEASURE_GROUP_CALLER, MEASURE_GROUP_SITE, MEASURE_GROUP_FUNCTION } MeasureGroup;
/* The names of --group, indexed by MeasureGroup, NULL-terminated. */
extern const char *const measure_group_names[];

typedef struct MeasureOptions {
    SchedOptions sched;     /* policy, P, coarse, seed */
    Units units;
    int with_queue;         /* the high-water mark and the holders count the queue */
    MeasureBy by;
    uint32_t nannots;       /* annotation indices 0..nannots-1 are known */
    MeasureGroup group;     /* caller and function need stacks and annots */
    const CallStacks *stacks; /* the run's call stacks (graph_stack names them) */
    const Annot *annots;    /* nannots annotations: file 0 is the prelude */
    int inclusive;          /* with group function: a function holds the space of
                               its calls and of everything they called (perf's
                               Children, GHC's inherited), recursion counted once;
                               shares then overlap */
    int profile;            /* keep the whole schedule and the space at every step
                               (Measure.sched, .space) until measure_trim; 0: only
                               the figures at the mark, found without per-step
                               arrays, and the steps the attribution reads
                               (sched.step), each schedule simulated once: a
                               simulated one's mark by space_mark (its deaths in
                               an array of their own while it is found), df on
                               one processor by the ids (sched_run) by
                               space_mark_by_ids, in its steps' own memory
                               (4 bytes a node less, and no ready counts) */
} MeasureOptions;

/* The defaults: df, P = 1, words, the queue counted, by use, grouped by
 * site, the profile kept. */
MeasureOptions measure_options(uint32_t nannots);
/* Groups holders by g, with the run's call stacks and annotations. */
void measure_set_group(MeasureOptions *o, MeasureGroup g, const CallStacks *stacks, const Annot *annots);

typedef struct Measure {
    const char *policy; /* o->sched.policy, not copied */
    uint32_t P;
    uint32_t T;         /* steps */
    uint64_t idle;      /* processor-steps with no node visited (delay + nowork) */
    uint64_t delay, nowork, overhead, steals; /* as in Schedule (sched.h) */
    uint64_t hwm;       /* high-water mark (heap + queue unless with_queue = 0) */
    uint32_t hwm_step;  /* first step reaching it */
    uint64_t heap;      /* heap space at hwm_step */
    uint64_t queue;     /* scheduler queue at hwm_step */
    Holder *holders;    /* every holder at hwm_step, largest first (ties: kind,
                           annot); the queue when with_queue and queue > 0 */
    uint32_t nholders;
    int approx;         /* by use: shares approximated (space_attrib_use) */
    Schedule sched;     /* the schedule and its space profile in full, until */
    SpaceProfile space; /* measure_trim; without o.profile only sched.step, and
                           space without its arrays (heap, queue NULL) */
    /* private */
    const Graph *g;
    MeasureOptions o;
    SpaceAttrib *attrib;
    uint32_t *user_site;    /* per call stack: its innermost call site in the user's files */
    double *stack_self;     /* inclusive: per call stack, the space made there (during measure_holders_at) */
} Measure;

/* Simulates o->sched on g, profiles the space and attributes it at the
 * high-water mark.  g must outlive m.  0, or -1 with msg (unknown policy,
 * out of memory) and nothing to free. */
int measure_run(const Graph *g, const MeasureOptions *o, Measure *m, char *msg, size_t msglen);

/* The same for a schedule made elsewhere (o->sched names it; its policy
 * and P are not simulated): s moves into m (s is emptied, and freed with m
 * whatever happens). */
int measure_schedule(const Graph *g, const MeasureOptions *o, Schedule *s, Measure *m, char *msg, size_t msglen);

/* The holders at any step <= m->T, as at the mark (even with by =
 * MEASURE_NO_HOLDERS: then by use); *holders is malloc'd.  Without
 * o.profile the queue is known at the mark only (elsewhere counted 0).  The
 * attribution state (a bit per node, space.h) is made on the first call
 * and reused.  0, or -1 (out of memory). */
int measure_holders_at(Measure *m, uint32_t step, Holder **holders, uint32_t *nholders, int *approx);

/* The attribution state of m's schedule (space.h), for per-edge shares;
 * freed with m.  NULL: out of memory. */
SpaceAttrib *measure_attrib(Measure *m);

/* Frees the schedule, the profile and the work arrays; keeps the figures
 * and the holders (for reports holding many measures). */
void measure_trim(Measure *m);
void measure_free(Measure *m);

#endif
