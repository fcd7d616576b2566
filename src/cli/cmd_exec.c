/*
 * cmd_exec.c — `pml exec FILE …`: run the program for real on P threads
 * under each policy, measure its heap (src/exec, docs/exec.md); with
 * --compare, the simulator's prediction beside each measurement.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "exec.h"
#include "sched.h"
#include "space.h"
#include "textout.h"

enum { FMT_TEXT, FMT_JSON, FMT_CSV };    /* --format's values, in order */

typedef struct ExecRun {
    ExecPolicy policy;
    uint32_t P;
    ExecStats st;
    int64_t predicted;      /* --compare: the simulator's mark (words); -1: none */
    int64_t predicted_open; /* --compare: the pairs open at that mark */
} ExecRun;

/* The pairs forked and not joined once the steps 1..t have run. */
static int64_t open_at(const Graph *g, const Schedule *s, uint32_t t)
{
    int64_t open = 0;
    for (uint32_t v = 1; v <= g->n; v++)
        if (s->step[v] <= t) open += graph_kind(g, v) == NK_FORK ? 1 : graph_kind(g, v) == NK_JOIN ? -1 : 0;
    return open;
}

/* --compare: the simulator's heap high-water mark for each run (words,
 * the queue not counted: the runtime's queue is its own line); with
 * --coarse, of the schedule that reschedules at forks and joins only. */
static int predict(const char *file, const CommonOpts *common, uint64_t seed, int coarse, ExecRun *runs, uint32_t n)
{
    CommonOpts c = *common;
    if (!(c.eo.input = cli_stdin_replay())) return EXIT_PROGRAM;
    Loaded l;
    int rc = cli_load(file, &c, 1, &l);
    fclose(c.eo.input);
    if (rc != EXIT_OK) return rc;
    char msg[256];
    for (uint32_t i = 0; i < n && rc == EXIT_OK; i++) {
        SchedOptions so = {.policy = exec_policy_name(runs[i].policy), .P = runs[i].P, .coarse = coarse,
                           .seed = seed, .no_proc = 1};
        Schedule s;
        SpaceMark k;
        if (sched_run(&l.run.g, &so, &s, msg, sizeof msg)) {
            fprintf(stderr, "pml: error: %s\n", msg);
            rc = EXIT_PROGRAM;
            break;
        }
        if (space_mark(&l.run.g, &s, UNITS_WORDS, 0, &k)) {
            fprintf(stderr, "pml: error: out of memory for the space profile\n");
            rc = EXIT_PROGRAM;
        } else {
            runs[i].predicted = (int64_t)k.hwm;
            runs[i].predicted_open = open_at(&l.run.g, &s, k.hwm_step);
        }
        sched_free(&s);
    }
    cli_unload(&l);
    return rc;
}

static double busy_sum(const ExecRun *r)
{
    double b = 0;
    for (uint32_t k = 0; k < r->P; k++) b += r->st.busy[k];
    return b;
}

/* The formats of a row's first columns, as text or CSV: the run, the
 * prediction (--compare), the marks, the values' real words, the heap's
 * other figures, the pairs open at the model mark.  (CSV has values and
 * open last in the row, after the columns that came before them: NULL
 * here.) */
typedef struct RowFormat {
    const char *run, *predicted, *model, *model_bound, *measured, *values, *heap, *open;
} RowFormat;

static const RowFormat text_row = {"%-6s %3u ", "%12lld ", "%10llu ", "%7llu ", "%12llu ", "%10llu ",
                                   "%10llu %10llu %10llu %10llu %8llu ", "%7llu "};
static const RowFormat csv_row = {"%s,%u,", "%lld,", "%llu,", NULL, "%llu,", NULL, "%llu,%llu,%llu,%llu,%llu,", NULL};

/* A row's first columns: the policy and P, with --compare the
 * prediction, then the mark in model units, (text) its bound, the mark
 * in words, (text) the values' real words, bound, result, base,
 * overhead, samples and (text) the pairs open. */
