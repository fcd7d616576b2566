/*
 * report.c — the per-schedule report of `pml run` (paper §4.1;
 * docs/output-formats.md): simulate, find the high-water mark, attribute the space there to
 * annotations, print.  Every schedule is measured before anything is
 * printed, so a failure leaves no partial report.
 */
#include <stdlib.h>
#include <string.h>
#include "report.h"
#include "chart.h"
#include "docpath.h"
#include "textout.h"

void report_options_default(ReportOptions *o)
{
    static const char *const df[] = {"df"};
    static const uint32_t one[] = {1};
    memset(o, 0, sizeof *o);
    o->policies = df;
    o->npolicies = 1;
    o->procs = one;
    o->nprocs = 1;
    o->units = UNITS_WORDS;
    o->with_queue = 1;
    o->by = MEASURE_BY_USE;
    o->group = MEASURE_GROUP_CALLER;
    o->top = 10;
    o->format = REPORT_TEXT;
}

MeasureOptions report_measure_options(const CostRun *r, const ReportOptions *o, const char *policy, uint32_t P)
{
    MeasureOptions mo = measure_options(r->nannots);
    mo.sched = (SchedOptions){.policy = policy, .P = P, .coarse = o->coarse, .seed = o->seed,
                              .fork_cost = o->fork_cost, .steal_cost = o->steal_cost, .no_proc = 1};
    mo.units = o->units;
    mo.with_queue = o->with_queue;
    mo.by = o->by;
    measure_set_group(&mo, o->group, &r->stacks, r->annots);
    mo.inclusive = o->inclusive;
    return mo;
}

/* ---- printing ---- */

typedef struct Out {
    FILE *f;
    const CostRun *r;
    const Sources *s;
    const ReportOptions *o;
    uint64_t span;      /* of r's computation graph, computed once */
    const ReportCsvCols *x; /* CSV: a caller's columns around run's (NULL: none) */
    const Chart *charts;    /* --chart: one per schedule (NULL: none) */
} Out;

static const char *const kind_names[] = {"annotation", "result", "queue"};

/* The holder's annotation (its source position), if it has one. */
static const Annot *holder_span(const Out *w, const Holder *h)
{
    if (h->kind != HOLDER_ANNOT || h->annot == HOLDER_UNKNOWN_ANNOT || !w->r->annots) return NULL;
    return &w->r->annots[h->annot];
}

static const char *span_file(const Out *w, const Annot *sp)
{
    return sp && w->s && sp->file < w->s->n && w->s->files[sp->file].path ? w->s->files[sp->file].path : "";
}

static const char *holder_text(const Out *w, const Holder *h)
{
    if (h->kind == HOLDER_QUEUE) return "scheduler queue";
    if (h->kind == HOLDER_RESULT) return "the program's result";
    if (h->annot == HOLDER_UNKNOWN_ANNOT || !w->r->annots || !w->r->annots[h->annot].text) return "?";
    return w->r->annots[h->annot].text;
}

/* The holders listed: the top K annotations and the result, and the queue. */
static int listed(const ReportOptions *o, const Measure *sr, uint32_t i, uint32_t *rank)
{
    if (sr->holders[i].kind == HOLDER_QUEUE) return 1;
    return o->top == 0 || ++*rank <= o->top;
}

HolderInfo report_holder_info(const CostRun *r, const Sources *s, const Holder *h)
{
    Out w = {NULL, r, s, NULL, 0, NULL, NULL};
    const Annot *sp = holder_span(&w, h);
    return (HolderInfo){span_file(&w, sp), sp ? sp->line : 0, sp ? sp->col : 0, holder_text(&w, h)};
}

/* T1 / T_P and T1 / T_inf (Acar et al. §2.3; docs/time.md): T1 is the work. */
static double speedup(const Out *w, const Measure *sr) { return sr->T ? (double)graph_nodes(&w->r->g) / sr->T : 0; }
static double parallelism(const Out *w) { return w->span ? (double)graph_nodes(&w->r->g) / (double)w->span : 0; }

static double percent(const Measure *sr, double x) { return sr->hwm ? 100.0 * x / (double)sr->hwm : 0; }

static void text_number(FILE *f, double x)
{
    if (x == (double)(uint64_t)x) fprintf(f, "%10llu", (unsigned long long)x);
    else fprintf(f, "%10.2f", x);
}

