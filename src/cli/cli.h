/*
 * cli.h — what the subcommands (src/cli/cmd_*.c) share: option parsing helpers,
 * loading and evaluating a program (output files: outfile.h).
 *
 * Exit statuses (docs/reliability.md): 0 success, 1 a program error (including resource
 * limits), 2 a usage error.  Only the driver prints diagnostics and chooses
 * the status.
 */
#ifndef PML_CLI_H
#define PML_CLI_H

#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include "ast.h"
#include "eval.h"
#include "exec.h"
#include "outfile.h"
#include "race.h"
#include "race_report.h"
#include "space.h"

enum { EXIT_OK = 0, EXIT_PROGRAM = 1, EXIT_USAGE = 2 };

/* A loaded, resolved and evaluated program. */
typedef struct Loaded {
    Sources src;
    Program *prog;
    CostRun run;
    int evaluated;
} Loaded;

/* The evaluation's options (cli_common_opts, cli_print_opts):
 *   -D name=N   --max-nodes N   --max-depth N   --check-invariants   --no-prelude
 *   --print-depth N   --print-length N   --string-depth N */
typedef struct CommonOpts {
    EvalOptions eo;
    Param params[64];
    int no_prelude;     /* --no-prelude: run the file alone */
    int print_types;    /* --types: print each top-level binding's type */
    int no_warnings;    /* --no-warnings: the static semantics' warnings are not printed */
} CommonOpts;
void cli_common_init(CommonOpts *c);
/* --max-nodes by default: one node per CLI_BYTES_PER_NODE bytes of usable
 * memory (physical, or a cgroup or address-space limit), but at least
 * CLI_MIN_NODES.  A run with one schedule peaks at ~69 bytes per node
 * (docs/performance.md), but a runaway recursion keeps every value live and
 * the collector's heap then grows by up to ~250 bytes per node: at 1024 it
 * meets the node limit well before the heap limit (1/3 of memory, cli.c). */
#define CLI_BYTES_PER_NODE 1024
#define CLI_MIN_NODES 20000000
uint64_t cli_default_max_nodes(void);

/* The simulation options shared by run, schedule, dot, sweep and others
 * (cli_sim_opts): --sched, -p, --coarse, --seed, --units, --no-queue-space,
 * --fork-cost, --steal-cost. */
#define CLI_MAX_POLICIES 64     /* --sched entries (a policy may come twice) */
#define CLI_MAX_PROCS 4096      /* -p values */
typedef struct SimOpts {
    const char *policies[CLI_MAX_POLICIES];
    uint32_t npolicies;     /* 0 until --sched is given */
    uint32_t procs[CLI_MAX_PROCS];
    uint32_t nprocs;        /* 0 until -p is given */
    int coarse;
    uint64_t seed;
    Units units;            /* --units */
    int no_queue;           /* --no-queue-space */
    uint32_t fork_cost, steal_cost; /* --fork-cost C, --steal-cost S (docs/time.md) */
} SimOpts;
/* One schedule's options: policy on P processors, the rest as given. */
SchedOptions cli_sched_options(const SimOpts *s, const char *policy, uint32_t P);
/* Without --sched: every policy of sched_policy_names. */
void cli_sim_all_policies(SimOpts *s);
/* The simulation options onto a report's (report.h); defaults df, P = 1. */
struct ReportOptions;
void cli_report_options(const SimOpts *so, struct ReportOptions *ro);

/* ---- options (options.c) ---- */

/* One option of a command: key is its short letter ('p') or, for an
 * option with a long name only, a number >= 256 (the shared options' keys
 * below, a command's own from CLI_OWN); name is the long name without
 * "--" (NULL: short only); arg names its value in --help (NULL: it takes
 * none).  In arg, help, about and example, {policies}, {units}, {by} and
 * {group} stand for the names in sched_policy_names, space_units_names,
 * measure_by_names and measure_group_names joined by '|' ({policies,}: by
 * ','). */
/* A command's default for a shared option (key) that is not the group's:
 * its --help says "(default text)" in that option's row. */
typedef struct CliDefault {
    int key;
    const char *text;
} CliDefault;

typedef struct CliOpt {
    int key;
    const char *name, *arg, *help;
    int take;                   /* a command's own option: CLI_CALL, or where it goes */
    size_t at;                  /* where: the field's offset in the command's struct (CLI_AT) */
    uint64_t lo, hi;            /* CLI_U32, CLI_U64: the values allowed (CLI_RANGE) */
} CliOpt;
/* How a command's own option is taken: by the command's option step
 * (CLI_CALL), or stored in its options' struct: CLI_FLAG an int set to 1,
 * CLI_CHOICE an int (or enum) set to the index of the value among those
 * arg lists ("text|json|csv"), CLI_TEXT a const char * set to the value,
 * CLI_OUTPUT the same for a file name that may not be empty ('-':
 * standard output), CLI_PICTURE the same for a picture's file name
 * (cli_picture_path), CLI_U32 and CLI_U64 a uint32_t or uint64_t set
 * to the value, a number from lo to hi (cli_number). */
