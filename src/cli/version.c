/*
 * version.c — `pml --version`: what this pml is and what it was built with
 * (build_info.h, written by the Makefile at build time) and what it finds
 * now on PATH for drawing (Graphviz for pml dot and view, gnuplot for the
 * plots: both optional).
 */
#include <gc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build_info.h"
#include "child.h"
#include "cli.h"

/* The first line that `prog flag` prints (its version), or "not found". */
static void tool_version(FILE *f, const char *name, const char *prog, const char *flag)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    const char *argv[] = {prog, flag, NULL};
    ChildRun c = {argv, NULL, NULL, 0, m, CHILD_ERR_OUT};
    int rc = m ? child_run(&c) : CHILD_SYSTEM;
    if (m) fclose(m);
    if (rc != CHILD_OK || !text || !*text) fprintf(f, "%-9s not found (%s)\n", name, prog);
    else fprintf(f, "%-9s %.*s\n", name, (int)strcspn(text, "\r\n"), text);
    free(text);
}

const char *cli_version_text(void) { return PML_VERSION; }

void cli_version(FILE *f)
{
    fprintf(f, "pml %s\n", PML_VERSION);
    fprintf(f, "built with:\n");
    fprintf(f, "  %-9s %d.%d.%d\n", "Boehm GC", GC_VERSION_MAJOR, GC_VERSION_MINOR, GC_VERSION_MICRO);
    fprintf(f, "  %-9s %s\n", "re2c", PML_RE2C_VERSION);
    fprintf(f, "  %-9s %s\n", "Lemon", PML_LEMON_VERSION);
    fprintf(f, "  %-9s %s\n", "cc", __VERSION__);
    fprintf(f, "found now:\n  ");
    fflush(f);
    const char *dot = getenv("PML_DOT") ? getenv("PML_DOT") : "dot";
    const char *gp = getenv("PML_GNUPLOT") ? getenv("PML_GNUPLOT") : "gnuplot";
    tool_version(f, "Graphviz", dot, "-V");
    fputs("  ", f);
    tool_version(f, "gnuplot", gp, "--version");
}
