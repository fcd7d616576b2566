/* prune.c — leaves out the prelude's unused functions (see prune.h). */
#include "prune.h"

#include <stdlib.h>
#include <string.h>

/* A set of names: open addressing over (pointer, length) keys into the
 * source texts, which outlive it. */
typedef struct Key { const char *s; size_t n; } Key;
typedef struct Set { Key *k; size_t cap, n; } Set;

static size_t hash(const char *s, size_t n)
{
    size_t h = 1469598103934665603u;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211u;
    return h;
}

static int set_has(const Set *t, const char *s, size_t n)
{
    if (!t->cap) return 0;
    for (size_t i = hash(s, n) & (t->cap - 1);; i = (i + 1) & (t->cap - 1)) {
        if (!t->k[i].s) return 0;
        if (t->k[i].n == n && memcmp(t->k[i].s, s, n) == 0) return 1;
    }
}

/* 0, or -1 when out of memory (the caller then keeps everything). */
static int set_add(Set *t, const char *s, size_t n)
{
    if (set_has(t, s, n)) return 0;
    if (2 * (t->n + 1) > t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 256;
        Key *k = calloc(cap, sizeof *k);
        if (!k) return -1;
        for (size_t i = 0; i < t->cap; i++)
            if (t->k[i].s) {
                size_t j = hash(t->k[i].s, t->k[i].n) & (cap - 1);
                while (k[j].s) j = (j + 1) & (cap - 1);
                k[j] = t->k[i];
            }
        free(t->k);
        t->k = k;
        t->cap = cap;
    }
    size_t j = hash(s, n) & (t->cap - 1);
    while (t->k[j].s) j = (j + 1) & (t->cap - 1);
    t->k[j] = (Key){s, n};
    t->n++;
    return 0;
}

/* The name and, for a long name, its last component. */
static int add_name(Set *t, const char *s, size_t n)
{
    const char *dot = NULL;
    for (size_t i = 0; i < n; i++)
        if (s[i] == '.') dot = s + i;
    if (set_add(t, s, n) < 0) return -1;
    return dot ? set_add(t, dot + 1, (size_t)(s + n - dot - 1)) : 0;
}

/* S.f is reached without writing S.f only through a declaration that names
 * S alone (open S, structure T = S, F (S)): f or T.f counts only then. */
static int mentioned(const Set *t, const char *name)
{
    const char *dot = strrchr(name, '.');
    if (set_has(t, name, strlen(name))) return 1;
    return dot && set_has(t, dot + 1, strlen(dot + 1)) && set_has(t, name, (size_t)(dot - name));
}

static int is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int is_idch(char c) { return is_alpha(c) || (c >= '0' && c <= '9') || c == '_' || c == '\''; }
static int is_sym(char c) { return c && strchr("!%&$#+-/:<=>?@\\~`^|*", c) != NULL; }

/* Adds the names in s[0..n) outside comments and strings; -1: no memory. */
static int scan(Set *t, const char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        char c = s[i];
        if (c == '(' && i + 1 < n && s[i + 1] == '*') {
            size_t depth = 0;
            while (i < n) {
                if (s[i] == '(' && i + 1 < n && s[i + 1] == '*') { depth++; i += 2; }
                else if (s[i] == '*' && i + 1 < n && s[i + 1] == ')') { i += 2; if (--depth == 0) break; }
                else i++;
            }
        } else if (c == '"') {
            for (i++; i < n && s[i] != '"'; i++)
                if (s[i] == '\\') i++;
            i++;
        } else if (is_alpha(c)) {
            size_t j = i;
            while (j < n && (is_idch(s[j]) || (s[j] == '.' && j + 1 < n && is_alpha(s[j + 1])))) j++;
            if (add_name(t, s + i, j - i) < 0) return -1;
            i = j;
        } else if (is_sym(c)) {
            size_t j = i;
            while (j < n && is_sym(s[j])) j++;
            if (add_name(t, s + i, j - i) < 0) return -1;
            i = j;
        } else {
            i++;
        }
    }
    return 0;
}

void prune_prelude(Program *p, const Sources *s)
{
    uint32_t n0 = p->nuser0;
    if (n0 == 0 || s->n < 2) return;
    const SrcFile *pre = &s->files[0];
    Set need = {0};
    char *keep = calloc(n0, 1);
    int ok = keep != NULL;
    for (uint32_t f = 1; ok && f < s->n; f++)
        ok = scan(&need, s->files[f].text, s->files[f].len) == 0;
    /* backwards: a kept declaration's text names what it needs before it */
    for (uint32_t i = n0; ok && i-- > 0;) {
        const Dec *d = p->decs[i];
        keep[i] = d->kind != DEC_FUN || d->span.file != 0;
        for (uint32_t k = 0; !keep[i] && k < d->nfuns; k++) keep[i] = mentioned(&need, d->funs[k].name);
        if (!keep[i]) continue;
        size_t from = d->span.off, to = i + 1 < n0 ? p->decs[i + 1]->span.off : pre->len;
        if (d->span.file != 0 || to < from || to > pre->len) { ok = 0; break; }
        ok = scan(&need, pre->text + from, to - from) == 0;
    }
    if (ok) {
        uint32_t w = 0;
        for (uint32_t i = 0; i < p->ndecs; i++)
            if (i >= n0 || keep[i]) p->decs[w++] = p->decs[i];
        p->nuser0 -= p->ndecs - w;
        p->ndecs = w;
    }
    free(keep);
    free(need.k);
}