enum { CLI_CALL, CLI_FLAG, CLI_CHOICE, CLI_TEXT, CLI_OUTPUT, CLI_PICTURE, CLI_U32, CLI_U64 };
#define CLI_AT(take, type, field) take, offsetof(type, field), 0, 0
#define CLI_RANGE(take, type, field, lo, hi) take, offsetof(type, field), lo, hi
#define CLI_CODE CLI_CALL, 0, 0, 0  /* a shared option, or one the option step takes */
enum {
    CLI_MAX_NODES = 256, CLI_MAX_DEPTH, CLI_PRINT_DEPTH, CLI_PRINT_LENGTH, CLI_STRING_DEPTH,
    CLI_NO_PRELUDE, CLI_CHECK_INV, CLI_TYPES, CLI_TIME_LIMIT, CLI_NO_WARNINGS,
    CLI_SCHED, CLI_COARSE, CLI_SEED, CLI_UNITS, CLI_NO_QUEUE, CLI_FORK_COST, CLI_STEAL_COST,
    CLI_OWN = 512
};
extern const CliOpt cli_common_opts[], cli_print_opts[], cli_sim_opts[];  /* ending in {0} */
/* The rows of --by and --group, one text for every command that names
 * holders (run, sweep, diff, worst, view): found and grouped as pml run
 * does, with its defaults, the MeasureBy and MeasureGroup values 0 (use,
 * caller; docs/attribution.md).  type's field is an int or the enum. */
#define CLI_BY_ROW(key, type, field) \
    {key, "by", "{by}", "holders: the last use of each value, or where it was allocated (default use)", \
     CLI_AT(CLI_CHOICE, type, field)}
#define CLI_GROUP_ROW(key, type, field) \
    {key, "group", "{group}", "a holder is its caller in your files, its expression, or its function " \
                              "(default caller; docs/attribution.md)", CLI_AT(CLI_CHOICE, type, field)}

/* Which shared options a command takes: the evaluation's (-D, --max-nodes,
 * …: cli_common_opts), the printed value's (--print-depth, …: only where
 * the value is shown) and the simulation's.  A shared option of a group a
 * command does not take, or one of its CliSteps.refused, is a usage error
 * naming it and why (docs/options.md). */
enum { CLI_GROUP_COMMON = 1, CLI_GROUP_SIM = 2, CLI_GROUP_PRINT = 4 };

/* What the runner (cli_run_command) keeps for a command: the arguments that are
 * not options, the shared options, the program. */
typedef struct CliRun {
    const char *file;           /* the one FILE ('-': standard input was read) */
    const char **parts;         /* a command of many files (CliSteps.many): them all */
    int nparts;
    CommonOpts common;
    SimOpts sim;
    Loaded l;                   /* as CliSteps.load asks; empty with CLI_LOAD_NONE */
} CliRun;

enum { CLI_LOAD_NONE, CLI_LOAD_RESOLVE, CLI_LOAD_EVAL };

struct CliArgs;
/* A command's own option: 0, or -1 after a usage error. */
typedef int (*CliHandler)(void *o, struct CliArgs *a, int key);

/* How a command runs, the steps cli_run_command takes in this order: its
 * options' struct (size bytes, zeroed) set by init, filled as its option
 * rows say (by option for the rows taken by code, CLI_CALL; the shared
 * options go to the CliRun), checked by check (EXIT_OK, or a status after
 * printing why), the program loaded as load says, body, then done frees
 * what the struct holds.  Any step but body may be NULL / 0. */
typedef struct CliSteps {
    const CliOpt *opts;         /* its own options, ending in {0} */
    unsigned groups;            /* the shared options it takes: CLI_GROUP_* */
    int many;                   /* it takes many files (CliRun.parts), not one FILE */
    int file_optional;          /* FILE may be left out (CliRun.file NULL): check decides */
    size_t size;
    void (*init)(void *o);
    CliHandler option;
    int (*check)(void *o, CliRun *r);
    int load;                   /* CLI_LOAD_* */
    int (*body)(void *o, CliRun *r);
    void (*done)(void *o);
    const int *refused;         /* shared options of its groups it has no use for, ending in 0 */
    const char *refused_why;    /* why, for the usage error */
    const CliDefault *defaults; /* its own defaults of shared options, for
                                   --help, ending in {0}; NULL: the groups' */
    uint32_t later_bytes;       /* EvalOptions.later_bytes, its stages' bytes a
                                   node after the evaluation (0: the default's 6;
                                   measured on fib 27, docs/reliability.md) */
} CliSteps;

