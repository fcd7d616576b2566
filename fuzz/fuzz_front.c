/*
 * fuzz_front.c — libFuzzer harness for the front end: the input is one PML
 * source file, lexed, parsed and resolved after the real prelude (so the
 * resolver sees the names programs use).  Any input must end in success or
 * a Diag with a message and a position inside the file; anything else
 * (a crash, a sanitizer report, a Diag without a message) is a bug.
 *
 * Runs on a big-stack thread as the driver does: the parser bounds
 * nesting, and the resolver recurses over the tree to that depth.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "bigstack.h"
#include "fuzz_common.h"
#include "resolve.h"

static int front_job(void *p)
{
    FuzzInput *in = p;
    Sources src = {0};
    Program *prog = ast_program_new();
    Diag d = {0};
    int rc = fuzz_front_end(&src, prog, in, &d);
    if (rc) fuzz_check_diag(&src, &d);
    ast_program_free(prog);
    src_free(&src);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzInput in = {data, size};
    fuzz_init();
    bigstack_run((size_t)1 << 30, front_job, &in);
    return 0;
}
