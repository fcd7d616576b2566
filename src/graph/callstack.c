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
    free(cs->top);
    free(cs->slot);
    memset(cs, 0, sizeof *cs);
}

static uint32_t hash3(CallPush k)
{
    uint64_t h = k.parent * 0x9E3779B97F4A7C15ull ^ (k.site + 0x632BE59BD9B4E019ull) * 0xBF58476D1CE4E5B9ull;
    h ^= (k.fn + 0x94D049BB133111EBull) * 0xD6E8FEB86659FD93ull;
    return (uint32_t)(h ^ h >> 29);
}

static int same(CallPush a, CallPush b)
{
    return a.parent == b.parent && a.site == b.site && a.fn == b.fn;
}

static int grow_entries(CallStacks *cs)
{
    if (cs->n < cs->cap) return 0;
    uint32_t cap = cs->cap ? cs->cap * 2 : 256;
    CallPush *p = realloc(cs->top, cap * sizeof *p);
    if (!p) return -1;
    cs->top = p;
    cs->cap = cap;
    if (cs->n == 0) { /* the empty stack */
        cs->top[0] = (CallPush){0, 0, 0};
        cs->n = 1;
    }
    return 0;
}

static void put(CallStacks *cs, CallPush key, uint32_t id)
{
    uint32_t mask = cs->hcap - 1, i = hash3(key) & mask;
    while (cs->slot[i].id) i = (i + 1) & mask;
    cs->slot[i] = (CallSlot){key, id};
    cs->hn++;
}

/* Keeps the table at most half full. */
static int grow_table(CallStacks *cs)
{
    if ((cs->hn + 1) * 2 <= cs->hcap) return 0;
    CallSlot *old = cs->slot;
    uint32_t old_cap = cs->hcap, cap = old_cap ? old_cap * 2 : 1024;
    CallSlot *slot = calloc(cap, sizeof *slot);
    if (!slot) return -1;
    cs->slot = slot;
    cs->hcap = cap;
    cs->hn = 0;
    for (uint32_t i = 0; i < old_cap; i++)
        if (old[i].id) put(cs, old[i].key, old[i].id);
    free(old);
    return 0;
}

uint32_t cstack_push(CallStacks *cs, uint32_t s, uint32_t site, uint32_t fn)
{
    CallPush key = {s, site, fn};
    if (cs->hcap) {
        uint32_t mask = cs->hcap - 1;
        for (uint32_t i = hash3(key) & mask; cs->slot[i].id; i = (i + 1) & mask)
            if (same(cs->slot[i].key, key)) return cs->slot[i].id;
    }
    if (grow_entries(cs) || grow_table(cs)) return UINT32_MAX;
    uint32_t r = 0;
    for (uint32_t t = s; t; t = cs->top[t].parent) /* recursion: cut back to the call */
        if (cs->top[t].site == site && cs->top[t].fn == fn) { r = t; break; }
    if (!r) {
        r = cs->n++;
        cs->top[r] = key;
    }
    put(cs, key, r);
    return r;
}
