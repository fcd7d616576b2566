/*
 * resolve.c — name resolution (see resolve.h).
 *
 * Scopes are a stack of Bindings, indexed by name: a hash table holds, for
 * every name, the newest binding of it in scope, and each binding the one
 * it hides, so a lookup is O(1) and leaving a scope costs what entering
 * it did, however many declarations are in scope.  Each function being resolved has an
 * FnCtx (its frame: nlocals) and a Capture (its closure's captured
 * variables; shared by the functions of one fun group).  A name bound in an
 * outer function is captured into every closure between its binding and its
 * use, so closures are flat and hold only what their code names
 * (safe-for-space).
 *
 * Free-variable lists come from a log of every resolved variable use: the
 * free variables of an expression are the uses logged while resolving it
 * whose binding is older (a smaller serial number) than the expression.
 */
#include "resolve.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "live.h"
#include "prims.h"
#include "suggest.h"

/* B_STR: "S." marks that structure S exists (it may have no members).
 * B_EXN: an exception made at each evaluation of its declaration (inside
 * a function), held in a frame slot like a variable.
 * B_PRIM: a primitive under another name (open Array binds sub to
 * Array.sub; structure A = Array binds A.sub). */
typedef enum BKind { B_VAR, B_SELF, B_CON, B_STR, B_EXN, B_PRIM } BKind;

typedef struct FnCtx FnCtx;

typedef struct Binding {
    const char *name;
    const char *display;    /* for closure labels */
    BKind kind;
    uint32_t serial;
    FnCtx *owner;           /* B_VAR: the function whose frame holds it */
    uint32_t slot;          /* B_VAR, B_EXN: frame slot; B_PRIM: the primitive */
    const Dec *group;       /* B_SELF: the fun group */
    uint32_t self_idx;      /* B_SELF: function number */
    const ConDef *con;      /* B_CON, B_EXN */
    uint32_t stamp;         /* de-duplication while listing free variables */
    struct Binding *hides;  /* the binding of the same name it hides, or NULL */
    uint32_t pos;           /* where it is in the scope stack */
} Binding;

/* A structure's member in scope: where it is in the scope stack. */
typedef struct Member {
    uint32_t pos;
    Binding *b;
} Member;

/* A name's slot in the scope's index (a name is a byte string, len bytes;
 * a slot is never removed, so probing needs no tombstones).  For a name
 * S that is a structure's path, the bindings S.x in scope: the member
 * lists make open S and structure T = S cost S's size, not the scope's. */
typedef struct Slot {
    const char *name;
    size_t len, hash;
    Binding *top;           /* its newest binding in scope, or NULL */
    Member *members;        /* the bindings S.x, S.T.y ... pushed, oldest
                               first; those since taken out of scope (pos
                               past the scope's end, or another binding
                               there now) are dropped when next read */
    uint32_t nmembers, capmembers;
    uint32_t stamp;         /* the pattern being resolved binds the name */
} Slot;

typedef struct Capture {
    Binding **b;
    Ref *outer;             /* how the enclosing function reaches b[i] */
    uint32_t n, cap;
} Capture;

struct FnCtx {
    FnCtx *parent;
    Capture *cap;           /* NULL for the top level */
    const Dec *group;       /* the fun group, or NULL */
    uint32_t nlocals;
};

/* A functor: its declaration and what its body sees wherever it is
 * applied.  Functors are declared at top level only, where the scope only
 * grows, so scope[0..nscope) is still what it was at the declaration. */
typedef struct Functor {
    const Dec *d;
    uint32_t nscope;        /* the bindings visible at the declaration */
    uint32_t nsigs;         /* the signatures declared before it */
    uint32_t nfcts;         /* the functors declared before it */
    const SigExp *psig;     /* the parameter's signature, includes expanded */
    const SigExp *rsig;     /* the result's (NULL: none) */
} Functor;

typedef struct R {
    Arena *arena;
    Diag *d;
    jmp_buf fail;
    Binding **scope;
    uint32_t nscope, capscope;
    Slot *index;            /* open addressing; cap a power of two, at most half full */
    size_t nindex, capindex;
    uint32_t serial, stamp;
    Binding **log;
    size_t nlog, caplog;
    FnCtx *fn;
    uint32_t nexprs, capexprs;
    Span *id_span;
    const char **id_label;
    uint32_t depth;
    uint32_t pat_stamp;     /* of the patterns being resolved (Slot.stamp) */
    const Dec **sigs;       /* the signatures declared so far */
    uint32_t nsigs, capsigs;
    Functor *fcts;          /* the functors declared so far (arena) */
    uint32_t nfcts, capfcts;
    /* While a functor's body is resolved, only scope[0..vis_end) and
     * scope[floor..nscope) are visible, and sigs[hide_from..hide_to) are
     * hidden (what was declared after the functor); all 0 otherwise. */
    uint32_t vis_end, floor;
    uint32_t hide_from, hide_to;
    size_t copied;          /* nodes of functor bodies copied, and members
                               of arguments and results passed */
    Span top;               /* the top-level declaration being resolved */
} R;

/* Functor applications copy bodies and pass members; past this many in
 * all (a chain of functors each applying the previous one twice doubles
 * each time), stop: 10^6 take about a second and some 300 MB. */
#define MAX_COPIED 1000000

#define MAX_DEPTH 100000

/* An error naming arg, cut to 64 bytes: a name may be as long as a file. */
_Noreturn static void fail(R *r, Span sp, const char *fmt, const char *arg)
{
    char name[68];
    snprintf(name, sizeof name, "%s", arg);
    if (strlen(arg) >= 64) memcpy(name + 60, "...", 4);
    diag_set(r->d, sp, fmt, name);
    longjmp(r->fail, 1);
}

/* fail with, after the message, the one close name if there is one
 * (suggest.h): "unknown structure 'Lsit'; did you mean 'List'?". */
_Noreturn static void fail_near(R *r, Span sp, const char *fmt, const char *arg, const char *near)
{
    if (!near) fail(r, sp, fmt, arg);
    char msg[160];
    snprintf(msg, sizeof msg, fmt, arg);
    /* suggest measures names of at most 64 bytes only, so near is short */
    diag_set(r->d, sp, "%s; did you mean '%s'?", msg, near);
    longjmp(r->fail, 1);
}

_Noreturn static void out_of_memory(R *r)
{
    diag_set_nospan(r->d, "out of memory");
    longjmp(r->fail, 1);
}

static void *grow(R *r, void *p, size_t elem, uint32_t *cap, size_t need)
{
    if (need <= *cap) return p;
    size_t c = *cap ? *cap : 16;
    while (c < need) c *= 2;
    void *q = realloc(p, c * elem);
    if (!q) out_of_memory(r);
    *cap = (uint32_t)c;
    return q;
}

/* Grows an array kept in the arena: an error unwinds past the function
 * that owns it, so it must not need a free (the arena goes with the tree). */
static void *arena_grow(R *r, void *p, size_t elem, uint32_t *cap, size_t need)
{
    if (need <= *cap) return p;
    size_t c = *cap ? *cap : 8;
    while (c < need) c *= 2;
    void *q = arena_alloc(r->arena, c * elem);
    if (*cap) memcpy(q, p, *cap * elem);
    *cap = (uint32_t)c;
    return q;
}

/* ---- scopes ---- */

#define HASH0 1469598103934665603u

static size_t hash_char(size_t h, char c) { return (h ^ (unsigned char)c) * 1099511628211u; }

static size_t name_hash(const char *s, size_t n)
{
    size_t h = HASH0;
    for (size_t i = 0; i < n; i++) h = hash_char(h, s[i]);
    return h;
}

/* The slot of name[0..len), whose hash is h, in the index, made (empty) if
 * it has none. */
