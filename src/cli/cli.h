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

#include <stdio.h>
#include "ast.h"
#include "eval.h"
#include "exec.h"
#include "outfile.h"
#include "space.h"

enum { EXIT_OK = 0, EXIT_PROGRAM = 1, EXIT_USAGE = 2 };

/* A loaded, resolved and evaluated program. */
typedef struct Loaded {
    Sources src;
    Program *prog;
    CostRun run;
    int evaluated;
} Loaded;

/* Options every evaluating command accepts; cli_common_option consumes
 * argv[*i] (and its value) if it is one of them and returns 1, 0 if it is
 * not, or -1 after printing a usage error.
 *   -D name=N   --max-nodes N   --max-depth N   --check-invariants   --no-prelude */
typedef struct CommonOpts {
    EvalOptions eo;
    Param params[64];
    int no_prelude;     /* --no-prelude: run the file alone */
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
int cli_common_option(CommonOpts *c, int argc, char **argv, int *i);

/* The simulation options shared by run, schedule, dot and sweep:
 *   --sched=df,bf,ws  -p 1,2,4  --coarse  --seed S  --units words|nodes
 *   --no-queue-space  --fork-cost C  --steal-cost S
 * cli_sim_option works like cli_common_option. */
typedef struct SimOpts {
    const char *policies[8];
    uint32_t npolicies;     /* 0 until --sched is given */
    uint32_t procs[32];
    uint32_t nprocs;        /* 0 until -p is given */
    int coarse;
    uint64_t seed;
    int units_nodes;        /* --units nodes */
    int no_queue;           /* --no-queue-space */
    uint32_t fork_cost, steal_cost; /* --fork-cost C, --steal-cost S (docs/time.md) */
} SimOpts;
int cli_sim_option(SimOpts *s, int argc, char **argv, int *i);
/* The simulation options onto a report's (report.h); defaults df, P = 1. */
struct ReportOptions;
void cli_report_options(const SimOpts *so, struct ReportOptions *ro);
/* --group caller|site|function and --stack (docs/attribution.md), onto a
 * report's options: 1 consumed, 0 not one of them, -1 after a usage error. */
int cli_group_option(struct ReportOptions *ro, int argc, char **argv, int *i);

/* Loads the prelude and FILE, parses, resolves; with eval also runs it.
 * Prints any error; returns an exit status (EXIT_OK on success).  After an
 * error out holds nothing (cli_unload on it is harmless). */
int cli_load(const char *file, const CommonOpts *c, int eval, Loaded *out);
void cli_unload(Loaded *l);

/* Runs a loaded program for real (pml exec, docs/exec.md) on a big stack:
 * EXIT_OK with st filled (st->value_text is the caller's to free), or
 * EXIT_PROGRAM after printing the error. */
int cli_exec(const Loaded *l, const EvalOptions *eo, const ExecOptions *xo, ExecStats *st);

/* One schedule and its space as JSON, the format of `pml schedule`
 * (docs/output-formats.md). */
void cli_write_schedule(FILE *f, const char *policy, int coarse, uint64_t seed, Units units, int with_queue,
                        const Graph *g, const Schedule *s, const SpaceProfile *p);

/* Option NAME with a value at argv[*i] ("--name=V", "--name V", and for
 * one-letter names "-xV"), advancing *i past a separate value: 1 with *val
 * set, 0 if argv[*i] is not NAME, -1 after a usage error (no value). */
int cli_option_value(int argc, char **argv, int *i, const char *name, const char **val);
/* A command's argument argv[i] that no option took: the FILE, once.
 * 0 with *file set, or -1 after a usage error (an unknown option, a
 * second FILE).  cmd names the command in the message ("pml dot"). */
int cli_file_arg(const char *cmd, const char *arg, const char **file);
/* Parses an unsigned decimal; 0 on success. */
int cli_parse_u64(const char *s, uint64_t *out);
void cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A picture's file name for option opt: 0 if its extension is one of
 * PLOT_EXTENSIONS (plot.h), else -1 after a usage error. */
int cli_picture_path(const char *opt, const char *path);

/* Draws a sweep's plots (svg and its -holders twin) from its CSV text, for
 * sweep and merge: an exit status; without gnuplot only a note. */
int cli_sweep_plot(const char *file, const char *param, const char *units, const char *svg, int loglog,
                   const char *csv, size_t len);

/* The subcommands: each returns an exit status. */
int cmd_run(int argc, char **argv);
int cmd_exec(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_graph(int argc, char **argv);
int cmd_schedule(int argc, char **argv);
int cmd_dot(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_sweep(int argc, char **argv);
int cmd_bounds(int argc, char **argv);
int cmd_speedup(int argc, char **argv);
int cmd_worst(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_paths(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_view(int argc, char **argv);

#endif
