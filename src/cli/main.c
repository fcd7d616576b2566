/*
 * main.c — the command-line driver: `pml COMMAND FILE [options]`.  The
 * command table, and the one way every command runs (cli_run_command):
 * parse its options, load the program, run its body (src/cli/cmd_*.c),
 * unload.
 */
#include <errno.h>
#include <fcntl.h>
#include <gc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "docpath.h"
#include "suggest.h"

#if defined(__SANITIZE_THREAD__)
#define PML_TSAN_BUILD 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define PML_TSAN_BUILD 1
#endif
#endif
#ifndef PML_TSAN_BUILD
#define PML_TSAN_BUILD 0
#endif

/* The command table: each command's synopsis, summary (pml help), --help
 * paragraph and example, and its steps (cmd_*.c). */
static const CliCommand commands[] = {
    {"run", "FILE [options]", "evaluate; print the value, work, span; with --sched, simulate each policy and P",
     "Evaluates FILE, prints its value, work and span; with --sched, simulates each\n"
     "policy with each P and reports the space high-water mark and what holds it.",
     "pml run examples/fib.pml -D n=15 --sched={policies,} -p 1,2,4", &cli_cmd_run},
    {"exec", "FILE [options]", "run for real on P threads and measure the heap (docs/exec.md)",
     "Runs FILE for real on P threads with each policy and measures the heap by\n"
     "sampling it (docs/exec.md); --compare sets the simulator's figures beside.",
     "pml exec examples/fib.pml -D n=20 --sched={policies,} -p 1,2 --compare", &cli_cmd_exec},
    {"check", "FILE [options]", "parse, resolve and type-check only",
     "Parses, resolves and type-checks FILE (with the prelude) without running it; --types prints each binding's type.", "pml check examples/fib.pml", &cli_cmd_check},
    {"race", "FILE [options]", "the determinacy races: parallel branches touching one ref or array element (docs/races.md)",
     "Runs FILE, watching every read and write of a ref cell or array element, and\n"
     "reports each pair of source positions whose accesses may run in parallel, at\n"
     "least one a write: a determinacy race (SP-bags over the computation graph).",
     "echo 'val r = ref 0  val result = {r := 1, r := 2}' | pml race - --races=error", &cli_cmd_race},
    {"graph", "FILE [-o g.json] [options]", "the raw cost graphs as JSON (docs/graph-format.md)",
     "Evaluates FILE and writes its raw cost graphs (nodes, computation and heap\n"
     "edges) in the stable JSON format of docs/graph-format.md.",
     "pml graph examples/fib.pml -D n=10 -o fib.json", &cli_cmd_graph},
    {"schedule", "FILE [options]", "one schedule and its space at every step, as JSON",
     "One schedule as JSON (docs/output-formats.md): each node's step and processor,\n"
     "and the heap and scheduler-queue space after every step.",
     "pml schedule examples/fib.pml -D n=10 --sched ws -p 2 -o s.json", &cli_cmd_schedule},
    {"dot", "FILE [-o out.dot] [options]", "distilled cost graphs as Graphviz DOT",
     "Distilled cost graphs (paper rules 1-8) as Graphviz DOT.  With --sched, drawn\n"
     "at the high-water mark (or step I): visited nodes and root heap edges black,\n"
     "edge thickness = space.  -o X.svg/.png/.pdf renders with Graphviz `dot`.",
     "pml dot examples/fib.pml -D n=8 --sched=ws -p 2 -o fib.svg", &cli_cmd_dot},
    {"stats", "FILE [options]", "original vs distilled graph sizes",
     "Nodes, heap edges and computation edges of the cost graphs, original and\n"
     "distilled (paper Table 1).", "pml stats examples/fib.pml -D n=12 --format json", &cli_cmd_stats},
    {"sweep", "FILE -D name=A:B[:STEP] [options]", "high-water mark and its holders against input size (docs/sweep.md)",
     "Evaluates FILE once per size, each in its own worker, simulates every policy\n"
     "and P on it and writes the marks and their holders as CSV (docs/sweep.md).",
     "pml sweep examples/matmul.pml -D n=2:8:2 --sched={policies,} -p 2 -o data.csv --plot space.svg", &cli_cmd_sweep},
    {"merge", "PART.csv... [options]", "the shards of a sweep, merged (docs/sweep.md)",
     "The parts written by `pml sweep --shard I/K` put back together into the CSV\n"
     "one `pml sweep` writes, whatever the number of shards and their order.",
     "pml merge part1.csv part2.csv -o data.csv --plot space.svg", &cli_cmd_merge},
    {"worst", "FILE [options]", "the most heap space any schedule can need: bounds, a witness (docs/worst-case.md)",
     "The most heap space any schedule can need: M∞ bounds every schedule, M_P every\n"
     "schedule with at most P strands in progress (ws); a real schedule gives a lower\n"
     "bound (docs/worst-case.md).  Default: every policy, P = 1, 2, 8.",
     "pml worst examples/fib.pml -D n=10 -p 1,2,64 --fail-above 4096", &cli_cmd_worst},
    {"diff", "FILE --sched=POLICY [-p N] --vs --sched=POLICY [-p N] [options]",
     "two schedules' space compared, the marks' difference by site (docs/diff.md)",
     "Two schedules compared: their space curves on one step axis, and the\n"
     "difference of their high-water marks by source site (the sites' deltas add\n"
     "up to the difference).  The simulation options before --vs describe A,\n"
     "those after it B; --units and --no-queue-space must agree.",
     "pml diff examples/fib.pml -D n=12 --sched=df -p 2 --vs --sched=bf -p 2", &cli_cmd_diff},
    {"view", "FILE -o PAGE.html [options] | --lesson NAME -o PAGE.html", "an offline page stepping through one or two schedules (docs/view.md)",
     "One offline HTML page stepping through one or two schedules side by side:\n"
     "the distilled graph coloured by state, the space over time, the holders and\n"
     "the source, a processor timeline.  --lesson NAME writes a ready page on one\n"
     "of the paper's findings (--lesson list names them).",
     "pml view examples/fib.pml -D n=10 --sched=df,bf -p 2 -o lesson.html", &cli_cmd_view},
    {"paths", "FILE [options]", "acyclic path profiles of every function (docs/paths.md)",
     "Acyclic path profiles: per function, how often each path through its\n"
     "branches ran and the work it cost (docs/paths.md).",
     "pml paths examples/fib.pml -D n=12 --top 3 -k 2", &cli_cmd_paths},
    {"bounds", "FILE [options]", "each policy's steps against the best possible (docs/time.md)",
     "How far each policy is from the best possible schedule: the lower bound, the\n"
     "level-schedule and Brent bounds, the exact optimum for small graphs, each\n"
     "policy's steps as a ratio to the best bound (docs/time.md).  Default: every\n"
     "policy, P = 2.",
     "pml bounds examples/fib.pml -D n=10 -p 2,4 --static 2", &cli_cmd_bounds},
    {"speedup", "FILE -p 1:16 [options]", "the factored speedup plot (docs/time.md)",
     "For each policy and P: the linear, maximal, idle-specific, inflation-specific\n"
     "and actual speedups and the span bound T1/Tinf, as CSV and through gnuplot\n"
     "(docs/time.md).  Default: every policy.",
     "pml speedup examples/fib.pml -D n=12 -p 1:8 --fork-cost 2 -o s.csv --plot s.svg", &cli_cmd_speedup},
};
enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

