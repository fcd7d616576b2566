/*
 * cmd_worst.c — `pml worst FILE [-D name=N]… [-p 1,2,4,64] [--sched=POLICY,…]
 * [--seed S] [--coarse] [--format text|json] [--fail-above WORDS]
 * [--witness s.json] [--exact] [--top K] [--by use|alloc] [--group caller|site|function]`:
 * the most heap space any schedule
 * can need (docs/worst-case.md).  Upper bounds from the free-point model
 * (M∞ for every schedule, M_P for schedules with at most P strands in
 * progress), a lower bound from a real schedule replayed through the
 * simulator's space computation, the built-in policies beside them, and
 * with --exact the true maxima by enumeration on small graphs.
 */
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "graph.h"
#include "measure.h"
#include "report.h"
#include "sched.h"
#include "textout.h"
#include "worst.h"

#define EXACT_BUDGET 2000000ull   /* downsets enumerated by --exact at most */

typedef struct WorstArgs {
    const char *file;           /* the runner's, from worst_check on */
    const SimOpts *sim;
    const char *witness;
    int json, exact, fail_set;
    uint64_t fail_above;
    uint32_t top;
    MeasureBy by;               /* --by, as pml run's (default use) */
    MeasureGroup group;         /* --group, as pml run's (default caller) */
} WorstArgs;

/* What one P comes to. */
typedef struct PolicyMark {
    const char *policy;
    uint64_t hwm;           /* heap alone */
    uint64_t run_hwm;       /* heap + scheduler queue: pml run's mark of the schedule */
    uint32_t most;          /* strands in progress at most */
    uint32_t over;          /* first step with more than P, 0 none */
} PolicyMark;

typedef struct PResult {
    uint32_t P;
    int64_t mp;
    PolicyMark pol[CLI_MAX_POLICIES];
    uint32_t npol;
    uint64_t busy;          /* the busy-leaves witness's mark (through M_P's downset) */
    uint64_t lower;         /* the best constructed witness's mark */
    const char *lower_from; /* which downset it went through */
    uint64_t best;          /* max(lower, every policy's mark) */
    const char *best_from;
    int approx, approx_ran;
    int64_t robust;
    WorstExact exact;
    int exact_ran;
    Measure worst;          /* the schedule reaching `best`, with holders */
} PResult;

enum { OPT_WITNESS = CLI_OWN, OPT_FORMAT, OPT_FAIL_ABOVE, OPT_TOP, OPT_EXACT, OPT_BY, OPT_GROUP };

static const CliOpt worst_opts[] = {
    {OPT_FORMAT, "format", "text|json", "the report's format (default text)", CLI_AT(CLI_CHOICE, WorstArgs, json)},
    {OPT_FAIL_ABOVE, "fail-above", "WORDS", "exit 1 if some schedule can need more than WORDS", CLI_CODE},
    {OPT_WITNESS, "witness", "s.json", "write the worst schedule found, as pml schedule does", CLI_AT(CLI_OUTPUT, WorstArgs, witness)},
    {OPT_EXACT, "exact", NULL, "the true maxima by enumeration (small graphs)", CLI_AT(CLI_FLAG, WorstArgs, exact)},
    {OPT_TOP, "top", "K", "the K biggest holders of the worst schedule (default 10, 0 all)", CLI_RANGE(CLI_U32, WorstArgs, top, 0, UINT32_MAX)},
    CLI_BY_ROW(OPT_BY, WorstArgs, by),
    CLI_GROUP_ROW(OPT_GROUP, WorstArgs, group),
    {0},
};

/* --fail-above WORDS: 0, or -1 after a usage error. */
static int worst_option(void *o, CliArgs *ca, int key)
{
    WorstArgs *a = o;
    (void)key;
    if (cli_parse_u64(ca->arg, &a->fail_above) || a->fail_above > INT64_MAX / 4) {
        cli_usage_error("--fail-above expects a number of words, not '%s'", ca->arg);
        return -1;
    }
    a->fail_set = 1;
    return 0;
}

