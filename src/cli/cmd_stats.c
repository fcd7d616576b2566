/*
 * cmd_stats.c — `pml stats`: how big the cost graphs are before and after
 * distillation (the columns of the paper's Table 1).
 *
 *   pml stats FILE [-D name=N]... [--format text|csv]
 *
 * text: a small table for people; csv: one header line and one data line,
 *   nodes,heap_edges,comp_edges,distilled_nodes,distilled_heap_edges,distilled_comp_edges
 * (stable; documented in docs/distill.md).
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "distill.h"

static void stats_usage(FILE *f)
{
    fputs("usage: pml stats FILE [-D name=N]... [--format text|csv]\n"
          "  Nodes, heap edges and computation edges of the cost graphs, original and\n"
          "  distilled (paper Table 1).\n", f);
}

static uint64_t comp_edges(const Graph *g)
{
    uint64_t k = 0;
    for (uint32_t v = 1; v <= graph_nodes(g); v++) k += (uint64_t)graph_out_degree(g, v);
    return k;
}

static void stats_print(const char *file, const CommonOpts *c, const Graph *g,
                        const Distilled *d, int csv)
{
    if (csv) {
        printf("nodes,heap_edges,comp_edges,distilled_nodes,distilled_heap_edges,distilled_comp_edges\n"
               "%u,%zu,%llu,%u,%zu,%u\n", graph_nodes(g), graph_heap_edges(g), (unsigned long long)comp_edges(g),
               d->n, d->nh, d->nc);
        return;
    }
    printf("%s", file);
    for (uint32_t j = 0; j < c->eo.nparams; j++)
        printf(" %s=%lld", c->eo.params[j].name, (long long)c->eo.params[j].value);
    printf("\n%-10s %10s %11s %18s\n", "", "nodes", "heap edges", "computation edges");
    printf("%-10s %10u %11zu %18llu\n", "original", graph_nodes(g), graph_heap_edges(g),
           (unsigned long long)comp_edges(g));
    printf("%-10s %10u %11zu %18u\n", "distilled", d->n, d->nh, d->nc);
}

int cmd_stats(int argc, char **argv)
{
    CommonOpts c;
    const char *file = NULL, *format = "text";
    cli_common_init(&c);
    for (int i = 1; i < argc; i++) {
        int r = cli_common_option(&c, argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r > 0) continue;
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) { stats_usage(stdout); return EXIT_OK; }
        if (!strncmp(argv[i], "--format=", 9)) format = argv[i] + 9;
        else if (!strcmp(argv[i], "--format") && i + 1 < argc) format = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1]) { cli_usage_error("pml stats: unknown option '%s'", argv[i]); return EXIT_USAGE; }
        else if (file) { cli_usage_error("pml stats: one FILE only"); return EXIT_USAGE; }
        else file = argv[i];
    }
    if (!file) { cli_usage_error("pml stats: which FILE?"); return EXIT_USAGE; }
    if (strcmp(format, "text") && strcmp(format, "csv")) {
        cli_usage_error("--format: text or csv, not '%s'", format);
        return EXIT_USAGE;
    }
    Loaded l;
    int rc = cli_load(file, &c, 1, &l);
    if (rc != EXIT_OK) return rc;
    DistillOptions o = {0};
    Distilled d;
    if (distill(&l.run.g, &o, &d)) {
        fprintf(stderr, "pml stats: out of memory distilling the graph\n");
        cli_unload(&l);
        return EXIT_PROGRAM;
    }
    stats_print(file, &c, &l.run.g, &d, strcmp(format, "csv") == 0);
    distill_free(&d);
    cli_unload(&l);
    return EXIT_OK;
}
