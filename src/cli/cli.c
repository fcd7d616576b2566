/*
 * cli.c — what the subcommands share (see cli.h): the common options,
 * loading a program through the whole front end and the interpreter, and
 * running it for real (pml exec), both on one big-stack runner.
 */
#include "cli.h"

#include <errno.h>
#include <gc.h>
#include <stddef.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "bigstack.h"
#include "child.h"
#include "docpath.h"
#include "graph.h"
#include "memlimit.h"
#include "plot.h"
#include "report.h"
#include "prune.h"
#include "resolve.h"
#include "types.h"
#include "sched.h"

/* The prelude, embedded at build time from lib/prelude.pml. */
extern const char pml_prelude_text[];
extern const unsigned long pml_prelude_len;

int cli_colour(void)
{
    const char *no = getenv("NO_COLOR"), *term = getenv("TERM");
    return isatty(STDERR_FILENO) && !(no && *no) && !(term && strcmp(term, "dumb") == 0);
}

/* The command being run (the driver's one command per process), or NULL. */
static const char *usage_command;

void cli_usage_command(const char *name) { usage_command = name; }

void cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    char msg[1024], cited[1024];
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    fputs(cli_colour() ? "pml: \033[1;31musage error:\033[0m " : "pml: usage error: ", stderr);
    fputs(docpath_text(msg, cited, sizeof cited), stderr);   /* its citations, as installed */
    if (usage_command) fprintf(stderr, "\n(see 'pml %s --help')\n", usage_command);
    else fputs("\n(see 'pml help')\n", stderr);
    va_end(ap);
}

int cli_picture_path(const char *opt, const char *path)
{
    if (plot_format(path) >= 0) return 0;
    cli_usage_error("%s: unknown picture format '%s' (give a file name ending in %s)", opt, path, PLOT_EXTENSIONS);
    return -1;
}

int cli_parse_u64(const char *s, uint64_t *out)
{
    if (!s || !*s) return -1;
    uint64_t v = 0;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9') return -1;
        if (v > (UINT64_MAX - (uint64_t)(*p - '0')) / 10) return -1;
        v = v * 10 + (uint64_t)(*p - '0');
    }
    *out = v;
    return 0;
}

static int parse_i64(const char *s, int64_t *out)
{
    int neg = *s == '-' || *s == '~';
    uint64_t u;
    /* the magnitude of INT64_MIN is one more than INT64_MAX */
    if (cli_parse_u64(s + neg, &u) || u > (uint64_t)INT64_MAX + (uint64_t)neg) return -1;
    *out = neg ? (int64_t)(0 - u) : (int64_t)u;
    return 0;
}

/* The memory a run may use and the limit that sets it (memlimit.h). */
static const MemLimit *usable(void)
{
    static MemLimit m;
    if (!m.bytes) memlimit_get(&m);
    return &m;
}

static uint64_t usable_memory(void) { return usable()->bytes; }

uint64_t cli_default_max_nodes(void)
{
    uint64_t n = usable_memory() / CLI_BYTES_PER_NODE;
    if (n < CLI_MIN_NODES) n = CLI_MIN_NODES;
    if (n > UINT32_MAX - 16) n = UINT32_MAX - 16;
    return n;
}

void cli_common_init(CommonOpts *c)
{
    memset(c, 0, sizeof *c);
    eval_options_default(&c->eo);
    c->eo.max_nodes = cli_default_max_nodes();
    c->eo.max_memory = usable_memory();
    c->eo.memory_limit = usable()->what;
    c->eo.memory_reserved = usable()->address_space;
    c->eo.params = c->params;
    c->eo.progress = isatty(STDERR_FILENO);
}

/* -D name=N */
static int add_param(CommonOpts *c, const char *def)
{
    const char *eq = strchr(def, '=');
    int64_t v;
    if (!eq || eq == def || parse_i64(eq + 1, &v)) {
        cli_usage_error("-D expects name=INTEGER, got '%s'", def);
        return -1;
    }
    /* the last -D of a name wins, as with a compiler's -D */
    size_t n = (size_t)(eq - def);
    for (uint32_t i = 0; i < c->eo.nparams; i++)
        if (strlen(c->params[i].name) == n && memcmp(c->params[i].name, def, n) == 0) {
            c->params[i].value = v;
            return 0;
        }
    /* the names live as long as the process: kept in one static buffer */
    static char names[4096];
    static size_t used;
    if (c->eo.nparams == sizeof c->params / sizeof c->params[0] || used + n + 1 > sizeof names) {
        cli_usage_error("too many -D definitions");
        return -1;
    }
    memcpy(names + used, def, n);
    names[used + n] = 0;
    c->params[c->eo.nparams].name = names + used;
    used += n + 1;
    c->params[c->eo.nparams].value = v;
    c->eo.nparams++;
    return 0;
}