static Slot *slot_at(R *r, const char *name, size_t len, size_t h)
{
    if (2 * (r->nindex + 1) > r->capindex) {
        size_t cap = r->capindex ? 2 * r->capindex : 1024;
        Slot *t = calloc(cap, sizeof *t);
        if (!t) out_of_memory(r);
        for (size_t i = 0; i < r->capindex; i++)
            if (r->index[i].name) {
                size_t j = r->index[i].hash & (cap - 1);
                while (t[j].name) j = (j + 1) & (cap - 1);
                t[j] = r->index[i];
            }
        free(r->index);
        r->index = t;
        r->capindex = cap;
    }
    size_t j = h & (r->capindex - 1);
    for (; r->index[j].name; j = (j + 1) & (r->capindex - 1))
        if (r->index[j].hash == h && r->index[j].len == len && memcmp(r->index[j].name, name, len) == 0)
            return &r->index[j];
    r->index[j] = (Slot){.name = name, .len = len, .hash = h};
    r->nindex++;
    return &r->index[j];
}

static Slot *slot_named(R *r, const char *name)
{
    size_t len = strlen(name);
    return slot_at(r, name, len, name_hash(name, len));
}

/* Adds b, at pos in the scope, to the member list of every structure path
 * in its name (S.T.x: S and S.T).  Entries at pos or above are stale. */
static void note_member(R *r, Binding *b, uint32_t pos)
{
    size_t h = HASH0;   /* of the prefix, grown a character at a time */
    for (const char *c = b->name; *c; h = hash_char(h, *c++)) {
        if (*c != '.') continue;
        Slot *s = slot_at(r, b->name, (size_t)(c - b->name), h);
        while (s->nmembers && s->members[s->nmembers - 1].pos >= pos) s->nmembers--;
        if (s->nmembers == s->capmembers) {
            uint32_t cap = s->capmembers ? 2 * s->capmembers : 8;
            Member *m = realloc(s->members, cap * sizeof *m);
            if (!m) out_of_memory(r);
            s->members = m;
            s->capmembers = cap;
        }
        s->members[s->nmembers++] = (Member){pos, b};
    }
}

/* Is scope[i] hidden from the functor body being resolved? */
static int hidden(const R *r, uint32_t i) { return i >= r->vis_end && i < r->floor; }

/* The first of m[0..n) (sorted by pos) at pos or above. */
static uint32_t first_at(const Member *m, uint32_t n, uint32_t pos)
{
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (m[mid].pos < pos) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* The bindings S.x in scope and visible for S = path, oldest first, in an
 * arena array of *n.  The list drops those taken out of scope; those
 * hidden from a functor's body (a run of the list, since it is sorted by
 * pos) are kept and skipped in one step. */
static Binding **members_of(R *r, const char *path, uint32_t *n)
{
    Slot *s = slot_named(r, path);
    uint32_t lo = s->nmembers, hi = s->nmembers;
    if (r->floor > r->vis_end) {
        lo = first_at(s->members, s->nmembers, r->vis_end);
        hi = first_at(s->members, s->nmembers, r->floor);
    }
    int skip = lo < hi;         /* a hidden run, kept as it is */
    Binding **v = arena_alloc(r->arena, (lo + s->nmembers - hi + 1) * sizeof *v);
    uint32_t k = 0, keep = 0;
    for (uint32_t i = 0; i < s->nmembers; i++) {
        if (skip && i == lo) {
            i = keep = hi;
            if (i == s->nmembers) break;
        }
        Member m = s->members[i];
        int valid = m.pos < r->nscope && r->scope[m.pos] == m.b;
        if (valid) v[k++] = m.b;
        if (valid || (skip && i < lo)) s->members[keep++] = m;
    }
    s->nmembers = keep;
    *n = k;
    return v;
}

/* Brings b into scope, hiding the older binding of its name. */
static void scope_push(R *r, Binding *b)
{
    Slot *s = slot_named(r, b->name);
    b->hides = s->top;
    b->pos = r->nscope;
    s->top = b;
    if (strchr(b->name, '.')) note_member(r, b, r->nscope);
    r->scope = grow(r, r->scope, sizeof *r->scope, &r->capscope, r->nscope + 1);
    r->scope[r->nscope++] = b;
}

/* Takes the bindings made since the scope held `mark` out of scope. */
static void scope_pop(R *r, uint32_t mark)
{
    while (r->nscope > mark) {
        Binding *b = r->scope[--r->nscope];
        slot_named(r, b->name)->top = b->hides;
    }
}

/* Takes the bindings scope[from..to) out of scope, keeping those above. */
static void scope_drop(R *r, uint32_t from, uint32_t to)
{
    uint32_t end = r->nscope;
    scope_pop(r, from);
    /* scope[to..end) is still there: scope_push writes below it */
    for (uint32_t i = to; i < end; i++) scope_push(r, r->scope[i]);
}

static Binding *bind(R *r, const char *name, BKind k)
{
    Binding *b = arena_alloc(r->arena, sizeof *b);
    b->name = b->display = name;
    b->kind = k;
    b->serial = ++r->serial;
    b->owner = r->fn;
    scope_push(r, b);
    return b;
}

/* The newest binding of name in scope that the functor body being
 * resolved (if any) sees. */
static Binding *lookup(R *r, const char *name)
{
    Binding *b = slot_named(r, name)->top;
    while (b && hidden(r, b->pos)) b = b->hides;
    return b;
}

static uint32_t new_slot(R *r) { return r->fn->nlocals++; }

/* ---- references ---- */

static Ref ref_for(R *r, FnCtx *ctx, Binding *b);

static Ref capture(R *r, FnCtx *ctx, Binding *b)
{
    Capture *c = ctx->cap;
    for (uint32_t i = 0; i < c->n; i++)
        if (c->b[i] == b) return (Ref){REF_FREE, i, NULL};
    Ref outer = ref_for(r, ctx->parent, b);
    if (c->n == c->cap) {
        uint32_t cap = c->cap;
        c->b = arena_grow(r, c->b, sizeof *c->b, &cap, c->n + 1);
        cap = c->cap;
        c->outer = arena_grow(r, c->outer, sizeof *c->outer, &cap, c->n + 1);
        c->cap = cap;
    }
    c->b[c->n] = b;
    c->outer[c->n] = outer;
    return (Ref){REF_FREE, c->n++, NULL};
}

static Ref ref_for(R *r, FnCtx *ctx, Binding *b)
{
    switch (b->kind) {
    case B_CON:
        return (Ref){REF_CON, 0, b->con};
    case B_PRIM:
        return (Ref){REF_PRIM, b->slot, NULL};
    case B_SELF:
        if (ctx->group == b->group) return (Ref){REF_SELF, b->self_idx, NULL};
        return capture(r, ctx, b);
    case B_VAR:
    default:
        if (b->owner == ctx) return (Ref){REF_LOCAL, b->slot, NULL};
        return capture(r, ctx, b);
    }
}

static void log_use(R *r, Binding *b)
{
    if (r->nlog == r->caplog) {
        r->caplog = r->caplog ? r->caplog * 2 : 256;
        r->log = realloc(r->log, r->caplog * sizeof *r->log);
        if (!r->log) out_of_memory(r);
    }
    r->log[r->nlog++] = b;
}

/* The variables used since log position pos whose bindings are older than
 * serial `mark`, as references from the current function. */
static RefList free_since(R *r, size_t pos, uint32_t mark)
{
    RefList l = {0};
    uint32_t stamp = ++r->stamp, n = 0;
    for (size_t i = pos; i < r->nlog; i++) {
        Binding *b = r->log[i];
        if (b->serial < mark && b->stamp != stamp) { b->stamp = stamp; n++; }
    }
    if (n == 0) return l;
    l.refs = arena_alloc(r->arena, n * sizeof *l.refs);
    l.names = arena_alloc(r->arena, n * sizeof *l.names);
    stamp = ++r->stamp;
    for (size_t i = pos; i < r->nlog; i++) {
        Binding *b = r->log[i];
        if (b->serial < mark && b->stamp != stamp) {
            b->stamp = stamp;
            l.names[l.n] = b->display;
            l.refs[l.n++] = ref_for(r, r->fn, b);
        }
    }
    return l;
}