/* Text for people: control characters (none after white-space folding) as spaces. */
static void text_plain(FILE *f, const char *s)
{
    /* cut long expressions: the position says where the rest is */
    size_t n = 0, max = 64;
    for (; *s; s++, n++) {
        if (n >= max && ((unsigned char)*s & 0xC0) != 0x80) { fputs("...", f); return; }
        fputc((unsigned char)*s < 0x20 ? ' ' : *s, f);
    }
}

static void text_holder(const Out *w, const Measure *sr, double space, const Annot *sp, const char *what)
{
    FILE *f = w->f;
    fprintf(f, "  %6.1f%% ", percent(sr, space));
    text_number(f, space);
    if (sp) fprintf(f, "  %s:%u:%u  ", span_file(w, sp), sp->line, sp->col);
    else fputs("  ", f);
    text_plain(f, what);
    fputc('\n', f);
}

/* A call stack's innermost call, as a holder (its site's annotation). */
static Holder stack_site(const Out *w, uint32_t s)
{
    uint32_t a = cstack_site(&w->r->stacks, s);
    return (Holder){HOLDER_ANNOT, a < w->r->nannots ? a : HOLDER_UNKNOWN_ANNOT, 0, 0};
}

/* --stack: the calls that led to the holder's largest part, innermost
 * first, one line each under the holder. */
static void text_stack(const Out *w, const Holder *h)
{
    const CallStacks *cs = &w->r->stacks;
    if (h->kind != HOLDER_ANNOT) return;
    for (uint32_t s = h->stack; s && s < cstack_count(cs); s = cstack_parent(cs, s)) {
        Holder site = stack_site(w, s);
        const Annot *sp = holder_span(w, &site);
        fputs("                      called from ", w->f);
        if (sp) fprintf(w->f, "%s:%u:%u  ", span_file(w, sp), sp->line, sp->col);
        text_plain(w->f, holder_text(w, &site));
        fputc('\n', w->f);
    }
}

/* Under the first holder table (on a terminal): what its terms mean. */
static void text_legend(const Out *w)
{
    fprintf(w->f, "  (share: of the high-water mark; %s; delay: idle while a ready node waited, no-work: idle with "
            "nothing ready; more in %s)\n",
            w->o->by == MEASURE_BY_USE
                ? "held by use: each live value split equally among the expressions that will still use it, "
                  "hence fractions of a word"
                : "held by allocation: each live value counted at the expression that allocated it",
            docpath("docs/attribution.md"));
}

/* Schedule k's section: 1 if it has a holder table, else 0. */
static int text_schedule(const Out *w, const Measure *sr, uint32_t k)
{
    FILE *f = w->f;
    const ReportOptions *o = w->o;
    fprintf(f, "\n%s%s, P=%u: %u steps, %llu idle processor-steps (%llu delay, %llu no-work)", sr->policy,
            o->coarse ? " --coarse" : "", sr->P, sr->T, (unsigned long long)sr->idle,
            (unsigned long long)sr->delay, (unsigned long long)sr->nowork);
    if (o->fork_cost || o->steal_cost)
        fprintf(f, ", %llu overhead (%llu steals)", (unsigned long long)sr->overhead, (unsigned long long)sr->steals);
    fprintf(f, ", speedup %.2f\n", speedup(w, sr));
    fprintf(f, "  time %u x %u = %u work + %llu idle + %llu overhead\n", sr->P, sr->T, graph_nodes(&w->r->g),
            (unsigned long long)sr->idle, (unsigned long long)sr->overhead);
    fprintf(f, "  high-water mark %llu %s at step %u (heap %llu, scheduler queue %llu%s)\n",
            (unsigned long long)sr->hwm, space_units_names[o->units], sr->hwm_step, (unsigned long long)sr->heap,
            (unsigned long long)sr->queue, o->with_queue ? "" : ", not counted");
    if (w->charts) chart_print(f, &w->charts[k], space_units_names[o->units]);
    if (!sr->nholders) return 0;
    fprintf(f, "  %7s %10s  held by %s at step %u, grouped by %s%s%s\n", "share", space_units_names[o->units],
            o->by == MEASURE_BY_USE ? "use" : "allocation", sr->hwm_step, measure_group_names[o->group],
            o->inclusive ? ", inclusive (each function with all it called: shares overlap)" : "",
            sr->approx ? " (shares approximated: each value split among its direct holders)" : "");
    uint32_t rank = 0, others = 0;
    double rest = 0;
    for (uint32_t i = 0; i < sr->nholders; i++) {
        const Holder *h = &sr->holders[i];
        if (listed(o, sr, i, &rank)) {
            text_holder(w, sr, h->space, holder_span(w, h), holder_text(w, h));
            if (o->stack) text_stack(w, h);
        } else {
            others++;
            rest += h->space;
        }
    }
    if (others) {
        char what[40];
        snprintf(what, sizeof what, "(%u more)", others);
        text_holder(w, sr, rest, NULL, what);
    }
    return 1;
}

