/*
 * live.c — see live.h.
 *
 * A backward pass over each function body, and over the top level, in
 * the evaluator's order (eval_rules.c): `live` holds the slots of the frame
 * that some later part of the path reads.  On entry to expr() it is the
 * set live after e; on return, the set live before it.  A read of a slot
 * not live after it is its last on that path, so the slot is cleared
 * there; at a branch, the slots live before it that the path taken no
 * longer reads are cleared at the path's start.  Every binding has a slot
 * of its own (resolve.c), so a slot is written once per frame and the
 * sets need no renaming.  Sets are bit sets over the frame, from a
 * scratch arena per function, freed when its body is done.
 *
 * The running closure's captured values (REF_FREE, REF_SELF: read through
 * the Env's group) are one more bit of a function's sets, past its slots:
 * after the last read of any of them the Env lets go of the group (Kill's
 * self), so that a call in tail position, which the interpreter's C
 * recursion keeps below its caller's frame, does not keep the caller's
 * closure and all it captured (a curried foldl kept one closure group per
 * element of its list: the cost semantics keeps none).
 */
#include "live.h"

#include <string.h>

typedef uint64_t Set;

typedef struct Live {
    Arena *a;           /* the program's: the Kill lists */
    Arena *scratch;     /* this frame's sets */
    uint32_t words;     /* of a set over this frame */
    uint32_t slots;     /* the frame's size */
    uint32_t self;      /* the bit of the running closure's group: slots,
                           or NO_SELF at the top level */
} Live;

#define NO_SELF UINT32_MAX

static void expr(Live *L, Expr *e, Set *live);
static void dec(Live *L, Dec *d, Set *live);

static Set *set_new(Live *L) { return arena_alloc(L->scratch, (L->words ? L->words : 1) * sizeof(Set)); }

static Set *set_copy(Live *L, const Set *s)
{
    Set *c = set_new(L);
    memcpy(c, s, L->words * sizeof *c);
    return c;
}

static int has(const Set *s, uint32_t i) { return (int)(s[i >> 6] >> (i & 63) & 1); }
static void add(Set *s, uint32_t i) { s[i >> 6] |= 1ull << (i & 63); }

static void set_or(const Live *L, Set *d, const Set *s)
{
    for (uint32_t i = 0; i < L->words; i++) d[i] |= s[i];
}

/* The set's bit that reading r reads, or NO_SELF: its slot, or the
 * running closure's group for a captured value. */
static uint32_t ref_bit(uint32_t self, const Ref *r)
{
    if (r->kind == REF_LOCAL) return r->index;
    return r->kind == REF_FREE || r->kind == REF_SELF ? self : NO_SELF;
}

/* The bits of what l names. */
static void add_refs(const Live *L, Set *s, const RefList *l)
{
    for (uint32_t i = 0; i < l->n; i++) {
        uint32_t b = ref_bit(L->self, &l->refs[i]);
        if (b != NO_SELF) add(s, b);
    }
}

/* The slots in s and not in t, as a list to clear. */
static Kill kill_of(Live *L, const Set *s, const Set *t)
{
    Kill k = {0, 0, NULL};
    Set *d = set_new(L);
    for (uint32_t i = 0; i < L->words; i++) d[i] = s[i] & (t ? ~t[i] : ~0ull);
    if (L->self != NO_SELF && has(d, L->self)) {
        k.self = 1;
        d[L->self >> 6] &= ~(1ull << (L->self & 63));
    }
    for (uint32_t i = 0; i < L->words; i++) k.n += (uint32_t)__builtin_popcountll(d[i]);
    if (!k.n) return k;
    k.slots = arena_alloc(L->a, k.n * sizeof *k.slots);
    uint32_t n = 0;
    for (uint32_t i = 0; i < L->words; i++)
        for (Set w = d[i]; w; w &= w - 1) k.slots[n++] = i * 64 + (uint32_t)__builtin_ctzll(w);
    return k;
}

/* Reads of the slots l names, as one step (a closure's captured values):
 * those not live after it are cleared after it (*k). */
static void read_refs(Live *L, Kill *k, const RefList *l, Set *live)
{
    Set *r = set_new(L);
    add_refs(L, r, l);
    *k = kill_of(L, r, live);
    set_or(L, live, r);
}

/* Calls f on each slot matching p writes (w = 1: a variable bound) or
 * reads (w = 0: an exception made at each evaluation, found in a slot). */
typedef void SlotFn(void *st, uint32_t slot, int w);

static void pat_each(const Pat *p, uint32_t self, SlotFn *f, void *st)
{
    switch (p->kind) {
    case PAT_VAR:
        f(st, p->slot, 1);
        break;
    case PAT_AS:
        f(st, p->slot, 1);
        pat_each(p->arg, self, f, st);
        break;
    case PAT_TUPLE: case PAT_LIST: case PAT_RECORD:
        for (uint32_t i = 0; i < p->n; i++) pat_each(p->elems[i], self, f, st);
        break;
    case PAT_CON:
        if (ref_bit(self, &p->fresh) != NO_SELF) f(st, ref_bit(self, &p->fresh), 0);
        if (p->arg) pat_each(p->arg, self, f, st);
        break;
    default:
        break;
    }
}