static RefList capture_list(R *r, const Capture *c)
{
    RefList l = {0};
    l.n = c->n;
    if (!c->n) return l;
    l.refs = arena_alloc(r->arena, c->n * sizeof *l.refs);
    l.names = arena_alloc(r->arena, c->n * sizeof *l.names);
    memcpy(l.refs, c->outer, c->n * sizeof *l.refs);
    for (uint32_t i = 0; i < c->n; i++) l.names[i] = c->b[i]->display;
    return l;
}

/* A closure's annotation (paper §4.1 writes its free variables, [a,b,c]):
 * "fn [free vars a, b]", "fun f [free vars a, b]" for a fun group (its
 * first function), "fn" / "fun f" when nothing is free, so that no closure
 * reads like a list literal.  A later stage of a curried fun f is
 * "fun f (stage 2 of 3) [free vars ...]", and the hidden arguments %1, %2
 * of a fun of several clauses are no user's names: they are left out. */
static const char *closure_label(R *r, const char *fun, const Expr *stage, const RefList *l)
{
    size_t len = 64 + (fun ? strlen(fun) : 0);
    for (uint32_t i = 0; i < l->n; i++) len += strlen(l->names[i]) + 2;
    char *s = arena_alloc(r->arena, len), *p = s;
    p += fun ? snprintf(p, len, "fun %s", fun) : snprintf(p, len, "fn");
    if (stage && stage->fn_stages) p += snprintf(p, len - (size_t)(p - s), " (stage %u of %u)", stage->fn_stage, stage->fn_stages);
    uint32_t shown = 0;
    for (uint32_t i = 0; i < l->n; i++) {
        if (l->names[i][0] == '%') continue;
        p += snprintf(p, len - (size_t)(p - s), shown++ ? ", %s" : " [free vars %s", l->names[i]);
    }
    if (shown) *p++ = ']';
    *p = 0;
    return s;
}

static uint32_t new_id(R *r, Span sp, const char *label)
{
    uint32_t id = r->nexprs++;
    uint32_t cap = r->capexprs; /* both arrays grow alike from one capacity */
    r->id_span = grow(r, r->id_span, sizeof *r->id_span, &cap, r->nexprs);
    r->id_label = grow(r, (void *)r->id_label, sizeof *r->id_label, &r->capexprs, r->nexprs);
    r->id_span[id] = sp;
    r->id_label[id] = label;
    return id;
}

/* ---- patterns ---- */

static void pat_var(R *r, Pat *p, const char *name, Pat ***vars, uint32_t *nvars, uint32_t *cap)
{
    Slot *s = slot_named(r, name);
    if (s->stamp == r->pat_stamp) fail(r, p->span, "variable '%s' is bound twice in one pattern", name);
    s->stamp = r->pat_stamp;
    *vars = arena_grow(r, *vars, sizeof **vars, cap, *nvars + 1);
    (*vars)[(*nvars)++] = p;
    p->slot = new_slot(r);
}

/* A constructor pattern names b's constructor; an exception made at each
 * evaluation is found (and used) where its binding holds it. */
static void pat_con(R *r, Pat *p, Binding *b)
{
    p->kind = PAT_CON;
    p->con = b->con;
    if (b->kind != B_EXN) return;
    p->fresh = ref_for(r, r->fn, b);
    log_use(r, b);
}

static int is_con(const Binding *b) { return b && (b->kind == B_CON || b->kind == B_EXN); }

/* The one visible structure (B_STR, named "S.") or constructor (B_CON,
 * B_EXN) whose name is close to name, or NULL (suggest.h). */
static const char *near_binding(R *r, const char *name, int structure)
{
    Suggest sg;
    suggest_init(&sg, name);
    for (uint32_t i = 0; i < r->nscope; i++) {
        const Binding *b = r->scope[i];
        if ((structure ? b->kind != B_STR : !is_con(b)) || lookup(r, b->name) != b) continue;
        if (!structure) { suggest_offer(&sg, b->name); continue; }
        size_t n = strlen(b->name) - 1;     /* "S." as "S" */
        char *s = arena_alloc(r->arena, n + 1);
        memcpy(s, b->name, n);
        s[n] = 0;
        suggest_offer(&sg, s);
    }
    return suggest_best(&sg);
}

static void resolve_pat(R *r, Pat *p, Pat ***vars, uint32_t *nvars, uint32_t *cap)
{
    if (++r->depth > MAX_DEPTH) fail(r, p->span, "%s", "pattern nested too deeply");
    switch (p->kind) {
    case PAT_VAR: {
        Binding *b = lookup(r, p->name);
        if (is_con(b)) {
            if (b->con->has_arg)
                fail(r, p->span, "constructor '%s' needs an argument in this pattern", p->name);
            pat_con(r, p, b);
            break;
        }
        if (strchr(p->name, '.'))
            fail_near(r, p->span, "'%s' is not a constructor", p->name, near_binding(r, p->name, 0));
        pat_var(r, p, p->name, vars, nvars, cap);
        break;
    }
    case PAT_AS:
        pat_var(r, p, p->name, vars, nvars, cap);
        resolve_pat(r, p->arg, vars, nvars, cap);
        break;
    case PAT_CON: {
        Binding *b = lookup(r, p->name);
        if (!is_con(b)) fail_near(r, p->span, "'%s' is not a constructor", p->name, near_binding(r, p->name, 0));
        pat_con(r, p, b);
        if (!p->arg && p->con->has_arg)
            fail(r, p->span, "constructor '%s' needs an argument in this pattern", p->name);
        if (p->arg && !p->con->has_arg)
            fail(r, p->span, "constructor '%s' takes no argument", p->name);
        if (p->arg) resolve_pat(r, p->arg, vars, nvars, cap);
        break;
    }
    case PAT_TUPLE:
    case PAT_LIST:
    case PAT_RECORD:
        for (uint32_t i = 0; i < p->n; i++) resolve_pat(r, p->elems[i], vars, nvars, cap);
        break;
    case PAT_WILD:
    case PAT_INT:
    case PAT_CHAR:
    case PAT_STRING:
        break;
    }
    r->depth--;
}

/* Resolves the patterns pats[0..n-1] and then binds their variables. */
static void resolve_pats(R *r, Pat **pats, uint32_t n)
{
    Pat **vars = NULL;
    uint32_t nvars = 0, cap = 0;
    r->pat_stamp++;
    for (uint32_t i = 0; i < n; i++) resolve_pat(r, pats[i], &vars, &nvars, &cap);
    for (uint32_t i = 0; i < nvars; i++) {
        Binding *b = bind(r, vars[i]->name, B_VAR);
        b->slot = vars[i]->slot;
    }
}

/* ---- expressions ---- */

static void resolve_expr(R *r, Expr *e);
static void resolve_dec(R *r, Dec *d);

static RefList resolve_free(R *r, Expr *e)
{
    size_t pos = r->nlog;
    uint32_t mark = r->serial + 1;
    resolve_expr(r, e);
    return free_since(r, pos, mark);
}

/* Standard ML's Basis structures: those PML has in part (an unbound S.x
 * is a member PML lacks) and those it has none of. */
static const char *const basis_partial[] = {
    "Int", "Real", "Math", "List", "ListPair", "Option", "Vector", "Array",
    "String", "Char", "General", "TextIO", "StringCvt", "Bool", "Substring",
    "Word", "Word63", "Word8", "Word32", "Word64", "LargeWord", "IntInf", "LargeInt", "Byte",
};
static const char *const basis_absent[] = {
    "LargeReal", "Int32", "Int64", "Position", "BinIO",
    "CharVector", "CharArray", "VectorSlice",
    "ArraySlice", "Array2", "OS", "Time", "Timer", "Date", "Random",
    "IEEEReal", "CommandLine",
};

/* Which of the lists holds the structure of long name S.x: 1 partial,
 * 2 absent, 0 neither (a user's structure, or no dot). */
