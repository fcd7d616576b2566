/*
 * cmd_merge.c — `pml merge PART… [-o data.csv] [--plot space.svg]
 * [--loglog]` (docs/sweep.md): the parts written by `pml sweep --shard I/K`
 * put back together into the CSV one `pml sweep` writes, byte for byte,
 * whatever the number of shards and the order of the parts; then plotted
 * as a sweep is.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "shard.h"

typedef struct MergeArgs {
    const char **parts;
    uint32_t nparts;
    const char *out, *plot;
    int loglog;
} MergeArgs;

enum { OPT_PLOT = CLI_OWN, OPT_LOGLOG };

static const CliOpt merge_opts[] = {
    {'o', NULL, "data.csv", "write the merged CSV to data.csv (default '-': standard output)"},
    {OPT_PLOT, "plot", "space.svg", "plot it as pml sweep does"},
    {OPT_LOGLOG, "loglog", NULL, "log-log axes"},
    {0, NULL, NULL, NULL},
};

/* CLI_END with the parts in a, or a parse's stop status (CLI_BAD, CLI_HELP). */
static int parse_args(MergeArgs *a, int argc, char **argv)
{
    CliArgs ca;
    cli_args_init(&ca, &cli_cmd_merge, argc, argv, NULL, NULL);
    int k;
    while ((k = cli_next(&ca)) > 0) {
        if (k == 'o') a->out = ca.arg;
        else if (k == OPT_LOGLOG) a->loglog = 1;
        else if (cli_picture_path("--plot", a->plot = ca.arg)) { k = CLI_BAD; break; }
    }
    for (int i = 0; k == CLI_END && i < ca.npos; i++) a->parts[a->nparts++] = ca.pos[i];
    cli_args_free(&ca);
    if (k == CLI_END && a->nparts == 0) { cli_usage_error("pml merge: which parts? (pml merge %s)", cli_cmd_merge.args); return CLI_BAD; }
    return k;
}

/* The whole of a file, malloc'd; NULL after printing why. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    FILE *m = f ? open_memstream(&text, len) : NULL;
    char buf[65536];
    size_t k;
    int bad = !f || !m;
    while (!bad && (k = fread(buf, 1, sizeof buf, f)) > 0) bad = fwrite(buf, 1, k, m) != k;
    if (f && ferror(f)) bad = 1;
    int e = errno;
    if (m && fclose(m)) bad = 1;
    if (f) fclose(f);
    if (bad) {
        fprintf(stderr, "pml: error: cannot read %s: %s\n", path, strerror(e ? e : EIO));
        free(text);
        return NULL;
    }
    return text;
}

static int merge(const MergeArgs *a, ShardPart *sp)
{
    char msg[512], *csv = NULL;
    size_t len = 0;
    ShardInfo info = {0};
    OutFile out;
    FILE *m;
    int rc = EXIT_OK;
    for (uint32_t i = 0; i < a->nparts && rc == EXIT_OK; i++) {
        sp[i].name = a->parts[i];
        if (!(sp[i].text = slurp(a->parts[i], &sp[i].len))) rc = EXIT_PROGRAM;
    }
    if (rc == EXIT_OK && !(m = open_memstream(&csv, &len))) rc = EXIT_PROGRAM;
    if (rc == EXIT_OK) {
        int bad = shard_merge(sp, a->nparts, m, &info, msg, sizeof msg);
        if (fclose(m) && !bad) snprintf(msg, sizeof msg, "out of memory"), bad = 1;
        if (bad) { fprintf(stderr, "pml: error: merge: %s\n", msg); rc = EXIT_PROGRAM; }
    }
    if (rc == EXIT_OK && outfile_open(&out, a->out ? a->out : "-")) rc = EXIT_PROGRAM;
    if (rc == EXIT_OK) {
        if (fwrite(csv, 1, len, out.f) != len) { outfile_abort(&out); rc = EXIT_PROGRAM; }
        else if (outfile_commit(&out)) rc = EXIT_PROGRAM;
    }
    if (rc == EXIT_OK && a->plot) rc = cli_sweep_plot(info.file, info.param, info.units, a->plot, a->loglog, csv, len);
    shard_info_free(&info);
    free(csv);
    return rc;
}

static int cmd_merge(int argc, char **argv)
{
    MergeArgs a = {0};
    ShardPart *sp = calloc((size_t)argc, sizeof *sp);
    a.parts = calloc((size_t)argc, sizeof *a.parts);
    if (!sp || !a.parts) { free(sp); free(a.parts); fprintf(stderr, "pml: error: out of memory\n"); return EXIT_PROGRAM; }
    int k = parse_args(&a, argc, argv);
    int rc = k == CLI_END ? merge(&a, sp) : CLI_STOP_STATUS(k);
    for (uint32_t i = 0; i < a.nparts; i++) free((char *)sp[i].text);
    free(sp);
    free(a.parts);
    return rc;
}

const CliCommand cli_cmd_merge = {
    "merge", cmd_merge, "PART.csv... [options]", "the shards of a sweep, merged (docs/sweep.md)",
    "The parts written by `pml sweep --shard I/K` put back together into the CSV\n"
    "one `pml sweep` writes, whatever the number of shards and their order.",
    "pml merge part1.csv part2.csv -o data.csv --plot space.svg",
    0, merge_opts,
};