int cli_number(const char *opt, const char *v, uint64_t lo, uint64_t hi, uint64_t *out)
{
    uint64_t x;
    if (cli_parse_u64(v, &x) || x < lo || x > hi) {
        cli_usage_error("%s expects a number from %llu to %llu, not '%s'", opt, (unsigned long long)lo,
                        (unsigned long long)hi, v);
        return -1;
    }
    *out = x;
    return 0;
}

int cli_number32(const char *opt, const char *v, uint32_t lo, uint32_t hi, uint32_t *out)
{
    uint64_t x;
    if (cli_number(opt, v, lo, hi, &x)) return -1;
    *out = (uint32_t)x;
    return 0;
}

int cli_common_apply(CommonOpts *c, int key, const char *v)
{
    uint64_t u;
    switch (key) {
    case 'D': return add_param(c, v);
    case CLI_MAX_NODES:
        if (cli_number("--max-nodes", v, 1, UINT32_MAX - 16, &u)) return -1;
        c->eo.max_nodes = u;
        return 0;
    case CLI_MAX_DEPTH:
        if (cli_number("--max-depth", v, 1, UINT64_MAX, &u)) return -1;
        c->eo.max_depth = u;
        return 0;
    case CLI_PRINT_DEPTH:
        if (cli_number("--print-depth", v, 0, UINT32_MAX, &u)) return -1;
        c->eo.print.depth = (uint32_t)u;
        return 0;
    case CLI_PRINT_LENGTH:
        if (cli_number("--print-length", v, 0, UINT32_MAX, &u)) return -1;
        c->eo.print.length = (uint32_t)u;
        return 0;
    case CLI_STRING_DEPTH:
        if (cli_number("--string-depth", v, 0, UINT32_MAX, &u)) return -1;
        c->eo.print.string_depth = (uint32_t)u;
        return 0;
    case CLI_TIME_LIMIT: {
        char *end;
        double t = strtod(v, &end);
        if (end == v || *end || !(t > 0 && t <= 1e7)) {     /* also refuses nan and inf */
            cli_usage_error("--time-limit expects seconds, a number above 0 and at most 10000000, not '%s'", v);
            return -1;
        }
        c->eo.time_limit = t;
        return 0;
    }
    case CLI_CHECK_INV: c->eo.check_theorem1 = 1; return 0;
    case CLI_NO_PRELUDE: c->no_prelude = 1; return 0;
    case CLI_TYPES: c->print_types = 1; return 0;
    case CLI_NO_WARNINGS: c->no_warnings = 1; return 0;
    }
    return 0;
}

/* ---- simulation options ---- */

static int split_policies(SimOpts *s, const char *v)
{
    s->npolicies = 0;
    char *copy = strdup(v), *save = NULL;
    for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        const char *const *known = sched_policy_names;
        while (*known && strcmp(*known, t) != 0) known++;
        if (!*known) {
            char names[64];
            cli_usage_error("--sched: unknown policy '%s' (%s)", t, cli_names(sched_policy_names, ", ", names, sizeof names));
            free(copy);
            return -1;
        }
        if (s->npolicies == CLI_MAX_POLICIES) {
            cli_usage_error("--sched: at most %d policies", CLI_MAX_POLICIES);
            free(copy);
            return -1;
        }
        s->policies[s->npolicies++] = *known;
    }
    free(copy);
    if (s->npolicies == 0) { cli_usage_error("--sched needs a policy"); return -1; }
    return 1;
}

static int split_procs(SimOpts *s, const char *v)
{
    s->nprocs = 0;
    char *copy = strdup(v), *save = NULL;
    int rc = 1;
    for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        uint64_t p;
        if (cli_parse_u64(t, &p) || p == 0 || p > 100000) {
            cli_usage_error("-p: processor counts from 1 to 100000, not '%s'", t);
            rc = -1;
            break;
        }
        if (s->nprocs == CLI_MAX_PROCS) {
            cli_usage_error("-p: at most %d processor counts", CLI_MAX_PROCS);
            rc = -1;
            break;
        }
        s->procs[s->nprocs++] = (uint32_t)p;
    }
    free(copy);
    if (rc > 0 && s->nprocs == 0) { cli_usage_error("-p needs a number"); rc = -1; }
    return rc;
}

