/*
 * outfile.h — output files written whole or not at all: open a temporary
 * file next to PATH ("-" is stdout), write, then commit (rename over PATH)
 * or abort (remove).  An existing file is never clobbered by a failed run,
 * and the temporary files still open are removed if SIGINT, SIGTERM or
 * SIGHUP ends the process (SIGXFSZ is ignored, so a file too large fails
 * as a write).  The temporary file is DIR/pml.tmp.PID.N, short whatever
 * the target's name; a target that is not a regular file (/dev/null, a
 * FIFO) is written in place; an input (the program, a merge's parts) is
 * never a target.
 */
#ifndef PML_OUTFILE_H
#define PML_OUTFILE_H

#include <stdio.h>
#include <sys/types.h>

typedef struct OutFile {
    FILE *f;            /* write here */
    char *path, *tmp;   /* private */
} OutFile;

/* 0, or -1 after printing why on stderr ("pml: error: cannot write …"). */
int outfile_open(OutFile *o, const char *path);
/* Closes and renames into place: 0, or -1 after printing why (the
 * temporary file is removed). */
int outfile_commit(OutFile *o);
/* Closes and removes the temporary file; harmless on stdout. */
void outfile_abort(OutFile *o);

/* An input of the command ('-': standard input): outfile_open refuses to
 * write over it, by any name (same device and inode; regular files only). */
void outfile_protect(const char *path);
/* The input that path is (its name as protected, or "standard input"), or
 * NULL. */
const char *outfile_input(const char *path);
/* Whether outfile_open refused an input as a target (a usage error). */
int outfile_refused(void);

/* Between outfile_hold and outfile_release, committed files are only
 * closed; outfile_release(1) renames them all into place, (0) removes them
 * all: outputs that belong together (a sweep's CSV and plots) appear
 * together or not at all.  0, or -1 after printing why. */
void outfile_hold(void);
int outfile_release(int commit);
/* outfile_commit, never held: for a file another program must read now
 * (a plot's data and script, which gnuplot reads). */
int outfile_commit_now(OutFile *o);

/* In a process just forked from `parent` (gnuplot, Graphviz, a sweep's
 * worker): it is killed when the parent dies, whatever kills the parent,
 * KILL included (PR_SET_PDEATHSIG), and exits if the parent is gone. */
void outfile_child_of(pid_t parent);

#endif