static void worst_init(void *o)
{
    ((WorstArgs *)o)->top = 10;
    /* many node-sized arrays are made and freed one after the other (a
     * schedule and a profile per policy and witness): keep freed memory
     * for the next instead of returning it to the system and faulting it
     * back in (a third of the time on 10^6-node graphs) */
    mallopt(M_MMAP_THRESHOLD, 1 << 30);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
}

/* Words only; by default every policy, P = 1, 2, 8. */
static int worst_check(void *o, CliRun *r)
{
    WorstArgs *a = o;
    SimOpts *sim = &r->sim;
    a->file = r->file;
    a->sim = sim;
    if (sim->units != UNITS_WORDS) { cli_usage_error("pml worst measures heap space in words only (--units words)"); return EXIT_USAGE; }
    cli_sim_all_policies(sim);
    if (!sim->nprocs) { sim->procs[0] = 1; sim->procs[1] = 2; sim->procs[2] = 8; sim->nprocs = 3; }
    return EXIT_OK;
}

static MeasureOptions heap_options(const Loaded *l, const WorstArgs *a, const char *policy, uint32_t P, MeasureBy by)
{
    MeasureOptions o = measure_options(l->run.nannots);
    o.sched = cli_sched_options(a->sim, policy, P);
    o.with_queue = 0;   /* the bounds are on heap space */
    o.by = by;
    /* holders as pml run finds and names them (--by, --group; docs/attribution.md) */
    measure_set_group(&o, a->group, &l->run.stacks, l->run.annots);
    return o;
}

/* Schedule s (moved) measured, with its holders, into *w. */
static int measure_witness(const Loaded *l, const WorstArgs *a, uint32_t P, Schedule *s, Measure *w, char *msg, size_t len)
{
    MeasureOptions o = heap_options(l, a, "witness", P, a->by);
    return measure_schedule(&l->run.g, &o, s, w, msg, len);
}

/* A policy's schedule on P: its heap mark (the bounds' measure), and its
 * mark as pml run counts it, the scheduler queue too (docs/worst-case.md). */
static int measure_policy(const Loaded *l, const WorstArgs *a, const WorstModel *m, uint32_t P, PolicyMark *pk,
                          char *msg, size_t len)
{
    MeasureOptions o = heap_options(l, a, pk->policy, P, MEASURE_NO_HOLDERS);
    Measure pm;
    /* the space at every step: the heap's mark and, from the same arrays,
     * the mark with the queue; and every node's step, which
     * worst_max_in_progress reads */
    if (measure_run(&l->run.g, &o, &pm, msg, len)) return -1;
    pk->hwm = pm.hwm;
    pk->run_hwm = 0;
    for (uint32_t t = 0; t <= pm.space.T; t++)
        if (pm.space.heap[t] + pm.space.queue[t] > pk->run_hwm) pk->run_hwm = pm.space.heap[t] + pm.space.queue[t];
    pk->most = worst_max_in_progress(m, &pm.sched, P, &pk->over);
    measure_free(&pm);
    return 0;
}