int cli_sim_apply(SimOpts *s, int key, const char *v)
{
    uint64_t k;
    int u;
    switch (key) {
    case CLI_SCHED: return split_policies(s, v) < 0 ? -1 : 0;
    case 'p': return split_procs(s, v) < 0 ? -1 : 0;
    case CLI_SEED:
        if (cli_parse_u64(v, &s->seed)) { cli_usage_error("--seed expects a number, not '%s'", v); return -1; }
        return 0;
    case CLI_UNITS:
        if (cli_choice("units", v, space_units_names, &u)) return -1;
        s->units = (Units)u;
        return 0;
    /* steps, at most 10^6 (a cost past that is a typo) */
    case CLI_FORK_COST: case CLI_STEAL_COST:
        if (cli_number(key == CLI_FORK_COST ? "--fork-cost" : "--steal-cost", v, 0, 1000000, &k)) return -1;
        *(key == CLI_FORK_COST ? &s->fork_cost : &s->steal_cost) = (uint32_t)k;
        return 0;
    case CLI_COARSE: s->coarse = 1; return 0;
    case CLI_NO_QUEUE: s->no_queue = 1; return 0;
    }
    return 0;
}

SchedOptions cli_sched_options(const SimOpts *s, const char *policy, uint32_t P)
{
    return (SchedOptions){.policy = policy, .P = P, .coarse = s->coarse, .seed = s->seed,
                          .fork_cost = s->fork_cost, .steal_cost = s->steal_cost};
}

void cli_sim_all_policies(SimOpts *s)
{
    if (s->npolicies) return;
    while (sched_policy_names[s->npolicies] && s->npolicies < sizeof s->policies / sizeof s->policies[0]) {
        s->policies[s->npolicies] = sched_policy_names[s->npolicies];
        s->npolicies++;
    }
}

/* The simulation options onto the report's (defaults: df, P = 1). */
void cli_report_options(const SimOpts *so, ReportOptions *ro)
{
    if (so->npolicies) { ro->policies = so->policies; ro->npolicies = so->npolicies; }
    if (so->nprocs) { ro->procs = so->procs; ro->nprocs = so->nprocs; }
    ro->coarse = so->coarse;
    ro->seed = so->seed;
    ro->fork_cost = so->fork_cost;
    ro->steal_cost = so->steal_cost;
    ro->units = so->units;
    ro->with_queue = !so->no_queue;
}

int cli_plot_said(int r, const char *msg)
{
    if (r > 0) fprintf(stderr, "pml: note: no plot: %s\n", msg);
    if (r < 0 && *msg) fprintf(stderr, "pml: error: %s\n", msg);
    return r < 0 ? EXIT_PROGRAM : EXIT_OK;
}

/* ---- Graphviz ---- */

int cli_graphviz(const char *dot, size_t len, const char *format, FILE *out)
{
    const char *prog = getenv("PML_DOT") ? getenv("PML_DOT") : "dot";
    char tflag[16];
    snprintf(tflag, sizeof tflag, "-T%s", format);
    const char *argv[] = {prog, tflag, NULL};
    ChildRun c = {argv, NULL, dot, len, out, CHILD_ERR_SHOW};
    switch (child_run(&c)) {
    case CHILD_OK: case CHILD_OUTPUT: return 0;
    case CHILD_MISSING:
        fprintf(stderr, "pml: error: cannot run '%s' (is Graphviz installed?): %s\n", prog, strerror(errno));
        return -1;
    case CHILD_SYSTEM:
        fprintf(stderr, "pml: error: cannot start '%s': %s\n", prog, strerror(errno));
        return -1;
    }
    fprintf(stderr, "pml: error: Graphviz '%s %s' failed\n", prog, tflag);
    return -1;
}

/* ---- loading ---- */

/* A function to run on a big stack (run_big), and whether it ran. */
typedef struct BigJob {
    int (*fn)(void *arg, Diag *d);
    void *arg;
    Diag *d;
    int ran;            /* the big-stack thread was made and ran */
} BigJob;

static int big_job(void *p)
{
    BigJob *j = p;
    j->ran = 1;
    return j->fn(j->arg, j->d);
}

/* fn(arg, d) on a stack reserved for the deepest evaluation allowed,
 * within reason (under an address-space limit, less): 0, -1 after fn's
 * error (in d), or 1 when no thread could be made. */