/* A row of the command table (main.c): a subcommand's synopsis, --help and steps. */
typedef struct CliCommand {
    const char *name;           /* "run" */
    const char *args;           /* the synopsis after the name: "FILE [options]" */
    const char *summary;        /* its line in `pml help` */
    const char *about;          /* --help's paragraph (may span lines) */
    const char *example;        /* --help's example command */
    const CliSteps *steps;
} CliCommand;

/* The parse of one command line, on getopt_long. */
#define CLI_MAX_OPTS 64
typedef struct CliArgs {
    const CliCommand *cmd;
    int argc;
    char **argv;
    CommonOpts *common;         /* where the common options go; NULL: not taken */
    SimOpts *sim;               /* where the simulation options go (diff moves it at --vs) */
    const char *arg;            /* the value of the option the handler is given */
    const char **pos;           /* the arguments that are not options, in order */
    int npos;
    const CliOpt *opts[CLI_MAX_OPTS];
    int nopts, nlong;
    struct option lopts[CLI_MAX_OPTS + 1];
    char shorts[3 * CLI_MAX_OPTS];
} CliArgs;
enum { CLI_END = 0, CLI_BAD = -1, CLI_HELP = -2 };

/* Runs a command (see CliSteps): its exit status. */
int cli_run_command(const CliCommand *cmd, int argc, char **argv);
/* The whole parse of a command line: the command's own options to its
 * option step (with o), the shared ones and the FILE (or the files) to r.
 * FILE '-' is standard input, read here, before any worker is forked.
 * CLI_END, CLI_HELP after --help, CLI_BAD after a usage error. */
int cli_parse(const CliCommand *cmd, int argc, char **argv, void *o, CliRun *r);
/* Standard input as read by cli_parse for FILE '-' (NULL if not). */
const char *cli_stdin_text(size_t *len);
/* A stream for TextIO.stdIn (EvalOptions.input) that gives every run the
 * same input: the process's standard input from its start, what earlier
 * streams read of it replayed (fclose it after the run).  NULL after an
 * error message (no memory). */
FILE *cli_stdin_replay(void);
/* Applies a common (simulation) option by key: 0, or -1 after a usage error. */
int cli_common_apply(CommonOpts *c, int key, const char *v);
int cli_sim_apply(SimOpts *s, int key, const char *v);
/* The index of v in names (NULL-terminated), the values of option --opt:
 * 0 with *out set, or -1 after a usage error naming them all. */
int cli_choice(const char *opt, const char *v, const char *const *names, int *out);
/* names joined by sep into buf ("df, bf, ws"); returns buf. */
const char *cli_names(const char *const *names, const char *sep, char *buf, size_t cap);
/* A command's --help. */
void cli_help(FILE *f, const CliCommand *cmd);

/* ---- --help and the man page, from the same rows ---- */

/* A shared group of options: its flag, its rows, its title in --help and
 * what a command without it does not do. */
typedef struct CliGroup {
    unsigned group;
    const CliOpt *opts;
    const char *title, *lacking;
} CliGroup;
extern const CliGroup cli_groups[];     /* ending in {0} */
extern const CliOpt cli_help_opts[];    /* -h, --help; ending in {0} */
/* One option's row as a command's --help shows it: its flags ("-p P,...",
 * "--top K") and its text, {names} expanded, citations as installed
 * (docpath.h), the command's own default of a shared option (s->defaults;
 * s NULL: none) in place of the group's. */
typedef struct CliRow {
    char head[192];
    char text[1024];
} CliRow;
void cli_row(const CliOpt *o, const CliSteps *s, CliRow *r);
/* Whether s refuses the shared option key (CliSteps.refused). */
int cli_refuses(const CliSteps *s, int key);
/* s with {policies}, {units}, {by} and {group} replaced by the tables'
 * names and its citations as installed, into out. */
void cli_expand(const char *s, char *out, size_t cap);
/* The manual page pml.1 (manpage.c): roff for man(7), made from the
 * command table and the commands' option rows, as --help is. */
void cli_manpage(FILE *f, const CliCommand *cmds, int n);

/* Loads the prelude and FILE, parses, resolves; with eval also runs it.
 * Prints any error; returns an exit status (EXIT_OK on success).  After an
 * error out holds nothing (cli_unload on it is harmless). */
