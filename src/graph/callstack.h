/*
 * callstack.h — call-site stacks, interned (cost-centre stacks as GHC's
 * profiler keeps them): the chain of calls that led to a node, for the
 * holders' groupings (docs/attribution.md).
 *
 * Design: a stack is a dense uint32_t id; 0 is the empty stack (top
 * level).  Stack id s > 0 is one call pushed on its parent: (parent,
 * site, fn) — the application's expression id and the expression id of
 * the function it entered — with parent < s, so ids are a topological
 * order of the tree.  Pushing is hash-consed: the same push gives the same
 * id, so a node's whole chain costs one id.  As in GHC, a call already on
 * the stack (the same site entering the same function: recursion) does
 * not grow it: the push returns the stack ending at that call, so the
 * number of stacks is bounded by the program's distinct call chains, not
 * by the depth of recursion.
 *
 * Finding that call is a search of s's ancestors, done two ways at once,
 * step for step, until one ends: walking up from s, and testing the
 * stacks whose innermost call is (site, fn) for being an ancestor of s
 * (O(log depth) each, by Myers' jump pointers).  A push then costs
 * O(min(depth, stacks ending in that call × log depth)): a chain of 10^5
 * distinct calls costs O(1) a push, not its depth.
 */
#ifndef PML_CALLSTACK_H
#define PML_CALLSTACK_H

#include <stddef.h>
#include <stdint.h>

/* One call: pushed on stack parent, at the application site, entering
 * the function fn. */
typedef struct CallPush {
    uint32_t parent, site, fn;
} CallPush;

/* A slot of the pushes' table: the push and the stack it made (0: free). */
typedef struct CallSlot {
    CallPush key;
    uint32_t id;
} CallSlot;

typedef struct CallStacks {
    uint32_t n;             /* stacks 0..n-1 (0: empty) */
    uint32_t cap;
    CallPush *top;          /* per stack: its innermost call; entry 0 unused */
    uint32_t *depth;        /* per stack: its number of calls */
    uint32_t *jump;         /* per stack: an ancestor (Myers' jump pointer) */
    uint32_t *same;         /* per stack: the previous stack ending in the
                               same (site, fn), 0 after the first */
    CallSlot *slot;         /* the pushes seen, and per call (site, fn) the
                               newest stack ending in it under the key
                               (UINT32_MAX, site, fn) (open addressing,
                               hcap a power of 2) */
    uint32_t hcap, hn;
    struct CallMemo { uint32_t parent, fn, id; } *memo;
                            /* per site: its latest push, (parent, fn), and the
                               stack it made (id 0: none): a push repeated at a
                               site, a recursion's, costs two compares */
    uint32_t nmemo;
    uint64_t steps;         /* the ancestor searches' steps so far (their
                               work, which tests bound) */
} CallStacks;

void cstack_init(CallStacks *cs);
void cstack_free(CallStacks *cs);
/* The stack s with the call (site, fn) pushed (or s cut back to that call
 * when it is on s already).  UINT32_MAX: out of memory. */
uint32_t cstack_push_slow(CallStacks *cs, uint32_t s, uint32_t site, uint32_t fn);
static inline uint32_t cstack_push(CallStacks *cs, uint32_t s, uint32_t site, uint32_t fn)
{
    if (site < cs->nmemo) {
        const struct CallMemo *m = &cs->memo[site];
        if (m->id && m->parent == s && m->fn == fn) return m->id;
    }
    return cstack_push_slow(cs, s, site, fn);
}
/* Reading: the parent stack, the innermost call's site and function. */
static inline uint32_t cstack_count(const CallStacks *cs) { return cs->n; }
static inline uint32_t cstack_parent(const CallStacks *cs, uint32_t s) { return cs->top[s].parent; }
static inline uint32_t cstack_site(const CallStacks *cs, uint32_t s) { return cs->top[s].site; }
static inline uint32_t cstack_fn(const CallStacks *cs, uint32_t s) { return cs->top[s].fn; }

#endif
