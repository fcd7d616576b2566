/*
 * sched.h — the lock-step simulator (paper §4.1; docs/scheduling.md).
 *
 * Time advances in steps 1..T; at each step each of P processors visits at
 * most one ready node.  A policy decides which; policies sit behind the
 * small interface of the paper's Fig. 9 (add / get / finish), one file per
 * policy (sched_df.c, sched_bf.c, sched_ws.c), listed in one table.
 */
#ifndef PML_SCHED_H
#define PML_SCHED_H

#include <stdint.h>
#include "graph.h"

/* The schedule of one run of one policy on P processors. */
typedef struct Schedule {
    uint32_t P;
    uint32_t T;          /* number of steps */
    uint32_t *step;      /* per node id (1..n): the step that visited it, 1..T */
    /* Per node id: the processor that visited it, 0..P-1, in a byte while
     * P <= SCHED_PROC_NARROW (proc; proc_wide NULL), else in proc_wide
     * (proc NULL); both NULL when SchedOptions.no_proc.  Read it with
     * sched_proc. */
    uint8_t *proc;
    uint32_t *proc_wide;
    uint32_t *ready;     /* per step 0..T: ready, unvisited nodes after it */
    uint64_t idle;       /* processor-steps with no node visited and no overhead paid */
    /* idle = delay + nowork (docs/time.md): at a step where r nodes were
     * ready for f processors free of overhead, min(f, r) of those could
     * have been busy; the idle ones among them are delay (0 for a greedy
     * policy: df, bf), the rest no-work. */
    uint64_t delay;      /* idle processor-steps while a ready node was left waiting */
    uint64_t nowork;     /* idle processor-steps with nothing ready to take */
    /* Overhead (SchedOptions.fork_cost, steal_cost): the work inflation F_P
     * of Acar et al. §2.8.  Every processor-step either visits a node, pays
     * overhead or idles, so P*T = n + idle + overhead exactly. */
    uint64_t overhead;   /* processor-steps spent on fork, join and steal costs */
    uint64_t steals;     /* successful steals (ws) */
    int by_ids;          /* 1: df on one processor taken by the id order, not
                            simulated (sched_run): step[v] = v */
} Schedule;

typedef struct SchedOptions {
    const char *policy;  /* "df", "bf", "ws" */
    uint32_t P;          /* >= 1 */
    int coarse;          /* --coarse: a thread runs until it forks or joins */
    uint64_t seed;       /* ws: PRNG seed */
    /* Overhead costs in steps (default 0: none).  A processor that visits
     * a fork (two children) or a join (two parents) spends fork_cost more
     * steps on it before the nodes it enables become ready; one that
     * steals a node spends steal_cost steps before visiting it. */
    uint32_t fork_cost, steal_cost;
    int no_proc;         /* 1: the caller never reads the processors: Schedule.proc
                            is not kept (a byte per node less, and faster bf) */
    int no_shortcut;     /* tests: simulate df on one processor as any other
                            schedule, not by the id order (sched_run) */
    int no_ready;        /* df on one processor taken by the ids (Schedule.by_ids):
                            no ready counts (Schedule.ready NULL, 4 bytes a node
                            less; SchedIds counts them again).  A simulated
                            schedule keeps them whatever this says */
} SchedOptions;

#define SCHED_PROC_NARROW 256u  /* processor numbers fit a byte up to this P */

/* The processor that visited v; s keeps processors (not no_proc). */
static inline uint32_t sched_proc(const Schedule *s, uint32_t v)
{
    return s->proc ? s->proc[v] : s->proc_wide[v];
}
/* Allocates s's processor array for n nodes and s->P processors, zeroed,
 * narrow or wide as s->P needs; 0, or -1 if out of memory. */
int sched_alloc_proc(Schedule *s, uint32_t n);
/* Frees s's processor array, if any (as if simulated with no_proc). */
void sched_drop_proc(Schedule *s);
static inline void sched_set_proc(Schedule *s, uint32_t v, uint32_t p)
{
    if (s->proc) s->proc[v] = (uint8_t)p;
    else if (s->proc_wide) s->proc_wide[v] = p;
}

