/*
 * cmd_stats.c — `pml stats`: how big the cost graphs are before and after
 * distillation (the columns of the paper's Table 1).
 *
 *   pml stats FILE [-D name=N]... [--format text|csv|json]
 *
 * text: a small table for people; csv: one header line and one data line,
 *   nodes,heap_edges,comp_edges,distilled_nodes,distilled_heap_edges,distilled_comp_edges
 * json: one object with the same six names and the file
 * (stable; documented in docs/distill.md).
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "distill.h"
#include "textout.h"

static uint64_t comp_edges(const Graph *g)
{
    uint64_t k = 0;
    for (uint32_t v = 1; v <= graph_nodes(g); v++) k += (uint64_t)graph_out_degree(g, v);
    return k;
}

enum { FMT_TEXT, FMT_CSV, FMT_JSON };

static void stats_json(const char *file, const CommonOpts *c, const Graph *g, const Distilled *d)
{
    json_open(stdout, "stats");
    fputs(" \"file\": ", stdout);
    json_string(stdout, strcmp(file, "-") ? file : "<stdin>");
    fputs(", \"params\": {", stdout);
    for (uint32_t j = 0; j < c->eo.nparams; j++) {
        fputs(j ? ", " : "", stdout);
        json_string(stdout, c->eo.params[j].name);
        printf(": %lld", (long long)c->eo.params[j].value);
    }
    printf("},\n \"nodes\": %u, \"heap_edges\": %zu, \"comp_edges\": %llu,\n"
           " \"distilled_nodes\": %u, \"distilled_heap_edges\": %zu, \"distilled_comp_edges\": %u}\n",
           graph_nodes(g), graph_heap_edges(g), (unsigned long long)comp_edges(g), d->n, d->nh, d->nc);
}

static void stats_print(const char *file, const CommonOpts *c, const Graph *g,
                        const Distilled *d, int fmt)
{
    if (fmt == FMT_JSON) { stats_json(file, c, g, d); return; }
    if (fmt == FMT_CSV) {
        printf("nodes,heap_edges,comp_edges,distilled_nodes,distilled_heap_edges,distilled_comp_edges\n"
               "%u,%zu,%llu,%u,%zu,%u\n", graph_nodes(g), graph_heap_edges(g), (unsigned long long)comp_edges(g),
               d->n, d->nh, d->nc);
        return;
    }
    printf("%s", strcmp(file, "-") ? file : "<stdin>");
    for (uint32_t j = 0; j < c->eo.nparams; j++)
        printf(" %s=%lld", c->eo.params[j].name, (long long)c->eo.params[j].value);
    printf("\n%-10s %10s %11s %18s\n", "", "nodes", "heap edges", "computation edges");
    printf("%-10s %10u %11zu %18llu\n", "original", graph_nodes(g), graph_heap_edges(g),
           (unsigned long long)comp_edges(g));
    printf("%-10s %10u %11zu %18u\n", "distilled", d->n, d->nh, d->nc);
}

typedef struct StatsArgs {
    int fmt;                /* FMT_* */
} StatsArgs;

static const CliOpt stats_opts[] = {
    {CLI_OWN, "format", "text|csv|json", "a table (default), or CSV or JSON (docs/distill.md)",
     CLI_AT(CLI_CHOICE, StatsArgs, fmt)},
    {0},
};

static int stats_body(void *o, CliRun *r)
{
    DistillOptions d_opts = {0};
    Distilled d;
    if (distill(&r->l.run.g, &d_opts, &d)) {
        fprintf(stderr, "pml stats: out of memory distilling the graph\n");
        return EXIT_PROGRAM;
    }
    stats_print(r->file, &r->common, &r->l.run.g, &d, ((StatsArgs *)o)->fmt);
    distill_free(&d);
    return EXIT_OK;
}

const CliSteps cli_cmd_stats = {.opts = stats_opts, .groups = CLI_GROUP_COMMON, .size = sizeof(StatsArgs),
                                .load = CLI_LOAD_EVAL, .body = stats_body, .later_bytes = 32};
