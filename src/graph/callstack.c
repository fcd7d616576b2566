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
    free(cs->depth);
    free(cs->jump);
    free(cs->same);
    free(cs->slot);
    free(cs->memo);
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

static int grow_u32(uint32_t **a, uint32_t cap)
{
    uint32_t *p = realloc(*a, cap * sizeof *p);
    if (!p) return -1;
    *a = p;
    return 0;
}

static int grow_entries(CallStacks *cs)
{
    if (cs->n < cs->cap) return 0;
    uint32_t cap = cs->cap ? cs->cap * 2 : 256;
    CallPush *p = realloc(cs->top, cap * sizeof *p);
    if (!p) return -1;
    cs->top = p;
    if (grow_u32(&cs->depth, cap) || grow_u32(&cs->jump, cap) || grow_u32(&cs->same, cap)) return -1;
    cs->cap = cap;
    if (cs->n == 0) { /* the empty stack */
        cs->top[0] = (CallPush){0, 0, 0};
        cs->depth[0] = cs->jump[0] = cs->same[0] = 0;
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

/* Keeps the table at most half full with `more` entries added. */
static int grow_table(CallStacks *cs, uint32_t more)
{
    if ((cs->hn + more) * 2 <= cs->hcap) return 0;
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

/* The slot holding key, or the free slot where it goes (hcap > 0). */
static CallSlot *find(const CallStacks *cs, CallPush key)
{
    uint32_t mask = cs->hcap - 1, i = hash3(key) & mask;
    while (cs->slot[i].id && !same(cs->slot[i].key, key)) i = (i + 1) & mask;
    return &cs->slot[i];
}

/* Is a the stack s or one of its ancestors?  (Myers' level ancestor.) */
static int is_ancestor(const CallStacks *cs, uint32_t a, uint32_t s)
{
    while (cs->depth[s] > cs->depth[a])
        s = cs->depth[cs->jump[s]] >= cs->depth[a] ? cs->jump[s] : cs->top[s].parent;
    return s == a;
}

/* The stack on s (s included) whose innermost call is (site, fn), or 0:
 * the walk up from s and the test of the stacks ending in that call, a
 * step of each in turn; either ending without a find means there is none
 * (a stack holds each call at most once). */
static uint32_t on_stack(CallStacks *cs, uint32_t s, uint32_t site, uint32_t fn, uint32_t newest)
{
    for (uint32_t t = s, c = newest; t && c; t = cs->top[t].parent, c = cs->same[c]) {
        cs->steps++;
        if (cs->top[t].site == site && cs->top[t].fn == fn) return t;
        if (is_ancestor(cs, c, s)) return c;
    }
    return 0;
}

/* The push at site remembered (memo); without room for it, only not
 * remembered. */
static void remember(CallStacks *cs, uint32_t s, uint32_t site, uint32_t fn, uint32_t r)
{
    if (site >= cs->nmemo) {
        uint32_t cap = cs->nmemo ? cs->nmemo : 256;
        while (cap <= site && cap < UINT32_MAX / 2) cap *= 2;
        if (cap <= site) return;
        struct CallMemo *m = realloc(cs->memo, (size_t)cap * sizeof *m);
        if (!m) return;
        memset(m + cs->nmemo, 0, (size_t)(cap - cs->nmemo) * sizeof *m);
        cs->memo = m;
        cs->nmemo = cap;
    }
    cs->memo[site] = (struct CallMemo){s, fn, r};
}

uint32_t cstack_push_slow(CallStacks *cs, uint32_t s, uint32_t site, uint32_t fn)
{
    CallPush key = {s, site, fn}, call = {UINT32_MAX, site, fn};
    if (cs->hcap) {
        CallSlot *hit = find(cs, key);
        if (hit->id) { remember(cs, s, site, fn, hit->id); return hit->id; }
    }
    /* room for the push and for the call's entry */
    if (grow_entries(cs) || grow_table(cs, 2)) return UINT32_MAX;
    CallSlot *newest = find(cs, call);
    uint32_t r = on_stack(cs, s, site, fn, newest->id); /* recursion: cut back to the call */
    if (!r) {
        r = cs->n++;
        cs->top[r] = key;
        cs->depth[r] = cs->depth[s] + 1;
        uint32_t j = cs->jump[s];
        cs->jump[r] = cs->depth[s] - cs->depth[j] == cs->depth[j] - cs->depth[cs->jump[j]] ? cs->jump[j] : s;
        cs->same[r] = newest->id;
        if (!newest->id) cs->hn++;
        *newest = (CallSlot){call, r};
    }
    put(cs, key, r);
    remember(cs, s, site, fn, r);
    return r;
}
