/*
 * sched_props.h — what tests/unit/test_sched.c and test_space.c share:
 * running a (policy, coarse, P) grid over random graphs and collecting the
 * first failure of each property.
 */
#ifndef PML_SCHED_PROPS_H
#define PML_SCHED_PROPS_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "sched.h"

/* One property checked over many runs: counts failures, keeps the first. */
typedef struct Prop {
    long runs, fails;
    char first[300];
} Prop;

static void prop_fail(Prop *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void prop_fail(Prop *p, const char *fmt, ...)
{
    if (p->fails++ == 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(p->first, sizeof p->first, fmt, ap);
        va_end(ap);
    }
}

#define PROP_CHECK(p, name) \
    CHECK((p).fails == 0 && (p).runs > 0, "%s (%ld runs%s%s)", name, (p).runs, \
          (p).fails ? "; first failure: " : "", (p).first)

static const char *const test_policies[] = {"df", "bf", "ws"};
static const uint32_t test_procs[] = {1, 2, 3, 4, 8};

#endif