static int basis_structure(const char *name)
{
    const char *dot = strchr(name, '.');
    if (!dot) return 0;
    size_t n = (size_t)(dot - name);
    for (size_t i = 0; i < sizeof basis_partial / sizeof *basis_partial; i++)
        if (strlen(basis_partial[i]) == n && memcmp(basis_partial[i], name, n) == 0)
            return 1;
    for (size_t i = 0; i < sizeof basis_absent / sizeof *basis_absent; i++)
        if (strlen(basis_absent[i]) == n && memcmp(basis_absent[i], name, n) == 0)
            return 2;
    return 0;
}

/* Names of what stays unsupported, with the message that says what to
 * do instead (docs/basis.md), by prefix. */
static const struct { const char *prefix, *why; } unsupported[] = {
    {"Control.", "SML/NJ's Control structure is not supported; "
                 "pml run's --print-depth, --print-length and --string-depth set what Control.Print does"},
    {"TextIO.open", "pml programs read their standard input and write stdOut and stdErr only, "
                    "files are not opened (give the data as standard input: pml run prog.sml < data)"},
    {"PolyML.", "Poly/ML's PolyML structure is not supported (pml runs SML as SML/NJ does)"},
    {"SMLofNJ.", "SML/NJ's SMLofNJ structure is not supported"},
    {"CM.", "SML/NJ's compilation manager is not supported; load files with use \"file\";"},
};

static const char *unsupported_why(const char *name)
{
    for (size_t i = 0; i < sizeof unsupported / sizeof *unsupported; i++)
        if (strncmp(name, unsupported[i].prefix, strlen(unsupported[i].prefix)) == 0) return unsupported[i].why;
    return NULL;
}

/* S.x whose structure S is unknown: "T.x" for the one structure T close
 * to S that has a member x, else NULL. */
static const char *near_structure_member(R *r, const char *name)
{
    const char *dot = strrchr(name, '.');
    if (!dot || dot == name) return NULL;
    char s[72];
    snprintf(s, sizeof s, "%.*s.", (int)(dot - name), name);
    if (lookup(r, s)) return NULL;          /* S is there: x is not */
    s[dot - name] = 0;
    const char *t = near_binding(r, s, 1);
    if (!t) return NULL;
    char *tx = arena_alloc(r->arena, strlen(t) + strlen(dot) + 1);
    strcpy(tx, t);
    strcat(tx, dot);
    return lookup(r, tx) ? tx : NULL;
}

/* For an unbound name: the one visible name or primitive close to it, or
 * the same member of the structure close to its structure (suggest.h);
 * NULL if none. */
static const char *near_value(R *r, const char *name)
{
    Suggest sg;
    suggest_init(&sg, name);
    for (uint32_t i = 0; i < r->nscope; i++) {
        const Binding *b = r->scope[i];
        if (b->kind != B_STR && lookup(r, b->name) == b) suggest_offer(&sg, b->name);
    }
    for (uint32_t i = 0; i < prim_count; i++) suggest_offer(&sg, prim_table[i].name);
    const char *near = suggest_best(&sg);
    return near ? near : near_structure_member(r, name);
}

static void resolve_var(R *r, Expr *e)
{
    Binding *b = lookup(r, e->name);
    if (b) {
        e->ref = ref_for(r, r->fn, b);
        if (b->kind == B_EXN) e->ref.con = b->con;
        if (b->kind != B_CON && b->kind != B_PRIM) log_use(r, b);
        return;
    }
    int p = prim_lookup(e->name);
    int basis = p < 0 ? basis_structure(e->name) : 0;
    const char *why = p < 0 ? unsupported_why(e->name) : NULL;
    if (why) { diag_set(r->d, e->span, "'%.64s': %s", e->name, why); longjmp(r->fail, 1); }
    if (basis == 1)
        fail_near(r, e->span, "'%s' is not in the part of Standard ML's Basis PML has", e->name, near_value(r, e->name));
    else if (basis == 2)
        fail(r, e->span, "'%s': this Basis structure is not supported by PML", e->name);
    else if (p < 0 && strcmp(e->name, "use") == 0) {
        diag_set(r->d, e->span, "`use` loads a file only as a top-level declaration, use \"file\"; "
                 "(after an expression, a `;` must come before it)");
        longjmp(r->fail, 1);
    }
    else if (p < 0)
        fail_near(r, e->span, "unbound variable or constructor '%s'", e->name, near_value(r, e->name));
    e->ref = (Ref){REF_PRIM, (uint32_t)p, NULL};
}

/* One arm of fn or case: its patterns bind for its body only. */
static void resolve_clause(R *r, Clause *c)
{
    uint32_t mark_scope = r->nscope;
    size_t pos = r->nlog;
    uint32_t mark = r->serial + 1;
    resolve_pats(r, c->pats, c->npats);
    resolve_expr(r, c->body);
    c->free = free_since(r, pos, mark);
    scope_pop(r, mark_scope);
}

/* Resolves fn e as a function of `group` (NULL: anonymous) sharing cap. */
static void resolve_fn(R *r, Expr *e, const Dec *group, Capture *cap)
{
    FnCtx ctx = {r->fn, cap, group, 0};
    r->fn = &ctx;
    if (e->nhidden) {
        e->hidden = arena_alloc(r->arena, e->nhidden * sizeof *e->hidden);
        for (uint32_t i = 0; i < e->nhidden; i++) {
            char name[16];
            snprintf(name, sizeof name, "%%%u", i + 1);
            Binding *b = lookup(r, name);
            e->hidden[i] = ref_for(r, r->fn, b);
            log_use(r, b);
        }
    }
    for (uint32_t i = 0; i < e->nclauses; i++) resolve_clause(r, &e->clauses[i]);
    e->nlocals = ctx.nlocals;
    r->fn = ctx.parent;
}

static void resolve_anon_fn(R *r, Expr *e)
{
    Capture cap = {0};
    resolve_fn(r, e, NULL, &cap);
    e->free = capture_list(r, &cap);
    r->id_label[e->id] = closure_label(r, e->fn_stages ? e->fn_name : NULL, e, &e->free);
}

static void resolve_kids(R *r, Expr *e)
{
    switch (e->kind) {
    case EX_INT: case EX_REAL: case EX_STRING: case EX_CHAR:
        break;
    case EX_VAR:
        resolve_var(r, e);
        break;
    case EX_TUPLE: case EX_PAR: case EX_SEQ: case EX_LIST: case EX_RECORD:
        for (uint32_t i = 0; i < e->n; i++) resolve_expr(r, e->elems[i]);
        break;
    case EX_APP:
        resolve_expr(r, e->a);
        resolve_expr(r, e->b);
        if (e->a->kind == EX_VAR && (e->a->ref.kind == REF_PRIM || e->a->ref.kind == REF_CON)) {
            e->prim_args = 1;
            if (e->a->ref.kind == REF_CON && !e->a->ref.con->has_arg)
                fail(r, e->span, "constructor '%s' takes no argument", e->a->name);
        }
        break;
    case EX_PROJ: case EX_RAISE:
        resolve_expr(r, e->a);
        break;
    case EX_FN:
        resolve_anon_fn(r, e);
        break;
    case EX_LET: {
        uint32_t mark_scope = r->nscope;
        for (uint32_t i = 0; i < e->ndecs; i++) resolve_dec(r, e->decs[i]);
        resolve_expr(r, e->a);
        scope_pop(r, mark_scope);
        break;
    }
    case EX_IF:
        resolve_expr(r, e->a);
        e->branch_free[0] = resolve_free(r, e->b);
        e->branch_free[1] = resolve_free(r, e->c);
        break;
    case EX_ANDALSO: case EX_ORELSE:
        resolve_expr(r, e->a);
        e->branch_free[0] = resolve_free(r, e->b);
        break;
    case EX_CASE: case EX_HANDLE:
        resolve_expr(r, e->a);
        for (uint32_t i = 0; i < e->nclauses; i++) resolve_clause(r, &e->clauses[i]);
        break;
    }
}

static void resolve_expr(R *r, Expr *e)
{
    if (++r->depth > MAX_DEPTH) fail(r, e->span, "%s", "expression nested too deeply");
    e->id = new_id(r, e->span, NULL);
    size_t pos = r->nlog;
    uint32_t mark = r->serial + 1;
    resolve_kids(r, e);
    if (e->kind != EX_FN) e->free = free_since(r, pos, mark);
    r->depth--;
}

