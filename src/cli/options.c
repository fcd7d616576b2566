/*
 * options.c — the commands' option parsing, on glibc's getopt_long, and
 * their --help, both from one table per command (CliCommand, cli.h).
 *
 * A command's own options come first and win over a shared option of the
 * same name (speedup's -p takes ranges, sweep's -D ranges of sizes); then
 * the options every evaluating command takes (-D, --max-nodes, …) and the
 * simulation options (--sched, -p, …), which next_option applies itself.
 * Arguments that are not options are kept in order; "--" ends the options
 * and "-" is an argument (standard input, cli_load).
 */
#define _GNU_SOURCE     /* fopencookie */
#include "cli.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "docpath.h"
#include "measure.h"
#include "sched.h"
#include "space.h"
#include "suggest.h"

/* ---- the shared options' tables ---- */

const CliOpt cli_common_opts[] = {
    {'D', NULL, "name=N", "the value of param (\"name\", default) in the program", CLI_CODE},
    {CLI_MAX_NODES, "max-nodes", "N", "stop when the cost graph has N nodes (default: one per KiB of memory, "
                                      "at least 20000000)", CLI_CODE},
    {CLI_MAX_DEPTH, "max-depth", "N", "stop past N nested evaluations (default 10000000)", CLI_CODE},
    {CLI_TIME_LIMIT, "time-limit", "SECONDS", "stop a run that takes longer than SECONDS (default: none)", CLI_CODE},
    {CLI_NO_PRELUDE, "no-prelude", NULL, "do not load lib/prelude.pml", CLI_CODE},
    {CLI_TYPES, "types", NULL, "print each top-level binding's type, as SML/NJ's top level does", CLI_CODE},
    {CLI_NO_WARNINGS, "no-warnings", NULL, "do not print the type checker's warnings (nonexhaustive matches ...)",
     CLI_CODE},
    {CLI_CHECK_INV, "check-invariants", NULL, "check the graph invariants and Theorem 1 (docs/semantics.md)", CLI_CODE},
    {0},
};

const CliOpt cli_print_opts[] = {
    {CLI_PRINT_DEPTH, "print-depth", "N", "print values nested at most N deep", CLI_CODE},
    {CLI_PRINT_LENGTH, "print-length", "N", "print at most N elements of a list", CLI_CODE},
    {CLI_STRING_DEPTH, "string-depth", "N", "print at most N characters of a string", CLI_CODE},
    {0},
};

/* The shared groups, and what a command without one does not do. */
const CliGroup cli_groups[] = {
    {CLI_GROUP_SIM, cli_sim_opts, "simulation options", "simulates no schedule"},
    {CLI_GROUP_COMMON, cli_common_opts, "options of every command that reads a program", "runs no program"},
    {CLI_GROUP_PRINT, cli_print_opts, "printing the value", "prints no value"},
    {0},
};
enum { NGROUPS = sizeof cli_groups / sizeof cli_groups[0] - 1 };

const CliOpt cli_sim_opts[] = {
    {CLI_SCHED, "sched", "POLICY,...", "scheduling policies, of {policies} (default df)", CLI_CODE},
    {'p', NULL, "P,...", "processor counts (default 1)", CLI_CODE},
    {CLI_COARSE, "coarse", NULL, "coarse-grained schedules: a processor keeps its strand", CLI_CODE},
    {CLI_SEED, "seed", "S", "the seed of ws's random steals (default 0)", CLI_CODE},
    {CLI_UNITS, "units", "{units}", "count space in words or in nodes (default words)", CLI_CODE},
    {CLI_NO_QUEUE, "no-queue-space", NULL, "leave the scheduler queue's space out", CLI_CODE},
    {CLI_FORK_COST, "fork-cost", "C", "overhead steps per fork or join (docs/time.md)", CLI_CODE},
    {CLI_STEAL_COST, "steal-cost", "S", "overhead steps per steal", CLI_CODE},
    {0},
};

