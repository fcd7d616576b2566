/*
 * cmd_race.c — `pml race FILE [--races=warn|error] [--format text|json]`
 * (docs/races.md): run the program, watching every access to a ref cell
 * or array element, and report the determinacy races; and the watch that
 * `pml run` keeps too (cli_races_*).
 */
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "textout.h"

int cli_races_watch(CliRaces *w, CliRun *r)
{
    if (w->mode == CLI_RACES_OFF) return EXIT_OK;
    if (!(w->d = race_new())) {
        fprintf(stderr, "pml: error: out of memory\n");
        return EXIT_PROGRAM;
    }
    w->hook = race_hook(w->d);
    r->common.eo.cells = &w->hook;
    return EXIT_OK;
}

RaceView cli_races_view(const CliRaces *w, const CliRun *r)
{
    return (RaceView){w->d, &r->l.run, r->l.prog, &r->l.src};
}

int cli_races_found(const CliRaces *w) { return w->d && race_count(w->d) > 0; }

void cli_races_free(CliRaces *w)
{
    race_free(w->d);
    w->d = NULL;
}

typedef struct RaceArgs {
    int error;              /* --races=error */
    int json;               /* --format json */
    CliRaces w;
} RaceArgs;

enum { OPT_RACES = CLI_OWN, OPT_FORMAT };

static const CliOpt race_opts[] = {
    {OPT_RACES, "races", "warn|error", "exit status 1 when there are races with error (default warn: 0)",
     CLI_AT(CLI_CHOICE, RaceArgs, error)},
    {OPT_FORMAT, "format", "text|json", "warnings with source lines (default), or JSON (docs/races.md)",
     CLI_AT(CLI_CHOICE, RaceArgs, json)},
    {0},
};

static int race_check(void *o, CliRun *r)
{
    RaceArgs *a = o;
    a->w.mode = a->error ? CLI_RACES_ERROR : CLI_RACES_WARN;
    return cli_races_watch(&a->w, r);
}

static int race_body(void *o, CliRun *r)
{
    RaceArgs *a = o;
    RaceView v = cli_races_view(&a->w, r);
    const char *file = strcmp(r->file, "-") ? r->file : "<stdin>";
    if (a->json) {
        json_open(stdout, "race");
        fputs(" \"file\": ", stdout);
        json_string(stdout, file);
        fputs(", \"races\": ", stdout);
        race_report_json(stdout, &v, "");
        printf(",\n \"count\": %u, \"accesses\": %llu, \"cells\": %llu}\n", race_count(a->w.d),
               (unsigned long long)race_accesses(a->w.d), (unsigned long long)race_cells(a->w.d));
    } else {
        race_report_text(stdout, &v, cli_colour() && isatty(STDOUT_FILENO));
        race_report_summary(stdout, &v, file);
    }
    return a->error && cli_races_found(&a->w) ? EXIT_PROGRAM : EXIT_OK;
}

static void race_done(void *o) { cli_races_free(&((RaceArgs *)o)->w); }

const CliSteps cli_cmd_race = {.opts = race_opts, .groups = CLI_GROUP_COMMON, .size = sizeof(RaceArgs),
                               .check = race_check, .load = CLI_LOAD_EVAL, .body = race_body, .done = race_done};