/* ---- declarations ---- */

static Expr *mk_fn(R *r, Span sp, const char *name, uint32_t nclauses, Clause *cl)
{
    Expr *f = ast_expr(r->arena, EX_FN, sp);
    f->fn_name = name;
    f->nclauses = nclauses;
    f->clauses = cl;
    return f;
}

static Expr *mk_stage(R *r, FunDef *f, uint32_t nclauses, Clause *cl, uint32_t stage, uint32_t k)
{
    Expr *e = mk_fn(r, f->span, f->name, nclauses, cl);
    e->fn_stage = stage;
    e->fn_stages = k;
    return e;
}

static Pat *hidden_pat(R *r, Span sp, uint32_t i)
{
    Pat *p = ast_pat(r->arena, PAT_VAR, sp);
    char buf[16];
    snprintf(buf, sizeof buf, "%%%u", i + 1);
    p->name = arena_strndup(r->arena, buf, strlen(buf));
    return p;
}

/* fun f p1 ... pk = e: one clause curries as fn p1 => ... fn pk => e;
 * several clauses as fn %1 => ... fn %k-1 => fn <clauses> whose first k-1
 * patterns match the hidden %i (the match happens once all k arguments are
 * there, as in SML). */
static Expr *desugar_fun(R *r, FunDef *f)
{
    uint32_t k = f->clauses[0].npats;
    for (uint32_t i = 1; i < f->nclauses; i++)
        if (f->clauses[i].npats != k)
            fail(r, f->clauses[i].span, "clauses of '%s' have different numbers of arguments", f->name);
    if (k == 1) return mk_fn(r, f->span, f->name, f->nclauses, f->clauses);
    Expr *inner;
    if (f->nclauses == 1) {
        Clause *c0 = &f->clauses[0];
        inner = c0->body;
        for (uint32_t i = k; i-- > 0;) {
            Clause *c = arena_alloc(r->arena, sizeof *c);
            c->npats = 1;
            c->pats = arena_alloc(r->arena, sizeof *c->pats);
            c->pats[0] = c0->pats[i];
            c->body = inner;
            c->span = c0->span;
            inner = mk_stage(r, f, 1, c, i + 1, k);
        }
        return inner;
    }
    inner = mk_stage(r, f, f->nclauses, f->clauses, k, k);
    inner->nhidden = k - 1;
    for (uint32_t i = k - 1; i-- > 0;) {
        Clause *c = arena_alloc(r->arena, sizeof *c);
        c->npats = 1;
        c->pats = arena_alloc(r->arena, sizeof *c->pats);
        c->pats[0] = hidden_pat(r, f->clauses[0].pats[i]->span, i);  /* where the argument is first written */
        c->body = inner;
        c->span = f->span;
        inner = mk_stage(r, f, 1, c, i + 1, k);
    }
    return inner;
}

static void resolve_fun_group(R *r, Dec *d)
{
    uint32_t mark_scope = r->nscope;
    for (uint32_t i = 0; i < d->nfuns; i++) {
        Binding *same = lookup(r, d->funs[i].name);
        if (same && same->kind == B_SELF && same->group == d)
            fail(r, d->funs[i].span, "function '%s' is defined twice in one group", d->funs[i].name);
        Binding *b = bind(r, d->funs[i].name, B_SELF);
        b->group = d;
        b->self_idx = i;
    }
    Capture cap = {0};
    for (uint32_t i = 0; i < d->nfuns; i++) {
        FunDef *f = &d->funs[i];
        f->fn = desugar_fun(r, f);
        f->fn->id = new_id(r, f->span, NULL);
        if (++r->depth > MAX_DEPTH) fail(r, f->span, "%s", "declaration nested too deeply");
        resolve_fn(r, f->fn, d, &cap);
        r->depth--;
    }
    scope_pop(r, mark_scope);
    d->free = capture_list(r, &cap);
    d->id = new_id(r, d->span, closure_label(r, d->funs[0].name, NULL, &d->free));
    for (uint32_t i = 0; i < d->nfuns; i++) {
        d->funs[i].fn->free = d->free;
        r->id_label[d->funs[i].fn->id] = closure_label(r, d->funs[i].name, NULL, &d->free);
    }
    d->slot0 = r->fn->nlocals;
    for (uint32_t i = 0; i < d->nfuns; i++) {
        Binding *b = bind(r, d->funs[i].name, B_VAR);
        b->slot = new_slot(r);
    }
}

/* ---- modules ---- */

/* Binds name to what b refers to (a structure member, an opened name). */
static void bind_alias(R *r, const Binding *b, const char *name)
{
    Binding *c = bind(r, name, b->kind);
    c->owner = b->owner;
    c->slot = b->slot;
    c->group = b->group;
    c->self_idx = b->self_idx;
    c->con = b->con;
}

static const char *join_name(R *r, const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *s = arena_alloc(r->arena, la + lb + 2);
    memcpy(s, a, la);
    s[la] = '.';
    memcpy(s + la + 1, b, lb + 1);
    return s;
}

/* Binds to + "." + x (to NULL: x) for every member S.x of S = from: the
 * primitives named S.x (Array.sub, Math.pi), then every binding S.x in
 * scope, oldest first so that the newest wins; 0 if there is none. */
static int copy_members(R *r, const char *from, const char *to)
{
    size_t n = strlen(from);
    uint32_t found = 0;
    for (uint32_t i = 0; i < prim_count; i++) {
        const char *name = prim_table[i].name;
        if (strncmp(name, from, n) != 0 || name[n] != '.') continue;
        Binding *b = bind(r, to ? join_name(r, to, name + n + 1) : name + n + 1, B_PRIM);
        b->slot = i;
        found = 1;
    }
    uint32_t count;
    Binding **m = members_of(r, from, &count);
    for (uint32_t i = 0; i < count; i++) {
        const char *rest = m[i]->name + n + 1;
        if (*rest) bind_alias(r, m[i], to ? join_name(r, to, rest) : rest);
    }
    return found || count > 0;
}

/* The constructors of datatype ty (t, or a long name M.t) in scope, for
 * datatype t = datatype ty: the bindings named C (M.C) whose constructor
 * belongs to a datatype named t, oldest first, with their names C; for a
 * Basis structure's type (General.order, Option.option), the builtin
 * constructors of that type. */
typedef struct ConList { const Binding **b; const char **name; uint32_t n; } ConList;

static ConList cons_of(R *r, const char *ty)
{
    const char *dot = strrchr(ty, '.'), *t = dot ? dot + 1 : ty;
    size_t n = dot ? (size_t)(dot - ty) : 0;
    int basis = dot && basis_structure(ty);
    ConList l = {arena_alloc(r->arena, (r->nscope + 1) * sizeof *l.b),
                 arena_alloc(r->arena, (r->nscope + 1) * sizeof *l.name), 0};
    for (uint32_t i = 0; i < r->nscope; i++) {
        const Binding *b = r->scope[i];
        if (!is_con(b) || !b->con->tyname || strcmp(b->con->tyname, t) != 0) continue;
        const char *name = b->name;
        if (basis && resolve_builtin_con(name) == b->con) {
            /* the Basis type's own constructor, bound at the top */
        } else if (n) {
            if (strncmp(name, ty, n) != 0 || name[n] != '.' || strchr(name + n + 1, '.')) continue;
            name += n + 1;
        } else if (strchr(name, '.')) {
            continue;
        }
        l.b[l.n] = b;
        l.name[l.n++] = name;
    }
    return l;
}

static void resolve_datatype_copy(R *r, Dec *d)
{
    ConList l = cons_of(r, d->alias_of);
    if (!l.n) fail(r, d->span, "unknown datatype '%s' (replicated here)", d->alias_of);
    for (uint32_t i = 0; i < l.n; i++) bind_alias(r, l.b[i], l.name[i]);
}

/* The sig ... end a signature expression stands for: a name is followed
 * through signature S = T (T declared before S, so the search goes on
 * below S: in signature A = A, the A on the right is the older one). */
