/*
 * cmd_graph.c — `pml graph FILE [-o g.json]`: the raw cost graphs in the
 * stable format of docs/graph-format.md.
 */
#include <string.h>

#include "cli.h"
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
    fputs(",\n", f);
    write_nodes(f, l);
    write_edges(f, g);
    fputs("  \"end\": true\n}\n", f);
}

static const CliOpt graph_opts[] = {
    {'o', NULL, "PATH", "write the graphs to PATH (default '-': standard output)"},
    {0, NULL, NULL, NULL},
};

static int cmd_graph(int argc, char **argv)
{
    CommonOpts c;
    cli_common_init(&c);
    const char *file = NULL, *out = "-";
    int k = cli_parse(&cli_cmd_graph, argc, argv, &c, NULL, cli_output_option, &out, &file);
    if (k != CLI_END) return CLI_STOP_STATUS(k);
    Loaded l;
    int rc = cli_load(file, &c, 1, &l);
    if (rc == EXIT_OK) {
        OutFile o;
        if (outfile_open(&o, out)) rc = EXIT_PROGRAM;
        else {
            write_graph(o.f, &l);
            if (outfile_commit(&o)) rc = EXIT_PROGRAM;
        }
    }
    cli_unload(&l);
    return rc;
}

const CliCommand cli_cmd_graph = {
    "graph", cmd_graph, "FILE [-o g.json] [options]", "the raw cost graphs as JSON (docs/graph-format.md)",
    "Evaluates FILE and writes its raw cost graphs (nodes, computation and heap\n"
    "edges) in the stable JSON format of docs/graph-format.md.",
    "pml graph examples/fib.pml -D n=10 -o fib.json", CLI_GROUP_COMMON, graph_opts,
};