const CliOpt cli_help_opts[] = {
    {'h', "help", NULL, "print this help and exit", CLI_CODE},
    {0},
};

/* ---- names from their tables ---- */

const char *cli_names(const char *const *names, const char *sep, char *buf, size_t cap)
{
    size_t k = 0;
    buf[0] = 0;
    for (size_t i = 0; names[i] && k < cap; i++) {
        int n = snprintf(buf + k, cap - k, "%s%s", i ? sep : "", names[i]);
        if (n < 0) break;
        k += (size_t)n;
    }
    return buf;
}

/* s with {policies}, {units}, {by} and {group} replaced by the tables'
 * names, and its citations of docs/ and examples/ by the paths that exist
 * (docpath.h). */
void cli_expand(const char *s, char *out, size_t cap)
{
    char buf[1024];
    static const struct { const char *key; const char *const *names; const char *sep; } tables[] = {
        {"{policies}", sched_policy_names, "|"},
        {"{policies,}", sched_policy_names, ","},
        {"{units}", space_units_names, "|"},
        {"{by}", measure_by_names, "|"},
        {"{group}", measure_group_names, "|"},
    };
    size_t k = 0;
    while (*s && k + 1 < sizeof buf) {
        size_t t = 0, nt = sizeof tables / sizeof tables[0];
        while (t < nt && strncmp(s, tables[t].key, strlen(tables[t].key)) != 0) t++;
        if (t == nt) { buf[k++] = *s++; continue; }
        cli_names(tables[t].names, tables[t].sep, buf + k, sizeof buf - k);
        k += strlen(buf + k);
        s += strlen(tables[t].key);
    }
    buf[k] = 0;
    docpath_text(buf, out, cap);
}

/* ---- --help ---- */

void cli_row(const CliOpt *o, const CliSteps *s, CliRow *r)
{
    char arg[128] = "", help[512];
    if (o->arg) cli_expand(o->arg, arg, sizeof arg);
    if (o->name && o->key < 256)
        snprintf(r->head, sizeof r->head, "-%c, --%s%s%s", o->key, o->name, o->arg ? " " : "", arg);
    else if (o->name)
        snprintf(r->head, sizeof r->head, "--%s%s%s", o->name, o->arg ? " " : "", arg);
    else
        snprintf(r->head, sizeof r->head, "-%c %s", o->key, arg);
    /* the "(default ...)" that ends o's text replaced by the command's own */
    const CliDefault *d = s ? s->defaults : NULL;
    while (d && d->key && d->key != o->key) d++;
    const char *at = d && d->key ? strstr(o->help, "(default ") : NULL;
    if (at) snprintf(help, sizeof help, "%.*s(default %s)", (int)(at - o->help), o->help, d->text);
    cli_expand(at ? help : o->help, r->text, sizeof r->text);
}

/* o's row as s's --help shows it: flags, then the text in lines of at
 * most 78 columns, broken at spaces. */
static void help_line(FILE *f, const CliOpt *o, const CliSteps *s)
{
    CliRow r;
    char head[sizeof r.head + 4];
    cli_row(o, s, &r);
    snprintf(head, sizeof head, "%s%s", o->name && o->key >= 256 ? "    " : "", r.head);   /* long names aligned */
    const char *text = r.text;
    if (strlen(head) <= 24) fprintf(f, "  %-24s  ", head);
    else fprintf(f, "  %s\n%28s", head, "");
    const char *t = text;
    while (strlen(t) > 50) {
        const char *cut = t + 50;
        while (cut > t && *cut != ' ') cut--;
        if (cut == t) break;
        fprintf(f, "%.*s\n%28s", (int)(cut - t), t, "");
        t = cut + 1;
    }
    fprintf(f, "%s\n", t);
}

int cli_refuses(const CliSteps *s, int key)
{
    for (const int *k = s->refused; k && *k; k++)
        if (*k == key) return 1;
    return 0;
}

/* A group's options that the command's own do not override and it does
 * not refuse. */