/* Simulates; 0 on success, -1 with msg (unknown policy, out of memory).
 * df on one processor without overheads or --coarse takes no simulation
 * when the ids are a topological order with node 1 the only source (the
 * interpreter's 1DF numbering): it visits node t at step t (paper §4.1,
 * the 1DF schedule), and one pass over the graph counts the ready nodes.
 * Other graphs are simulated. */
int sched_run(const Graph *g, const SchedOptions *o, Schedule *out, char *msg, size_t msglen);
/* Frees s; its large arrays are kept for the next schedule of the
 * process (sched.c, spare arrays). */
void sched_free(Schedule *s);
/* --check-invariants: df on one processor taken by the ids (sched_run)
 * equals its simulation, step, processor and ready count for each, with
 * and without the ready counts (the latter trusting
 * graph_ids_topological, which must agree with the pass over the ids);
 * 0, or -1 with msg. */
int sched_check_ids(const Graph *g, char *msg, size_t msglen);
/* df on one processor by the ids, one step at a time: the ready counts of
 * sched_run's pass over the ids without an array, for a caller that reads
 * each once (the mark of space.c).  After sched_ids_init, ready is the
 * count after step 0 (node 1); each sched_ids_step visits node x + 1 and
 * updates ready (the ready, unvisited nodes after step x).  A bit per node
 * (the joins with one parent visited). */
typedef struct SchedIds {
    const Graph *g;
    uint64_t *half;     /* joins with one parent visited */
    uint64_t ready;     /* ready, unvisited nodes after step x */
    uint32_t x;         /* the last step taken: node x visited */
    uint32_t slot;      /* the slots of nodes 1..x (graph_children_seq) */
} SchedIds;
/* 0, or -1 out of memory (nothing to free). */
int sched_ids_init(SchedIds *it, const Graph *g);
/* Node x's stored children (x has GRAPH_SLOT) join the ready nodes as x
 * leaves them: each one at its last parent.  1 if a child is at or
 * before x (not topological). */
static inline int sched_ids_stored(SchedIds *it, uint32_t x)
{
    uint32_t c[2];
    int k = graph_children_seq(it->g, x, c, &it->slot);
    it->ready--;
    for (int i = 0; i < k; i++) {
        if (c[i] <= x) return 1;
        if (graph_in_degree(it->g, c[i]) == 1 || (it->half[c[i] / 64] >> (c[i] % 64) & 1)) it->ready++;
        else it->half[c[i] / 64] |= 1ull << (c[i] % 64);
    }
    return 0;
}
/* Step x + 1 (x + 1 <= nodes).  0, or 1: the ids are not the df order on
 * one processor (a second source, or a child at or before its parent;
 * sched_run simulates such a graph). */
static inline int sched_ids_step(SchedIds *it)
{
    const Graph *g = it->g;
    uint32_t x = ++it->x;
    if (x > 1 && graph_in_degree(g, x) == 0) return 1;  /* a second source */
    /* no stored child: at most child x + 1, and x is its last parent (any
     * other is below x in a topological order, and marked it in half when
     * visited), so it joins the ready nodes as x leaves them */
    if (__builtin_expect(!graph_stores_child(g, x), 1)) {
        it->ready -= !(g->kindpred[x] & GRAPH_NEXT);
        return 0;
    }
    return sched_ids_stored(it, x);
}
/* sched_ids_step on a graph already known to be in the df order on one
 * processor (a schedule by the ids was made of it: Schedule.by_ids):
 * without the check for a second source, a tenth of the mark's time. */
static inline void sched_ids_next(SchedIds *it)
{
    uint32_t x = ++it->x;
    if (__builtin_expect(!graph_stores_child(it->g, x), 1)) it->ready -= !(it->g->kindpred[x] & GRAPH_NEXT);
    else sched_ids_stored(it, x);
}
void sched_ids_free(SchedIds *it);
/* Frees s's ready counts alone (s->ready NULL). */
void sched_free_ready(Schedule *s);
/* A node-sized work array of at least `bytes`, not zeroed: a spare one
 * (sched.c, spare arrays: pages already mapped) if one fits, else a new
 * one; NULL out of memory.  Give it back with sched_array_put (free works
 * too, but keeps nothing). */
void *sched_array_take(size_t bytes);
void sched_array_put(void *p);
/* The names of the policies, NULL-terminated (for usage messages). */
extern const char *const sched_policy_names[];

#endif