static void json_holder(const Out *w, const Measure *sr, const Holder *h, const char *sep)
{
    FILE *f = w->f;
    const Annot *sp = holder_span(w, h);
    fprintf(f, "%s\n        {\"kind\": \"%s\", \"space\": %s, \"percent\": %s, \"file\": ", sep,
            kind_names[h->kind], num_text(h->space).s, num_text(percent(sr, h->space)).s);
    json_string(f, span_file(w, sp));
    fprintf(f, ", \"line\": %u, \"col\": %u, \"text\": ", sp ? sp->line : 0, sp ? sp->col : 0);
    json_string(f, holder_text(w, h));
    const CallStacks *cs = &w->r->stacks;
    if (w->o->stack && h->kind == HOLDER_ANNOT) {
        fputs(", \"stack\": [", f);
        for (uint32_t s = h->stack, k = 0; s && s < cstack_count(cs); s = cstack_parent(cs, s), k++) {
            Holder site = stack_site(w, s);
            const Annot *ss = holder_span(w, &site);
            fputs(k ? ", {\"file\": " : "{\"file\": ", f);
            json_string(f, span_file(w, ss));
            fprintf(f, ", \"line\": %u, \"col\": %u, \"text\": ", ss ? ss->line : 0, ss ? ss->col : 0);
            json_string(f, holder_text(w, &site));
            fputc('}', f);
        }
        fputc(']', f);
    }
    fputc('}', f);
}

static void json_schedule(const Out *w, const Measure *sr, const char *sep)
{
    FILE *f = w->f;
    fprintf(f, "%s\n    {\"policy\": ", sep);
    json_string(f, sr->policy);
    fprintf(f, ", \"P\": %u, \"steps\": %u, \"idle\": %llu, \"hwm\": %llu, \"hwm_step\": %u, "
            "\"heap\": %llu, \"queue\": %llu, \"shares\": \"%s\",",
            sr->P, sr->T, (unsigned long long)sr->idle, (unsigned long long)sr->hwm, sr->hwm_step,
            (unsigned long long)sr->heap, (unsigned long long)sr->queue, sr->approx ? "approximate" : "exact");
    fprintf(f, "\n      \"delay\": %llu, \"nowork\": %llu, \"overhead\": %llu, \"steals\": %llu, \"speedup\": %s,"
            "\n      \"holders\": [", (unsigned long long)sr->delay, (unsigned long long)sr->nowork,
            (unsigned long long)sr->overhead, (unsigned long long)sr->steals, num_text(speedup(w, sr)).s);
    uint32_t rank = 0, n = 0;
    double rest = 0;
    for (uint32_t i = 0; i < sr->nholders; i++) {
        if (!listed(w->o, sr, i, &rank)) { rest += sr->holders[i].space; continue; }
        json_holder(w, sr, &sr->holders[i], n++ ? "," : "");
    }
    fprintf(f, "%s],\n      \"others\": %s}", n ? "\n      " : "", num_text(rest).s);
}