static void help_group(FILE *f, const char *title, const CliOpt *group, const CliSteps *s)
{
    fprintf(f, "\n%s:\n", title);
    for (const CliOpt *o = group; o->key; o++) {
        const CliOpt *m = s ? s->opts : NULL;
        while (m && m->key && m->key != o->key) m++;
        if ((!m || !m->key) && !(s && cli_refuses(s, o->key))) help_line(f, o, s);
    }
}

void cli_help(FILE *f, const CliCommand *cmd)
{
    fprintf(f, "usage: pml %s %s\n", cmd->name, cmd->args);
    char text[1024];
    cli_expand(cmd->about, text, sizeof text);
    fprintf(f, "%s\n", text);
    const CliSteps *s = cmd->steps;
    if (s->opts && s->opts->key) help_group(f, "options", s->opts, NULL);
    for (int g = 0; g < NGROUPS; g++)
        if (s->groups & cli_groups[g].group) help_group(f, cli_groups[g].title, cli_groups[g].opts, s);
    help_group(f, "and", cli_help_opts, NULL);
    cli_expand(cmd->example, text, sizeof text);
    fprintf(f, "\nexample:\n  %s\n", text);
    if (s->groups & CLI_GROUP_COMMON)
        fputs("\nFILE '-' reads the program from standard input; '--' ends the options.\n", f);
}

/* ---- parsing ---- */

static void add_opts(CliArgs *a, const CliOpt *opts)
{
    for (const CliOpt *o = opts; o && o->key; o++) {
        int dup = 0;
        for (int i = 0; i < a->nopts && !dup; i++) dup = a->opts[i]->key == o->key;
        if (dup || a->nopts == CLI_MAX_OPTS) continue;
        a->opts[a->nopts++] = o;
        if (o->name) a->lopts[a->nlong++] = (struct option){o->name, o->arg ? required_argument : no_argument, NULL, o->key};
        if (o->key < 256) {
            size_t k = strlen(a->shorts);
            a->shorts[k++] = (char)o->key;
            if (o->arg) a->shorts[k++] = ':';
            a->shorts[k] = 0;
        }
    }
}

static void args_init(CliArgs *a, const CliCommand *cmd, int argc, char **argv, CommonOpts *c, SimOpts *s)
{
    memset(a, 0, sizeof *a);
    a->cmd = cmd;
    a->argc = argc;
    a->argv = argv;
    a->common = c;
    a->sim = s;
    /* '-': arguments come back in order as key 1; ':': a missing value is ':' */
    strcpy(a->shorts, "-:");
    add_opts(a, cmd->steps->opts);
    if (c) add_opts(a, cli_common_opts);
    if (c && (cmd->steps->groups & CLI_GROUP_PRINT)) add_opts(a, cli_print_opts);
    if (s) add_opts(a, cli_sim_opts);
    add_opts(a, cli_help_opts);
    a->pos = calloc((size_t)argc + 1, sizeof *a->pos);
    optind = 0;  /* glibc: start afresh */
    opterr = 0;
}

static const CliOpt *find_opt(const CliOpt *opts, int key)
{
    for (const CliOpt *o = opts; o && o->key; o++)
        if (o->key == key) return o;
    return NULL;
}

/* "--name" or "-k": how the user wrote opt. */
static const char *flag_name(const CliOpt *opt, char *buf, size_t n)
{
    if (opt->name) snprintf(buf, n, "--%s", opt->name);
    else snprintf(buf, n, "-%c", opt->key);
    return buf;
}

/* Why an unknown option (arg "--name[=v]", or the short flag opt) has no
 * effect on cmd: a shared option of a group cmd does not take.  NULL: it
 * is unknown everywhere. */
