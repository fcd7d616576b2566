/*
 * suggest.h — "did you mean ...?": the one name close to a misspelt one.
 *
 * As gcc and rustc do: the candidates within a small edit distance
 * (Damerau-Levenshtein, optimal string alignment: an insertion, deletion,
 * substitution or swap of two adjacent characters costs 1) of the word —
 * at most 1 for a word of 3 to 5 characters, 2 for a longer one, none for
 * one or two (of a long name S.x, x's characters: A.h is no typo of A.f)
 * — and of those the closest; none when two names tie, since
 * a guess between two would mislead half the time.
 */
#ifndef PML_SUGGEST_H
#define PML_SUGGEST_H

typedef struct Suggest {
    const char *word;   /* what the user wrote */
    int max;            /* the largest distance still worth suggesting */
    int best;           /* the closest distance offered so far (max + 1: none) */
    const char *name;   /* the name at distance best, NULL while none */
    int tie;            /* another, different name is also at distance best */
} Suggest;

void suggest_init(Suggest *s, const char *word);
/* Offers a candidate; the same name offered twice is one candidate. */
void suggest_offer(Suggest *s, const char *name);
/* The suggestion, or NULL: none close enough, or a tie. */
const char *suggest_best(const Suggest *s);
/* The distance between a and b, or max + 1 when it is more than max. */
int suggest_distance(const char *a, const char *b, int max);

#endif
