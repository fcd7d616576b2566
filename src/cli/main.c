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

static const CliCommand *const commands[] = {
    &cli_cmd_run, &cli_cmd_exec, &cli_cmd_check, &cli_cmd_graph, &cli_cmd_schedule, &cli_cmd_dot,
    &cli_cmd_stats, &cli_cmd_sweep, &cli_cmd_merge, &cli_cmd_worst, &cli_cmd_diff, &cli_cmd_view,
    &cli_cmd_paths, &cli_cmd_bounds, &cli_cmd_speedup,
};
enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

static void usage(FILE *f)
{
    fputs("usage: pml COMMAND FILE [options]\n"
          "       pml COMMAND --help      a command's options, with an example\n"
          "       pml --version\n\ncommands:\n", f);
    for (int i = 0; i < NCOMMANDS; i++) {
        const char *s = commands[i]->summary;
        fprintf(f, "  %-9s %s\n", commands[i]->name, s);
    }
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
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *c = argv[1];
    if (strcmp(c, "--version") == 0 || strcmp(c, "-V") == 0) {
        cli_version(stdout);
        return finish_stdout(EXIT_OK);
    }
    int help = strcmp(c, "help") == 0 || strcmp(c, "--help") == 0 || strcmp(c, "-h") == 0;
    if (help && argc > 2) c = argv[2];  /* pml help COMMAND */
    else if (help) {
        usage(stdout);
        return finish_stdout(EXIT_OK);
    }
    for (int i = 0; i < NCOMMANDS; i++)
        if (strcmp(c, commands[i]->name) == 0) {
            if (help) { cli_help(stdout, commands[i]); return finish_stdout(EXIT_OK); }
            return finish_stdout(commands[i]->fn(argc - 1, argv + 1));
        }
    cli_usage_error("unknown command '%s'", c);
    return EXIT_USAGE;
}
