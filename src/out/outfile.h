/*
 * outfile.h — output files written whole or not at all: open a temporary
 * file next to PATH ("-" is stdout), write, then commit (rename over PATH)
 * or abort (remove).  An existing file is never clobbered by a failed run,
 * and the temporary files not yet renamed are removed if a signal ends the
 * process (child.h's handler; SIGXFSZ is ignored, so a file too large
 * fails as a write).  The temporary file is DIR/pml.tmp.PID.N, short whatever
 * the target's name; a target that is not a regular file (/dev/null, a
 * FIFO) is written in place; the input program is never a target.  A
 * failed write is reported with the reason of the write that failed
 * ("No space left on device", "File too large"), whenever it happened.
 * FIFO) is written in place; an input (the program, a merge's parts) is
 * never a target.
 */
#ifndef PML_OUTFILE_H
#define PML_OUTFILE_H

#include <stdio.h>

typedef struct OutFile {
    FILE *f;            /* write here */
    int fd;             /* its descriptor, to read back what was written (-1 for stdout) */
    char *path, *tmp;   /* private */
    struct OutSink *sink;
} OutFile;

/* 0, or -1 after printing why on stderr ("pml: error: cannot write …"). */
int outfile_open(OutFile *o, const char *path);
/* Closes and renames into place: 0, or -1 after printing why (the
 * temporary file is removed). */
int outfile_commit(OutFile *o);
/* Closes and removes the temporary file; harmless on stdout. */
void outfile_abort(OutFile *o);

/* stdout becomes a FILE on descriptor 1 that keeps the reason of a
 * failed write, as every output file does (the driver, at the start). */
void outfile_keep_stdout_errors(void);
/* Says that writing standard output failed (err: why, unless the failed
 * write's own reason is known), naming the file it is when it is one. */
void outfile_stdout_failed(int err);

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
 * together or not at all.  The driver holds every command's outputs
 * (main.c).  0, or -1 after printing why. */
void outfile_hold(void);
int outfile_release(int commit);
/* Where path's data are until outfile_release: the temporary file of a
 * commit held back, else path itself (for a program that reads the file
 * now, gnuplot reading a plot's data and script). */
const char *outfile_pending(const char *path);

#endif
