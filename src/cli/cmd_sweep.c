/*
 * cmd_sweep.c — `pml sweep FILE -D n=A:B …` (docs/sweep.md): every size is
 * evaluated once, in its own worker process, and every (policy, P)
 * simulated on it; the workers send their CSV rows through pipes and the
 * parent writes them in size order, so the output does not depend on -j.
 *
 * A signal that ends pml kills the workers (child.h), and the output
 * files, written through outfile_open and held until the run is done
 * (main.c), appear together or not at all.
 */
#include <errno.h>
#include <gc.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "child.h"
#include "cli.h"
#include "sched.h"
#include "report.h"
#include "shard.h"
#include "sweep.h"

#define MAX_JOBS 256

typedef struct SweepArgs {
    const CommonOpts *c;        /* the runner's, from sweep_check on */
    ReportOptions ro;
    SweepOptions sw;
    const char *file, *out, *plot;
    int loglog;
    uint32_t jobs;              /* -j; 0 until given */
    char *range;                /* the -D value that is a range */
    int64_t *sizes;             /* the sizes this process runs */
    uint32_t nsizes;
    uint32_t shard, nshards;    /* --shard I/K; 0/0 for the whole sweep */
    int64_t *all_sizes;         /* with --shard: every size of the sweep */
    uint32_t nall;
    uint64_t sample;            /* --exec: pml exec's --sample N (words) */
    uint64_t source;            /* with --shard: shard_hash of the program's text */
} SweepArgs;

/* One size: its worker, while it runs, and the rows it has sent. */
typedef struct Job {
    int64_t size;
    pid_t pid;                  /* 0 before and after its worker runs */
    int fd;                     /* read end of the worker's pipe */
    char *buf;
    size_t len, cap;
} Job;

/* ---- options ---- */

enum { OPT_TOP = CLI_OWN, OPT_PLOT, OPT_SHARD, OPT_LOGLOG, OPT_EXEC, OPT_SAMPLE, OPT_BY, OPT_GROUP, OPT_WIDE };

static const CliOpt sweep_opts[] = {
    {'D', NULL, "name=SIZES", "the sizes: A:B, A:B:STEP, A:B:xK or a list (one -D); others as usual", CLI_CODE},
    {'j', NULL, "JOBS", "run JOBS sizes at once (default: the cores)", CLI_RANGE(CLI_U32, SweepArgs, jobs, 1, MAX_JOBS)},
    {'o', NULL, "data.csv", "write the CSV to data.csv (default '-': standard output)", CLI_AT(CLI_OUTPUT, SweepArgs, out)},
    {OPT_PLOT, "plot", "space.svg", "plot the marks (and space-holders.svg) with gnuplot", CLI_AT(CLI_PICTURE, SweepArgs, plot)},
    {OPT_LOGLOG, "loglog", NULL, "log-log axes", CLI_AT(CLI_FLAG, SweepArgs, loglog)},
    {OPT_TOP, "top", "K", "the K biggest holders per mark (default 8; 0: all, or none with --wide)", CLI_RANGE(CLI_U32, SweepArgs, sw.top, 0, 100)},
    {OPT_WIDE, "wide", NULL, "one row per size x policy x P, the holders in columns h1_... (default: a row per holder)", CLI_AT(CLI_FLAG, SweepArgs, sw.wide)},
    CLI_BY_ROW(OPT_BY, SweepArgs, ro.by),
    CLI_GROUP_ROW(OPT_GROUP, SweepArgs, ro.group),
    {OPT_EXEC, "exec", NULL, "also the marks measured by real runs (docs/exec.md)", CLI_AT(CLI_FLAG, SweepArgs, sw.exec)},
    {OPT_SAMPLE, "sample", "N", "with --exec: sample the heap every N words", CLI_RANGE(CLI_U64, SweepArgs, sample, 1, 1ull << 40)},
    {OPT_SHARD, "shard", "I/K", "run only shard I of K (pml merge puts them together)", CLI_CODE},
    {0},
};