static void write_head(FILE *f, const ExecRun *r, int compare, const RowFormat *rf)
{
    const ExecStats *st = &r->st;
    fprintf(f, rf->run, exec_policy_name(r->policy), r->P);
    if (compare) fprintf(f, rf->predicted, (long long)r->predicted);
    fprintf(f, rf->model, (unsigned long long)st->model_words);
    if (rf->model_bound) fprintf(f, rf->model_bound, (unsigned long long)st->model_bound_words);
    fprintf(f, rf->measured, (unsigned long long)st->mark_words);
    if (rf->values) fprintf(f, rf->values, (unsigned long long)st->value_words);
    fprintf(f, rf->heap, (unsigned long long)st->bound_words,
            (unsigned long long)st->result_words, (unsigned long long)st->base_words,
            (unsigned long long)st->overhead_words, (unsigned long long)st->samples);
    if (rf->open) fprintf(f, rf->open, (unsigned long long)st->open_at_mark);
}

/* --compare's summary: real words per model word, and each pair of runs
 * with the same P whose order (which policy keeps more) the measurement
 * in model units reverses.  Marks within 10% of each other, predicted or
 * measured, are not ordered: sampling and timing move a mark that much. */
static int ordered(double a, double b) { return a > 1.1 * b ? 1 : b > 1.1 * a ? -1 : 0; }

/* The range over the runs of words / model words, as "lo" or "lo to hi". */
static void write_ratio(FILE *f, const ExecRun *runs, uint32_t n, int values)
{
    double lo = 0, hi = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (!runs[i].st.model_words) continue;
        double w = (double)(values ? runs[i].st.value_words : runs[i].st.mark_words);
        double r = w / (double)runs[i].st.model_words;
        if (lo == 0 || r < lo) lo = r;
        if (r > hi) hi = r;
    }
    fprintf(f, "%.2f", lo);
    if (hi > lo) fprintf(f, " to %.2f", hi);
}

static void write_agreement(FILE *f, const ExecRun *runs, uint32_t n)
{
    fputs("real words per model word: the program's values (values / model) ", f);
    write_ratio(f, runs, n, 1);
    fputs(", the whole heap (measured / model) ", f);
    write_ratio(f, runs, n, 0);
    fputc('\n', f);
    uint32_t pairs = 0, agree = 0;
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = i + 1; j < n; j++) {
            const ExecRun *a = &runs[i], *b = &runs[j];
            if (a->P != b->P || a->policy == b->policy) continue;
            int want = ordered((double)a->predicted, (double)b->predicted);
            if (!want) continue;
            pairs++;
            int got = ordered((double)a->st.model_words, (double)b->st.model_words);
            if (got == want) { agree++; continue; }
            fprintf(f, "order differs: P=%u, %s %s %s predicted, but measured %s %s %s\n", a->P,
                    exec_policy_name(a->policy), want > 0 ? ">" : "<", exec_policy_name(b->policy),
                    exec_policy_name(a->policy), got > 0 ? ">" : got < 0 ? "<" : "~", exec_policy_name(b->policy));
        }
    if (pairs) fprintf(f, "policy order as predicted in %u of %u pairs\n", agree, pairs);
}

