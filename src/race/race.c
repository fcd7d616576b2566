/*
 * race.c — SP-bags over the interpreter's 1DF run (race.h says why it
 * finds every racing pair of sites).
 */
#include "race.h"

#include <stdlib.h>
#include <string.h>

/* An open-addressing map from a nonzero 64-bit key to a 32-bit value
 * (load <= 1/2): the cells' entry lists, and the pairs of sites reported. */
typedef struct KeyMap {
    uint64_t *key;      /* 0: free */
    uint32_t *val;
    uint32_t cap, n;    /* cap a power of 2 */
} KeyMap;

static uint32_t key_hash(uint64_t k, uint32_t cap)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    return (uint32_t)k & (cap - 1);
}

static int map_grow(KeyMap *m)
{
    uint32_t cap = m->cap ? 2 * m->cap : 1024;
    uint64_t *key = calloc(cap, sizeof *key);
    uint32_t *val = malloc(cap * sizeof *val);
    if (!key || !val || cap < m->cap) { free(key); free(val); return -1; }
    for (uint32_t i = 0; i < m->cap; i++) {
        if (!m->key[i]) continue;
        uint32_t h = key_hash(m->key[i], cap);
        while (key[h]) h = (h + 1) & (cap - 1);
        key[h] = m->key[i];
        val[h] = m->val[i];
    }
    free(m->key);
    free(m->val);
    m->key = key;
    m->val = val;
    m->cap = cap;
    return 0;
}

/* The value slot of k, added (set to 0, *added = 1) if absent; NULL out of memory. */
static uint32_t *map_put(KeyMap *m, uint64_t k, int *added)
{
    if (2 * (m->n + 1) > m->cap && map_grow(m)) return NULL;
    uint32_t h = key_hash(k, m->cap);
    while (m->key[h] && m->key[h] != k) h = (h + 1) & (m->cap - 1);
    *added = !m->key[h];
    if (*added) {
        m->key[h] = k;
        m->val[h] = 0;
        m->n++;
    }
    return &m->val[h];
}

static void map_free(KeyMap *m)
{
    free(m->key);
    free(m->val);
}

/* A branch being run (or the program's top level): its S-bag (the
 * accesses that precede what runs now) and P-bag (those that may run
 * beside it), each an element of the union-find, 0 while empty. */
typedef struct Frame {
    uint32_t s, p;
} Frame;

/* The access kept for one (cell, site, read or write) (race.h). */
typedef struct Entry {
    EvalAccess a;
    uint32_t bag;       /* an element of the bag holding a's branch */
    uint32_t next;      /* the cell's next entry, 0: none */
} Entry;

#define BAG_P 0x80u     /* in rank_p at a root: the set is a P-bag */

struct RaceDetector {
    /* the union-find: elements 1..nel-1; up[x] == x at a root */
    uint32_t *up;
    uint8_t *rank_p;    /* rank | BAG_P */
    uint32_t nel, elcap, rkcap;
    Frame *fr;          /* the branches being run, innermost last */
    uint32_t nfr, frcap;
    KeyMap cells;       /* cell << 32 | index -> its first entry */
    Entry *ent;         /* entries 1..nent-1 */
    uint32_t nent, entcap;
    KeyMap pairs;       /* the pairs of sites reported */
    Race *races;
    uint32_t nraces, racecap;
    uint64_t accesses;
};

/* Grows the array *p of *cap elements of size sz to hold n; 0 or -1. */
static int grow(void *p, uint32_t *cap, uint32_t n, size_t sz)
{
    if (n <= *cap) return 0;
    uint32_t c = *cap ? *cap : 64;
    while (c < n) {
        if (c > UINT32_MAX / 2) return -1;
        c *= 2;
    }
    void *q = realloc(*(void **)p, (size_t)c * sz);
    if (!q) return -1;
    *(void **)p = q;
    *cap = c;
    return 0;
}

RaceDetector *race_new(void)
{
    RaceDetector *d = calloc(1, sizeof *d);
    if (!d || grow(&d->fr, &d->frcap, 1, sizeof *d->fr)) { free(d); return NULL; }
    d->fr[0] = (Frame){0, 0};
    d->nfr = 1;
    d->nel = d->nent = 1; /* 0 is "none" in both */
    return d;
}

void race_free(RaceDetector *d)
{
    if (!d) return;
    free(d->up);
    free(d->rank_p);
    free(d->fr);
    map_free(&d->cells);
    free(d->ent);
    map_free(&d->pairs);
    free(d->races);
    free(d);
}

/* ---- the bags ---- */

static uint32_t find(RaceDetector *d, uint32_t x)
{
    while (d->up[x] != x) { /* path halving */
        d->up[x] = d->up[d->up[x]];
        x = d->up[x];
    }
    return x;
}