/* -D name=RANGE (a list, or with ':'), or a plain -D for the common options. */
static int define_option(SweepArgs *a, CommonOpts *common, const char *v)
{
    const char *eq = strchr(v, '=');
    if (!eq || !strpbrk(eq, ":,")) return cli_common_apply(common, 'D', v);
    if (a->range) { cli_usage_error("sweep: only one -D can be a range of sizes"); return -1; }
    char msg[160];
    if (eq == v || sweep_parse_sizes(eq + 1, &a->sizes, &a->nsizes, msg, sizeof msg)) {
        cli_usage_error("sweep: -D %s", eq == v ? "expects name=SIZES" : msg);
        return -1;
    }
    a->sw.param = a->range = strndup(v, (size_t)(eq - v));
    return 0;
}

/* --shard I/K: 1 <= I <= K <= SHARD_MAX, digits only. */
static int shard_option(SweepArgs *a, const char *v)
{
    const char *slash = strchr(v, '/');
    char i[24] = "";
    uint64_t x = 0, k = 0;
    if (slash && (size_t)(slash - v) < sizeof i) memcpy(i, v, (size_t)(slash - v));
    if (!slash || cli_parse_u64(i, &x) || cli_parse_u64(slash + 1, &k) || x < 1 || x > k || k > SHARD_MAX) {
        cli_usage_error("--shard expects I/K with 1 <= I <= K <= %d, not '%s'", SHARD_MAX, v);
        return -1;
    }
    a->shard = (uint32_t)x;
    a->nshards = (uint32_t)k;
    return 0;
}

/* The options of sweep itself: 0, or -1 after a usage error. */
static int sweep_option(void *o, CliArgs *ca, int key)
{
    SweepArgs *a = o;
    const char *v = ca->arg;
    switch (key) {
    case 'D': return define_option(a, ca->common, v);
    case OPT_SHARD: return shard_option(a, v);
    }
    return 0;
}

/* --exec: the policies and processor counts the runtime has. */
static int check_exec(const SimOpts *so)
{
    ExecPolicy pol;
    char names[64];
    for (uint32_t k = 0; k < so->npolicies; k++)
        if (exec_policy_parse(so->policies[k], &pol)) {
            cli_usage_error("sweep --exec: --sched: %s, not '%s'", cli_names(sched_policy_names, ", ", names, sizeof names),
                            so->policies[k]);
            return -1;
        }
    for (uint32_t k = 0; k < so->nprocs; k++)
        if (so->procs[k] > EXEC_MAX_PROCS) { cli_usage_error("sweep --exec: -p: at most %d processors", EXEC_MAX_PROCS); return -1; }
    return 0;
}

static void sweep_init(void *o)
{
    SweepArgs *a = o;
    report_options_default(&a->ro);
    a->sw.top = 8;
    a->sw.ro = &a->ro;
}

/* The options together: EXIT_OK, or EXIT_USAGE after saying why. */
static int sweep_check(void *o, CliRun *r)
{
    SweepArgs *a = o;
    const CommonOpts *c = a->c = &r->common;
    a->file = r->file;
    if (!a->range) { cli_usage_error("pml sweep: which sizes? (-D name=A:B[:STEP])"); return EXIT_USAGE; }
    for (uint32_t k = 0; k < c->eo.nparams; k++)
        if (!strcmp(c->params[k].name, a->range)) { cli_usage_error("sweep: -D %s given twice", a->range); return EXIT_USAGE; }
    if (c->eo.nparams == sizeof c->params / sizeof c->params[0]) { cli_usage_error("too many -D definitions"); return EXIT_USAGE; }
    if (a->sw.exec && check_exec(&r->sim)) return EXIT_USAGE;
    if (a->sample && !a->sw.exec) { cli_usage_error("sweep: --sample goes with --exec"); return EXIT_USAGE; }
    if (a->loglog && !a->plot) { cli_usage_error("sweep: --loglog goes with --plot"); return EXIT_USAGE; }
    if (!a->sample) a->sample = 4096;
    if (a->nshards && (!a->out || !strcmp(a->out, "-"))) {
        cli_usage_error("sweep: --shard writes its mark beside the part: give the part's name with -o FILE");
        return EXIT_USAGE;
    }
    if (a->nshards && a->plot) { cli_usage_error("sweep: --plot draws the whole sweep: give it to pml merge, not to a --shard"); return EXIT_USAGE; }
    MeasureBy by = a->ro.by;
    cli_report_options(&r->sim, &a->ro);
    a->ro.by = by;
    return EXIT_OK;
}

/* ---- shards ---- */