/* SlotFn: into sets[w] */
static void into_sets(void *st, uint32_t slot, int w) { add(((Set **)st)[w], slot); }

/* A match as match_clauses runs it: the clauses' patterns tried in order
 * (binding slots, reading exceptions), the free variables of the arms not
 * taken read, and what `read` holds (NULL: nothing), then the body of the
 * arm taken.  Arm i clears, once taken, every slot live before the match
 * or bound by it that its body does not read. */
static void arms(Live *L, Clause *cl, uint32_t n, const Set *read, Set *live)
{
    Set *binds = set_new(L), *before = set_new(L);
    for (uint32_t i = 0; i < n; i++) {
        for (uint32_t k = 0; k < cl[i].npats; k++) pat_each(cl[i].pats[k], L->self, into_sets, (Set *[]){before, binds});
        add_refs(L, before, &cl[i].free);
    }
    if (read) set_or(L, before, read);
    Set **in = arena_alloc(L->scratch, (n ? n : 1) * sizeof *in);
    for (uint32_t i = 0; i < n; i++) {
        in[i] = set_copy(L, live);
        expr(L, cl[i].body, in[i]);
        for (uint32_t w = 0; w < L->words; w++) before[w] |= in[i][w] & ~binds[w];
    }
    set_or(L, binds, before);
    for (uint32_t i = 0; i < n; i++) cl[i].kill = kill_of(L, binds, in[i]);
    memcpy(live, before, L->words * sizeof *live);
}

/* A function's body, with a frame of its own. */
#include <stdio.h>
#include <stdlib.h>
static void function(Live *outer, Expr *fn)
{
    Live L = {outer->a, arena_new(), (fn->nlocals + 64) / 64, fn->nlocals, fn->nlocals};
    Set *hidden = set_new(&L); /* enter reads the hidden arguments from the group */
    if (fn->nhidden) add(hidden, L.self);
    arms(&L, fn->clauses, fn->nclauses, hidden, set_new(&L));
    arena_free(L.scratch);
}

/* {e1, e2}: each branch runs on a copy of the frame made at the fork
 * (eval_par.c), so each lets go of what it reads at its own last read, as the
 * cost semantics does: a value both read stays only until both have read
 * it, whatever the order the branches run in (pml exec runs them at once).
 * The frame itself lets go at the fork of what only the branches read. */
static void pair(Live *L, Expr *e, Set *live)
{
    Set *used = set_new(L);
    add_refs(L, used, &e->elems[0]->free);
    add_refs(L, used, &e->elems[1]->free);
    e->nlocals = L->slots;
    e->kill_path[0] = kill_of(L, used, live);
    Set *in1 = set_copy(L, live), *in2 = set_copy(L, live);
    expr(L, e->elems[1], in2);
    expr(L, e->elems[0], in1);
    set_or(L, live, in1);
    set_or(L, live, in2);
}

/* if, andalso, orelse: path 0 goes on to b; path 1 to c (if), or stops
 * (andalso, orelse).  The node reads the free variables of the branch not
 * taken (branch_free) before the path starts; each path clears, at its
 * start, what was live before the node and it does not read. */
static void branch(Live *L, Expr *e, Set *live)
{
    Set *in[2] = {set_copy(L, live), set_copy(L, live)};
    expr(L, e->b, in[0]);
    if (e->kind == EX_IF) expr(L, e->c, in[1]);
    Set *before = set_new(L);
    add_refs(L, before, &e->branch_free[0]);
    if (e->kind == EX_IF) add_refs(L, before, &e->branch_free[1]);
    set_or(L, before, in[0]);
    set_or(L, before, in[1]);
    for (int i = 0; i < 2; i++) e->kill_path[i] = kill_of(L, before, in[i]);
    memcpy(live, before, L->words * sizeof *live);
}

/* e handle m: a raise anywhere in e reaches the handler, which reads the
 * free variables of e (the part not run) and matches, so everything e
 * reads from outside stays until e is done.  Returning normally, the node
 * reads the arms' free variables, then clears what only the handler
 * needed (kill_path[0]). */
static void handle(Live *L, Expr *e, Set *live)
{
    Set *after = set_copy(L, live), *fa = set_new(L);
    add_refs(L, fa, &e->a->free);
    arms(L, e->clauses, e->nclauses, fa, live);
    set_or(L, live, after);
    e->kill_path[0] = kill_of(L, live, after);
    expr(L, e->a, live);
}

