/*
 * manpage.c — the manual page pml.1 (man(7) macros), written by
 * `pml help --man` from the command table and each command's option rows,
 * the very rows --help prints (cli_row), so that the two cannot drift.
 * The build makes build/pml.1 with it and make install installs that.
 *
 * Sections, in man-pages(7)'s order: NAME, SYNOPSIS, DESCRIPTION, COMMANDS
 * (each command's summary), OPTIONS (per command: its own rows, the shared
 * groups it takes, its own defaults of shared options and the ones it
 * refuses; then each shared group's rows), CONVENTIONS, ENVIRONMENT, EXIT
 * STATUS, FILES, EXAMPLES (each command's --help example), SEE ALSO.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "docpath.h"

/* s as roff text: backslashes as \e, quotes as typed (\(aq, \(ga), every
 * '-' as \- (an option's dash,
 * and no line broken after one: docs/worst-case.md stays whole), other
 * non-ASCII characters as \[uXXXX]
 * (groff reads its input as Latin-1 otherwise), newlines as spaces, and a
 * '.' that would start a line made harmless with \&. */
static void roff(FILE *f, const char *s, int line_start)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (line_start && *p == '.') fputs("\\&", f);
        line_start = 0;
        if (*p == '\\') fputs("\\e", f);
        else if (*p == '\'') fputs("\\(aq", f);  /* as typed, not a closing quote */
        else if (*p == '`') fputs("\\(ga", f);
        else if (*p == '-') fputs("\\-", f);
        else if (*p == '\n') fputc(' ', f);
        else if (*p < 0x80) fputc(*p, f);
        else {
            /* UTF-8: a lead byte, then continuation bytes 10xxxxxx */
            unsigned cp = *p >= 0xF0 ? *p & 0x07 : *p >= 0xE0 ? *p & 0x0F : *p & 0x1F;
            while ((p[1] & 0xC0) == 0x80) cp = cp << 6 | (*++p & 0x3F);
            fprintf(f, "\\[u%04X]", cp);
        }
    }
}

/* A row's flags in bold, their values in italics: "-p, --sched P,..." */
static void roff_head(FILE *f, const char *head)
{
    char buf[sizeof ((CliRow *)0)->head];
    snprintf(buf, sizeof buf, "%s", head);
    int first = 1;
    for (char *save = NULL, *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save), first = 0) {
        size_t n = strlen(w);
        int comma = n > 1 && w[n - 1] == ',';
        if (comma) w[n - 1] = 0;
        fputs(first ? "" : " ", f);
        fputs(w[0] == '-' ? "\\fB" : "\\fI", f);
        roff(f, w, 0);
        fputs(comma ? "\\fR," : "\\fR", f);
    }
}

static void roff_row(FILE *f, const CliOpt *o, const CliSteps *s)
{
    CliRow r;
    cli_row(o, s, &r);
    fputs(".TP\n", f);
    roff_head(f, r.head);
    fputc('\n', f);
    roff(f, r.text, 1);
    fputc('\n', f);
}

static const char *description =
    "evaluates a program in PML, a parallel subset of Standard ML with parallel pairs "
    "{e1, e2}, under a cost semantics: it builds the program's cost graphs (computation "
    "and heap edges), simulates schedules of them (depth-first, breadth-first, work "
    "stealing) on P processors and reports the heap space each schedule needs, what "
    "holds it, and pictures of it (Spoonhower et al., Space Profiling for Parallel "
    "Functional Programs).  pml exec runs the program for real, on threads.";

static const char *conventions =
    ".SH CONVENTIONS\n"
    "Options may come before or after FILE.  A long option's value follows it as\n"
    ".B \\-\\-sched=df\n"
    "or\n"
    ".BR \"\\-\\-sched df\" ;\n"
    "a long option may be shortened to any unambiguous prefix.\n"
    ".B \\-\\-\n"
    "ends the options.  FILE\n"
    ".B \\-\n"
    "reads the program from standard input; its errors then name\n"
    ".BR <stdin>:LINE:COL .\n"
    "Output goes to standard output unless\n"
    ".B \\-o\n"
    "names a file; files are written whole or not at all, and a command's files\n"
    "all together or none.  An option a command has no use for is a usage error\n"
    "naming it and why; an unknown option, command or identifier gets a\n"
    "\"did you mean\" when one name is close.\n"
    ".SH ENVIRONMENT\n"
    ".TP\n.B NO_COLOR\n"
    "when set and not empty, diagnostics are never coloured (they are coloured\n"
    "only when standard error is a terminal, and TERM is not dumb).\n"
    ".TP\n.BR PML_DOT \", \" PML_GNUPLOT\n"
    "the Graphviz and gnuplot programs to run (default\n.B dot\nand\n.BR gnuplot ).\n"
    ".TP\n.BR GC_MAXIMUM_HEAP_SIZE \", \" GC_INITIAL_HEAP_SIZE\n"
    "the collector's limits (by default its heap may take a third of memory).\n"
    ".SH EXIT STATUS\n"
    "0 success, 1 a program error (including resource limits and failed writes),\n"
    "2 a usage error.  Determinacy races are warnings (status 0) unless\n"
    ".B \\-\\-races=error\n"
    "is given (status 1).\n";

