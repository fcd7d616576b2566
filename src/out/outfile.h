/*
 * outfile.h — output files written whole or not at all: open a temporary
 * file next to PATH ("-" is stdout), write, then commit (rename over PATH)
 * or abort (remove).  An existing file is never clobbered by a failed run,
 * and the temporary files still open are removed if SIGINT, SIGTERM or
 * SIGHUP ends the process.
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

/* In a process just forked from `parent` (gnuplot, Graphviz, a sweep's
 * worker): it is killed when the parent dies, whatever kills the parent,
 * KILL included (PR_SET_PDEATHSIG), and exits if the parent is gone. */
void outfile_child_of(pid_t parent);

#endif