/* Everything for one P. */
static int measure_p(const Loaded *l, const WorstArgs *a, const WorstModel *m, PResult *r, char *msg, size_t len)
{
    const Graph *g = &l->run.g;
    uint32_t P = r->P;
    r->mp = worst_mp(m, P);
    for (uint32_t i = 0; i < a->sim->npolicies; i++) {
        PolicyMark *pk = &r->pol[r->npol++];
        pk->policy = a->sim->policies[i];
        if (measure_policy(l, a, m, P, pk, msg, len)) return -1;
    }
    if (a->exact) {
        if (worst_exact(m, P, EXACT_BUDGET, &r->exact)) { snprintf(msg, len, "out of memory"); return -1; }
        r->exact_ran = r->exact.ran;
    }
    /* the witnesses: a busy-leaves schedule through M_P's downset, a
     * schedule through M∞'s, and one through the exact maximum's */
    uint8_t *in = malloc((size_t)m->n + 1);
    Measure best = {0};
    if (!in) goto oom;
    const char *names[] = {"the downset of M_P (busy leaves)", "the downset of M∞",
                           "the exact worst downset"};
    for (int c = 0; c < 3; c++) {
        Schedule s;
        Measure w;
        if (c == 2 && !r->exact_ran) break;
        if (c == 2) memcpy(in, r->exact.argmax, (size_t)m->n + 1);
        else if (worst_downset(m, c == 0 ? P : WORST_INF, in) < 0) goto oom;
        if (c == 0 ? worst_schedule_busy(m, in, P, &s) : worst_schedule_through(g, in, P, &s)) goto oom;
        if (measure_witness(l, a, P, &s, &w, msg, len)) { free(in); measure_free(&best); return -1; }
        if (c == 0) r->busy = w.hwm;
        if (!r->lower_from || w.hwm > r->lower) {
            r->lower = w.hwm;
            r->lower_from = names[c];
            measure_free(&best);
            best = w;
        } else measure_free(&w);
    }
    free(in);
    r->best = r->lower;
    r->best_from = "witness";
    int pol_best = -1;
    for (uint32_t i = 0; i < r->npol; i++)
        if (r->pol[i].hwm > r->best) { r->best = r->pol[i].hwm; r->best_from = r->pol[i].policy; pol_best = (int)i; }
    if (pol_best >= 0) {   /* a policy is worse: its schedule, with holders */
        measure_free(&best);
        MeasureOptions o = heap_options(l, a, r->pol[pol_best].policy, P, a->by);
        return measure_run(g, &o, &r->worst, msg, len);
    }
    r->worst = best;    /* with its holders at the worst point, as `pml run` attributes them */
    return 0;
oom:
    free(in);
    measure_free(&best);
    snprintf(msg, len, "out of memory");
    return -1;
}

static void text_holders(FILE *f, const Loaded *l, const WorstArgs *a, const Measure *w)
{
    if (!w->nholders || !w->hwm) return;
    fprintf(f, "  at the worst point (step %u of %s's schedule), held by %s, grouped by %s:\n", w->hwm_step,
            w->policy, a->by == MEASURE_BY_USE ? "use" : "allocation", measure_group_names[a->group]);
    fprintf(f, "    %7s %10s  held by\n", "share", "words");
    double rest = 0;
    uint32_t others = 0;
    for (uint32_t i = 0; i < w->nholders; i++) {
        const Holder *h = &w->holders[i];
        if (a->top && i >= a->top) { rest += h->space; others++; continue; }
        HolderInfo hi = report_holder_info(&l->run, &l->src, h);
        fprintf(f, "    %6.1f%% %10.2f  ", 100.0 * h->space / (double)w->hwm, h->space);
        if (hi.line) fprintf(f, "%s:%u:%u  ", hi.file, hi.line, hi.col);
        for (const char *s = hi.text; *s && s - hi.text < 64; s++) fputc((unsigned char)*s < 0x20 ? ' ' : *s, f);
        if (strlen(hi.text) > 64) fputs("...", f);
        fputc('\n', f);
    }
    if (others) fprintf(f, "    %6.1f%% %10.2f  (%u more)\n", 100.0 * rest / (double)w->hwm, rest, others);
}

/* The same holders with the same shares at the same mark: the table of an
 * earlier P need not be printed again. */
static int same_holders(const Measure *x, const Measure *y)
{
    if (x->hwm != y->hwm || x->nholders != y->nholders) return 0;
    for (uint32_t i = 0; i < x->nholders; i++)
        if (x->holders[i].kind != y->holders[i].kind || x->holders[i].annot != y->holders[i].annot ||
            x->holders[i].space != y->holders[i].space)
            return 0;
    return 1;
}

