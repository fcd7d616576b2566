/*
 * suggest.c — the closest name to a misspelt one (see suggest.h).
 *
 * Names are short (options, identifiers), so the distance is the plain
 * O(|a|·|b|) dynamic programme over three rows; a name longer than
 * SUGGEST_MAX_LEN or whose length differs from the word's by more than
 * max is never close and is not measured.
 */
#include "suggest.h"

#include <string.h>

#define SUGGEST_MAX_LEN 64

int suggest_distance(const char *a, const char *b, int max)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > SUGGEST_MAX_LEN || m > SUGGEST_MAX_LEN || (n > m ? n - m : m - n) > (size_t)max) return max + 1;
    int rows[3][SUGGEST_MAX_LEN + 1];
    int *prev2 = rows[0], *prev = rows[1], *cur = rows[2];
    for (size_t j = 0; j <= m; j++) prev[j] = (int)j;
    for (size_t i = 1; i <= n; i++) {
        cur[0] = (int)i;
        for (size_t j = 1; j <= m; j++) {
            int d = prev[j - 1] + (a[i - 1] != b[j - 1]);
            if (prev[j] + 1 < d) d = prev[j] + 1;
            if (cur[j - 1] + 1 < d) d = cur[j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && prev2[j - 2] + 1 < d)
                d = prev2[j - 2] + 1;  /* a swap of two adjacent characters */
            cur[j] = d;
        }
        int *t = prev2;
        prev2 = prev;
        prev = cur;
        cur = t;
    }
    return prev[m] <= max ? prev[m] : max + 1;
}

void suggest_init(Suggest *s, const char *word)
{
    const char *last = strrchr(word, '.');
    size_t n = strlen(last && last[1] ? last + 1 : word);
    s->word = word;
    s->max = n <= 2 ? 0 : n <= 5 ? 1 : 2;
    s->best = s->max + 1;
    s->name = NULL;
    s->tie = 0;
}

void suggest_offer(Suggest *s, const char *name)
{
    if (s->max == 0 || strcmp(name, s->word) == 0 || (s->name && strcmp(name, s->name) == 0)) return;
    int d = suggest_distance(s->word, name, s->max);
    if (d < s->best) {
        s->best = d;
        s->name = name;
        s->tie = 0;
    } else if (d == s->best && d <= s->max) {
        s->tie = 1;
    }
}

const char *suggest_best(const Suggest *s)
{
    return s->tie ? NULL : s->name;
}
