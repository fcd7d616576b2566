/*
 * match.h — exhaustiveness and redundancy of matches, the checks behind
 * the Definition's §4.11 ("exhaustive" and "irredundant" matches, items 2
 * and 3) and SML/NJ's "match nonexhaustive", "match redundant" and
 * "binding not exhaustive".
 *
 * A match is a list of rules, each a row of patterns (one for fn, case,
 * handle and val; k for a curried clausal fun of k arguments).  Patterns
 * are read as the resolver left them (constructors through Pat.con), so a
 * match is judged by constructors and constants only: the datatypes'
 * constructors are complete sets (ConDef.ncons), exceptions, integers,
 * characters and strings are not.
 */
#ifndef PML_MATCH_H
#define PML_MATCH_H

#include "ast.h"

#define MATCH_EXAMPLE 160

typedef struct MatchReport {
    uint32_t redundant;     /* the first rule no value reaches, or UINT32_MAX */
    int exhaustive;         /* 1: every value matches some rule */
    char example[MATCH_EXAMPLE]; /* not exhaustive: a value no rule matches,
                               as an SML pattern ("_ :: _ :: _", "(NONE, _)") */
} MatchReport;

/* Checks the match of n rules; rule i's patterns are pats(i), npats each. */
void match_check(const Clause *rules, uint32_t n, MatchReport *rep);

/* Checks the single-rule match of a val binding's pattern. */
void match_check_pat(const Pat *p, MatchReport *rep);

#endif