static void json_run(const Out *w, const Measure *srs, uint32_t n)
{
    FILE *f = w->f;
    const CostRun *r = w->r;
    const ReportOptions *o = w->o;
    json_open(f, "run");
    fputs("\n  \"result_name\": ", f);
    json_string(f, r->result_name ? r->result_name : "");
    fputs(", \"value\": ", f);
    json_string(f, r->value_text ? r->value_text : "");
    json_type_field(f, r->result_type);
    fprintf(f, ",\n  \"work\": %u, \"span\": %llu, \"heap_edges\": %zu, \"mutates\": %s,\n", graph_nodes(&r->g),
            (unsigned long long)w->span, graph_heap_edges(&r->g), r->mutated ? "true" : "false");
    if (o->races) {
        fputs("  \"races\": ", f);
        race_report_json(f, o->races, "  ");
        fputs(",\n", f);
    }
    fprintf(f, "  \"parallelism\": %s, \"fork_cost\": %u, \"steal_cost\": %u,\n", num_text(parallelism(w)).s,
            o->fork_cost, o->steal_cost);
    fprintf(f, "  \"units\": \"%s\", \"by\": \"%s\", \"group\": \"%s\", \"inclusive\": %s, \"with_queue\": %s, "
            "\"coarse\": %s, \"seed\": %llu, \"top\": %u,\n  \"schedules\": [", space_units_names[o->units],
            measure_by_names[o->by], measure_group_names[o->group], o->inclusive ? "true" : "false",
            o->with_queue ? "true" : "false", o->coarse ? "true" : "false", (unsigned long long)o->seed, o->top);
    for (uint32_t i = 0; i < n; i++) json_schedule(w, &srs[i], i ? "," : "");
    fputs("\n  ]\n}\n", f);
}

static void csv_row(const Out *w, const Measure *sr, const char *rank, const char *kind,
                    double space, const Annot *sp, const char *text)
{
    const ReportOptions *o = w->o;
    CsvRow c = csv_begin(w->f);
    if (w->x && w->x->before) w->x->before(&c, w->x->arg);
    csv_text(&c, sr->policy);
    csv_fmt(&c, "%u,%d,%llu,%s,%s,%d,%u,%llu,%llu,%u,%llu,%llu,%u,%llu", sr->P, o->coarse,
            (unsigned long long)o->seed, space_units_names[o->units], measure_by_names[o->by],
            o->with_queue, sr->T, (unsigned long long)sr->idle, (unsigned long long)sr->hwm, sr->hwm_step,
            (unsigned long long)sr->heap, (unsigned long long)sr->queue, graph_nodes(&w->r->g),
            (unsigned long long)w->span);
    csv_fmt(&c, "%llu,%llu,%llu,%llu,%s,%s,%u,%u,%s,%s,%s,%s", (unsigned long long)sr->delay,
            (unsigned long long)sr->nowork, (unsigned long long)sr->overhead, (unsigned long long)sr->steals,
            num_text(speedup(w, sr)).s, num_text(parallelism(w)).s, o->fork_cost, o->steal_cost, rank, kind,
            num_text(space).s, num_text(percent(sr, space)).s);
    csv_text(&c, span_file(w, sp));
    if (sp) csv_fmt(&c, "%u,%u", sp->line, sp->col);
    else csv_empty(&c, 2);
    csv_text(&c, text);
    if (w->x && w->x->after) w->x->after(&c, w->x->arg);
    csv_end(&c);
}

static void csv_schedule(const Out *w, const Measure *sr)
{
    uint32_t rank = 0, n = 0, others = 0;
    double rest = 0;
    char num[16];
    for (uint32_t i = 0; i < sr->nholders; i++) {
        const Holder *h = &sr->holders[i];
        if (!listed(w->o, sr, i, &rank)) { rest += h->space; others++; continue; }
        snprintf(num, sizeof num, "%u", ++n);
        csv_row(w, sr, num, kind_names[h->kind], h->space, holder_span(w, h), holder_text(w, h));
    }
    if (others) {
        char text[40];
        snprintf(text, sizeof text, "(%u more)", others);
        csv_row(w, sr, "", "others", rest, NULL, text);
    }
    if (!sr->nholders) csv_row(w, sr, "", "none", 0, NULL, "");
}

/* Several schedules: one line each, before the details, so that a run of
 * policies x P reads first as a table (as Cilkscale's and perf's do). */
static void text_summary(const Out *w, const Measure *srs, uint32_t n)
{
    FILE *f = w->f;
    const char *units = space_units_names[w->o->units];
    fprintf(f, "\n%-8s %4s %10s %8s %12s %12s %10s\n", "policy", "P", "steps", "speedup", "idle",
            w->o->with_queue ? "high-water" : "heap hwm", "its step");
    for (uint32_t i = 0; i < n; i++)
        fprintf(f, "%-8s %4u %10u %8.2f %12llu %12llu %10u\n", srs[i].policy, srs[i].P, srs[i].T,
                speedup(w, &srs[i]), (unsigned long long)srs[i].idle, (unsigned long long)srs[i].hwm,
                srs[i].hwm_step);
    fprintf(f, "(high-water marks in %s%s)\n", units, w->o->summary ? "" : "; the details of each schedule follow");
}