static void text_out(FILE *f, const Loaded *l, const WorstArgs *a, const WorstModel *m, const PResult *rs, uint32_t n)
{
    fprintf(f, "%s: work %u nodes, %u strands; heap space in words (the bounds leave the scheduler queue out; "
            "pml run's marks count it)\n",
            a->file, m->n, m->nstrands);
    fprintf(f, "never freed: %llu words (the result and what it retains)\n", (unsigned long long)m->never_freed);
    fprintf(f, "every schedule, any policy, any P:  heap <= M∞ = %lld words\n", (long long)m->minf);
    for (uint32_t k = 0; k < n; k++) {
        const PResult *r = &rs[k];
        fprintf(f, "\nP=%u\n", r->P);
        fprintf(f, "  schedules with <= %u strands in progress (busy leaves):  heap <= M_%u = %lld words\n", r->P, r->P,
                (long long)r->mp);
        fprintf(f, "  busy-leaves bracket: %llu <= worst busy-leaves schedule <= %lld words\n", (unsigned long long)r->busy,
                (long long)r->mp);
        for (uint32_t i = 0; i < r->npol; i++) {
            const PolicyMark *pk = &r->pol[i];
            /* the heap alone, and beside it the mark pml run reports for the same schedule */
            fprintf(f, "  %-7s %10llu words heap, %llu with the queue (pml run's mark)   ", pk->policy,
                    (unsigned long long)pk->hwm, (unsigned long long)pk->run_hwm);
            if (pk->over) fprintf(f, "%u strands in progress (first over %u at step %u): bounded by M∞ only\n",
                                  pk->most, r->P, pk->over);
            else fprintf(f, "kept <= %u strands in progress: bounded by M_%u\n", r->P, r->P);
        }
        fprintf(f, "  %-7s %10llu words heap   a %u-processor schedule through %s, replayed\n",
                "witness", (unsigned long long)r->lower, r->P, r->lower_from);
        for (uint32_t i = 0; i < r->npol; i++)
            if (r->pol[i].hwm > r->lower)
                fprintf(f, "  note: %s needs %llu words more than the witness; the lower bound is %s's mark\n",
                        r->pol[i].policy, (unsigned long long)(r->pol[i].hwm - r->lower), r->best_from);
        fprintf(f, "  bracket: %llu <= worst schedule <= %lld words", (unsigned long long)r->best, (long long)m->minf);
        if (r->exact_ran) fprintf(f, "   (exact: %llu)", (unsigned long long)r->exact.all);
        fputc('\n', f);
        if (a->exact) {
            if (!r->exact_ran) fprintf(f, "  exact: not run: %s\n", r->exact.why);
            else {
                fprintf(f, "  exact over %llu downsets: every schedule %llu, <= %u strands in progress %llu, ",
                        (unsigned long long)r->exact.downsets, (unsigned long long)r->exact.all, r->P,
                        (unsigned long long)r->exact.busy);
                if (r->exact.greedy_ran) fprintf(f, "greedy %u-processor %llu\n", r->P, (unsigned long long)r->exact.greedy);
                else fprintf(f, "greedy: not run (%s)\n", r->exact.why);
            }
        }
        if (r->approx_ran)
            fprintf(f, "  approximate test at %llu words (Cilkmem §5, robust maximum %lld): %s\n",
                    (unsigned long long)a->fail_above, (long long)r->robust,
                    r->approx ? "M_P may reach it (M_P >= half of it)" : "M_P stays below it");
        uint32_t same = 0;  /* 1 + the earlier P whose table this one repeats */
        for (uint32_t j = 0; j < k && !same; j++) if (same_holders(&rs[j].worst, &r->worst)) same = j + 1;
        if (same && r->worst.nholders)
            fprintf(f, "  at the worst point (step %u of %s's schedule): the same holders as at P=%u, above\n",
                    r->worst.hwm_step, r->worst.policy, rs[same - 1].P);
        else text_holders(f, l, a, &r->worst);
    }
}