/* Keeps only shard I/K's sizes, remembering all of them for the mark. */
static int shard_sizes(SweepArgs *a)
{
    uint32_t *pick = malloc(a->nsizes * sizeof *pick);
    if (!pick) return -1;
    a->all_sizes = a->sizes;
    a->nall = a->nsizes;
    a->nsizes = shard_pick(a->nall, a->shard, a->nshards, pick);
    a->sizes = malloc((a->nsizes ? a->nsizes : 1) * sizeof *a->sizes);
    if (a->sizes)
        for (uint32_t x = 0; x < a->nsizes; x++) a->sizes[x] = a->all_sizes[pick[x]];
    free(pick);
    return a->sizes ? 0 : -1;
}

/* With --shard: only shard I/K's sizes, and the program's text hashed for
 * the mark.  0, or -1 after saying why. */
static int shard_setup(SweepArgs *a)
{
    size_t len;
    char *text = NULL;
    if (shard_sizes(a)) fprintf(stderr, "pml: error: out of memory\n");
    else if ((text = cli_read_file(a->file, &len))) a->source = shard_hash(text, len);
    free(text);
    return text ? 0 : -1;
}

/* The mark: every input a number in a row depends on (shard.h). */
static int write_mark(FILE *f, const SweepArgs *a)
{
    const char *prelude;
    size_t len;
    cli_prelude(a->c, &prelude, &len);
    ShardMark mk = {.i = a->shard, .k = a->nshards, .param = a->range, .sizes = a->all_sizes, .nsizes = a->nall,
                    .ro = &a->ro, .top = a->sw.top, .wide = a->sw.wide, .exec_sample = a->sw.exec ? a->sample : 0,
                    .params = a->c->params, .nparams = a->c->eo.nparams, .prelude = shard_hash(prelude, len),
                    .source = a->source, .version = cli_version_text(), .file = a->file};
    return shard_write_mark(f, &mk);
}

/* PART.shard, beside the part: EXIT_OK or EXIT_PROGRAM. */
static int mark_file(const SweepArgs *a)
{
    char *path = malloc(strlen(a->out) + sizeof SHARD_SUFFIX);
    OutFile mk;
    int rc = EXIT_PROGRAM;
    if (!path) fprintf(stderr, "pml: error: out of memory\n");
    else if (outfile_open(&mk, strcat(strcpy(path, a->out), SHARD_SUFFIX)) == 0) {
        if (write_mark(mk.f, a)) { fprintf(stderr, "pml: error: out of memory\n"); outfile_abort(&mk); }
        else if (outfile_commit(&mk) == 0) rc = EXIT_OK;
    }
    free(path);
    return rc;
}

/* ---- workers ---- */

/* In the child: evaluate one size, send its rows, exit. */
/* --exec: each (policy, P) run for real, its measured mark into sw. */
static int measure_size(const SweepArgs *a, const CommonOpts *c, const Loaded *l, SweepOptions *sw)
{
    uint32_t n = a->ro.npolicies * a->ro.nprocs;
    uint64_t *m = calloc(2 * (size_t)n, sizeof *m);
    if (!m) { fprintf(stderr, "pml: error: out of memory\n"); return EXIT_PROGRAM; }
    for (uint32_t i = 0; i < a->ro.npolicies; i++)
        for (uint32_t j = 0; j < a->ro.nprocs; j++) {
            ExecOptions xo = {.policy = EXEC_DF, .procs = a->ro.procs[j], .sample_words = a->sample,
                              .seed = a->ro.seed};
            ExecStats st;
            exec_policy_parse(a->ro.policies[i], &xo.policy); /* checked by parse_args */
            int rc = cli_exec(l, &c->eo, &xo, &st);
            if (rc != EXIT_OK) return rc;
            free(st.value_text);
            m[i * a->ro.nprocs + j] = st.mark_words;
            m[n + i * a->ro.nprocs + j] = st.bound_words;
        }
    sw->measured = m;
    sw->measured_bound = m + n;
    return EXIT_OK;
}

static void worker(const SweepArgs *a, int64_t size, int fd)
{
    CommonOpts c = *a->c;
    c.eo.params = c.params;
    c.eo.progress = 0;      /* the parent's line counts the sizes */
    c.params[c.eo.nparams++] = (Param){a->range, size};
    Loaded l;
    int rc = cli_load(a->file, &c, 1, &l);
    if (rc != EXIT_OK) _exit(rc);
    SweepOptions sw = a->sw;
    if (sw.exec && (rc = measure_size(a, &c, &l, &sw)) != EXIT_OK) _exit(rc);
    FILE *f = fdopen(fd, "w");
    char msg[256] = "cannot send the rows";
    if (!f || sweep_csv_rows(f, &l.run, &l.src, size, &sw, msg, sizeof msg) || fclose(f)) {
        fprintf(stderr, "pml: error: %s=%lld: %s\n", a->range, (long long)size, msg);
        _exit(EXIT_PROGRAM);
    }
    _exit(EXIT_OK);
}