static const SigExp *find_sig(R *r, const SigExp *g);

/* The signature that specifies the constructors of datatype ty. */
static const SigExp *datatype_sig(R *r, Span sp, const char *ty)
{
    ConList l = cons_of(r, ty);
    if (!l.n) fail(r, sp, "unknown datatype '%s' (replicated in this signature)", ty);
    SigExp *g = arena_alloc(r->arena, sizeof *g);
    g->span = sp;
    g->nnames = l.n;
    g->names = l.name;
    g->kinds = arena_alloc(r->arena, l.n + 1);
    g->cons = arena_alloc(r->arena, (l.n + 1) * sizeof *g->cons);
    g->subs = arena_alloc(r->arena, (l.n + 1) * sizeof *g->subs);
    for (uint32_t i = 0; i < l.n; i++) {
        g->kinds[i] = SPEC_CON;
        g->cons[i] = l.b[i]->con;
        g->subs[i] = NULL;
    }
    return g;
}

/* g with every "include S" entry replaced by S's names (S found among the
 * first nsigs signatures, those declared before g), every "datatype T" by
 * T's constructors. */
static const SigExp *expand_includes(R *r, const SigExp *g, uint32_t nsigs)
{
    uint32_t n = 0, k = 0, saved = r->nsigs;
    int any = 0;
    const SigExp **inc = arena_alloc(r->arena, (g->nnames + 1) * sizeof *inc);
    r->nsigs = nsigs;
    for (uint32_t i = 0; i < g->nnames; i++) {
        inc[i] = NULL;
        if (strncmp(g->names[i], "include ", 8) == 0) {
            SigExp named = {.span = g->span, .name = g->names[i] + 8};
            inc[i] = find_sig(r, &named);  /* a failure ends resolving */
            n += inc[i]->nnames;
            any = 1;
        } else if (strncmp(g->names[i], "datatype ", 9) == 0) {
            inc[i] = datatype_sig(r, g->span, g->names[i] + 9);
            n += inc[i]->nnames;
            any = 1;
        } else {
            n++;
        }
    }
    r->nsigs = saved;
    if (!any) return g;
    SigExp *x = arena_alloc(r->arena, sizeof *x);
    *x = *g;
    x->names = arena_alloc(r->arena, (n + 1) * sizeof *x->names);
    x->kinds = arena_alloc(r->arena, n + 1);
    x->cons = arena_alloc(r->arena, (n + 1) * sizeof *x->cons);
    x->subs = arena_alloc(r->arena, (n + 1) * sizeof *x->subs);
    for (uint32_t i = 0; i < g->nnames; i++) {
        const SigExp *from = inc[i] ? inc[i] : g;
        uint32_t j0 = inc[i] ? 0 : i, j1 = inc[i] ? inc[i]->nnames : i + 1;
        for (uint32_t j = j0; j < j1; j++, k++) {
            x->names[k] = from->names[j];
            x->kinds[k] = from->kinds[j];
            x->cons[k] = from->cons[j];
            x->subs[k] = from->subs[j];
        }
    }
    x->nnames = k;
    return x;
}

/* The one signature visible here whose name is close to name, or NULL. */
static const char *near_signature(R *r, const char *name)
{
    Suggest sg;
    suggest_init(&sg, name);
    for (uint32_t i = 0; i < r->nsigs; i++)
        if (i < r->hide_from || i >= r->hide_to) suggest_offer(&sg, r->sigs[i]->name);
    return suggest_best(&sg);
}

static const SigExp *find_sig(R *r, const SigExp *g)
{
    uint32_t i = r->nsigs;
    while (g->name) {
        const SigExp *named = g;
        for (;;) {
            if (i == 0) fail_near(r, named->span, "unknown signature '%s'", named->name, near_signature(r, named->name));
            i--;
            if (i >= r->hide_from && i < r->hide_to) { i = r->hide_from; continue; }
            if (strcmp(r->sigs[i]->name, named->name) == 0) break;
        }
        g = r->sigs[i]->sig;
    }
    return expand_includes(r, g, i);
}

/* Is member name m one the signature specifies (x, or S.… for a
 * substructure S)? */
static int in_sig(const SigExp *g, const char *m)
{
    for (uint32_t i = 0; i < g->nnames; i++) {
        size_t n = strlen(g->names[i]);
        if (strncmp(m, g->names[i], n) == 0 && (m[n] == 0 || m[n] == '.')) return 1;
    }
    return 0;
}

static void resolve_decs(R *r, Dec **decs, uint32_t n);

/* What SML/NJ calls an entry a structure lacks: "unmatched value
 * specification: x". */
static const char *spec_word(const SigExp *g, uint32_t i)
{
    switch (g->kinds[i]) {
    case SPEC_CON: return "constructor";
    case SPEC_EXN: return "exception";
    case SPEC_STR: return "structure";
    default: return "value";
    }
}

/* The members a structure exports, scope[mark..nscope): all of them, or,
 * with a signature g, those g names, after checking that each name g
 * specifies is among them (else an error at sp: for the structure sname,
 * or in SML/NJ's words for a functor's argument or body, sname NULL). */
static Binding **exported(R *r, const SigExp *g, uint32_t mark, uint32_t *n, Span sp, const char *sname)
{
    uint32_t end = r->nscope;
    for (uint32_t i = 0; g && i < g->nnames; i++) {
        int found = 0;
        for (uint32_t j = mark; j < end && !found; j++) found = in_sig(&(SigExp){.nnames = 1, .names = &g->names[i]}, r->scope[j]->name);
        if (found) continue;
        if (sname)
            diag_set(r->d, sp, "structure '%.60s' does not define '%.60s', which its signature specifies",
                     sname, g->names[i]);
        else
            diag_set(r->d, sp, "unmatched %s specification: %.60s", spec_word(g, i), g->names[i]);
        longjmp(r->fail, 1);
    }
    Binding **members = arena_alloc(r->arena, (end - mark + 1) * sizeof *members);
    *n = 0;
    for (uint32_t j = mark; j < end; j++)
        if (!g || in_sig(g, r->scope[j]->name)) members[(*n)++] = r->scope[j];
    return members;
}

static void strexp_members(R *r, Dec *d);

/* S :> SIG = struct ... end (or a functor's body under :> SIG): a datatype
 * of the body whose constructors SIG does not name is seen outside as an
 * abstract type, and SML/NJ prints its values as -; so are they printed
 * here (values.c).  Only datatypes declared directly in the body: a type
 * abbreviation (type t = int) made opaque prints as its definition. */
static void seal_datatypes(const Dec *body, Binding *const *members, uint32_t n)
{
    if (body->functor || body->arg || body->alias_of) return;
    for (uint32_t i = 0; i < body->ndecs; i++) {
        Dec *dt = body->decs[i];
        if (dt->kind != DEC_DATATYPE || dt->alias_of) continue;
        int named = 0;
        for (uint32_t k = 0; k < dt->ncons && !named; k++)
            for (uint32_t j = 0; j < n && !named; j++) named = members[j]->con == &dt->cons[k];
        for (uint32_t k = 0; k < dt->ncons && !named; k++) dt->cons[k].opaque = 1;
    }
}

static const Functor *find_functor(R *r, const char *name, Span sp)
{
    Suggest sg;
    suggest_init(&sg, name);
    for (uint32_t i = r->nfcts; i-- > 0;) {
        if (strcmp(r->fcts[i].d->name, name) == 0) return &r->fcts[i];
        suggest_offer(&sg, r->fcts[i].d->name);
    }
    fail_near(r, sp, "unknown functor '%s'", name, suggest_best(&sg));
}

/* Counts n more copied nodes or passed members: past MAX_COPIED, an
 * error at the top-level declaration that led there. */
static void count_copied(R *r, size_t n)
{
    r->copied += n;
    if (r->copied > MAX_COPIED)
        fail(r, r->top, "functor applications make the program too large: more than 1000000 nodes of functor "
             "bodies copied and members passed (each application copies its functor's body, as does each "
             "declaration once)%s", "");
}