static void json_out(FILE *f, const Loaded *l, const WorstArgs *a, const WorstModel *m, const PResult *rs, uint32_t n)
{
    json_open(f, "worst");
    fputs("\n  \"file\": ", f);
    json_string(f, a->file);
    fprintf(f, ", \"nodes\": %u, \"strands\": %u, \"units\": \"words\", \"never_freed\": %llu,\n  \"M_inf\": %lld,\n",
            m->n, m->nstrands, (unsigned long long)m->never_freed, (long long)m->minf);
    fprintf(f, "  \"by\": \"%s\", \"group\": \"%s\",\n", measure_by_names[a->by], measure_group_names[a->group]);
    fputs("  \"procs\": [", f);
    for (uint32_t k = 0; k < n; k++) {
        const PResult *r = &rs[k];
        fprintf(f, "%s\n    {\"P\": %u, \"M_P\": %lld, \"busy_witness\": %llu, \"witness\": %llu, \"witness_through\": ", k ? "," : "", r->P,
                (long long)r->mp, (unsigned long long)r->busy, (unsigned long long)r->lower);
        json_string(f, r->lower_from);
        fprintf(f, ", \"lower\": %llu, \"lower_from\": \"%s\", \"upper\": %lld,\n      \"policies\": [", (unsigned long long)r->best,
                r->best_from, (long long)m->minf);
        for (uint32_t i = 0; i < r->npol; i++)
            fprintf(f, "%s{\"policy\": \"%s\", \"hwm\": %llu, \"run_hwm\": %llu, \"max_in_progress\": %u, \"busy_leaves\": %s, \"bound\": \"%s\"}",
                    i ? ", " : "", r->pol[i].policy, (unsigned long long)r->pol[i].hwm,
                    (unsigned long long)r->pol[i].run_hwm, r->pol[i].most,
                    r->pol[i].over ? "false" : "true", r->pol[i].over ? "M_inf" : "M_P");
        fputs("]", f);
        if (a->exact) {
            if (!r->exact_ran) { fputs(",\n      \"exact\": {\"ran\": false, \"why\": ", f); json_string(f, r->exact.why); fputs("}", f); }
            else {
                fprintf(f, ",\n      \"exact\": {\"ran\": true, \"downsets\": %llu, \"all\": %llu, \"busy_leaves\": %llu, \"greedy\": ",
                        (unsigned long long)r->exact.downsets, (unsigned long long)r->exact.all, (unsigned long long)r->exact.busy);
                if (r->exact.greedy_ran) fprintf(f, "%llu}", (unsigned long long)r->exact.greedy);
                else fputs("null}", f);
            }
        }
        if (r->approx_ran)
            fprintf(f, ",\n      \"approx\": {\"threshold\": %llu, \"robust\": %lld, \"answer\": \"%s\"}",
                    (unsigned long long)a->fail_above, (long long)r->robust, r->approx ? "at_risk" : "below");
        const Measure *w = &r->worst;
        fprintf(f, ",\n      \"worst_point\": {\"schedule\": \"%s\", \"step\": %u, \"heap\": %llu, \"holders\": [", w->policy,
                w->hwm_step, (unsigned long long)w->heap);
        for (uint32_t i = 0; i < w->nholders && (!a->top || i < a->top); i++) {
            HolderInfo hi = report_holder_info(&l->run, &l->src, &w->holders[i]);
            fprintf(f, "%s\n        {\"space\": %s, \"file\": ", i ? "," : "", num_text(w->holders[i].space).s);
            json_string(f, hi.file);
            fprintf(f, ", \"line\": %u, \"col\": %u, \"text\": ", hi.line, hi.col);
            json_string(f, hi.text);
            fputc('}', f);
        }
        fputs("]}}", f);
    }
    fputs("\n  ]", f);
    if (a->fail_set)
        fprintf(f, ",\n  \"fail_above\": %llu", (unsigned long long)a->fail_above);
    fputs("\n}\n", f);
}