static const char *lacking(const CliCommand *cmd, const char *arg, int opt)
{
    size_t n = arg && !strncmp(arg, "--", 2) ? strcspn(arg + 2, "=") : 0;
    for (int g = 0; g < NGROUPS; g++) {
        if (cmd->steps->groups & cli_groups[g].group) continue;
        for (const CliOpt *o = cli_groups[g].opts; o->key; o++)
            if (n ? o->name && strlen(o->name) == n && !strncmp(o->name, arg + 2, n) : !arg && o->key == opt)
                return cli_groups[g].lacking;
    }
    return NULL;
}

/* The usage error of an unknown option arg ("--name[=v]" or "-k"): the
 * long names it abbreviates if it is ambiguous (getopt_long takes any
 * unique prefix), else the one name close to it (suggest.h). */
static void unknown_option(const CliArgs *a, const char *arg)
{
    size_t n = strncmp(arg, "--", 2) == 0 ? strcspn(arg + 2, "=") : 0;
    char list[512] = "", word[72];
    size_t k = 0;
    int prefixes = 0;
    for (int i = 0; i < a->nlong && n; i++)
        if (strncmp(a->lopts[i].name, arg + 2, n) == 0 && k < sizeof list) {
            prefixes++;
            int w = snprintf(list + k, sizeof list - k, " '--%s'", a->lopts[i].name);
            if (w > 0) k += (size_t)w;
        }
    if (prefixes > 1) {
        cli_usage_error("pml %s: option '%.*s' is ambiguous; possibilities:%s", a->cmd->name, (int)n + 2, arg, list);
        return;
    }
    snprintf(word, sizeof word, "%.*s", (int)n, arg + (n ? 2 : 0));
    Suggest sg;
    suggest_init(&sg, word);
    for (int i = 0; i < a->nlong && n; i++) suggest_offer(&sg, a->lopts[i].name);
    const char *near = suggest_best(&sg);
    if (near) cli_usage_error("pml %s: unknown option '%s'; did you mean '--%s'?", a->cmd->name, arg, near);
    else cli_usage_error("pml %s: unknown option '%s'", a->cmd->name, arg);
}

/* The next of the command's own options (its key, the value in a->arg);
 * applies the shared ones itself.  CLI_END after the last, CLI_HELP after
 * printing --help, CLI_BAD after a usage error. */
static int next_option(CliArgs *a)
{
    for (;;) {
        int k = getopt_long(a->argc, a->argv, a->shorts, a->lopts, NULL);
        a->arg = optarg;
        if (k == -1) {
            while (optind < a->argc) a->pos[a->npos++] = a->argv[optind++];
            return CLI_END;
        }
        if (k == 1) {
            if (!a->pos) { cli_usage_error("out of memory"); return CLI_BAD; }
            a->pos[a->npos++] = optarg;
            continue;
        }
        if (k == '?' || k == ':') {
            const char *what = optopt && optopt < 256 ? NULL : a->argv[optind - 1];
            char flag[3] = {'-', (char)optopt, 0};
            const char *why = k == '?' ? lacking(a->cmd, what, optopt) : NULL;
            if (why) cli_usage_error("pml %s: %.*s has no effect here: pml %s %s", a->cmd->name,
                                     (int)(what ? strcspn(what, "=") : 2), what ? what : flag, a->cmd->name, why);
            else if (k == '?') unknown_option(a, what ? what : flag);
            else cli_usage_error("pml %s: %s needs a value", a->cmd->name, what ? what : flag);
            return CLI_BAD;
        }
        if (k == 'h') {
            cli_help(stdout, a->cmd);
            return CLI_HELP;
        }
        if (find_opt(a->cmd->steps->opts, k)) return k;
        if (cli_refuses(a->cmd->steps, k)) {
            const CliOpt *o = NULL;
            for (int g = 0; g < NGROUPS && !o; g++) o = find_opt(cli_groups[g].opts, k);
            char flag[64];
            cli_usage_error("pml %s: %s has no effect here: %s", a->cmd->name, flag_name(o, flag, sizeof flag),
                            a->cmd->steps->refused_why);
            return CLI_BAD;
        }
        int r = 0;
        if (a->common && (find_opt(cli_common_opts, k) || find_opt(cli_print_opts, k))) r = cli_common_apply(a->common, k, optarg);
        else if (a->sim && find_opt(cli_sim_opts, k)) r = cli_sim_apply(a->sim, k, optarg);
        if (r < 0) return CLI_BAD;
    }
}