static int run_big(int (*fn)(void *arg, Diag *d), void *arg, Diag *d)
{
    BigJob j = {fn, arg, d, 0};
    int rc = -1;
    for (size_t bytes = memlimit_stack(); !j.ran && bytes >= (64u << 20); bytes /= 4)
        rc = bigstack_run(bytes, big_job, &j);
    return j.ran ? rc : 1;
}

typedef struct LoadJob {
    const char *file;
    const char *text;           /* the program held in memory (NULL: read file) */
    size_t len;
    const CommonOpts *c;
    int eval;
    Loaded *out;
} LoadJob;

/* The static semantics (lang/types.h): every error but the last is printed
 * here, the last goes to d for the caller. */
/* 1: every command refuses an ill-typed program; 0: only --types checks. */
#define TYPES_ENFORCED 1

static int check_types(Loaded *l, const CommonOpts *c, Diag *d)
{
    if (!c->print_types && !TYPES_ENFORCED) return 0;
    TypeReport *rep = malloc(sizeof *rep);
    if (!rep) { diag_set_nospan(d, "out of memory"); return -1; }
    uint32_t n = types_check(l->prog, rep, c->print_types ? stdout : NULL);
    for (uint32_t i = 0; !c->no_warnings && i < rep->nwarnings; i++)
        diag_print_at(&l->src, rep->warnings[i].span, "warning", rep->warnings[i].msg, stderr, cli_colour());
    if (!c->no_warnings && rep->more_warnings)
        fprintf(stderr, "pml: more than %u warnings; the rest are not shown\n", TYPES_MAX_WARNINGS);
    for (uint32_t i = 0; i + 1 < n && i + 1 < TYPES_MAX_ERRORS; i++)
        diag_print_colour(&l->src, &rep->errors[i], stderr, cli_colour());
    if (n) {
        *d = rep->errors[(n < TYPES_MAX_ERRORS ? n : TYPES_MAX_ERRORS) - 1];
        if (rep->more) fprintf(stderr, "pml: more than %u type errors; the rest are not shown\n", TYPES_MAX_ERRORS);
    }
    free(rep);
    return n ? -1 : 0;
}

static int load_job(void *p, Diag *d)
{
    LoadJob *j = p;
    Loaded *l = j->out;
    const char *text;
    size_t len;
    cli_prelude(j->c, &text, &len);
    src_add(&l->src, "lib/prelude.pml", text, len);
    size_t in_len = j->len;
    const char *in = j->text ? j->text : strcmp(j->file, "-") == 0 ? cli_stdin_text(&in_len) : NULL;
    const char *name = j->text ? j->file : "<stdin>";
    if (in ? src_add(&l->src, name, in, in_len) < 0 : src_load(&l->src, j->file, d) < 0) {
        if (in) diag_set_nospan(d, "%s is too long or memory is short", j->text ? j->file : "standard input");
        return -1;
    }
    l->prog = ast_program_new();
    if (!l->prog) { diag_set_nospan(d, "out of memory"); return -1; }
    if (lang_parse(&l->src, 0, l->prog, d)) return -1;
    l->prog->nuser0 = l->prog->ndecs;
    if (lang_parse(&l->src, 1, l->prog, d)) return -1;
    if (l->prog->ndecs == l->prog->nuser0) {
        diag_set(d, (Span){1, 1, 1, 0, 0}, "the program is empty: it declares nothing");
        return -1;
    }
    prune_prelude(l->prog, &l->src);
    if (resolve_program(l->prog, d)) return -1;
    if (check_types(l, j->c, d)) return -1;
    if (!j->eval) return 0;
    if (eval_program(l->prog, &l->src, &j->c->eo, &l->run, d)) return -1;
    l->evaluated = 1;
    char msg[256];
    if (j->c->eo.check_theorem1 && (graph_check(&l->run.g, msg, sizeof msg) ||  /* every command's graphs */
                                    sched_check_ids(&l->run.g, msg, sizeof msg))) {
        diag_set_nospan(d, "graph invariant violated: %s", msg);
        return -1;
    }
    for (uint32_t i = 0; i < j->c->eo.nparams && i < 64; i++)
        if (!(l->run.params_read >> i & 1))
            fprintf(stderr, "pml: warning: -D %s: the program never reads param (\"%s\", ...)\n",
                    j->c->params[i].name, j->c->params[i].name);
    return 0;
}

