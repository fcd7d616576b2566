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
#include "textout.h"

typedef struct BoundsArgs {
    uint32_t K;             /* --static K, 0 none */
    uint64_t tasks;         /* --tasks N: at most N top-level processes */
    uint64_t latency;       /* --latency T: synchronisation latency in steps */
    int no_exact;           /* --no-exact */
    int json;               /* --format json */
} BoundsArgs;

enum { OPT_STATIC = CLI_OWN, OPT_TASKS, OPT_LATENCY, OPT_NO_EXACT, OPT_FORMAT };

static const CliOpt bounds_opts[] = {
    {OPT_STATIC, "static", "K", "also Broberg et al.'s bound for the top-level tasks on K processors", CLI_RANGE(CLI_U32, BoundsArgs, K, 1, 64)},
    {OPT_TASKS, "tasks", "N", "with --static: at most N top-level tasks", CLI_RANGE(CLI_U64, BoundsArgs, tasks, 1, BROBERG_MAX_N)},
    {OPT_LATENCY, "latency", "T", "with --static: synchronisation latency, in steps", CLI_RANGE(CLI_U64, BoundsArgs, latency, 0, 1000000)},
    {OPT_NO_EXACT, "no-exact", NULL, "skip the exact optimum (small graphs)", CLI_AT(CLI_FLAG, BoundsArgs, no_exact)},
    {OPT_FORMAT, "format", "text|json", "the report's format (default text; docs/output-formats.md)", CLI_AT(CLI_CHOICE, BoundsArgs, json)},
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

/* Each policy's schedule at P, as the table and the JSON show it. */
typedef struct PolicyRun { uint32_t T; uint64_t delay, nowork; } PolicyRun;

static int run_policies(const Graph *g, const SimOpts *so, uint32_t P, PolicyRun *out)
{
    for (uint32_t i = 0; i < so->npolicies; i++) {
        Schedule s;
        if (run_policy(g, so, so->policies[i], P, &s)) return -1;
        out[i] = (PolicyRun){s.T, s.delay, s.nowork};
        sched_free(&s);
    }
    return 0;
}

static const char *const exact_names[] = {
    [TIME_EXACT_OK] = "found", [TIME_EXACT_TOO_BIG] = "too_big", [TIME_EXACT_LIMIT] = "limit",
};

/* One P: the bounds, the optimum, each policy against them. */
static int bounds_at(const Graph *g, const SimOpts *so, const BoundsArgs *a, uint32_t P, const char *sep)
{
    TimeBounds b;
    if (time_bounds(g, P, &b)) { fprintf(stderr, "pml: error: out of memory\n"); return -1; }
    uint64_t opt = 0, states = 0;
    TimeExact er = a->no_exact ? TIME_EXACT_TOO_BIG : time_exact(g, P, &opt, &states);
    if (er != TIME_EXACT_OK && er != TIME_EXACT_TOO_BIG && er != TIME_EXACT_LIMIT) {
        fprintf(stderr, "pml: error: out of memory\n");
        return -1;
    }
    PolicyRun runs[sizeof ((SimOpts *)0)->policies / sizeof *((SimOpts *)0)->policies];
    if (run_policies(g, so, P, runs)) return -1;
    uint64_t best = er == TIME_EXACT_OK ? opt : b.lower;
    if (a->json) {
        printf("%s\n  {\"P\": %u, \"lower\": %llu, \"profile\": %llu, \"brent\": %llu, \"optimum\": ", sep, P,
               (unsigned long long)b.lower, (unsigned long long)b.profile, (unsigned long long)b.brent);
        if (er == TIME_EXACT_OK) printf("%llu", (unsigned long long)opt);
        else fputs("null", stdout);
        printf(", \"optimum_search\": \"%s\", \"downsets\": %llu,\n   \"policies\": [",
               a->no_exact ? "not_searched" : exact_names[er], (unsigned long long)states);
        for (uint32_t i = 0; i < so->npolicies; i++)
            printf("%s\n    {\"policy\": \"%s\", \"steps\": %u, \"speedup\": %s, \"delay\": %llu, \"nowork\": %llu, "
                   "\"over_best\": %s, \"better_exists\": %s}", i ? "," : "", so->policies[i], runs[i].T,
                   num_text((double)b.work / runs[i].T).s, (unsigned long long)runs[i].delay,
                   (unsigned long long)runs[i].nowork, num_text((double)runs[i].T / (double)best).s,
                   runs[i].T > b.profile ? "true" : "false");
        fputs("]}", stdout);
        return 0;
    }
    char buf[120];
    printf("\nP=%u\n", P);
    printf("  lower bound max(ceil(T1/P), Tinf)        %10llu\n", (unsigned long long)b.lower);
    printf("  profile bound (the level schedule)       %10llu\n", (unsigned long long)b.profile);
    printf("  Brent's bound floor((T1-Tinf)/P) + Tinf  %10llu\n", (unsigned long long)b.brent);
    printf("  optimum                                  %s\n",
           a->no_exact ? "not searched (--no-exact)" : exact_text(er, opt, states, graph_nodes(g), buf, sizeof buf));
    printf("  %-6s %10s %8s %10s %10s %10s  %s\n", "policy", "steps", "speedup", "delay", "no-work", "/ lower", "");
    for (uint32_t i = 0; i < so->npolicies; i++)
        printf("  %-6s %10u %8.2f %10llu %10llu %10.3f  %s\n", so->policies[i], runs[i].T, (double)b.work / runs[i].T,
               (unsigned long long)runs[i].delay, (unsigned long long)runs[i].nowork, (double)runs[i].T / (double)best,
               runs[i].T > b.profile ? "a better schedule exists (the level schedule)" : "");
    if (er == TIME_EXACT_OK) printf("  (/ lower: steps over the optimum)\n");
    return 0;
}

static void static_json(const BoundsArgs *a, const SimOpts *so, const BrobergTasks *t, double z,
                        const BrobergResult *r, const PolicyRun *runs)
{
    printf(",\n  \"static\": {\"K\": %u, \"latency\": %llu, \"tasks\": %u, \"depth\": %u, \"Tn\": %llu, "
           "\"syncs\": %llu, \"z\": %s,\n   \"profile\": [", a->K, (unsigned long long)a->latency, t->n, t->depth,
           (unsigned long long)t->Tn, (unsigned long long)t->syncs, num_text(z).s);
    for (uint32_t q = 1; q <= t->n; q++) printf("%s%s", q > 1 ? ", " : "", num_text(t->v[q]).s);
    printf("], \"p\": %s, \"allocation\": [", num_text(r->p).s);
    for (uint32_t i = 0; i < r->nalloc; i++) printf("%s%u", i ? ", " : "", r->alloc[i]);
    printf("],\n   \"evaluated\": %llu, \"allocations\": %llu, \"search_nodes\": %llu, \"bound_steps\": %s,\n"
           "   \"migrating\": [", (unsigned long long)r->complete, (unsigned long long)r->allocations,
           (unsigned long long)r->classes, num_text(r->p * (double)t->Tn).s);
    for (uint32_t i = 0; i < so->npolicies; i++)
        printf("%s{\"policy\": \"%s\", \"steps\": %u}", i ? ", " : "", so->policies[i], runs[i].T);
    fputs("]}", stdout);
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
    PolicyRun runs[sizeof ((SimOpts *)0)->policies / sizeof *((SimOpts *)0)->policies];
    if (run_policies(g, so, a->K, runs)) return -1;
    if (a->json) { static_json(a, so, &t, z, &r, runs); return 0; }
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
    for (uint32_t i = 0; i < so->npolicies; i++) printf(" %s %u", so->policies[i], runs[i].T);
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
    double par = span ? (double)graph_nodes(g) / (double)span : 0;
    if (a->json) {
        json_open(stdout, "bounds");
        fputs(" \"file\": ", stdout);
        json_string(stdout, strcmp(r->file, "-") ? r->file : "<stdin>");
        printf(", \"work\": %u, \"span\": %llu, \"parallelism\": %s,\n  \"procs\": [", graph_nodes(g),
               (unsigned long long)span, num_text(par).s);
    } else {
        printf("work %u nodes, span %llu nodes, parallelism %.2f\n", graph_nodes(g), (unsigned long long)span, par);
    }
    for (uint32_t j = 0; j < so->nprocs; j++)
        if (bounds_at(g, so, a, so->procs[j], j ? "," : "")) return EXIT_PROGRAM;
    if (a->json) fputs("]", stdout);
    if (a->K && static_bound(g, so, a)) return EXIT_PROGRAM;
    if (a->json) fputs("\n}\n", stdout);
    return EXIT_OK;
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

/* What --help says of the shared options this command defaults otherwise. */
static const CliDefault bounds_defaults[] = {{CLI_SCHED, "every policy"}, {'p', "2"}, {0}};

const CliSteps cli_cmd_bounds = {.opts = bounds_opts, .groups = CLI_GROUP_COMMON | CLI_GROUP_SIM,
                                 .size = sizeof(BoundsArgs), .init = bounds_init, .check = bounds_check,
                                 .load = CLI_LOAD_EVAL, .body = bounds_body, .refused = bounds_refused, .defaults = bounds_defaults,
                                 .refused_why = "pml bounds counts steps, not space", .later_bytes = 12};