/* A fresh copy of functor fd's body. */
static Dec *copy_body(R *r, const Dec *fd)
{
    size_t n = 0;
    Dec *body = ast_copy_dec(r->arena, fd->arg, &n);
    count_copied(r, n);
    return body;
}

/* Binds a formal argument for checking a functor's body: prefix.x (x with
 * no prefix) for each name g specifies, values as variables, constructors
 * and exceptions as the specification's, substructures by their own
 * signatures. */
static void bind_formal(R *r, const SigExp *g, const char *prefix)
{
    for (uint32_t i = 0; i < g->nnames; i++) {
        const char *name = prefix ? join_name(r, prefix, g->names[i]) : g->names[i];
        if (g->kinds[i] == SPEC_CON || g->kinds[i] == SPEC_EXN) {
            bind(r, name, B_CON)->con = g->cons[i];
        } else if (g->kinds[i] == SPEC_STR) {
            bind_formal(r, find_sig(r, g->subs[i]), name);
            bind(r, join_name(r, name, ""), B_STR);
        } else {
            bind(r, name, B_VAR)->slot = new_slot(r);
        }
    }
}

/* functor F (X : SIG) = body: recorded; each application resolves a fresh
 * copy of the body (docs/semantics.md, Functors).  A copy is resolved here
 * too, against the formal argument SIG describes, so that an error in the
 * body is found even if F is never applied (as SML/NJ finds it); what that
 * made (ids, frame slots, bindings, uses) is then given back; the copy is
 * kept in d->formal_body for the static semantics, which checks it against
 * the same formal argument. */
static void declare_functor(R *r, Dec *d)
{
    Functor f = {d, r->nscope, r->nsigs, r->nfcts, find_sig(r, d->psig), NULL};
    if (d->sig) f.rsig = find_sig(r, d->sig);
    uint32_t nexprs = r->nexprs, nlocals = r->fn->nlocals, n;
    size_t nlog = r->nlog;
    bind_formal(r, f.psig, d->functor);
    if (d->functor) bind(r, join_name(r, d->functor, ""), B_STR);
    uint32_t mark = r->nscope;
    d->formal_body = copy_body(r, d);
    strexp_members(r, d->formal_body);
    exported(r, f.rsig, mark, &n, d->span, NULL);
    scope_pop(r, f.nscope);
    r->nsigs = f.nsigs;
    r->nexprs = nexprs;
    r->fn->nlocals = nlocals;
    r->nlog = nlog;
    r->fcts = arena_grow(r, r->fcts, sizeof *r->fcts, &r->capfcts, r->nfcts + 1);
    r->fcts[r->nfcts++] = f;
}

/* structure S = F (arg): the argument is resolved where the application
 * stands and matched against F's parameter; a fresh copy of F's body is
 * resolved in the scope of F's declaration, with the argument's members
 * as X.x (or x, for a spec list); the body's members (those F's result
 * signature names) are left in scope as a struct ... end leaves them.
 * d->decs becomes the argument and the copy, which the evaluator runs in
 * that order: the graph of the expanded structure. */
static void apply_functor(R *r, Dec *d)
{
    const Functor *f = find_functor(r, d->functor, d->span);
    const Dec *fd = f->d;
    uint32_t mark = r->nscope, nargs, nres;
    strexp_members(r, d->arg);
    Binding **args = exported(r, f->psig, mark, &nargs, d->span, NULL);

    uint32_t saved[5] = {r->vis_end, r->floor, r->hide_from, r->hide_to, r->nfcts};
    r->vis_end = f->nscope;
    r->floor = r->nscope;
    r->hide_from = f->nsigs;
    r->hide_to = r->nsigs;
    r->nfcts = f->nfcts;
    for (uint32_t i = 0; i < nargs; i++)
        bind_alias(r, args[i], fd->functor ? join_name(r, fd->functor, args[i]->name) : args[i]->name);
    if (fd->functor) bind(r, join_name(r, fd->functor, ""), B_STR);
    uint32_t body_mark = r->nscope;
    Dec *body = copy_body(r, fd);
    strexp_members(r, body);
    Binding **res = exported(r, f->rsig, body_mark, &nres, fd->span, NULL);
    if (fd->opaque && f->rsig) seal_datatypes(body, res, nres);
    count_copied(r, nargs + nres);
    r->vis_end = saved[0];
    r->floor = saved[1];
    r->hide_from = saved[2];
    r->hide_to = saved[3];
    r->nfcts = saved[4];

    scope_pop(r, mark);
    for (uint32_t i = 0; i < nres; i++) bind_alias(r, res[i], res[i]->name);
    d->ndecs = 2;
    d->decs = arena_alloc(r->arena, 2 * sizeof *d->decs);
    d->decs[0] = d->arg;
    d->decs[1] = body;
}

/* The members of structure expression d (struct ... end, an alias, a
 * functor's application), left in scope from the current top, named as
 * inside it: x, T.y. */
static void strexp_members(R *r, Dec *d)
{
    if (d->functor)
        apply_functor(r, d);
    else if (d->arg) {          /* structure S = F (arg): the application */
        strexp_members(r, d->arg);
        d->ndecs = 1;
        d->decs = &d->arg;
    } else if (d->alias_of) {
        if (!copy_members(r, d->alias_of, NULL))
            fail_near(r, d->span, "unknown structure '%s'", d->alias_of, near_binding(r, d->alias_of, 1));
    } else
        resolve_decs(r, d->decs, d->ndecs);
}

static void resolve_structure(R *r, Dec *d)
{
    uint32_t mark = r->nscope, n;
    strexp_members(r, d);
    const SigExp *g = d->sig ? find_sig(r, d->sig) : NULL;
    Binding **members = exported(r, g, mark, &n, d->span, d->name);
    if (d->opaque && g) seal_datatypes(d, members, n);
    scope_pop(r, mark);
    for (uint32_t j = 0; j < n; j++) bind_alias(r, members[j], join_name(r, d->name, members[j]->name));
    bind(r, join_name(r, d->name, ""), B_STR);
}

/* exception E: a new exception at each evaluation (SML'97 §6.4).  At
 * the top level (structures and top-level lets included) a declaration is
 * evaluated once, so its ConDef is the exception; inside a function it is
 * made by eval_rules.c into a frame slot (B_EXN).  E = F names F's exception,
 * made anew or not as F is. */
static void resolve_exception(R *r, Dec *d)
{
    int nested = r->fn->parent != NULL;
    for (uint32_t i = 0; i < d->ncons; i++) {
        ConDef *c = &d->cons[i];
        if (c->alias_of) {
            Binding *a = lookup(r, c->alias_of);
            if (!is_con(a) || !con_is_exn(a->con))
                fail(r, d->span, "'%s' is not an exception", c->alias_of);
            bind_alias(r, a, c->name);
        } else if (nested) {
            c->fresh = 1;
            c->slot = new_slot(r);
            Binding *b = bind(r, c->name, B_EXN);
            b->slot = c->slot;
            b->con = c;
        } else {
            bind(r, c->name, B_CON)->con = c;
        }
    }
    if (nested) d->id = new_id(r, d->span, NULL);
}

static void resolve_dec(R *r, Dec *d)
{
    switch (d->kind) {
    case DEC_VAL:
        resolve_expr(r, d->a);
        resolve_pats(r, &d->pat, 1);
        break;
    case DEC_FUN:
        resolve_fun_group(r, d);
        break;
    case DEC_DATATYPE:
        if (d->alias_of) resolve_datatype_copy(r, d);
        for (uint32_t i = 0; i < d->ncons; i++) {
            Binding *b = bind(r, d->cons[i].name, B_CON);
            b->con = &d->cons[i];
        }
        break;
    case DEC_STRUCTURE:
        resolve_structure(r, d);
        break;
    case DEC_SIGNATURE:
        find_sig(r, d->sig);
        r->sigs = grow(r, (void *)r->sigs, sizeof *r->sigs, &r->capsigs, r->nsigs + 1);
        r->sigs[r->nsigs++] = d;
        break;
    case DEC_LOCAL: {
        uint32_t mark = r->nscope;
        resolve_decs(r, d->decs, d->ndecs);
        uint32_t mid = r->nscope;
        resolve_decs(r, d->decs2, d->ndecs2);
        /* the local part's names go out of scope */
        scope_drop(r, mark, mid);
        break;
    }
    case DEC_TYPE:
        break;
    case DEC_FUNCTOR:
        fail(r, d->span, "functor '%s' is declared inside a declaration; functors are declared at top level only", d->name);
    case DEC_OPEN:
        for (uint32_t i = 0; i < d->nnames; i++)
            if (!copy_members(r, d->names[i], NULL))
                fail_near(r, d->span, "unknown structure '%s'", d->names[i], near_binding(r, d->names[i], 1));
        break;
    case DEC_EXCEPTION:
        resolve_exception(r, d);
        break;
    }
}

