/*
 * types.h — the static semantics of PML: Hindley–Milner type inference with
 * Standard ML's rules (the Definition of Standard ML, Revised, chapter 4),
 * run once after resolution and before anything runs.
 *
 * The checker reads the resolved tree (ast.h): constructors and primitives
 * through their Refs, variables, types and structures by name in its own
 * environment.  It infers a type for every declaration, reports every
 * independent type error (up to TYPES_MAX_ERRORS) at the construct SML/NJ
 * reports it at, and SML/NJ's warnings (lang/match.h for matches), and can print each top-level binding's type as SML/NJ's
 * top level does (`val map : ('a -> 'b) -> 'a list -> 'b list`).
 *
 * What is enforced and what is not is written in docs/semantics.md, "Static
 * types".
 */
#ifndef PML_TYPES_H
#define PML_TYPES_H

#include <stdio.h>
#include "ast.h"

#define TYPES_MAX_ERRORS 20
#define TYPES_MAX_WARNINGS 20

typedef struct TypeReport {
    uint32_t nerrors;       /* errors found (at most TYPES_MAX_ERRORS kept) */
    Diag errors[TYPES_MAX_ERRORS];
    int more;               /* 1: further errors were found and dropped */
    /* warnings of the user's files, as SML/NJ gives them: match
     * nonexhaustive, binding not exhaustive, dummy types of the value
     * restriction (at most TYPES_MAX_WARNINGS kept) */
    uint32_t nwarnings;
    Diag warnings[TYPES_MAX_WARNINGS];
    int more_warnings;
} TypeReport;

/* Type-checks p (resolved).  Returns the number of errors (0: well typed),
 * the errors in rep.  With out != NULL, each top-level binding of the
 * user's file is written there with its type, one per line, SML/NJ's way.
 * Sets p->result_type and p->result_shape for a well-typed program. */
uint32_t types_check(Program *p, TypeReport *rep, FILE *out);

#endif