/* Standard input, read once (before any worker is forked): the program of FILE '-'. */
static char *stdin_text;
static size_t stdin_len;

static int read_stdin(void)
{
    if (stdin_text) return 0;
    size_t cap = 1 << 16;
    stdin_text = malloc(cap);
    for (size_t n; stdin_text && (n = fread(stdin_text + stdin_len, 1, cap - stdin_len, stdin)) > 0;) {
        stdin_len += n;
        if (stdin_len == cap) {
            char *t = realloc(stdin_text, cap *= 2);
            if (!t) { free(stdin_text); stdin_text = NULL; }
            stdin_text = t;
        }
    }
    if (!stdin_text || ferror(stdin)) {
        fprintf(stderr, "pml: error: cannot read standard input\n");
        free(stdin_text);
        stdin_text = NULL;
        return -1;
    }
    return 0;
}

const char *cli_stdin_text(size_t *len)
{
    *len = stdin_len;
    return stdin_text;
}

/* The program's standard input, replayed: what any replay stream has
 * read of stdin so far is kept, and each stream gives the same bytes from
 * the start, reading more of stdin only past what was kept.  So every run
 * of a command that runs the program several times meets the same input,
 * and stdin is read only as far as the program reads it (a terminal is
 * not waited on by a program that reads nothing). */
static struct { char *text; size_t len, cap; } kept;

static ssize_t replay_read(void *cookie, char *buf, size_t size)
{
    size_t *pos = cookie;
    if (*pos == kept.len) {     /* past what was kept: read more of stdin */
        if (kept.len == kept.cap) {
            size_t cap = kept.cap ? 2 * kept.cap : 1 << 12;
            char *t = realloc(kept.text, cap);
            if (!t) return -1;
            kept.text = t;
            kept.cap = cap;
        }
        ssize_t n = read(0, kept.text + kept.len, kept.cap - kept.len);
        if (n <= 0) return n;
        kept.len += (size_t)n;
    }
    size_t n = kept.len - *pos < size ? kept.len - *pos : size;
    memcpy(buf, kept.text + *pos, n);
    *pos += n;
    return (ssize_t)n;
}

static int replay_close(void *cookie)
{
    free(cookie);
    return 0;
}

FILE *cli_stdin_replay(void)
{
    size_t *pos = calloc(1, sizeof *pos);
    FILE *f = pos ? fopencookie(pos, "r", (cookie_io_functions_t){.read = replay_read, .close = replay_close}) : NULL;
    if (!f) {
        free(pos);
        fprintf(stderr, "pml: error: out of memory for the standard input\n");
    }
    return f;
}

/* The one FILE among the arguments (with CliSteps.many, the files) to r:
 * 0, or -1 after a usage error. */
static int take_files(CliArgs *a, CliRun *r)
{
    const CliCommand *c = a->cmd;
    if (a->npos == 0 && c->steps->file_optional) return 0;
    if (a->npos == 0) {
        cli_usage_error("pml %s: which %s? (pml %s %s)", c->name, c->steps->many ? "parts" : "FILE", c->name, c->args);
        return -1;
    }
    if (c->steps->many) {
        r->parts = a->pos;  /* the runner's to free */
        r->nparts = a->npos;
        a->pos = NULL;
        return 0;
    }
    if (a->npos > 1) {
        cli_usage_error("pml %s: one FILE only ('%s' and '%s')", c->name, a->pos[0], a->pos[1]);
        return -1;
    }
    r->file = a->pos[0];
    return strcmp(r->file, "-") == 0 && read_stdin() ? -1 : 0;
}

/* CLI_CHOICE: *out, the index of v among the values opt->arg lists
 * ("text|json|csv", "{by}"). */
