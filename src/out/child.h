/*
 * child.h — the processes pml starts (Graphviz, gnuplot, a sweep's and
 * paths' workers) and the files a signal must not leave behind: nothing
 * pml starts or half-writes outlives it.
 *
 * Every child is made by child_fork: it is killed when pml dies, whatever
 * kills pml, SIGKILL included (PR_SET_PDEATHSIG), and when a signal ends
 * pml (SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM, SIGUSR1,
 * SIGUSR2) the one handler here kills and reaps the children still
 * running, removes the files registered with child_cleanup_add (outfile.c's
 * temporary files), then dies of the signal.  pml writes no temporary
 * file outside its outputs' directories: a program's input and output go
 * through pipes (child_run).
 */
#ifndef PML_CHILD_H
#define PML_CHILD_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* fork(): in the child (0) the signals above are back to their defaults and
 * it dies with pml; in pml the child's id, which child_wait must reap.
 * -1 with errno on failure. */
pid_t child_fork(void);
/* Waits for the child (killing it first if kill_it): its exit status, or
 * 128 + the signal that ended it. */
int child_wait(pid_t pid, int kill_it);

/* A program to run: argv[0] is looked up on PATH, started in dir (NULL:
 * here), with in (in_len bytes) on its standard input and its standard
 * output copied to out as it comes; its standard error goes to pml's, to
 * nowhere (CHILD_ERR_QUIET) or with its output (CHILD_ERR_OUT). */
enum { CHILD_ERR_SHOW, CHILD_ERR_QUIET, CHILD_ERR_OUT };
typedef struct ChildRun {
    const char *const *argv;
    const char *dir;
    const char *in;
    size_t in_len;
    FILE *out;
    int err;
} ChildRun;
/* What child_run came to. */
enum {
    CHILD_OK,           /* it exited 0 and all it wrote is in out */
    CHILD_FAILED,       /* it exited non-zero or was killed */
    CHILD_MISSING,      /* it could not be started (not on PATH) */
    CHILD_OUTPUT,       /* writing to out failed (out's error flag is set); the child was killed */
    CHILD_SYSTEM,       /* no pipe or no process (errno) */
};
int child_run(const ChildRun *c);

/* path (kept, not copied, until child_cleanup_drop) is removed if a
 * signal ends pml. */
void child_cleanup_add(const char *path);
void child_cleanup_drop(const char *path);

#endif