static void write_text(FILE *f, const ExecRun *runs, uint32_t n, uint64_t every, uint32_t pct, int compare)
{
    fprintf(f, "heap measured at every collection, one forced after max(%llu words, mark + %u%% - live) "
            "allocated, in real words or in model words: the true mark lies in [model, model + mbound] in model "
            "words, in [measured, measured + bound] in real words\n", (unsigned long long)every, pct);
    fprintf(f, "%-6s %3s %s%10s %7s %12s %10s %10s %10s %10s %10s %8s %7s %10s %6s  %s\n", "policy", "P",
            compare ? "   predicted " : "", "model", "mbound", "measured", "values", "bound", "result", "base", "overhead",
            "samples", "open", "wall(s)", "busy", "tasks (inline, steals, threads)");
    for (uint32_t i = 0; i < n; i++) {
        const ExecRun *r = &runs[i];
        write_head(f, r, compare, &text_row);
        fprintf(f, "%10.3f %5.0f%%  %llu (%llu, %llu, %llu)\n", r->st.wall,
                r->st.wall > 0 ? 100 * busy_sum(r) / (r->st.wall * r->P) : 0,
                (unsigned long long)r->st.tasks, (unsigned long long)r->st.inline_tasks,
                (unsigned long long)r->st.steals, (unsigned long long)r->st.threads);
    }
    fprintf(f, "(words; %smodel: the values live at the mark, each at its size in the cost semantics; "
            "mbound: at most max(N, E%% of model) + P*B model words, bound the same in real words (B: N/(8P) words, at least 1); "
            "measured: live heap high-water mark, in the interpreter's real words; values: the same of the program's "
            "values alone, without the interpreter's own objects; base: live before the run; open: the pairs "
            "forked and not yet joined when model was measured; "
            "overhead: the runtime's stacks and queues; busy: the processors' busy share of the wall time)\n",
            compare ? "predicted: the cost semantics' high-water mark for the policy and P (pml run); " : "");
    if (compare) write_agreement(f, runs, n);
}

static void write_json(FILE *f, const char *file, const char *value, const char *type, const ExecRun *runs,
                       uint32_t n, uint64_t every, int compare)
{
    json_open(f, "exec");
    fputs(" \"file\": ", f);
    json_string(f, file);
    fprintf(f, ", \"value\": ");
    json_string(f, value);
    json_type_field(f, type);
    fprintf(f, ", \"units\": \"words\", \"sample_words\": %llu, \"runs\": [", (unsigned long long)every);
    for (uint32_t i = 0; i < n; i++) {
        const ExecRun *r = &runs[i];
        fprintf(f, "%s\n  {\"policy\": \"%s\", \"P\": %u, ", i ? "," : "", exec_policy_name(r->policy), r->P);
        if (compare)
            fprintf(f, "\"predicted_words\": %lld, \"predicted_open_pairs\": %lld, ", (long long)r->predicted,
                    (long long)r->predicted_open);
        fprintf(f, "\"model_words\": %llu, \"model_bound_words\": %llu, \"value_words\": %llu, \"open_pairs\": %llu, ",
                (unsigned long long)r->st.model_words, (unsigned long long)r->st.model_bound_words,
                (unsigned long long)r->st.value_words,
                (unsigned long long)r->st.open_at_mark);
        fprintf(f, "\"mark_words\": %llu, \"bound_words\": %llu, \"result_words\": %llu, \"base_words\": %llu, "
                "\"overhead_words\": %llu, \"samples\": %llu, \"alloc_words\": %llu, \"tasks\": %llu, "
                "\"inline_tasks\": %llu, \"steals\": %llu, \"threads\": %llu, \"stacks\": %llu, \"wall_s\": %s, \"busy_s\": [",
                (unsigned long long)r->st.mark_words, (unsigned long long)r->st.bound_words,
                (unsigned long long)r->st.result_words, (unsigned long long)r->st.base_words,
                (unsigned long long)r->st.overhead_words, (unsigned long long)r->st.samples,
                (unsigned long long)r->st.alloc_words, (unsigned long long)r->st.tasks,
                (unsigned long long)r->st.inline_tasks, (unsigned long long)r->st.steals,
                (unsigned long long)r->st.threads, (unsigned long long)r->st.stacks, num_text(r->st.wall).s);
        for (uint32_t k = 0; k < r->P; k++) fprintf(f, "%s%s", k ? ", " : "", num_text(r->st.busy[k]).s);
        fprintf(f, "]}");
    }
    fprintf(f, "\n]}\n");
}