static int job_start(const SweepArgs *a, Job *jobs, Job *j)
{
    int fds[2];
    if (pipe(fds)) return -1;
    GC_atfork_prepare();
    pid_t pid = child_fork();
    if (pid == 0) {
        GC_atfork_child();
        close(fds[0]);
        for (uint32_t i = 0; i < a->nsizes; i++)
            if (jobs[i].pid > 0) close(jobs[i].fd);
        worker(a, j->size, fds[1]);
    }
    GC_atfork_parent();
    close(fds[1]);
    if (pid < 0) { close(fds[0]); return -1; }
    j->pid = pid;
    j->fd = fds[0];
    return 0;
}

/* Reads what the worker sent: 0 more to come, 1 at its end, -1 on error. */
static int job_read(Job *j)
{
    if (j->cap - j->len < 65536) {
        size_t cap = j->cap * 2 + 65536;
        char *b = realloc(j->buf, cap);
        if (!b) return -1;
        j->buf = b;
        j->cap = cap;
    }
    ssize_t r = read(j->fd, j->buf + j->len, j->cap - j->len);
    if (r < 0) return errno == EINTR ? 0 : -1;
    j->len += (size_t)r;
    return r == 0;
}

/* Waits for the worker: its exit status (EXIT_PROGRAM if it died). */
static int job_finish(Job *j, int kill_it)
{
    close(j->fd);
    int st = child_wait(j->pid, kill_it);
    j->pid = 0;
    return st < 128 ? st : EXIT_PROGRAM;
}

static void stop_all(Job *jobs, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (jobs[i].pid > 0) job_finish(&jobs[i], 1);
}

/* ---- progress (on a terminal only) ---- */

typedef struct Progress { int on; double t0, last; uint32_t shown; } Progress;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* Redrawn when a size is done, else at most every quarter second. */
static void progress_show(Progress *p, uint32_t done, uint32_t n)
{
    double t = now();
    if (!p->on || (done == p->shown && t - p->last < 0.25)) return;
    p->last = t;
    p->shown = done;
    t -= p->t0;
    fprintf(stderr, "\rpml sweep: %u/%u sizes done, %.1f s elapsed", done, n, t);
    double left = done ? t * (n - done) / done : 0;
    if (done > 0 && done < n) fprintf(stderr, ", about %.*f s left", left < 10 ? 1 : 0, left);
    fputs("\033[K", stderr);
    fflush(stderr);
}

static void progress_clear(Progress *p)
{
    if (p->on) fputs("\r\033[K", stderr);
}

/* ---- the sweep ---- */

/* Reads from every running worker until one ends: 0, or an exit status. */
static int poll_jobs(const SweepArgs *a, Job *jobs, uint32_t *running, uint32_t *done, Progress *pr)
{
    struct pollfd pfd[MAX_JOBS];
    Job *who[MAX_JOBS];
    uint32_t k = 0;
    for (uint32_t i = 0; i < a->nsizes; i++)
        if (jobs[i].pid > 0) { pfd[k] = (struct pollfd){jobs[i].fd, POLLIN, 0}; who[k++] = &jobs[i]; }
    if (poll(pfd, k, 250) < 0 && errno != EINTR) return EXIT_PROGRAM;
    for (uint32_t i = 0; i < k; i++) {
        if (!pfd[i].revents) continue;
        int r = job_read(who[i]);
        if (r == 0) continue;
        int rc = job_finish(who[i], r < 0);
        (*running)--;
        if (r < 0 || rc != EXIT_OK) {
            progress_clear(pr);
            fprintf(stderr, "pml: error: sweep stopped: %s=%lld failed\n", a->range, (long long)who[i]->size);
            return rc != EXIT_OK ? rc : EXIT_PROGRAM;
        }
        (*done)++;
    }
    return 0;
}

