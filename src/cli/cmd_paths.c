/*
 * cmd_paths.c — `pml paths FILE [-D …] [--top K] [-k K] [--format
 * text|json]` (docs/paths.md): acyclic path profiles.  With -k K > 1 the
 * program runs in K worker processes, each profiling the share of the
 * paths P3 deals it; the parent merges their counts, which are already in
 * Ball–Larus ids, so the output is the same for every K.
 */
#include <errno.h>
#include <fcntl.h>
#include <gc.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "child.h"
#include "cli.h"
#include "paths.h"
#include "paths_report.h"

#define MAX_WORKERS 64

typedef struct PathsArgs {
    uint32_t top, k;
    int json;
    const char *file;           /* the runner's, from paths_body on */
    const CommonOpts *c;
} PathsArgs;

enum { OPT_TOP = CLI_OWN, OPT_FORMAT };

static const CliOpt paths_opts[] = {
    {OPT_TOP, "top", "K", "the K most frequent paths per function (default 5, 0 all)", CLI_RANGE(CLI_U32, PathsArgs, top, 0, 1000000)},
    {'k', NULL, "K", "profile in K worker processes (the output does not depend on K)", CLI_RANGE(CLI_U32, PathsArgs, k, 1, MAX_WORKERS)},
    {OPT_FORMAT, "format", "text|json", "the report's format (default text)", CLI_AT(CLI_CHOICE, PathsArgs, json)},
    {0},
};

/* Worker w of k: run the program, profile its share.  0, or an exit status. */
static int profile(const PathsArgs *a, uint32_t w, uint32_t k, PathCount **c, uint32_t *n, Loaded *l,
                   PathRecorder **rec)
{
    PathRecorder *r = paths_recorder_new(w, k);
    EvalProbe probe = paths_probe(r);
    CommonOpts co = *a->c;
    co.eo.params = co.params;
    co.eo.probe = &probe;
    int rc = r ? cli_load(a->file, &co, 1, l) : EXIT_PROGRAM;
    if (rc == EXIT_OK && paths_counts(r, c, n)) {
        fprintf(stderr, "pml: error: out of memory while profiling paths\n");
        cli_unload(l);
        rc = EXIT_PROGRAM;
    }
    *rec = r;
    if (rc != EXIT_OK) { paths_recorder_free(r); *rec = NULL; }
    return rc;
}

/* In the child: profile, send the counts as lines "f id count work seq". */
static _Noreturn void worker(const PathsArgs *a, uint32_t w, int fd)
{
    if (w > 0) { /* every worker runs the same program: one copy of its messages is enough */
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) dup2(null, STDERR_FILENO);
    }
    PathCount *c;
    uint32_t n;
    Loaded l;
    PathRecorder *r;
    int rc = profile(a, w, a->k, &c, &n, &l, &r);
    if (rc != EXIT_OK) _exit(rc);
    FILE *f = fdopen(fd, "w");
    for (uint32_t i = 0; f && i < n; i++)
        fprintf(f, "%u\t%llu\t%llu\t%llu\t%s\n", c[i].f, (unsigned long long)c[i].id, (unsigned long long)c[i].count,
                (unsigned long long)c[i].work, c[i].seq ? c[i].seq : "-");
    _exit(f && fclose(f) == 0 ? EXIT_OK : EXIT_PROGRAM);
}

/* Appends the lines a worker sent; 0, or -1 on a malformed line. */
static int read_counts(FILE *f, PathCount **c, uint32_t *n, uint32_t *cap)
{
    char *line = NULL;
    size_t len = 0;
    int rc = 0;
    while (getline(&line, &len, f) > 0) {
        unsigned long long id, count, work;
        unsigned fi;
        int off = 0;
        if (sscanf(line, "%u\t%llu\t%llu\t%llu\t%n", &fi, &id, &count, &work, &off) != 4 || off == 0) { rc = -1; break; }
        if (*n == *cap) {
            *cap = *cap ? 2 * *cap : 256;
            PathCount *x = realloc(*c, *cap * sizeof *x);
            if (!x) { rc = -1; break; }
            *c = x;
        }
        char *seq = line + off;
        seq[strcspn(seq, "\n")] = 0;
        PathCount *p = &(*c)[(*n)++];
        *p = (PathCount){fi, id, strcmp(seq, "-") ? strdup(seq) : NULL, count, work};
    }
    free(line);
    return rc;
}

