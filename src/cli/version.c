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
#include "cli.h"

/* The first line that `cmd` prints (its version), or "not found". */
static void tool_version(FILE *f, const char *name, const char *prog, const char *flag)
{
    char cmd[512], line[256] = "";
    /* the program's name is the user's (PML_DOT, PML_GNUPLOT): quoted */
    if (strchr(prog, '\'') || snprintf(cmd, sizeof cmd, "'%s' %s 2>&1", prog, flag) >= (int)sizeof cmd) {
        fprintf(f, "%-9s %s: cannot run it\n", name, prog);
        return;
    }
    FILE *p = popen(cmd, "r");
    int got = p && fgets(line, sizeof line, p) != NULL;
    int st = p ? pclose(p) : -1;
    line[strcspn(line, "\r\n")] = 0;
    if (!got || st != 0) fprintf(f, "%-9s not found (%s)\n", name, prog);
    else fprintf(f, "%-9s %s\n", name, line);
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