static void usage(FILE *f)
{
    fputs("usage: pml COMMAND FILE [options]\n"
          "       pml COMMAND --help      a command's options, with an example\n"
          "       pml help --man          the manual page (pml help --man | man -l -)\n"
          "       pml --version\n\ncommands:\n", f);
    char text[512];
    for (int i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-9s %s\n", commands[i].name, docpath_text(commands[i].summary, text, sizeof text));
    fputs("\nFILE '-' reads the program from standard input; '--' ends the options.\n"
          "Exit status: 0 success, 1 program error, 2 usage error.\n", f);
}

/* Standard output closed when pml starts: fd 1 is taken by /dev/null,
 * opened read-only, so that no file pml opens becomes standard output and
 * every write to it fails and is reported (EBADF). */
static void guard_stdout(void)
{
    if (fcntl(STDOUT_FILENO, F_GETFD) >= 0 || errno != EBADF) return;
    int fd = open("/dev/null", O_RDONLY);
    if (fd >= 0 && fd != STDOUT_FILENO) {
        dup2(fd, STDOUT_FILENO);
        close(fd);
    }
}

/* Every command's standard output is checked once it is done: a failed
 * write (a full disk, /dev/full, a closed descriptor) is an error. */
static int finish_stdout(int rc)
{
    errno = 0;
    int bad = fflush(stdout) != 0 || ferror(stdout);
    /* said before the close, which would lose the file's name; a failed
     * command has said why already */
    if (bad && rc == EXIT_OK) outfile_stdout_failed(errno ? errno : EIO);
    if (fclose(stdout) != 0 && !bad) {
        bad = 1;
        if (rc == EXIT_OK) outfile_stdout_failed(errno ? errno : EIO);
    }
    return bad && rc == EXIT_OK ? EXIT_PROGRAM : rc;
}

/* A command's steps after its parse: check, load, body. */
static int run_steps(const CliSteps *s, void *o, CliRun *r)
{
    int rc = s->check ? s->check(o, r) : EXIT_OK;
    if (rc == EXIT_OK && s->load != CLI_LOAD_NONE)
        rc = cli_load(r->file, &r->common, s->load == CLI_LOAD_EVAL, &r->l);
    return rc == EXIT_OK ? s->body(o, r) : rc;
}

int cli_run_command(const CliCommand *cmd, int argc, char **argv)
{
    const CliSteps *s = cmd->steps;
    CliRun r;
    memset(&r, 0, sizeof r);
    cli_common_init(&r.common);
    if (s->later_bytes) r.common.eo.later_bytes = s->later_bytes;
    void *o = calloc(1, s->size ? s->size : 1);
    if (!o) { fprintf(stderr, "pml: error: out of memory\n"); return EXIT_PROGRAM; }
    if (s->init) s->init(o);
    cli_usage_command(cmd->name);
    int k = cli_parse(cmd, argc, argv, o, &r);
    int rc = k == CLI_END ? run_steps(s, o, &r) : k == CLI_HELP ? EXIT_OK : EXIT_USAGE;
    if (rc != EXIT_OK && outfile_refused()) rc = EXIT_USAGE; /* an output (a plot's X.dat …) that is an input */
    cli_unload(&r.l);
    if (s->done) s->done(o);
    free(r.parts);
    free(o);
    return rc;
}

/* A command, its outputs held until it is done (outfile_hold): they all
 * appear, or, if anything failed (standard output too), none. */
static int run_command(const CliCommand *cmd, int argc, char **argv)
{
    outfile_hold();
    int rc = finish_stdout(cli_run_command(cmd, argc, argv));
    return outfile_release(rc == EXIT_OK) ? EXIT_PROGRAM : rc;
}

int main(int argc, char **argv)
{
    guard_stdout();
    outfile_keep_stdout_errors();
    /* pml exec (and sweep --exec) measure the heap that each collection
     * marks: with the collector's parallel markers (one per core, its
     * default) the same run marked different sets from run to run
     * (mergesort n = 128: 591 or 909 model words), with one the same.
     * GC_MARKERS in the environment still rules (docs/exec.md).  Not
     * under ThreadSanitizer, where nothing is collected (tests/run-tsan.sh)
     * and one marker made TSan's allocator crash in free at exit in 4 of
     * 10 runs (docs/reliability.md). */
#if !PML_TSAN_BUILD
    if (argc >= 2 && (strcmp(argv[1], "exec") == 0 || strcmp(argv[1], "sweep") == 0)) setenv("GC_MARKERS", "1", 0);
#endif
    GC_INIT();
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *c = argv[1];
    if (strcmp(c, "--version") == 0 || strcmp(c, "-V") == 0) {
        cli_version(stdout);
        return finish_stdout(EXIT_OK);
    }
    int help = strcmp(c, "help") == 0 || strcmp(c, "--help") == 0 || strcmp(c, "-h") == 0;
    if (help && argc > 2 && strcmp(argv[2], "--man") == 0 && argc <= 4) {
        /* pml help --man [PREFIX]: the manual page (manpage.c); with
         * PREFIX, citing the files as make install puts them there */
        if (argc == 4) docpath_set_prefix(argv[3]);
        cli_manpage(stdout, commands, NCOMMANDS);
        return finish_stdout(EXIT_OK);
    }
    if (help && argc > 2) c = argv[2];  /* pml help COMMAND */
    else if (help) {
        usage(stdout);
        return finish_stdout(EXIT_OK);
    }
    for (int i = 0; i < NCOMMANDS; i++)
        if (strcmp(c, commands[i].name) == 0) {
            if (help) { cli_help(stdout, &commands[i]); return finish_stdout(EXIT_OK); }
            return run_command(&commands[i], argc - 1, argv + 1);
        }
    Suggest sg;
    suggest_init(&sg, c);
    for (int i = 0; i < NCOMMANDS; i++) suggest_offer(&sg, commands[i].name);
    suggest_offer(&sg, "help");
    const char *near = suggest_best(&sg);
    if (near) cli_usage_error("unknown command '%s'; did you mean '%s'?", c, near);
    else cli_usage_error("unknown command '%s'", c);
    return EXIT_USAGE;
}