static void write_csv(FILE *f, const ExecRun *runs, uint32_t n, uint64_t every, int compare)
{
    fprintf(f, "policy,P,%smodel_words,mark_words,bound_words,result_words,base_words,overhead_words,samples,sample_words,"
            "alloc_words,tasks,inline_tasks,steals,threads,wall_s,busy_s,value_words,open_pairs,model_bound_words%s\n", compare ? "predicted_words," : "",
            compare ? ",predicted_open_pairs" : "");
    for (uint32_t i = 0; i < n; i++) {
        const ExecRun *r = &runs[i];
        write_head(f, r, compare, &csv_row);
        fprintf(f, "%llu,%llu,%llu,%llu,%llu,%llu,%s,%s,%llu,%llu,%llu", (unsigned long long)every,
                (unsigned long long)r->st.alloc_words, (unsigned long long)r->st.tasks,
                (unsigned long long)r->st.inline_tasks, (unsigned long long)r->st.steals,
                (unsigned long long)r->st.threads, num_text(r->st.wall).s, num_text(busy_sum(r)).s,
                (unsigned long long)r->st.value_words, (unsigned long long)r->st.open_at_mark,
                (unsigned long long)r->st.model_bound_words);
        if (compare) fprintf(f, ",%lld", (long long)r->predicted_open);
        fputc('\n', f);
    }
}

enum { EXEC_MAX_RUNS = 256 };

typedef struct ExecArgs {
    uint64_t every;         /* --sample N */
    uint32_t pct;           /* --sample-error PCT */
    int fmt, compare;
    ExecRun runs[EXEC_MAX_RUNS];    /* each policy with each P */
    uint32_t n;
} ExecArgs;

enum { OPT_SAMPLE = CLI_OWN, OPT_SAMPLE_ERROR, OPT_FORMAT, OPT_COMPARE };

static const CliOpt exec_opts[] = {
    {OPT_SAMPLE, "sample", "N", "the sampling error floor in words: a mark is within max(N, PCT% of it) + P*B of the true one (default 65536)", CLI_RANGE(CLI_U64, ExecArgs, every, 1, 1ull << 40)},
    {OPT_SAMPLE_ERROR, "sample-error", "PCT", "PCT of that bound (paper §5.4; default 25)", CLI_RANGE(CLI_U32, ExecArgs, pct, 0, 100)},
    {OPT_COMPARE, "compare", NULL, "beside each run, the simulator's prediction", CLI_AT(CLI_FLAG, ExecArgs, compare)},
    {OPT_FORMAT, "format", "text|json|csv", "the report's format (default text)", CLI_AT(CLI_CHOICE, ExecArgs, fmt)},
    {0},
};

/* The runs asked for: each policy with each P. */
static int plan_runs(const SimOpts *so, ExecRun *runs, uint32_t *n)
{
    const char *const *dflt_pol = sched_policy_names;
    static const uint32_t dflt_p[] = {1};
    const char *const *pol = so->npolicies ? so->policies : dflt_pol;
    uint32_t np = so->npolicies ? so->npolicies : 1;
    const uint32_t *procs = so->nprocs ? so->procs : dflt_p;
    uint32_t nq = so->nprocs ? so->nprocs : 1;
    *n = 0;
    if (np * nq > EXEC_MAX_RUNS) {
        cli_usage_error("pml exec: at most %d runs (policies times processor counts), not %u", EXEC_MAX_RUNS, np * nq);
        return -1;
    }
    for (uint32_t a = 0; a < np; a++)
        for (uint32_t b = 0; b < nq; b++) {
            ExecRun *r = &runs[(*n)++];
            memset(r, 0, sizeof *r);
            r->predicted = -1;
            if (exec_policy_parse(pol[a], &r->policy)) {
                char names[64];
                cli_usage_error("pml exec: --sched: %s, not '%s'", cli_names(sched_policy_names, ", ", names, sizeof names), pol[a]);
                return -1;
            }
            if (procs[b] > EXEC_MAX_PROCS) {
                cli_usage_error("pml exec: -p: at most %d processors, not %u", EXEC_MAX_PROCS, procs[b]);
                return -1;
            }
            r->P = procs[b];
        }
    return 0;
}

