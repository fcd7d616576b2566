/*
 * main.c — the command-line driver: `pml COMMAND FILE [options]`.
 * Each command lives in its own src/cli/cmd_*.c; this file only dispatches.
 */
#include <errno.h>
#include <fcntl.h>
#include <gc.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static const char usage[] =
    "usage: pml COMMAND FILE [options]\n"
    "\n"
    "commands:\n"
    "  run FILE       evaluate; print the value, work, span; with --sched, simulate\n"
    "                 each policy and P and report the space high-water mark\n"
    "  exec FILE [--sched=df,bf,ws] [-p 1,2,4] [--sample N [--sample-error PCT]] [--compare]\n"
    "            [--format text|json|csv]\n"
    "                 run for real on P threads and measure the heap (docs/exec.md)\n"
    "  check FILE     parse and resolve only\n"
    "  graph FILE -o g.json   write the raw cost graphs (docs/graph-format.md)\n"
    "  schedule FILE --sched=P -p N -o s.json [--plot timeline.svg]\n"
    "                 the schedule and space at every step; the processor timeline\n"
    "  dot FILE [-o out.dot]  distilled cost graphs as Graphviz DOT\n"
    "  stats FILE     original vs distilled graph sizes\n"
    "  sweep FILE -D n=A:B[:STEP] [-j JOBS] [-o data.csv] [--plot space.svg] [--loglog] [--top K]\n"
    "                 high-water mark and its holders against input size (docs/sweep.md);\n"
    "                 --exec [--sample N] adds the marks measured by real runs (docs/exec.md)\n"
    "                 --shard I/K runs only shard I of K, for many machines\n"
    "  merge PART.csv… [-o data.csv] [--plot space.svg]   the shards of a sweep, merged\n"
    "  worst FILE [-p 1,2,4,64] [--format text|json] [--fail-above WORDS] [--witness s.json] [--exact]\n"
    "                 the most heap space any schedule can need: bounds, a witness (docs/worst-case.md)\n"
    "  diff FILE --sched=df -p 2 --vs --sched=bf -p 2 [--format text|json]\n"
    "                 two schedules' space compared, the marks' difference by site (docs/diff.md)\n"
    "  view FILE --sched=df,bf -p 2 -o lesson.html\n"
    "                 an offline page stepping through one or two schedules (docs/view.md)\n"
    "  paths FILE [--top K] [-k K] [--format text|json]\n"
    "                 acyclic path profiles of every function (docs/paths.md)\n"
    "  bounds FILE [-p 2,4] [--static K [--tasks N] [--latency T]] [--no-exact]\n"
    "                 each policy's steps against the best possible (docs/time.md)\n"
    "  speedup FILE -p 1:16 [--fork-cost C] [-o s.csv] [--plot s.svg]\n"
    "                 the factored speedup plot (docs/time.md)\n"
    "\n"
    "options for every command that runs a program:\n"
    "  -D name=N         the value of param (\"name\", default)\n"
    "  --max-nodes N     stop when the cost graph has N nodes (default: one per\n"
    "                    KiB of memory, at least 20000000)\n"
    "  --max-depth N     stop past N nested evaluations (default 10000000)\n"
    "  --no-prelude      do not load lib/prelude.pml\n"
    "  --check-invariants  check the graph invariants and Theorem 1 (docs/semantics.md)\n"
    "\n"
    "run options: --sched=df,bf,ws  -p 1,2,4  --coarse  --seed S  --units words|nodes\n"
    "             --by use|alloc  --group caller|site|function  --stack  --top K\n"
    "             --format text|json|csv  --no-queue-space\n"
    "             --profile out.svg (space over time for one policy and P)\n"
    "             --fork-cost C  --steal-cost S  (overhead steps per fork or join, per steal)\n"
    "\n"
    "Exit status: 0 success, 1 program error, 2 usage error.\n";

typedef struct Command { const char *name; int (*fn)(int, char **); } Command;

static const Command commands[] = {
    {"run", cmd_run},         {"check", cmd_check}, {"graph", cmd_graph},
    {"schedule", cmd_schedule}, {"dot", cmd_dot},   {"stats", cmd_stats},
    {"sweep", cmd_sweep},     {"merge", cmd_merge},  {"worst", cmd_worst}, {"diff", cmd_diff}, {"view", cmd_view},
    {"paths", cmd_paths},
    {"bounds", cmd_bounds}, {"speedup", cmd_speedup},
    {"exec", cmd_exec},
};

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
    int err = errno ? errno : EIO;
    if (fclose(stdout) != 0 && !bad) {
        bad = 1;
        err = errno ? errno : EIO;
    }
    if (!bad || rc != EXIT_OK) return rc; /* a failed command has said why */
    fprintf(stderr, "pml: error: writing standard output: %s\n", strerror(err));
    return rc == EXIT_OK ? EXIT_PROGRAM : rc;
}

int main(int argc, char **argv)
{
    guard_stdout();
    GC_INIT();
    if (argc < 2) {
        fputs(usage, stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fputs(usage, stdout);
        return finish_stdout(EXIT_OK);
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0) return finish_stdout(commands[i].fn(argc - 1, argv + 1));
    cli_usage_error("unknown command '%s'", argv[1]);
    return EXIT_USAGE;
}
