/* callstack.c — see callstack.h. */
#include "callstack.h"

#include <stdlib.h>
#include <string.h>

void cstack_init(CallStacks *cs)
{
    memset(cs, 0, sizeof *cs);
}

void cstack_free(CallStacks *cs)
{
    free(cs->parent);
    free(cs->site);
    free(cs->fn);
    free(cs->hkey_parent);
    free(cs->hkey_site);
    free(cs->hkey_fn);
    free(cs->hval);
    memset(cs, 0, sizeof *cs);
}

static uint32_t hash3(uint32_t a, uint32_t b, uint32_t c)
{
    uint64_t h = a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull) * 0xBF58476D1CE4E5B9ull;
    h ^= (c + 0x94D049BB133111EBull) * 0xD6E8FEB86659FD93ull;
    return (uint32_t)(h ^ h >> 29);
}

static int grow_entries(CallStacks *cs)
{
    if (cs->n < cs->cap) return 0;
    uint32_t cap = cs->cap ? cs->cap * 2 : 256;
    uint32_t *p = realloc(cs->parent, cap * sizeof *p);
    if (!p) return -1;
    cs->parent = p;
    if (!(p = realloc(cs->site, cap * sizeof *p))) return -1;
    cs->site = p;
    if (!(p = realloc(cs->fn, cap * sizeof *p))) return -1;
    cs->fn = p;
    cs->cap = cap;
    if (cs->n == 0) { /* the empty stack */
        cs->parent[0] = cs->site[0] = cs->fn[0] = 0;
        cs->n = 1;
    }
    return 0;
}

static void put(CallStacks *cs, uint32_t parent, uint32_t site, uint32_t fn, uint32_t val)
{
    uint32_t mask = cs->hcap - 1, i = hash3(parent, site, fn) & mask;
    while (cs->hval[i]) i = (i + 1) & mask;
    cs->hkey_parent[i] = parent;
    cs->hkey_site[i] = site;
    cs->hkey_fn[i] = fn;
    cs->hval[i] = val;
    cs->hn++;
}

/* Keeps the table at most half full. */
static int grow_table(CallStacks *cs)
{
    if ((cs->hn + 1) * 2 <= cs->hcap) return 0;
    CallStacks old = *cs;
    cs->hcap = old.hcap ? old.hcap * 2 : 1024;
    cs->hn = 0;
    cs->hkey_parent = malloc(cs->hcap * sizeof(uint32_t));
    cs->hkey_site = malloc(cs->hcap * sizeof(uint32_t));
    cs->hkey_fn = malloc(cs->hcap * sizeof(uint32_t));
    cs->hval = calloc(cs->hcap, sizeof(uint32_t));
    if (!cs->hkey_parent || !cs->hkey_site || !cs->hkey_fn || !cs->hval) {
        free(cs->hkey_parent), free(cs->hkey_site), free(cs->hkey_fn), free(cs->hval);
        *cs = old;
        return -1;
    }
    for (uint32_t i = 0; i < old.hcap; i++)
        if (old.hval[i]) put(cs, old.hkey_parent[i], old.hkey_site[i], old.hkey_fn[i], old.hval[i]);
    free(old.hkey_parent), free(old.hkey_site), free(old.hkey_fn), free(old.hval);
    return 0;
}

uint32_t cstack_push(CallStacks *cs, uint32_t s, uint32_t site, uint32_t fn)
{
    if (cs->hcap) {
        uint32_t mask = cs->hcap - 1;
        for (uint32_t i = hash3(s, site, fn) & mask; cs->hval[i]; i = (i + 1) & mask)
            if (cs->hkey_parent[i] == s && cs->hkey_site[i] == site && cs->hkey_fn[i] == fn) return cs->hval[i];
    }
    if (grow_entries(cs) || grow_table(cs)) return UINT32_MAX;
    uint32_t r = 0;
    for (uint32_t t = s; t; t = cs->parent[t]) /* recursion: cut back to the call */
        if (cs->site[t] == site && cs->fn[t] == fn) { r = t; break; }
    if (!r) {
        r = cs->n++;
        cs->parent[r] = s;
        cs->site[r] = site;
        cs->fn[r] = fn;
    }
    put(cs, s, site, fn, r);
    return r;
}