/* The interpreter's heap may take 1/3 of memory; past that an allocation
 * fails and the evaluation stops with "out of memory" instead of the system
 * killing it.  Unbounded, the collector grows its heap far beyond what is
 * live when a deep recursion makes it scan a huge stack (and then fails
 * anyway); bounded, it collects.  GC_MAXIMUM_HEAP_SIZE in the environment
 * still rules (docs/reliability.md).  The collector's warnings (large
 * blocks) are not the user's business. */
static void limit_gc_heap(void)
{
    static int done;
    if (done) return;
    done = 1;
    GC_set_warn_proc(GC_ignore_warn_proc);
    if (!getenv("GC_MAXIMUM_HEAP_SIZE")) GC_set_max_heap_size((GC_word)(usable_memory() / 3));
    /* Start with a heap of some size, placed before any deep stack exists.
     * Grown from nothing, a deep recursion's stack (scanned conservatively)
     * can make the collector blacklist every new section it adds and grow
     * to the cap without collecting: a 10^6-deep recursion needing 2 GiB
     * then failed at 8 GiB, depending on where the binary's data lay. */
    if (!getenv("GC_INITIAL_HEAP_SIZE")) GC_expand_hp((size_t)16 << 20);
}

void cli_prelude(const CommonOpts *c, const char **text, size_t *len)
{
    *text = c->no_prelude ? "" : pml_prelude_text;
    *len = c->no_prelude ? 0 : pml_prelude_len;
}

char *cli_read_file(const char *path, size_t *len)
{
    if (!strcmp(path, "-")) {
        const char *in = cli_stdin_text(len);
        char *copy = in ? malloc(*len + 1) : NULL;
        if (copy) memcpy(copy, in, *len);
        if (!copy) fprintf(stderr, "pml: error: cannot read standard input\n");
        return copy;
    }
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    FILE *m = f ? open_memstream(&text, len) : NULL;
    char buf[65536];
    size_t k;
    int bad = !f || !m;
    while (!bad && (k = fread(buf, 1, sizeof buf, f)) > 0) bad = fwrite(buf, 1, k, m) != k;
    if (f && ferror(f)) bad = 1;
    int e = errno;
    if (m && fclose(m)) bad = 1;
    if (f) fclose(f);
    if (bad) {
        fprintf(stderr, "pml: error: cannot read %s: %s\n", path, strerror(e ? e : EIO));
        free(text);
        return NULL;
    }
    return text;
}

/* cli_load and cli_load_text: j's program loaded into j->out. */
static int load(LoadJob *j)
{
    Loaded *out = j->out;
    memset(out, 0, sizeof *out);
    Diag d = {.has_span = 0};
    limit_gc_heap();
    int rc = run_big(load_job, j, &d);
    if (rc == 0) return EXIT_OK;
    if (rc > 0) diag_set_nospan(&d, "cannot create a thread to run '%s' on", j->file);
    diag_print_colour(&out->src, &d, stderr, cli_colour());
    cli_unload(out);
    return EXIT_PROGRAM;
}

int cli_load(const char *file, const CommonOpts *c, int eval, Loaded *out)
{
    LoadJob j = {file, NULL, 0, c, eval, out};
    return load(&j);
}

int cli_load_text(const char *path, const char *text, size_t len, const CommonOpts *c, int eval, Loaded *out)
{
    LoadJob j = {path, text, len, c, eval, out};
    return load(&j);
}

void cli_unload(Loaded *l)
{
    if (l->evaluated) cost_run_free(&l->run);
    if (l->prog) ast_program_free(l->prog);
    src_free(&l->src);
    memset(l, 0, sizeof *l);
}

typedef struct ExecJob {
    const Loaded *l;
    const EvalOptions *eo;
    const ExecOptions *xo;
    ExecStats *st;
} ExecJob;

static int exec_job(void *p, Diag *d)
{
    ExecJob *j = p;
    return exec_program(j->l->prog, &j->l->src, j->eo, j->xo, j->st, d);
}

int cli_exec(const Loaded *l, const EvalOptions *eo, const ExecOptions *xo, ExecStats *st)
{
    ExecOptions x = *xo;    /* task stacks as deep as the main one (memlimit.h) */
    if (!x.stack_bytes) x.stack_bytes = memlimit_task_stack();
    ExecJob j = {l, eo, &x, st};
    Diag d = {.has_span = 0};
    int rc = run_big(exec_job, &j, &d);
    if (rc == 0) return EXIT_OK;
    if (rc > 0) diag_set_nospan(&d, "cannot create a thread to run the program on");
    diag_print_colour(&l->src, &d, stderr, cli_colour());
    return EXIT_PROGRAM;
}