static void resolve_decs(R *r, Dec **decs, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) resolve_dec(r, decs[i]);
}

/* ---- builtin constructors ---- */

/* name, tag, ncons, has_arg, nfields, the datatype's name */
#define CON(n, t, k, a, f, ty) {.name = n, .tag = t, .ncons = k, .has_arg = a, .nfields = f, .tyname = ty}
static const ConDef builtin_cons[] = {
    CON("false", 0, 2, 0, 0, "bool"), CON("true", 1, 2, 0, 0, "bool"),
    CON("nil", 0, 2, 0, 0, "list"),   CON("::", 1, 2, 1, 2, "list"),
    CON("NONE", 0, 2, 0, 0, "option"), CON("SOME", 1, 2, 1, 1, "option"),
    CON("ref", 0, 1, 1, 1, "ref"),
    /* the Basis exceptions (ncons 0: exn) */
    CON("Fail", 0, 0, 1, 1, NULL),  CON("Div", 0, 0, 0, 0, NULL),   CON("Overflow", 0, 0, 0, 0, NULL),
    CON("Subscript", 0, 0, 0, 0, NULL), CON("Empty", 0, 0, 0, 0, NULL), CON("Option", 0, 0, 0, 0, NULL),
    CON("Match", 0, 0, 0, 0, NULL), CON("Bind", 0, 0, 0, 0, NULL),  CON("Size", 0, 0, 0, 0, NULL),
    CON("Chr", 0, 0, 0, 0, NULL),   CON("Domain", 0, 0, 0, 0, NULL), CON("Span", 0, 0, 0, 0, NULL),
    CON("LESS", 0, 3, 0, 0, "order"), CON("EQUAL", 1, 3, 0, 0, "order"), CON("GREATER", 2, 3, 0, 0, "order"),
    /* from here on, bound only under their structures' names (basis_names) */
    CON("UnequalLengths", 0, 0, 0, 0, NULL),
    CON("BIN", 0, 4, 0, 0, "radix"), CON("OCT", 1, 4, 0, 0, "radix"),
    CON("DEC", 2, 4, 0, 0, "radix"), CON("HEX", 3, 4, 0, 0, "radix"),
    CON("SCI", 0, 4, 1, 1, "realfmt"), CON("FIX", 1, 4, 1, 1, "realfmt"),
    CON("GEN", 2, 4, 1, 1, "realfmt"), CON("EXACT", 3, 4, 0, 0, "realfmt"),
    /* TextIO's standard streams: values of abstract types (print as -) */
    {.name = "stdIn", .ncons = 1, .abstract = 1, .tyname = "instream"},
    {.name = "stdOut", .tag = 0, .ncons = 2, .abstract = 1, .tyname = "outstream"},
    {.name = "stdErr", .tag = 1, .ncons = 2, .abstract = 1, .tyname = "outstream"},
    /* a substring (s, i, n): the prelude's Substring matches on it; abstract,
     * so a substring prints as -, as SML/NJ prints it */
    {.name = "Substring.SUBSTRING_", .ncons = 1, .has_arg = 1, .nfields = 3, .abstract = 1,
     .tyname = "substring"},
};
#define TOPLEVEL_CONS 22 /* builtin_cons[0 .. TOPLEVEL_CONS-1] are bound as they are named */

/* The Basis's constructors under their structures' names. */
static const struct { const char *name, *con; } basis_names[] = {
    {"Option.SOME", "SOME"}, {"Option.NONE", "NONE"}, {"Option.Option", "Option"},
    {"List.nil", "nil"}, {"List.Empty", "Empty"}, {"Bool.true", "true"}, {"Bool.false", "false"},
    {"General.LESS", "LESS"}, {"General.EQUAL", "EQUAL"}, {"General.GREATER", "GREATER"},
    {"General.Fail", "Fail"}, {"General.Div", "Div"}, {"General.Overflow", "Overflow"},
    {"General.Subscript", "Subscript"}, {"General.Match", "Match"}, {"General.Bind", "Bind"},
    {"General.Size", "Size"}, {"General.Chr", "Chr"}, {"General.Domain", "Domain"},
    {"ListPair.UnequalLengths", "UnequalLengths"},
    {"StringCvt.BIN", "BIN"}, {"StringCvt.OCT", "OCT"}, {"StringCvt.DEC", "DEC"}, {"StringCvt.HEX", "HEX"},
    {"StringCvt.SCI", "SCI"}, {"StringCvt.FIX", "FIX"}, {"StringCvt.GEN", "GEN"}, {"StringCvt.EXACT", "EXACT"},
    {"TextIO.stdIn", "stdIn"}, {"TextIO.stdOut", "stdOut"}, {"TextIO.stdErr", "stdErr"},
    {"General.Span", "Span"}, {"Substring.SUBSTRING_", "Substring.SUBSTRING_"},
};
#undef CON

const ConDef *resolve_builtin_con(const char *name)
{
    for (size_t i = 0; i < sizeof builtin_cons / sizeof builtin_cons[0]; i++)
        if (strcmp(builtin_cons[i].name, name) == 0) return &builtin_cons[i];
    return NULL;
}

int resolve_program(Program *p, Diag *d)
{
    R r = {0};
    r.arena = p->arena;
    r.d = d;
    FnCtx top = {NULL, NULL, NULL, 0};
    r.fn = &top;
    int rc = 0;
    if (setjmp(r.fail)) {
        rc = -1;
        goto done;
    }
    _Static_assert(sizeof builtin_cons / sizeof builtin_cons[0] > TOPLEVEL_CONS, "top-level constructors");
    for (size_t i = 0; i < TOPLEVEL_CONS; i++) bind(&r, builtin_cons[i].name, B_CON)->con = &builtin_cons[i];
    for (size_t i = 0; i < sizeof basis_names / sizeof basis_names[0]; i++) {
        bind(&r, basis_names[i].name, B_CON)->con = resolve_builtin_con(basis_names[i].con);
    }
    p->result_name = NULL;
    for (uint32_t i = 0; i < p->ndecs; i++) {
        Dec *dec = p->decs[i];
        r.top = dec->span;
        if (dec->kind == DEC_FUNCTOR) declare_functor(&r, dec);
        else resolve_dec(&r, dec);
        if (i >= p->nuser0 && dec->kind == DEC_VAL)
            p->result_name = dec->pat->kind == PAT_VAR ? dec->pat->name : "it";
    }
    p->nlocals = top.nlocals;
    p->nexprs = r.nexprs;
    /* move the id tables into the arena so they live with the tree */
    p->id_span = arena_alloc(p->arena, (r.nexprs + 1) * sizeof *p->id_span);
    p->id_label = arena_alloc(p->arena, (r.nexprs + 1) * sizeof *p->id_label);
    if (r.nexprs) {
        memcpy(p->id_span, r.id_span, r.nexprs * sizeof *p->id_span);
        memcpy((void *)p->id_label, r.id_label, r.nexprs * sizeof *p->id_label);
    }
    live_program(p);
done:
    free(r.scope);
    for (size_t i = 0; i < r.capindex; i++) free(r.index[i].members);
    free(r.index);
    free(r.log);
    free(r.sigs);
    free(r.id_span);
    free((void *)r.id_label);
    return rc;
}