static int count_cmp(const void *a, const void *b)
{
    const PathCount *x = a, *y = b;
    if (x->f != y->f) return x->f < y->f ? -1 : 1;
    if (x->seq && y->seq) return strcmp(x->seq, y->seq);
    return x->id < y->id ? -1 : x->id > y->id;
}

/* Runs the k workers and merges their counts (a path counted by two
 * workers would be summed; P3's dealing gives each path to one). */
static int run_workers(const PathsArgs *a, PathCount **c, uint32_t *n)
{
    pid_t pid[MAX_WORKERS];
    int fd[MAX_WORKERS], rc = EXIT_OK;
    uint32_t cap = 0, started = 0;
    for (uint32_t w = 0; w < a->k; w++) {
        int p[2];
        if (pipe(p)) { rc = EXIT_PROGRAM; break; }
        GC_atfork_prepare();
        pid[w] = child_fork();
        if (pid[w] == 0) {
            GC_atfork_child();
            close(p[0]);
            for (uint32_t j = 0; j < w; j++) close(fd[j]);
            worker(a, w, p[1]);
        }
        GC_atfork_parent();
        close(p[1]);
        if (pid[w] < 0) { close(p[0]); rc = EXIT_PROGRAM; break; }
        fd[w] = p[0];
        started++;
    }
    if (rc) fprintf(stderr, "pml: error: cannot start a worker: %s\n", strerror(errno));
    for (uint32_t w = 0; w < started; w++) {
        FILE *f = fdopen(fd[w], "r");
        if (!f || read_counts(f, c, n, &cap)) rc = rc ? rc : EXIT_PROGRAM;
        if (f) fclose(f); else close(fd[w]);
        int st = child_wait(pid[w], 0);
        if (st >= 128) st = EXIT_PROGRAM;
        if (st != EXIT_OK && rc == EXIT_OK) rc = st;
    }
    if (rc == EXIT_OK) qsort(*c, *n, sizeof **c, count_cmp);
    return rc;
}

static void paths_init(void *o)
{
    PathsArgs *a = o;
    a->top = 5;
    a->k = 1;
}

/* The program is loaded here: with -k 1 with the recorder, else (for the
 * plan to read the workers' counts by) without running it. */
static int paths_body(void *o, CliRun *r)
{
    PathsArgs *a = o;
    a->file = r->file;
    a->c = &r->common;
    PathCount *c = NULL;
    uint32_t n = 0;
    PathRecorder *rec = NULL;
    PathPlan plan, *pl = &plan;
    int rc;
    memset(&plan, 0, sizeof plan);
    if (a->k == 1) {
        rc = profile(a, 0, 1, &c, &n, &r->l, &rec);
        if (rc == EXIT_OK) pl = (PathPlan *)paths_recorder_plan(rec);
    } else {
        rc = cli_load(a->file, a->c, 0, &r->l);
        if (rc == EXIT_OK && paths_plan(r->l.prog, &plan)) { fprintf(stderr, "pml: error: out of memory\n"); rc = EXIT_PROGRAM; }
        if (rc == EXIT_OK) rc = run_workers(a, &c, &n);
    }
    if (rc == EXIT_OK) {
        PathsReportOptions ro = {a->top, a->json, a->file};
        paths_report(stdout, pl, &r->l.src, c, n, &ro);
        if (fflush(stdout) || ferror(stdout)) {
            outfile_stdout_failed(errno ? errno : EIO);
            rc = EXIT_PROGRAM;
        }
    }
    if (a->k == 1) paths_recorder_free(rec);
    else paths_plan_free(&plan);
    paths_counts_free(c, n);
    return rc;
}

const CliSteps cli_cmd_paths = {.opts = paths_opts, .groups = CLI_GROUP_COMMON, .size = sizeof(PathsArgs),
                                .init = paths_init, .body = paths_body};