static const char csv_header[] =
    "policy,P,coarse,seed,units,by,with_queue,steps,idle,hwm,hwm_step,heap,queue,work,span,"
    "delay,nowork,overhead,steals,speedup,parallelism,fork_cost,steal_cost,"
    "rank,kind,space,percent,file,line,col,text";

void report_csv_header(FILE *f, const char *before, const char *after)
{
    CsvRow c = csv_begin(f);
    if (before) csv_fmt(&c, "%s", before);
    csv_fmt(&c, "%s", csv_header);
    if (after) csv_fmt(&c, "%s", after);
    csv_end(&c);
}

void report_csv_schedule(FILE *f, const CostRun *r, const Sources *s, const ReportOptions *o, const Measure *m,
                         const ReportCsvCols *x)
{
    Out w = {f, r, s, o, graph_span(&r->g), x, NULL};
    csv_schedule(&w, m);
}

static void print_all(const Out *w, const Measure *srs, uint32_t n)
{
    FILE *f = w->f;
    const CostRun *r = w->r;
    if (w->o->format == REPORT_JSON) { json_run(w, srs, n); return; }
    if (w->o->format == REPORT_CSV) {
        report_csv_header(f, NULL, NULL);
        for (uint32_t i = 0; i < n; i++) csv_schedule(w, &srs[i]);
        return;
    }
    if (r->value_text) text_result(f, r->result_name, r->value_text, r->result_type);
    fprintf(f, "work %u nodes, span %llu nodes, %zu heap edges, parallelism %.2f\n", graph_nodes(&r->g),
            (unsigned long long)w->span, graph_heap_edges(&r->g), parallelism(w));
    if (r->mutated)
        fprintf(f, "note: the program assigns references (:=) or array elements (Array.update); "
                "its space figures are upper bounds "
                "and Theorem 1's exactness does not hold for them (%s)\n", docpath("docs/semantics.md"));
    uint32_t races = w->o->races ? race_count(w->o->races->d) : 0;
    if (races)
        fprintf(f, "note: %u determinacy race%s (warnings on standard error): the value and the space figures "
                "may depend on the schedule (%s)\n", races, races == 1 ? "" : "s", docpath("docs/races.md"));
    if (n > 1 || w->o->summary) text_summary(w, srs, n);
    if (w->o->summary) return;
    int legend = w->o->legend;
    for (uint32_t i = 0; i < n; i++)
        if (text_schedule(w, &srs[i], i) && legend) {
            text_legend(w);
            legend = 0;
        }
}

/* Measures one (policy, P) and keeps only the figures and the holders,
 * and with --chart the columns of its space over time in *c. */
static int measure_one(const CostRun *r, const ReportOptions *o, const char *policy, uint32_t P,
                       Measure *m, Chart *c, char *msg, size_t msglen)
{
    MeasureOptions mo = report_measure_options(r, o, policy, P);
    mo.profile = o->chart;  /* else the report needs the mark only */
    if (measure_run(&r->g, &mo, m, msg, msglen)) return -1;
    if (o->chart) *c = chart_of(&m->space);
    measure_trim(m);
    return 0;
}

int report_run(FILE *f, const CostRun *r, const Sources *s, const ReportOptions *o,
               char *msg, size_t msglen)
{
    uint32_t n = o->npolicies * o->nprocs, k = 0;
    Measure *srs = calloc(n ? n : 1, sizeof *srs);
    Chart *charts = calloc(o->chart && n ? n : 1, sizeof *charts);
    if (!srs || !charts) { free(srs); free(charts); snprintf(msg, msglen, "out of memory"); return -1; }
    int rc = 0;
    for (uint32_t i = 0; i < o->npolicies && !rc; i++)
        for (uint32_t j = 0; j < o->nprocs && !rc; j++)
            if ((rc = measure_one(r, o, o->policies[i], o->procs[j], &srs[k], &charts[k], msg, msglen)) == 0) k++;
    if (!rc) {
        Out w = {f, r, s, o, graph_span(&r->g), NULL, o->chart ? charts : NULL};
        print_all(&w, srs, n);
    }
    for (uint32_t i = 0; i < k; i++) measure_free(&srs[i]);
    free(srs);
    free(charts);
    return rc;
}
