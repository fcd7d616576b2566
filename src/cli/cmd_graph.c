/*
 * cmd_graph.c — `pml graph FILE [-o g.json] [--format json|binary]`: the
 * raw cost graphs in the stable formats of docs/graph-format.md.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "graph_bin.h"
#include "textout.h"

static void write_nodes(FILE *f, const Loaded *l)
{
    const Graph *g = &l->run.g;
    fputs("  \"nodes\": [\n", f);
    for (uint32_t v = 1; v <= graph_nodes(g); v++) {
        const Annot *a = &l->run.annots[graph_annot(g, v)];
        fprintf(f, "    {\"id\": %u, \"kind\": \"%s\", \"value\": %s, \"size\": %u, \"annot\": ", v,
                graph_kind_name(graph_kind(g, v)), graph_size(g, v) ? "true" : "false", graph_size(g, v));
        json_string(f, a->text);
        fputs(", \"file\": ", f);
        json_string(f, l->src.files[a->file].path);
        fprintf(f, ", \"line\": %u, \"col\": %u}%s\n", a->line, a->col, v < graph_nodes(g) ? "," : "");
    }
    fputs("  ],\n", f);
}

static void write_edges(FILE *f, const Graph *g)
{
    fputs("  \"edges\": [", f);
    int first = 1;
    for (uint32_t v = 1; v <= graph_nodes(g); v++)
        for (int k = 0; k < 2; k++)
            if (graph_child(g, v, k)) {
                fprintf(f, "%s[%u, %u]", first ? "\n    " : ",\n    ", v, graph_child(g, v, k));
                first = 0;
            }
    fputs("\n  ],\n  \"heap_edges\": [", f);
    for (size_t e = 0; e < graph_heap_edges(g); e++)
        fprintf(f, "%s{\"src\": %u, \"dst\": %u, \"kind\": \"%s\"}", e ? ",\n    " : "\n    ",
                graph_heap_src(g, e), graph_heap_dst(g, e), graph_heap_kind(g, e) == HE_RETAIN ? "retain" : "use");
    fputs("\n  ],\n", f);
}

static void write_graph(FILE *f, const Loaded *l)
{
    const Graph *g = &l->run.g;
    fputs("{\n  \"format\": \"pml-graph\",\n  \"version\": 1,\n", f);
    fprintf(f, "  \"work\": %u,\n  \"span\": %llu,\n", graph_nodes(g), (unsigned long long)graph_span(g));
    fprintf(f, "  \"result\": %u,\n  \"value\": ", graph_result(g));
    json_string(f, l->run.value_text ? l->run.value_text : "");
    json_type_field(f, l->run.result_type);
    fputs(",\n", f);
    write_nodes(f, l);
    write_edges(f, g);
    fputs("  \"end\": true\n}\n", f);
}

/* --format binary: the arrays of graph_bin.h, their tables from the run. */
static int write_binary(FILE *f, const Loaded *l)
{
    const char **files = malloc((l->src.n ? l->src.n : 1) * sizeof *files);
    if (!files) return -1;
    for (uint32_t i = 0; i < l->src.n; i++) files[i] = l->src.files[i].path;
    GraphBinMeta meta = {l->run.annots, l->run.nannots, files, l->src.n, l->run.value_text};
    int rc = graph_bin_write(f, &l->run.g, &meta);
    free(files);
    return rc;
}

typedef struct GraphArgs {
    const char *out;        /* -o PATH */
    int binary;             /* --format binary */
} GraphArgs;

enum { OPT_FORMAT = CLI_OWN };

static const CliOpt graph_opts[] = {
    {'o', NULL, "PATH", "write the graphs to PATH (default '-': standard output)", CLI_AT(CLI_OUTPUT, GraphArgs, out)},
    {OPT_FORMAT, "format", "json|binary", "JSON objects per node (default), or flat arrays at about 20 bytes a node "
                                          "(docs/graph-format.md)", CLI_AT(CLI_CHOICE, GraphArgs, binary)},
    {0},
};

static void graph_opts_init(void *o)
{
    ((GraphArgs *)o)->out = "-";
}

/* Binary data is not for a terminal: a usage error before the program runs. */
static int graph_args_check(void *o, CliRun *r)
{
    const GraphArgs *a = o;
    (void)r;
    if (a->binary && strcmp(a->out, "-") == 0 && isatty(STDOUT_FILENO)) {
        cli_usage_error("--format binary writes binary data: give -o FILE or redirect standard output");
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

static int graph_body(void *o, CliRun *r)
{
    const GraphArgs *a = o;
    OutFile f;
    if (outfile_open(&f, a->out)) return EXIT_PROGRAM;
    if (!a->binary) write_graph(f.f, &r->l);
    else if (write_binary(f.f, &r->l)) {
        fprintf(stderr, "pml: error: out of memory while writing the graph\n");
        outfile_abort(&f);
        return EXIT_PROGRAM;
    }
    return outfile_commit(&f) ? EXIT_PROGRAM : EXIT_OK;
}

const CliSteps cli_cmd_graph = {.opts = graph_opts, .groups = CLI_GROUP_COMMON | CLI_GROUP_PRINT, .size = sizeof(GraphArgs),
                                .init = graph_opts_init, .check = graph_args_check, .load = CLI_LOAD_EVAL,
                                .body = graph_body};
