/*
 * cmd_bounds.c — `pml bounds FILE -p P…` (docs/time.md): how far each
 * policy is from the best possible schedule: the lower bound, the
 * profile (level schedule) and Brent bounds, the exact optimum for small
 * graphs, each policy's steps as a ratio to the best lower bound known;
 * with --static K, Broberg et al.'s bound for the top-level tasks
 * allocated, without migration, to K processors.
 */
#include <stdlib.h>
#include <string.h>

#include "bounds.h"
#include "broberg.h"
#include "cli.h"
#include "graph.h"
#include "sched.h"

typedef struct BoundsArgs {
    uint32_t K;             /* --static K, 0 none */
    uint64_t tasks;         /* --tasks N: at most N top-level processes */
    uint64_t latency;       /* --latency T: synchronisation latency in steps */
    int no_exact;           /* --no-exact */
} BoundsArgs;

enum { OPT_STATIC = CLI_OWN, OPT_TASKS, OPT_LATENCY, OPT_NO_EXACT };

static const CliOpt bounds_opts[] = {
    {OPT_STATIC, "static", "K", "also Broberg et al.'s bound for the top-level tasks on K processors", CLI_RANGE(CLI_U32, BoundsArgs, K, 1, 64)},
    {OPT_TASKS, "tasks", "N", "with --static: at most N top-level tasks", CLI_RANGE(CLI_U64, BoundsArgs, tasks, 1, BROBERG_MAX_N)},
    {OPT_LATENCY, "latency", "T", "with --static: synchronisation latency, in steps", CLI_RANGE(CLI_U64, BoundsArgs, latency, 0, 1000000)},
    {OPT_NO_EXACT, "no-exact", NULL, "skip the exact optimum (small graphs)", CLI_AT(CLI_FLAG, BoundsArgs, no_exact)},
    {0},
};

static int run_policy(const Graph *g, const SimOpts *so, const char *pol, uint32_t P, Schedule *s)
{
    SchedOptions o = cli_sched_options(so, pol, P);
    o.no_proc = 1;      /* the steps are all it needs */
    char msg[256];
    if (sched_run(g, &o, s, msg, sizeof msg)) { fprintf(stderr, "pml: error: %s\n", msg); return -1; }
    return 0;
}

static const char *exact_text(TimeExact r, uint64_t opt, uint64_t states, uint32_t n, char *buf, size_t len)
{
    switch (r) {
    case TIME_EXACT_OK: snprintf(buf, len, "%llu (branch-and-bound, %llu downsets)", (unsigned long long)opt, (unsigned long long)states); break;
    case TIME_EXACT_TOO_BIG: snprintf(buf, len, "not searched: %u nodes > %d", n, TIME_EXACT_MAX_NODES); break;
    case TIME_EXACT_LIMIT: snprintf(buf, len, "not found within %u downsets", TIME_EXACT_MAX_STATES); break;
    default: snprintf(buf, len, "out of memory"); break;
    }
    return buf;
}

/* One P: the bounds, the optimum, each policy against them. */
static int bounds_at(const Graph *g, const SimOpts *so, const BoundsArgs *a, uint32_t P)
{
    TimeBounds b;
    if (time_bounds(g, P, &b)) { fprintf(stderr, "pml: error: out of memory\n"); return -1; }
    uint64_t opt = 0, states = 0;
    TimeExact er = a->no_exact ? TIME_EXACT_TOO_BIG : time_exact(g, P, &opt, &states);
    char buf[120];
    uint64_t best = er == TIME_EXACT_OK ? opt : b.lower;
    printf("\nP=%u\n", P);
    printf("  lower bound max(ceil(T1/P), Tinf)        %10llu\n", (unsigned long long)b.lower);
    printf("  profile bound (the level schedule)       %10llu\n", (unsigned long long)b.profile);
    printf("  Brent's bound floor((T1-Tinf)/P) + Tinf  %10llu\n", (unsigned long long)b.brent);
    printf("  optimum                                  %s\n",
           a->no_exact ? "not searched (--no-exact)" : exact_text(er, opt, states, graph_nodes(g), buf, sizeof buf));
    printf("  %-6s %10s %8s %10s %10s %10s  %s\n", "policy", "steps", "speedup", "delay", "no-work", "/ lower", "");
    for (uint32_t i = 0; i < so->npolicies; i++) {
        Schedule s;
        if (run_policy(g, so, so->policies[i], P, &s)) return -1;
        printf("  %-6s %10u %8.2f %10llu %10llu %10.3f  %s\n", so->policies[i], s.T, (double)b.work / s.T,
               (unsigned long long)s.delay, (unsigned long long)s.nowork, (double)s.T / (double)best,
               s.T > b.profile ? "a better schedule exists (the level schedule)" : "");
        sched_free(&s);
    }
    if (er == TIME_EXACT_OK) printf("  (/ lower: steps over the optimum)\n");
    return 0;
}

