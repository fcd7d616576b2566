/*
 * fuzz_common.h — what the two libFuzzer harnesses share: the prelude,
 * loading an input as file 1, and the check that an error is well formed.
 * Header-only so each harness is one translation unit plus the library.
 */
#ifndef PML_FUZZ_COMMON_H
#define PML_FUZZ_COMMON_H

#include <gc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "resolve.h"
#include "source.h"

extern const char pml_prelude_text[];
extern const unsigned long pml_prelude_len;

typedef struct FuzzInput { const uint8_t *data; size_t size; } FuzzInput;

/* Once per process: the collector, its heap bounded to 1 GiB.  NUL bytes and invalid UTF-8 reach
 * lang_parse, which must report them like the driver does. */
static inline void fuzz_init(void)
{
    static int ready;
    if (!ready) {   /* as the driver (cli.c), a bounded heap, no warnings */
        GC_INIT();
        GC_set_max_heap_size((GC_word)1 << 30);
        GC_set_warn_proc(GC_ignore_warn_proc);
        ready = 1;
    }
}

/* The prelude as file 0 and the input as file 1, "fuzz.pml". */
static inline void fuzz_load(Sources *src, const FuzzInput *in)
{
    src_add(src, "lib/prelude.pml", pml_prelude_text, pml_prelude_len);
    src_add(src, "fuzz.pml", (const char *)in->data, in->size);
}

/* Loads the input after the prelude, parses and resolves; 0 or -1 with d. */
static inline int fuzz_front_end(Sources *src, Program *prog, const FuzzInput *in, Diag *d)
{
    fuzz_load(src, in);
    int rc = lang_parse(src, 0, prog, d);
    prog->nuser0 = prog->ndecs;
    if (!rc) rc = lang_parse(src, 1, prog, d);
    if (!rc) rc = resolve_program(prog, d);
    return rc;
}

/* An error must have a message and, when it has a span, a position inside
 * a loaded file; printing it must not fail either. */
static inline void fuzz_check_diag(const Sources *src, const Diag *d)
{
    if (!d->msg[0]) abort();
    if (d->has_span) {
        if (d->span.file >= src->n || d->span.line == 0 || d->span.col == 0) abort();
        if (d->span.off > src->files[d->span.file].len) abort();
    }
    FILE *sink = fopen("/dev/null", "w");
    if (sink) { diag_print(src, d, sink); fclose(sink); }
}

#endif