static void exec_init(void *o)
{
    ((ExecArgs *)o)->every = EXEC_SAMPLE_WORDS;
    ((ExecArgs *)o)->pct = EXEC_SAMPLE_ERROR;
}

static int exec_check(void *o, CliRun *r)
{
    ExecArgs *x = o;
    if (plan_runs(&r->sim, x->runs, &x->n)) return EXIT_USAGE;
    if (r->sim.coarse && !x->compare) {
        cli_usage_error("pml exec: --coarse has no effect without --compare: it simulates the prediction at the "
                        "granularity of forks and joins (paper §4.1), where the runtime reschedules");
        return EXIT_USAGE;
    }
    if (x->fmt == FMT_TEXT) r->common.eo.print_out = stdout;
    return EXIT_OK;
}

/* Each run in turn; they must agree on the value (*value, the caller's to
 * free).  Each reads the same standard input (cli_stdin_replay), as does
 * --compare's evaluation. */
static int exec_runs(ExecArgs *x, const CliRun *r, char **value, const char **name)
{
    for (uint32_t i = 0; i < x->n; i++) {
        ExecRun *run = &x->runs[i];
        ExecOptions xo = {.policy = run->policy, .procs = run->P, .sample_words = x->every,
                          .sample_error = x->pct, .seed = r->sim.seed};
        EvalOptions eo = r->common.eo;
        if (!(eo.input = cli_stdin_replay())) return EXIT_PROGRAM;
        int rc = cli_exec(&r->l, &eo, &xo, &run->st);
        fclose(eo.input);
        if (rc != EXIT_OK) return rc;
        char *v = run->st.value_text;
        run->st.value_text = NULL;
        if (!*value) {
            *value = v;
            *name = run->st.result_name;
            continue;
        }
        rc = strcmp(*value, v ? v : "") ? EXIT_PROGRAM : EXIT_OK;
        if (rc != EXIT_OK)
            fprintf(stderr, "pml: error: %s with P = %u gave %s, not %s\n", exec_policy_name(run->policy), run->P,
                    v ? v : "no value", *value);
        free(v);
        if (rc != EXIT_OK) return rc;
    }
    return EXIT_OK;
}

static int exec_body(void *o, CliRun *r)
{
    ExecArgs *x = o;
    char *value = NULL;
    const char *name = NULL;
    int rc = exec_runs(x, r, &value, &name);
    if (rc == EXIT_OK && x->compare) rc = predict(r->file, &r->common, r->sim.seed, r->sim.coarse, x->runs, x->n);
    if (rc == EXIT_OK && x->fmt == FMT_TEXT) {
        if (value) text_result(stdout, name, value, r->l.prog->result_type);
        write_text(stdout, x->runs, x->n, x->every, x->pct, x->compare);
    } else if (rc == EXIT_OK && x->fmt == FMT_JSON) {
        write_json(stdout, r->file, value, r->l.prog->result_type, x->runs, x->n, x->every, x->compare);
    } else if (rc == EXIT_OK) {
        write_csv(stdout, x->runs, x->n, x->every, x->compare);
    }
    free(value);
    return rc;
}

/* What a real run has no use for (docs/options.md). */
static const int exec_refused[] = {CLI_UNITS, CLI_NO_QUEUE, CLI_FORK_COST, CLI_STEAL_COST, CLI_CHECK_INV, 0};

const CliSteps cli_cmd_exec = {.opts = exec_opts, .groups = CLI_GROUP_COMMON | CLI_GROUP_SIM | CLI_GROUP_PRINT,
                               .size = sizeof(ExecArgs), .init = exec_init, .check = exec_check,
                               .load = CLI_LOAD_RESOLVE, .body = exec_body, .refused = exec_refused,
                               .refused_why = "pml exec runs the program for real, on threads: no cost graph, no "
                                              "simulated schedule, the heap in words (docs/exec.md)"};
