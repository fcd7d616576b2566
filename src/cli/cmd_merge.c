/*
 * cmd_merge.c — `pml merge PART… [-o data.csv] [--plot space.svg]
 * [--loglog]` (docs/sweep.md): the parts written by `pml sweep --shard I/K`,
 * each with its mark PART.shard beside it, put back together into the CSV one `pml sweep` writes, byte for byte,
 * whatever the number of shards and the order of the parts; then plotted
 * as a sweep is.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "shard.h"

typedef struct MergeArgs {
    const char *out, *plot;
    int loglog;
} MergeArgs;

enum { OPT_PLOT = CLI_OWN, OPT_LOGLOG };

static const CliOpt merge_opts[] = {
    {'o', NULL, "data.csv", "write the merged CSV to data.csv (default '-': standard output)", CLI_AT(CLI_OUTPUT, MergeArgs, out)},
    {OPT_PLOT, "plot", "space.svg", "plot it as pml sweep does", CLI_AT(CLI_PICTURE, MergeArgs, plot)},
    {OPT_LOGLOG, "loglog", NULL, "log-log axes", CLI_AT(CLI_FLAG, MergeArgs, loglog)},
    {0},
};

/* PART.shard, beside the part: its text, or NULL when there is none (the
 * merge says so); EXIT_OK, or EXIT_PROGRAM when it cannot be read. */
static int read_mark(ShardPart *sp)
{
    if (!strcmp(sp->name, "-")) return EXIT_OK;
    char *path = malloc(strlen(sp->name) + sizeof SHARD_SUFFIX);
    if (!path) { fprintf(stderr, "pml: error: out of memory\n"); return EXIT_PROGRAM; }
    strcat(strcpy(path, sp->name), SHARD_SUFFIX);
    int rc = access(path, F_OK) == 0 && !(sp->mark = cli_read_file(path, &sp->mark_len)) ? EXIT_PROGRAM : EXIT_OK;
    free(path);
    return rc;
}

static int merge(const MergeArgs *a, const CliRun *r, ShardPart *sp)
{
    char msg[512], *csv = NULL;
    size_t len = 0;
    ShardInfo info = {0};
    OutFile out;
    FILE *m;
    int rc = EXIT_OK;
    for (int i = 0; i < r->nparts && rc == EXIT_OK; i++) {
        sp[i].name = r->parts[i];
        if (!(sp[i].text = cli_read_file(r->parts[i], &sp[i].len))) rc = EXIT_PROGRAM;
        else rc = read_mark(&sp[i]);
    }
    if (rc == EXIT_OK && !(m = open_memstream(&csv, &len))) rc = EXIT_PROGRAM;
    if (rc == EXIT_OK) {
        int bad = shard_merge(sp, (uint32_t)r->nparts, m, &info, msg, sizeof msg);
        if (fclose(m) && !bad) snprintf(msg, sizeof msg, "out of memory"), bad = 1;
        if (bad) { fprintf(stderr, "pml: error: merge: %s\n", msg); rc = EXIT_PROGRAM; }
    }
    if (rc == EXIT_OK && outfile_open(&out, a->out ? a->out : "-")) rc = EXIT_PROGRAM;
    if (rc == EXIT_OK) {
        fwrite(csv, 1, len, out.f);     /* a failed write is said by the commit */
        if (outfile_commit(&out)) rc = EXIT_PROGRAM;
    }
    if (rc == EXIT_OK && a->plot) rc = cli_sweep_plot(info.file, info.param, info.units, a->plot, a->loglog, csv, len);
    shard_info_free(&info);
    free(csv);
    return rc;
}

static int merge_body(void *o, CliRun *r)
{
    ShardPart *sp = calloc((size_t)r->nparts, sizeof *sp);
    if (!sp) { fprintf(stderr, "pml: error: out of memory\n"); return EXIT_PROGRAM; }
    int rc = merge(o, r, sp);
    for (int i = 0; i < r->nparts; i++) {
        free((char *)sp[i].text);
        free((char *)sp[i].mark);
    }
    free(sp);
    return rc;
}

static int merge_check(void *o, CliRun *r)
{
    (void)r;
    if (((MergeArgs *)o)->loglog && !((MergeArgs *)o)->plot) {
        cli_usage_error("merge: --loglog goes with --plot");
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

const CliSteps cli_cmd_merge = {.opts = merge_opts, .many = 1, .size = sizeof(MergeArgs), .check = merge_check,
                                .body = merge_body};