/* Runs every size, largest first (the longest jobs start first). */
static int run_jobs(const SweepArgs *a, Job *jobs)
{
    uint32_t n = a->nsizes, next = 0, running = 0, done = 0, j = a->jobs;
    Progress pr = {isatty(STDERR_FILENO), now(), 0, UINT32_MAX};
    int rc = 0;
    if (j == 0) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        j = cores < 1 ? 1 : cores > MAX_JOBS ? MAX_JOBS : (uint32_t)cores;
    }
    while (done < n && rc == 0) {
        while (running < j && next < n && rc == 0) {
            if (job_start(a, jobs, &jobs[n - 1 - next])) {
                progress_clear(&pr);
                fprintf(stderr, "pml: error: cannot start a worker: %s\n", strerror(errno));
                rc = EXIT_PROGRAM;
            }
            next++;
            running++;
        }
        if (rc == 0) rc = poll_jobs(a, jobs, &running, &done, &pr);
        if (rc == 0) progress_show(&pr, done, n);
    }
    stop_all(jobs, n);
    progress_clear(&pr);
    return rc;
}

/* The whole CSV text, in size order. */
static char *assemble(const SweepArgs *a, const Job *jobs, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    if (!f) return NULL;
    sweep_csv_header(f, &a->sw);
    for (uint32_t i = 0; i < a->nsizes; i++) fwrite(jobs[i].buf, 1, jobs[i].len, f);
    if (fclose(f)) { free(text); return NULL; }
    return text;
}

/* Draws the plots of a sweep's CSV text (also for pml merge).  Without
 * gnuplot only a note. */
int cli_sweep_plot(const char *file, const char *param, const char *units, const char *svg, int loglog,
                   const char *csv, size_t len)
{
    SweepRow *rows;
    uint32_t n;
    char msg[512];
    const char *slash = strrchr(file, '/');
    SweepPlotOptions po = {svg, slash ? slash + 1 : file, param, units, loglog};
    int rc = sweep_read(csv, len, &rows, &n, msg, sizeof msg);
    if (rc == 0) rc = sweep_plot(rows, n, &po, msg, sizeof msg);
    sweep_rows_free(rows, n);
    return cli_plot_said(rc, msg);
}

static int sweep_body(void *o, CliRun *r)
{
    SweepArgs *a = o;
    (void)r;    /* what it needs of the runner's, sweep_check put in a */
    if (a->nshards && shard_setup(a)) return EXIT_PROGRAM;
    Job *jobs = calloc(a->nsizes ? a->nsizes : 1, sizeof *jobs);
    OutFile out;
    if (!jobs) { fprintf(stderr, "pml: error: out of memory\n"); return EXIT_PROGRAM; }
    for (uint32_t i = 0; i < a->nsizes; i++) jobs[i].size = a->sizes[i];
    int rc = outfile_open(&out, a->out ? a->out : "-") ? EXIT_PROGRAM : EXIT_OK;
    if (rc == EXIT_OK) {
        rc = run_jobs(a, jobs);
        size_t len = 0;
        char *csv = rc ? NULL : assemble(a, jobs, &len);
        if (rc == EXIT_OK && !csv) { fprintf(stderr, "pml: error: out of memory\n"); rc = EXIT_PROGRAM; }
        if (rc == EXIT_OK) fwrite(csv, 1, len, out.f);     /* a failed write is said by the commit */
        if (rc != EXIT_OK) outfile_abort(&out);
        else if (outfile_commit(&out)) rc = EXIT_PROGRAM;
        if (rc == EXIT_OK && a->nshards) rc = mark_file(a);
        if (rc == EXIT_OK && a->plot)
            rc = cli_sweep_plot(a->file, a->range, space_units_names[a->ro.units], a->plot, a->loglog, csv, len);
        free(csv);
    }
    for (uint32_t i = 0; i < a->nsizes; i++) free(jobs[i].buf);
    free(jobs);
    return rc;
}

static void sweep_done(void *o)
{
    SweepArgs *a = o;
    free(a->sizes);
    free(a->all_sizes);
    free(a->range);
}

const CliSteps cli_cmd_sweep = {.opts = sweep_opts, .groups = CLI_GROUP_COMMON | CLI_GROUP_SIM, .size = sizeof(SweepArgs),
                                .init = sweep_init, .option = sweep_option, .check = sweep_check, .body = sweep_body,
                                .done = sweep_done, .later_bytes = 20};