/* The union of the bags a and b (0: empty); its root. */
static uint32_t unite(RaceDetector *d, uint32_t a, uint32_t b)
{
    if (!a || !b) return a ? find(d, a) : b ? find(d, b) : 0;
    a = find(d, a);
    b = find(d, b);
    if (a == b) return a;
    uint32_t ra = d->rank_p[a] & ~BAG_P, rb = d->rank_p[b] & ~BAG_P;
    if (ra < rb) { uint32_t t = a; a = b; b = t; }
    d->up[b] = a;
    if (ra == rb) d->rank_p[a]++;
    return a;
}

/* Marks bag x (a root, or 0) as a P-bag (p = 1) or an S-bag. */
static void set_kind(RaceDetector *d, uint32_t x, int p)
{
    if (x) d->rank_p[x] = (uint8_t)((d->rank_p[x] & ~BAG_P) | (p ? BAG_P : 0));
}

static int parallel(RaceDetector *d, uint32_t x) { return (d->rank_p[find(d, x)] & BAG_P) != 0; }

/* ---- the run's events ---- */

int race_fork(RaceDetector *d)
{
    if (grow(&d->fr, &d->frcap, d->nfr + 1, sizeof *d->fr)) return -1;
    d->fr[d->nfr++] = (Frame){0, 0};
    return 0;
}

/* The left branch has returned: what it did may run beside the right one. */
int race_next(RaceDetector *d)
{
    Frame left = d->fr[--d->nfr], *f = &d->fr[d->nfr - 1];
    f->p = unite(d, left.s, 0);
    set_kind(d, f->p, 1);
    d->fr[d->nfr++] = (Frame){0, 0};
    return 0;
}

/* Both branches have returned: all they did precedes what follows. */
int race_join(RaceDetector *d)
{
    Frame right = d->fr[--d->nfr], *f = &d->fr[d->nfr - 1];
    f->s = unite(d, unite(d, f->s, f->p), right.s);
    set_kind(d, f->s, 0);
    f->p = 0;
    return 0;
}

/* The running branch's element of the union-find (made on its first access). */
static uint32_t running(RaceDetector *d)
{
    Frame *f = &d->fr[d->nfr - 1];
    if (f->s) return f->s;
    if (grow(&d->up, &d->elcap, d->nel + 1, sizeof *d->up) || grow(&d->rank_p, &d->rkcap, d->nel + 1, 1)) return 0;
    uint32_t x = d->nel++;
    d->up[x] = x;
    d->rank_p[x] = 0;
    return f->s = x;
}

/* first ∥ second: recorded unless their pair of sites was. */
static int report(RaceDetector *d, const EvalAccess *first, const EvalAccess *second)
{
    uint32_t lo = first->site < second->site ? first->site : second->site;
    uint32_t hi = first->site ^ second->site ^ lo;
    int added;
    if (!map_put(&d->pairs, ((uint64_t)lo << 32 | hi) + 1, &added)) return -1;
    if (!added) return 0;
    if (grow(&d->races, &d->racecap, d->nraces + 1, sizeof *d->races)) return -1;
    d->races[d->nraces++] = (Race){*first, *second};
    return 0;
}

int race_access(RaceDetector *d, const EvalAccess *a)
{
    d->accesses++;
    uint32_t me = running(d);
    int added;
    uint32_t *head = me ? map_put(&d->cells, (uint64_t)a->cell << 32 | a->index, &added) : NULL;
    if (!head || grow(&d->ent, &d->entcap, d->nent + 1, sizeof *d->ent)) return -1;
    uint32_t own = 0;
    for (uint32_t e = *head; e; e = d->ent[e].next) {
        Entry *x = &d->ent[e];
        if (x->a.site == a->site && x->a.write == a->write) own = e;
        if ((x->a.write || a->write) && parallel(d, x->bag) && report(d, &x->a, a)) return -1;
    }
    if (own) { /* keep the one kept if it may run beside this one */
        Entry *x = &d->ent[own];
        if (!parallel(d, x->bag)) *x = (Entry){*a, me, x->next};
        return 0;
    }
    d->ent[d->nent] = (Entry){*a, me, *head};
    *head = d->nent++;
    return 0;
}

/* ---- the hook and the results ---- */

static int hook_fork(void *st) { return race_fork(st); }
static int hook_next(void *st) { return race_next(st); }
static int hook_join(void *st) { return race_join(st); }
static int hook_access(void *st, const EvalAccess *a) { return race_access(st, a); }

EvalCells race_hook(RaceDetector *d) { return (EvalCells){d, hook_fork, hook_next, hook_join, hook_access}; }

uint32_t race_count(const RaceDetector *d) { return d->nraces; }
const Race *race_get(const RaceDetector *d, uint32_t i) { return &d->races[i]; }
uint64_t race_accesses(const RaceDetector *d) { return d->accesses; }
uint64_t race_cells(const RaceDetector *d) { return d->cells.n; }
