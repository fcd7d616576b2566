/*
 * fuzz_eval.c — libFuzzer harness for the evaluator: the input is a PML
 * program run after the prelude with a small node limit (so every input
 * finishes quickly) and a small depth limit.  Front-end errors end the run
 * early; evaluation must end in a value or a well-formed Diag.  The run is
 * watched for determinacy races (docs/races.md) and the races, if any, are
 * written out (to /dev/null) as text and JSON.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "bigstack.h"
#include "eval.h"
#include "fuzz_common.h"
#include "race_report.h"
#include "resolve.h"

#define FUZZ_MAX_NODES 20000
#define FUZZ_MAX_DEPTH 5000

static int eval_job(void *p)
{
    FuzzInput *in = p;
    Sources src = {0};
    Program *prog = ast_program_new();
    Diag d = {0};
    int rc = fuzz_front_end(&src, prog, in, &d);
    if (!rc) {
        EvalOptions eo;
        eval_options_default(&eo);
        eo.max_nodes = FUZZ_MAX_NODES;
        eo.max_depth = FUZZ_MAX_DEPTH;
        RaceDetector *races = race_new();
        EvalCells cells = race_hook(races);
        eo.cells = races ? &cells : NULL;
        CostRun run;
        if (eval_program(prog, &src, &eo, &run, &d)) {
            fuzz_check_diag(&src, &d);
        } else if (races) {
            FILE *null = fopen("/dev/null", "w");
            RaceView v = {races, &run, prog, &src};
            if (null) race_report_text(null, &v, 0), race_report_json(null, &v, ""), fclose(null);
        }
        cost_run_free(&run);
        race_free(races);
    }
    ast_program_free(prog);
    src_free(&src);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzInput in = {data, size};
    fuzz_init();
    bigstack_run((size_t)1 << 30, eval_job, &in);
    return 0;
}