/* --static K: Broberg et al. on the top-level tasks. */
static int static_bound(const Graph *g, const SimOpts *so, const BoundsArgs *a)
{
    BrobergTasks t;
    uint32_t max_n = a->tasks ? (uint32_t)a->tasks : 4 * a->K < BROBERG_MAX_N ? 4 * a->K : BROBERG_MAX_N;
    if (broberg_tasks(g, max_n, &t)) { fprintf(stderr, "pml: error: out of memory\n"); return -1; }
    double z = t.work ? (double)t.syncs / (double)t.work : 0;
    BrobergResult r;
    if (broberg_bound(t.n, a->K, (double)a->latency, z, t.v, &r)) { fprintf(stderr, "pml: error: out of memory\n"); return -1; }
    printf("\nstatic allocation, K=%u processors, latency %g (Broberg, Lundberg & Klonowska §3-§6)\n", a->K, (double)a->latency);
    printf("  tasks: %u processes (threads of the forks nested < %u deep), each sequential\n", t.n, t.depth);
    printf("  one processor per process: T(n) = %llu steps; %llu synchronisations, granularity z = %.6f\n",
           (unsigned long long)t.Tn, (unsigned long long)t.syncs, z);
    printf("  parallel profile V:");
    for (uint32_t q = 1; q <= t.n; q++) if (t.v[q] > 0) printf(" v%u=%.3f", q, t.v[q]);
    printf("\n  p = min_A s(A,V) + z r(A,t,V) = %.4f at A = (", r.p);
    for (uint32_t i = 0; i < r.nalloc; i++) printf("%s%u", i ? "," : "", r.alloc[i]);
    printf("); %llu of %llu allocations evaluated in full (%llu search nodes)\n", (unsigned long long)r.complete,
           (unsigned long long)r.allocations, (unsigned long long)r.classes);
    printf("  the best static allocation finishes within p * T(n) = %.1f steps\n", r.p * (double)t.Tn);
    printf("  migrating policies on %u processors:", a->K);
    for (uint32_t i = 0; i < so->npolicies; i++) {
        Schedule s;
        if (run_policy(g, so, so->policies[i], a->K, &s)) return -1;
        printf(" %s %u", so->policies[i], s.T);
        sched_free(&s);
    }
    printf(" steps\n");
    return 0;
}

static int bounds_body(void *o, CliRun *r)
{
    const BoundsArgs *a = o;
    SimOpts *so = &r->sim;
    cli_sim_all_policies(so);
    if (!so->nprocs) { so->procs[0] = 2; so->nprocs = 1; }
    const Graph *g = &r->l.run.g;
    uint64_t span = graph_span(g);
    printf("work %u nodes, span %llu nodes, parallelism %.2f\n", graph_nodes(g), (unsigned long long)span,
           span ? (double)graph_nodes(g) / (double)span : 0);
    for (uint32_t j = 0; j < so->nprocs; j++)
        if (bounds_at(g, so, a, so->procs[j])) return EXIT_PROGRAM;
    return a->K && static_bound(g, so, a) ? EXIT_PROGRAM : EXIT_OK;
}

static void bounds_init(void *o)
{
    ((BoundsArgs *)o)->latency = UINT64_MAX;    /* not given */
}

/* --tasks and --latency are --static's: EXIT_OK, or EXIT_USAGE after saying so. */
static int bounds_check(void *o, CliRun *r)
{
    BoundsArgs *a = o;
    (void)r;
    if (!a->K && (a->tasks || a->latency != UINT64_MAX)) {
        cli_usage_error("pml bounds: --tasks and --latency go with --static K");
        return EXIT_USAGE;
    }
    if (a->latency == UINT64_MAX) a->latency = 0;
    return EXIT_OK;
}

static const int bounds_refused[] = {CLI_UNITS, CLI_NO_QUEUE, 0};

const CliSteps cli_cmd_bounds = {.opts = bounds_opts, .groups = CLI_GROUP_COMMON | CLI_GROUP_SIM,
                                 .size = sizeof(BoundsArgs), .init = bounds_init, .check = bounds_check,
                                 .load = CLI_LOAD_EVAL, .body = bounds_body, .refused = bounds_refused,
                                 .refused_why = "pml bounds counts steps, not space"};