int cli_load(const char *file, const CommonOpts *c, int eval, Loaded *out);
/* The same for a program held in memory (text, len) named path. */
int cli_load_text(const char *path, const char *text, size_t len, const CommonOpts *c, int eval, Loaded *out);
void cli_unload(Loaded *l);
/* The prelude's text as cli_load loads it ("" with --no-prelude). */
void cli_prelude(const CommonOpts *c, const char **text, size_t *len);
/* The whole of a file ('-': standard input as cli_parse read it),
 * malloc'd; NULL after printing why. */
char *cli_read_file(const char *path, size_t *len);

/* Runs a loaded program for real (pml exec, docs/exec.md) on a big stack:
 * EXIT_OK with st filled (st->value_text is the caller's to free), or
 * EXIT_PROGRAM after printing the error. */
int cli_exec(const Loaded *l, const EvalOptions *eo, const ExecOptions *xo, ExecStats *st);

/* One schedule and its space as JSON, the format of `pml schedule`
 * (docs/output-formats.md). */
void cli_write_schedule(FILE *f, const char *policy, int coarse, uint64_t seed, Units units, int with_queue,
                        const Graph *g, const Schedule *s, const SpaceProfile *p);

/* Option opt's value v, a number from lo to hi: 0 with *out set, or -1
 * after a usage error. */
int cli_number(const char *opt, const char *v, uint64_t lo, uint64_t hi, uint64_t *out);
int cli_number32(const char *opt, const char *v, uint32_t lo, uint32_t hi, uint32_t *out);
/* Parses an unsigned decimal; 0 on success. */
int cli_parse_u64(const char *s, uint64_t *out);
/* Whether diagnostics are coloured: only on a terminal, never with
 * NO_COLOR set (no-color.org) or TERM=dumb. */
int cli_colour(void);
/* "pml: usage error: ..." on standard error, then where the usage is
 * told: 'pml CMD --help' once cli_usage_command has named the command
 * being run, else 'pml help'. */
void cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cli_usage_command(const char *name);
/* A picture's file name for option opt: 0 if its extension is one of
 * PLOT_EXTENSIONS (plot.h), else -1 after a usage error. */
int cli_picture_path(const char *opt, const char *path);

/* What a plot_* call (plot.h) came to, said on stderr (a note for 1, an
 * error for -1 unless msg is "", already said): the exit status. */
int cli_plot_said(int r, const char *msg);

/* Draws a sweep's plots (svg and its -holders twin) from its CSV text, for
 * sweep and merge: an exit status; without gnuplot only a note. */
int cli_sweep_plot(const char *file, const char *param, const char *units, const char *svg, int loglog,
                   const char *csv, size_t len);

/* Determinacy races (cmd_race.c, docs/races.md): pml race, and pml run's
 * --races.  The watch is set on the run's options before it is loaded. */
enum { CLI_RACES_OFF, CLI_RACES_WARN, CLI_RACES_ERROR };
typedef struct CliRaces {
    int mode;               /* CLI_RACES_* */
    RaceDetector *d;        /* while watching */
    EvalCells hook;
} CliRaces;
/* Watches r's run unless mode is off: EXIT_OK, or a status after saying why. */
int cli_races_watch(CliRaces *w, CliRun *r);
RaceView cli_races_view(const CliRaces *w, const CliRun *r);
int cli_races_found(const CliRaces *w);
void cli_races_free(CliRaces *w);

/* Graphviz (`dot`, or $PML_DOT) on the DOT text: the picture in format
 * ("svg", "png", "pdf") written to out as it comes (a failed write there
 * is left in out's error flag, for its commit to report).  0, or -1
 * after printing why. */
int cli_graphviz(const char *dot, size_t len, const char *format, FILE *out);

/* pml --version (version.c): pml's version and its dependencies': the
 * collector's from its header, re2c's and Lemon's from the build,
 * Graphviz's and gnuplot's as found now. */
void cli_version(FILE *f);
/* pml's version, as --version's first line gives it. */
const char *cli_version_text(void);

/* The subcommands' steps (cmd_*.c), for the command table (main.c). */
extern const CliSteps cli_cmd_run, cli_cmd_exec, cli_cmd_check, cli_cmd_graph, cli_cmd_schedule, cli_cmd_dot,
    cli_cmd_stats, cli_cmd_sweep, cli_cmd_bounds, cli_cmd_speedup, cli_cmd_worst, cli_cmd_merge, cli_cmd_paths,
    cli_cmd_diff, cli_cmd_view, cli_cmd_race;

#endif
