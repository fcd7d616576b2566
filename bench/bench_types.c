/*
 * bench_types.c — the cost of the static semantics (lang/types.h): the
 * prelude alone, then the prelude and FILE, each type-checked again and
 * again; prints the CPU time of one check.  The whole prelude is checked
 * (not pruned to what the program names, as pml's commands do).  Prints
 * figures only; never passes or fails on time.
 *
 * Usage: bench_types FILE
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ast.h"
#include "resolve.h"
#include "types.h"

extern const char pml_prelude_text[];

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The prelude and file (or "val it = 0" with file NULL), parsed and resolved. */
static Program *load(Sources *s, const char *file, Diag *d)
{
    src_add(s, "lib/prelude.pml", pml_prelude_text, strlen(pml_prelude_text));
    if (file ? src_load(s, file, d) < 0 : src_add(s, "<empty>", "val it = 0\n", 11) < 0) return NULL;
    Program *p = ast_program_new();
    if (lang_parse(s, 0, p, d)) return NULL;
    p->nuser0 = p->ndecs;
    if (lang_parse(s, 1, p, d) || resolve_program(p, d)) return NULL;
    return p;
}

static int bench(const char *what, const char *file)
{
    Sources s = {0};
    Diag d = {0};
    Program *p = load(&s, file, &d);
    if (!p) {
        diag_print(&s, &d, stderr);
        return 1;
    }
    static TypeReport rep;
    uint32_t lines = 0;
    for (uint32_t f = 0; f < s.n; f++)
        for (size_t i = 0; i < s.files[f].len; i++) lines += s.files[f].text[i] == '\n';
    uint32_t runs = 0;
    double t0 = now(), t1 = t0;
    while (runs < 3 || t1 - t0 < 0.5) {
        if (types_check(p, &rep, NULL)) {
            diag_print(&s, &rep.errors[0], stderr);
            return 1;
        }
        runs++;
        t1 = now();
    }
    printf("type-check %-28s %6u lines: %8.3f ms per check (%u checks)\n", what, lines,
           1e3 * (t1 - t0) / runs, runs);
    ast_program_free(p);
    src_free(&s);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: bench_types FILE\n");
        return 2;
    }
    return bench("the prelude", NULL) || bench("the prelude and the program", argv[1]);
}