static void expr(Live *L, Expr *e, Set *live)
{
    switch (e->kind) {
    case EX_INT: case EX_REAL: case EX_CHAR: case EX_STRING:
        break;
    case EX_VAR: {
        uint32_t b = ref_bit(L->self, &e->ref);
        if (b == NO_SELF) break;
        if (!has(live, b) && b == L->self) {
            e->kill.self = 1;
        } else if (!has(live, b)) {
            e->kill.n = 1;
            e->kill.slots = arena_alloc(L->a, sizeof *e->kill.slots);
            e->kill.slots[0] = b;
        }
        add(live, b);
        break;
    }
    case EX_TUPLE: case EX_RECORD: case EX_SEQ: case EX_LIST:
        for (uint32_t i = e->n; i-- > 0;) expr(L, e->elems[i], live);
        break;
    case EX_PAR:
        pair(L, e, live);
        break;
    case EX_APP: /* f, then the argument (apply_direct: the argument's parts) */
        expr(L, e->b, live);
        if (!e->prim_args) expr(L, e->a, live);
        break;
    case EX_PROJ: case EX_RAISE:
        expr(L, e->a, live);
        break;
    case EX_FN:
        read_refs(L, &e->kill, &e->free, live);
        function(L, e);
        break;
    case EX_LET:
        expr(L, e->a, live);
        for (uint32_t i = e->ndecs; i-- > 0;) dec(L, e->decs[i], live);
        break;
    case EX_IF: case EX_ANDALSO: case EX_ORELSE:
        branch(L, e, live);
        expr(L, e->a, live);
        break;
    case EX_CASE:
        arms(L, e->clauses, e->nclauses, NULL, live);
        expr(L, e->a, live);
        break;
    case EX_HANDLE:
        handle(L, e, live);
        break;
    }
}

/* What a declaration writes and reads as it ends, one slot at a time:
 * the bindings and exceptions it makes, its pattern's exceptions, the
 * values a fun group captures. */
static void dec_each(const Dec *d, uint32_t self, SlotFn *f, void *st)
{
    switch (d->kind) {
    case DEC_VAL:
        pat_each(d->pat, self, f, st);
        break;
    case DEC_FUN:
        for (uint32_t i = 0; i < d->free.n; i++)
            if (ref_bit(self, &d->free.refs[i]) != NO_SELF) f(st, ref_bit(self, &d->free.refs[i]), 0);
        for (uint32_t i = 0; i < d->nfuns; i++) f(st, d->slot0 + i, 1);
        break;
    case DEC_EXCEPTION:
        for (uint32_t i = 0; i < d->ncons; i++)
            if (d->cons[i].fresh) f(st, d->cons[i].slot, 1);
        break;
    default:
        break;
    }
}

/* SlotFn passes over a declaration's slots, with the set live after it:
 * count and list those not live (its kill list), then make the set the
 * one live before it (reads added after writes removed, the two being
 * distinct slots). */
typedef struct DecSlots { Set *live; Kill *k; int pass; uint32_t self; } DecSlots;

static void dec_slot(void *st, uint32_t slot, int w)
{
    DecSlots *s = st;
    if (s->pass < 2 && slot == s->self && !has(s->live, slot)) s->k->self = 1;
    else if (s->pass == 0 && !has(s->live, slot)) s->k->n++;
    else if (s->pass == 1 && !has(s->live, slot)) s->k->slots[s->k->n++] = slot;
    else if (s->pass == 2 && w) s->live[slot >> 6] &= ~(1ull << (slot & 63));
    else if (s->pass == 3 && !w) add(s->live, slot);
}

/* Those of its slots nothing after it reads are cleared after it. */
static void dec(Live *L, Dec *d, Set *live)
{
    if (d->kind == DEC_STRUCTURE || d->kind == DEC_LOCAL) {
        for (uint32_t i = d->ndecs2; i-- > 0;) dec(L, d->decs2[i], live);
        for (uint32_t i = d->ndecs; i-- > 0;) dec(L, d->decs[i], live);
        return;
    }
    DecSlots s = {live, &d->kill, 0, L->self};
    dec_each(d, L->self, dec_slot, &s);
    if (d->kill.n) d->kill.slots = arena_alloc(L->a, d->kill.n * sizeof *d->kill.slots);
    d->kill.n = 0;
    for (s.pass = 1; s.pass < 4; s.pass++) dec_each(d, L->self, dec_slot, &s);
    if (d->kind == DEC_VAL) expr(L, d->a, live);
    if (d->kind == DEC_FUN)
        for (uint32_t i = 0; i < d->nfuns; i++) function(L, d->funs[i].fn);
}

void live_program(Program *p)
{
    Live L = {p->arena, arena_new(), (p->nlocals + 63) / 64, p->nlocals, NO_SELF};
    Set *live = set_new(&L);
    for (uint32_t i = p->ndecs; i-- > 0;) dec(&L, p->decs[i], live);
    arena_free(L.scratch);
}