/* FILES: where make install puts what pml cites, as this pml finds it. */
static void files(FILE *f)
{
    const char *pre = docpath_prefix();
    char p[4096];
    fputs(".SH FILES\n", f);
    static const struct { const char *path, *what; } rows[] = {
        {"share/doc/pml/", "the documents the help and the messages cite (README.md and the docs), with their pictures in img/"},
        {"share/pml/examples/", "the example programs (the help's examples run them)"},
        {"share/pml/prelude.pml", "the prelude's source; pml has it compiled in and loads it before every program "
                                  "(\\-\\-no\\-prelude leaves it out)"},
        {"share/man/man1/pml.1", "this page (also printed by pml help \\-\\-man)"},
        {"share/bash-completion/completions/pml", "the bash completion, which reads each command's \\-\\-help"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        snprintf(p, sizeof p, "%s%s", pre ? pre : "PREFIX/", rows[i].path);
        fputs(".TP\n.I ", f);
        roff(f, p, 0);
        fprintf(f, "\n%s\n", rows[i].what);
    }
    if (!pre)
        fputs(".PP\nPREFIX is make install's (/usr/local by default).  In the source tree the documents are "
              "in docs/, the examples in examples/ and the prelude is lib/prelude.pml.\n", f);
}

/* One command's options: its own rows, the shared groups it takes, its
 * defaults of shared options and what it refuses. */
static void command_options(FILE *f, const CliCommand *c)
{
    const CliSteps *s = c->steps;
    char text[2048];
    fputs(".SS \"pml ", f);
    fputs(c->name, f);
    fputs("\"\n", f);
    fputs(".B pml ", f);
    fputs(c->name, f);
    fputs("\n.I ", f);
    roff(f, c->args, 0);
    fputs("\n.br\n", f);
    cli_expand(c->about, text, sizeof text);
    roff(f, text, 1);
    fputc('\n', f);
    for (const CliOpt *o = s->opts; o && o->key; o++) roff_row(f, o, s);
    int taken = 0;
    for (const CliGroup *g = cli_groups; g->opts; g++) {
        if (!(s->groups & g->group)) continue;
        fprintf(f, "%s%s", taken++ ? "; " : ".PP\nAnd the shared options (below): ", g->title);
    }
    if (taken) fputs(".\n", f);
    for (const CliGroup *g = cli_groups; g->opts; g++)
        for (const CliOpt *o = g->opts; (s->groups & g->group) && o->key; o++) {
            const CliDefault *d = s->defaults;
            while (d && d->key && d->key != o->key) d++;
            if (d && d->key) roff_row(f, o, s);     /* its own default */
        }
    int refused = 0;
    for (const CliGroup *g = cli_groups; g->opts; g++)
        for (const CliOpt *o = g->opts; (s->groups & g->group) && o->key; o++) {
            if (!cli_refuses(s, o->key)) continue;
            CliRow r;
            cli_row(o, NULL, &r);
            fputs(refused++ ? ", " : ".PP\nNot taken (a usage error): ", f);
            roff_head(f, r.head);
        }
    if (refused) {
        fputs(": ", f);
        cli_expand(s->refused_why, text, sizeof text);
        roff(f, text, 0);
        fputs(".\n", f);
    }
}

void cli_manpage(FILE *f, const CliCommand *cmds, int n)
{
    char text[2048];
    fputs(".\\\" The manual page of pml, written by `pml help --man` from its option rows: not to be edited.\n", f);
    fputs(".TH PML 1 \"\" \"pml ", f);
    roff(f, cli_version_text(), 0);
    fputs("\" \"User Commands\"\n.nh\n.ad l\n", f);
    fputs(".SH NAME\npml \\- semantic space profiler for parallel functional programs\n", f);
    fputs(".SH SYNOPSIS\n", f);
    for (int i = 0; i < n; i++) {
        fprintf(f, ".B pml %s\n.I ", cmds[i].name);
        roff(f, cmds[i].args, 0);
        fputs("\n.br\n", f);
    }
    fputs(".B pml\n.I COMMAND\n.B \\-\\-help\n.br\n.B pml help\n.RI [ COMMAND \" | \\-\\-man]\"\n.br\n"
          ".B pml \\-\\-version\n", f);
    fputs(".SH DESCRIPTION\n.B pml\n", f);
    roff(f, description, 0);
    fputs("\n.SH COMMANDS\n", f);
    for (int i = 0; i < n; i++) {
        fprintf(f, ".TP\n.B %s\n", cmds[i].name);
        cli_expand(cmds[i].summary, text, sizeof text);
        roff(f, text, 1);
        fputc('\n', f);
    }
    fputs(".PP\n.B pml\n.I COMMAND\n.B \\-\\-help\n(or\n.B pml help\n.IR COMMAND )\n"
          "prints a command's options, with an example: the rows below.\n", f);
    fputs(".SH OPTIONS\n", f);
    for (int i = 0; i < n; i++) command_options(f, &cmds[i]);
    for (const CliGroup *g = cli_groups; g->opts; g++) {
        fputs(".SS \"", f);
        roff(f, g->title, 0);
        fputs("\"\nTaken by:", f);
        for (int i = 0, k = 0; i < n; i++)
            if (cmds[i].steps->groups & g->group) fprintf(f, "%s %s", k++ ? "," : "", cmds[i].name);
        fputs(".\n", f);
        for (const CliOpt *o = g->opts; o->key; o++) roff_row(f, o, NULL);
    }
    fputs(".SS \"Every command\"\n", f);
    for (const CliOpt *o = cli_help_opts; o->key; o++) roff_row(f, o, NULL);
    fputs(conventions, f);
    files(f);
    fputs(".SH EXAMPLES\n", f);
    for (int i = 0; i < n; i++) {
        cli_expand(cmds[i].example, text, sizeof text);
        fputs(".PP\n.nf\n", f);
        roff(f, text, 1);
        fputs("\n.fi\n", f);
    }
    fputs(".PP\n.nf\necho 'val result = 6 * 7' | pml run \\-\n.fi\n", f);
    fputs(".SH SEE ALSO\n.BR dot (1),\n.BR gnuplot (1),\n.BR sml (1).\n", f);
}