static int take_choice(const CliOpt *opt, const char *v, int *out)
{
    char list[128], *save = NULL;
    const char *names[16];
    int n = 0;
    cli_expand(opt->arg, list, sizeof list);
    for (char *t = strtok_r(list, "|", &save); t && n < 15; t = strtok_r(NULL, "|", &save)) names[n++] = t;
    names[n] = NULL;
    return cli_choice(opt->name, v, names, out);
}

/* One of the command's own options (key) into o: 0, or -1 after a usage error. */
static int take_option(CliArgs *a, void *o, int key)
{
    const CliSteps *s = a->cmd->steps;
    const CliOpt *opt = find_opt(s->opts, key);
    void *field = (char *)o + opt->at;
    char flag[64];
    uint64_t n;
    flag_name(opt, flag, sizeof flag);
    switch (opt->take) {
    case CLI_FLAG: *(int *)field = 1; return 0;
    case CLI_U32:
        if (cli_number(flag, a->arg, opt->lo, opt->hi, &n)) return -1;
        *(uint32_t *)field = (uint32_t)n;
        return 0;
    case CLI_U64: return cli_number(flag, a->arg, opt->lo, opt->hi, field);
    case CLI_CHOICE: return take_choice(opt, a->arg, field);
    case CLI_OUTPUT:
        if (!*a->arg) { cli_usage_error("pml %s: %s needs a file name ('-': standard output)", a->cmd->name, flag); return -1; }
        break;
    case CLI_PICTURE:
        if (cli_picture_path(flag, a->arg)) return -1;
        break;
    case CLI_CALL: return s->option ? s->option(o, a, key) : -1;
    }
    *(const char **)field = a->arg;
    return 0;
}

/* The files read are inputs, never outputs: an output option naming one
 * (by any name: outfile_input) is a usage error.  0, or -1 after saying so. */
static int check_outputs(const CliCommand *cmd, const void *o, const CliRun *r)
{
    if (r->file) outfile_protect(r->file);
    for (int i = 0; i < r->nparts; i++) outfile_protect(r->parts[i]);
    for (const CliOpt *opt = cmd->steps->opts; opt && opt->key; opt++) {
        if (opt->take != CLI_OUTPUT && opt->take != CLI_PICTURE) continue;
        const char *path = *(const char *const *)((const char *)o + opt->at), *in = path ? outfile_input(path) : NULL;
        if (!in) continue;
        char flag[64];
        cli_usage_error("pml %s: %s %s would write over an input of this command ('%s')", cmd->name,
                        flag_name(opt, flag, sizeof flag), path, in);
        return -1;
    }
    return 0;
}

int cli_parse(const CliCommand *cmd, int argc, char **argv, void *o, CliRun *r)
{
    const CliSteps *s = cmd->steps;
    CliArgs ca;
    args_init(&ca, cmd, argc, argv, s->groups & CLI_GROUP_COMMON ? &r->common : NULL,
              s->groups & CLI_GROUP_SIM ? &r->sim : NULL);
    int k;
    while ((k = next_option(&ca)) > 0)
        if (take_option(&ca, o, k)) { k = CLI_BAD; break; }
    if (k == CLI_END && (take_files(&ca, r) || check_outputs(cmd, o, r))) k = CLI_BAD;
    free(ca.pos);
    return k;
}

int cli_choice(const char *opt, const char *v, const char *const *names, int *out)
{
    for (int i = 0; names[i]; i++)
        if (strcmp(v, names[i]) == 0) { *out = i; return 0; }
    /* "a, b or c" */
    char list[128];
    size_t k = 0;
    for (int i = 0; names[i] && k < sizeof list; i++) {
        int n = snprintf(list + k, sizeof list - k, "%s%s", i == 0 ? "" : names[i + 1] ? ", " : " or ", names[i]);
        if (n < 0) break;
        k += (size_t)n;
    }
    cli_usage_error("--%s: %s, not '%s'", opt, list, v);
    return -1;
}