/* --witness: the last P's worst schedule, in `pml schedule`'s format. */
static int write_witness(const WorstArgs *a, const Graph *g, const Measure *w)
{
    OutFile o;
    if (outfile_open(&o, a->witness)) return EXIT_PROGRAM;
    cli_write_schedule(o.f, w->policy, a->sim->coarse, a->sim->seed, UNITS_WORDS, 0, g, &w->sched, &w->space);
    return outfile_commit(&o) ? EXIT_PROGRAM : EXIT_OK;
}

static int worst_body(void *o, CliRun *r)
{
    const WorstArgs *a = o;
    const Loaded *l = &r->l;
    const Graph *g = &l->run.g;
    WorstModel m;
    char msg[256] = "";
    if (worst_build(g, &m, msg, sizeof msg)) { fprintf(stderr, "pml: error: %s\n", msg); return EXIT_PROGRAM; }
    uint32_t pmax = 0, n = a->sim->nprocs;
    for (uint32_t i = 0; i < n; i++) if (a->sim->procs[i] > pmax) pmax = a->sim->procs[i];
    PResult *rs = calloc(n, sizeof *rs);
    int rc = EXIT_OK;
    if (!rs || worst_dp(&m, pmax)) { fprintf(stderr, "pml: error: out of memory\n"); rc = EXIT_PROGRAM; goto done; }
    for (uint32_t i = 0; i < n; i++) {
        rs[i].P = a->sim->procs[i];
        if (measure_p(l, a, &m, &rs[i], msg, sizeof msg)) { fprintf(stderr, "pml: error: %s\n", msg); rc = EXIT_PROGRAM; goto done; }
        if (a->fail_set) { rs[i].approx = worst_approx(&m, rs[i].P, (int64_t)a->fail_above, &rs[i].robust); rs[i].approx_ran = 1; }
    }
    if (a->json) json_out(stdout, l, a, &m, rs, n);
    else text_out(stdout, l, a, &m, rs, n);
    fflush(stdout);
    if (a->witness) rc = write_witness(a, g, &rs[n - 1].worst);
    if (rc == EXIT_OK && a->fail_set) {
        /* the upper bound, or the true value where the enumeration ran */
        uint64_t worst = (uint64_t)m.minf;
        const char *what = "M∞, the upper bound over every schedule";
        if (rs[0].exact_ran) { worst = rs[0].exact.all; what = "the exact maximum over every schedule"; }
        if (worst > a->fail_above) {
            fprintf(stderr, "pml: worst-case heap space %llu words exceeds --fail-above %llu (%s)\n",
                    (unsigned long long)worst, (unsigned long long)a->fail_above, what);
            rc = EXIT_PROGRAM;
        }
    }
done:
    for (uint32_t i = 0; rs && i < n; i++) { measure_free(&rs[i].worst); worst_exact_free(&rs[i].exact); }
    free(rs);
    worst_free(&m);
    return rc;
}

static const int worst_refused[] = {CLI_NO_QUEUE, 0};

/* What --help says of the shared options this command defaults otherwise. */
static const CliDefault worst_defaults[] = {{CLI_SCHED, "every policy"}, {'p', "1,2,8"}, {0}};

const CliSteps cli_cmd_worst = {.opts = worst_opts, .groups = CLI_GROUP_COMMON | CLI_GROUP_SIM, .size = sizeof(WorstArgs),
                                .init = worst_init, .option = worst_option, .check = worst_check, .load = CLI_LOAD_EVAL,
                                .body = worst_body, .refused = worst_refused, .defaults = worst_defaults,
                                .refused_why = "pml worst bounds heap space; the scheduler queue is never counted", .later_bytes = 124};
