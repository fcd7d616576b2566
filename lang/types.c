/*
 * types.c — the static semantics (types.h), after HaMLet's elaboration: one
 * function per syntactic class (ty_exp, ty_pat, ty_dec, ty_type ...), the
 * Definition's rule number (The Definition of Standard ML, Revised, §4.10)
 * beside the code that implements it.
 *
 * Types are graphs: a type variable is a node that unification links to
 * what it stands for (union–find with path compression).  Levels decide
 * generalisation (rule 15's Clos): a variable made while elaborating a val
 * or fun at depth d has level d + 1 and is generalised when the declaration
 * is done unless it escaped into the environment (its level was lowered).
 * The environment is one hash table of names with an undo log: a scope is a
 * mark in the log, and leaving it unbinds what was bound since.
 *
 * SML's special rules, as SML/NJ applies them:
 *   - overloading (Appendix E): + - * ~ abs take a variable restricted to
 *     int, real or word, < <= > >= also string and char, div and mod int or
 *     word; an overloaded variable is never generalised, and is defaulted
 *     to int at the end of the top-level declaration;
 *   - flexible records (#x, {x, ...}) must be resolved by the end of the
 *     top-level declaration;
 *   - the value restriction (§4.7): only a non-expansive expression's type
 *     is generalised; at top level a variable left free becomes a dummy
 *     type ?.X1, as in SML/NJ;
 *   - equality types (§4.4): ''a and the = of the Basis; a datatype admits
 *     equality when its constructors' arguments do (§4.9, maximised).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "types.h"
#include "match.h"
#include "prims.h"
#include "resolve.h"
#include "suggest.h"

/* ---- types ----------------------------------------------------------- */

typedef struct Tycon {
    const char *name;
    uint32_t arity;
    int eq;             /* admits equality (ref and array: always) */
    int always_eq;      /* ref, array: equality whatever the argument */
    uint32_t id;        /* order of creation (the escape rule) */
    int abstract;       /* a signature's abstract type (type t under :>, or
                           a functor's formal argument): sharing may merge it */
    struct Tycon *same; /* sharing type: the type it was made equal to */
} Tycon;

typedef enum TKind { T_VAR, T_GEN, T_CON, T_REC } TKind;

/* Overloading classes of a variable: the base types it may stand for. */
enum { OV_INT = 1, OV_REAL = 2, OV_WORD = 4, OV_STRING = 8, OV_CHAR = 16,
       OV_LIST = 32, OV_VECTOR = 64 /* PML's length: a list's or a vector's */,
       OV_BIG = 128 /* IntInf.int; OV_WORD is every word type */ };
#define OV_SEQ (OV_LIST | OV_VECTOR)
#define OV_NUM (OV_INT | OV_REAL | OV_WORD | OV_BIG)
#define OV_ORD (OV_NUM | OV_STRING | OV_CHAR)

typedef struct Type Type;
struct Type {
    TKind k;
    Type *link;         /* T_VAR, flexible T_REC: what unification bound it to */
    uint32_t level;     /* T_VAR, flexible T_REC */
    uint8_t eq;         /* T_VAR, T_GEN: an equality variable (''a) */
    uint8_t ov;         /* T_VAR: overloading class (0: none) */
    uint8_t flex;       /* T_REC: {..., ...} not yet resolved */
    const char *rigid;  /* T_VAR: an explicit type variable's name */
    uint32_t id;        /* T_VAR: creation number; T_GEN: its index */
    Tycon *tc;          /* T_CON */
    uint32_t n;         /* T_CON: arguments; T_REC: fields */
    Type **args;
    const char **labels;/* T_REC: sorted (rec_label_cmp) */
};

/* A type scheme ∀ 0..n-1 . body (its bound variables are T_GEN nodes); a
 * type function (type abbreviation, a datatype's tycon) is one too. */
typedef struct Scheme {
    uint32_t n;
    Type *body;
} Scheme;

/* ---- the environment ------------------------------------------------- */

typedef enum Ns { NS_VAL, NS_TYPE, NS_STR, NS_FCT, NS_SIG, NS_CON } Ns;

typedef struct Str Str;
typedef struct Entry {
    Ns ns;
    const char *name;
    uint32_t hash, next;    /* next: the entry below in its bucket (+1; 0: none) */
    Scheme *sch;            /* NS_VAL, NS_TYPE */
    Str *str;               /* NS_STR */
    const Dec *fct;         /* NS_FCT: the functor's declaration */
    int fct_failed;         /* NS_FCT: its body had errors at the declaration */
    const SigExp *sig;      /* NS_SIG */
    const ConDef *con;      /* NS_CON: a constructor, by name (matching) */
} Entry;

/* A structure: the entries its body declared (names relative to it). */
struct Str {
    uint32_t n;
    Entry *members;
};

#define NBUCKETS 4096u

typedef struct ConType {
    const ConDef *con;
    Scheme *sch;
} ConType;

typedef struct Ck {
    Arena *arena;
    const Program *prog;
    TypeReport *rep;
    Entry *env;
    uint32_t nenv, capenv;
    uint32_t bucket[NBUCKETS];
    ConType *cons;          /* open hash by ConDef pointer */
    uint32_t capcons, ncons;
    Scheme *prim[P__COUNT + 1];
    uint32_t level;
    uint32_t nvars, ntycons, ndummies;
    /* made during the current top-level declaration: overloaded variables
     * (defaulted at its end) and flexible records (checked at the end of
     * each declaration; kept apart so that check stays linear) */
    Type **pending, **flexes;
    uint32_t npending, cappending, nflexes, capflexes;
    Span top_span;
    uint32_t top_errors;    /* errors before the current top-level declaration */
    int user;               /* checking a declaration of the user's files:
                               warnings and match checks are reported */
    int quiet;              /* checking a functor application's copy of the
                               body: its matches were judged at the
                               declaration */
    const char *strname;    /* the structure being declared (an opaque
                               functor result's types are named after it) */
    /* the right-hand side of the val being checked, and where SML/NJ
     * reports an error of that expression itself: from the pattern on */
    Span rhs, rhs_at;
    /* explicit type variables in scope: name -> rigid variable */
    const char **tv_names;
    Type **tv_types;
    uint32_t ntv, captv;
    Tycon *t_int, *t_real, *t_string, *t_char, *t_bool, *t_word, *t_list,
          *t_option, *t_ref, *t_exn, *t_arrow, *t_vector, *t_array, *t_order;
    /* the other integer types: Word8.word, Word32.word, Word64.word (=
     * LargeWord.word), IntInf.int (= LargeInt.int) */
    Tycon *t_word8, *t_word32, *t_word64, *t_intinf;
    /* the integer and word constants met in the current top-level
     * declaration and their types: once these are known (at its end), each
     * constant is told its type (ast.h, NumKind) */
    struct NumLit { Expr *e; Pat *p; Type *t; } *lits;
    uint32_t nlits, caplits;
} Ck;

static void *grow(void *v, uint32_t *cap, uint32_t need, size_t size)
{
    if (need <= *cap) return v;
    uint32_t c = *cap ? *cap * 2 : 64;
    while (c < need) c *= 2;
    void *nv = realloc(v, (size_t)c * size);
    if (!nv) abort();
    *cap = c;
    return nv;
}

static uint32_t hash_name(Ns ns, const char *s)
{
    uint32_t h = 2166136261u ^ (uint32_t)ns;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static Entry *env_bind(Ck *c, Ns ns, const char *name)
{
    c->env = grow(c->env, &c->capenv, c->nenv + 1, sizeof *c->env);
    Entry *e = &c->env[c->nenv];
    memset(e, 0, sizeof *e);
    e->ns = ns;
    e->name = name;
    e->hash = hash_name(ns, name);
    e->next = c->bucket[e->hash % NBUCKETS];
    c->bucket[e->hash % NBUCKETS] = ++c->nenv;
    return e;
}

static Entry *env_find(Ck *c, Ns ns, const char *name)
{
    uint32_t h = hash_name(ns, name);
    for (uint32_t i = c->bucket[h % NBUCKETS]; i; i = c->env[i - 1].next) {
        Entry *e = &c->env[i - 1];
        if (e->hash == h && e->ns == ns && strcmp(e->name, name) == 0) return e;
    }
    return NULL;
}

/* The one visible name of namespace ns close to name (suggest.h), or NULL. */
static const char *env_near(Ck *c, Ns ns, const char *name)
{
    Suggest sg;
    suggest_init(&sg, name);
    for (uint32_t i = 0; i < c->nenv; i++)
        if (c->env[i].ns == ns && env_find(c, ns, c->env[i].name) == &c->env[i]) suggest_offer(&sg, c->env[i].name);
    return suggest_best(&sg);
}

/* Leaves a scope: unbinds everything bound since mark. */
static void env_undo(Ck *c, uint32_t mark)
{
    while (c->nenv > mark) {
        Entry *e = &c->env[--c->nenv];
        c->bucket[e->hash % NBUCKETS] = e->next;
    }
}

/* The entries bound since mark, copied (a structure's or local's body). */
static Str *env_since(Ck *c, uint32_t mark)
{
    Str *s = arena_alloc(c->arena, sizeof *s);
    s->n = c->nenv - mark;
    s->members = arena_alloc(c->arena, (s->n ? s->n : 1) * sizeof *s->members);
    memcpy(s->members, c->env + mark, s->n * sizeof *s->members);
    return s;
}

/* Binds a structure's members again, under prefix ("S.") or none. */
static void env_rebind(Ck *c, const Str *s, const char *prefix)
{
    for (uint32_t i = 0; i < s->n; i++) {
        const Entry *m = &s->members[i];
        const char *name = m->name;
        if (prefix) {
            size_t lp = strlen(prefix), ln = strlen(m->name);
            char *q = arena_alloc(c->arena, lp + ln + 2);
            memcpy(q, prefix, lp);
            q[lp] = '.';
            memcpy(q + lp + 1, m->name, ln + 1);
            name = q;
        }
        Entry *e = env_bind(c, m->ns, name);
        e->sch = m->sch;
        e->str = m->str;
        e->fct = m->fct;
        e->fct_failed = m->fct_failed;
        e->sig = m->sig;
        e->con = m->con;
    }
}

/* ---- errors ---------------------------------------------------------- */

/* The next of n diagnostics kept in list (at most max; past that *more is
 * set and a sink is returned), filled with the message at sp. */
static Diag *diag_next(Diag *list, uint32_t *n, uint32_t max, int *more, Span sp, const char *fmt, va_list ap)
{
    static Diag sink;
    if (*n >= max) {
        *more = 1;
        return &sink;
    }
    Diag *d = &list[(*n)++];
    char msg[sizeof d->msg];
    vsnprintf(msg, sizeof msg, fmt, ap);
    memset(d, 0, sizeof *d);
    diag_set(d, sp, "%s", msg);
    return d;
}

static Diag *error_at(Ck *c, Span sp, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static Diag *error_at(Ck *c, Span sp, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    Diag *d = diag_next(c->rep->errors, &c->rep->nerrors, TYPES_MAX_ERRORS, &c->rep->more, sp, fmt, ap);
    va_end(ap);
    return d;
}

static void warn_at(Ck *c, Span sp, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void warn_at(Ck *c, Span sp, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_next(c->rep->warnings, &c->rep->nwarnings, TYPES_MAX_WARNINGS, &c->rep->more_warnings, sp, fmt, ap);
    va_end(ap);
}

static void note_at(Diag *d, Span sp, const char *text)
{
    d->has_note = 1;
    d->note_span = sp;
    snprintf(d->note, sizeof d->note, "%s", text);
}

/* ---- making types ---------------------------------------------------- */

static Type *new_type(Ck *c, TKind k)
{
    Type *t = arena_alloc(c->arena, sizeof *t);
    t->k = k;
    return t;
}

static Type *new_var(Ck *c)
{
    Type *t = new_type(c, T_VAR);
    t->level = c->level;
    t->id = c->nvars++;
    return t;
}

static Type *new_con(Ck *c, Tycon *tc, uint32_t n, Type *a0, Type *a1)
{
    Type *t = new_type(c, T_CON);
    t->tc = tc;
    t->n = n;
    t->args = arena_alloc(c->arena, (n ? n : 1) * sizeof *t->args);
    if (n > 0) t->args[0] = a0;
    if (n > 1) t->args[1] = a1;
    return t;
}

static Type *con0(Ck *c, Tycon *tc) { return new_con(c, tc, 0, NULL, NULL); }
static Type *arrow(Ck *c, Type *a, Type *b) { return new_con(c, c->t_arrow, 2, a, b); }

static Type *new_rec(Ck *c, uint32_t n)
{
    Type *t = new_type(c, T_REC);
    t->n = n;
    t->args = arena_alloc(c->arena, (n ? n : 1) * sizeof *t->args);
    t->labels = arena_alloc(c->arena, (n ? n : 1) * sizeof *t->labels);
    t->level = c->level;
    return t;
}

static const char *numeral(Ck *c, uint32_t i)
{
    static const char *small[] = {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"};
    if (i < 10) return small[i];
    char *s = arena_alloc(c->arena, 12);
    snprintf(s, 12, "%u", i);
    return s;
}

/* (t1, ..., tn) as the record {1: t1, ..., n: tn}; n == 0 is unit. */
static Type *tuple(Ck *c, uint32_t n, Type **ts)
{
    Type *t = new_rec(c, n);
    for (uint32_t i = 0; i < n; i++) {
        t->labels[i] = numeral(c, i + 1);
        t->args[i] = ts[i];
    }
    /* labels 10.. sort after 1..9 by value already: numerals compare by value */
    return t;
}

static Tycon *new_tycon(Ck *c, const char *name, uint32_t arity, int eq)
{
    Tycon *tc = arena_alloc(c->arena, sizeof *tc);
    tc->name = name;
    tc->arity = arity;
    tc->eq = eq;
    tc->id = c->ntycons++;
    return tc;
}

/* Adds field label : arg to record t (t->n fields, room for one more),
 * keeping its labels sorted. */
static void rec_insert(Type *t, const char *label, Type *arg)
{
    uint32_t k = t->n++;
    while (k > 0 && rec_label_cmp(t->labels[k - 1], label) > 0) {
        t->labels[k] = t->labels[k - 1];
        t->args[k] = t->args[k - 1];
        k--;
    }
    t->labels[k] = label;
    t->args[k] = arg;
}

static Type *repr(Type *t)
{
    while ((t->k == T_VAR || (t->k == T_REC && t->flex)) && t->link) {
        if (t->link->link && (t->link->k == T_VAR || t->link->k == T_REC)) t->link = t->link->link;
        t = t->link;
    }
    return t;
}

static void pend(Ck *c, Type *t)
{
    if (t->k == T_REC) {
        c->flexes = grow(c->flexes, &c->capflexes, c->nflexes + 1, sizeof *c->flexes);
        c->flexes[c->nflexes++] = t;
        return;
    }
    c->pending = grow(c->pending, &c->cappending, c->npending + 1, sizeof *c->pending);
    c->pending[c->npending++] = t;
}

/* ---- printing types as SML/NJ does ----------------------------------- */

typedef struct Buf {
    char *s;
    size_t n, cap;
    /* names given to variables while printing one message */
    Type *vars[26];
    uint32_t nvars;
} Buf;

static void put(Buf *b, const char *s)
{
    size_t l = strlen(s);
    if (b->n + l + 1 > b->cap) {
        size_t nc = b->cap ? b->cap : 128;
        while (nc < b->n + l + 1) nc *= 2;
        char *ns = realloc(b->s, nc);
        if (!ns) abort();
        b->s = ns;
        b->cap = nc;
    }
    memcpy(b->s + b->n, s, l + 1);
    b->n += l;
}

static int is_tuple(const Type *t)
{
    if (t->k != T_REC || t->flex || t->n == 1) return 0;
    for (uint32_t i = 0; i < t->n; i++) {
        char want[12];
        snprintf(want, sizeof want, "%u", i + 1);
        if (strcmp(t->labels[i], want) != 0) return 0;
    }
    return 1;
}

/* prec: 0 anywhere, 1 the left of an arrow, 2 a component of a tuple,
 * 3 the argument of a type constructor. */
static void print_ty(Buf *b, Type *t, int prec)
{
    t = repr(t);
    char tmp[48];
    switch (t->k) {
    case T_VAR: case T_GEN: {
        if (t->k == T_VAR && t->rigid) { put(b, t->rigid); return; }
        if (t->ov == OV_SEQ) {
            put(b, "'a list");  /* or vector: PML's length takes both */
            return;
        }
        /* a constant's type not yet known: its default, as before IntInf
         * and the word types (SML/NJ writes [int ty]) */
        if (t->k == T_VAR && t->ov == (OV_INT | OV_BIG)) { put(b, "int"); return; }
        if (t->k == T_VAR && t->ov == OV_WORD) { put(b, "word"); return; }
        if (t->k == T_VAR && t->ov) { put(b, "'Z"); return; }
        uint32_t i = 0;
        while (i < b->nvars && b->vars[i] != t) i++;
        if (i == b->nvars && b->nvars < 26) b->vars[b->nvars++] = t;
        snprintf(tmp, sizeof tmp, "%s%c", t->eq ? "''" : "'", 'a' + (int)(i % 26));
        put(b, tmp);
        return;
    }
    case T_REC:
        if (t->n == 0 && !t->flex) { put(b, "unit"); return; }
        if (is_tuple(t)) {
            if (prec >= 2) put(b, "(");
            for (uint32_t i = 0; i < t->n; i++) {
                if (i) put(b, " * ");
                print_ty(b, t->args[i], 3);
            }
            if (prec >= 2) put(b, ")");
            return;
        }
        put(b, "{");
        for (uint32_t i = 0; i < t->n; i++) {
            if (i) put(b, ", ");
            put(b, t->labels[i]);
            put(b, ":");
            print_ty(b, t->args[i], 0);
        }
        put(b, t->flex ? (t->n ? ", ...}" : "...}") : "}");
        return;
    case T_CON:
        if (t->tc->arity == 2 && strcmp(t->tc->name, "->") == 0) {
            if (prec >= 1) put(b, "(");
            print_ty(b, t->args[0], 1);
            put(b, " -> ");
            print_ty(b, t->args[1], 0);
            if (prec >= 1) put(b, ")");
            return;
        }
        if (t->n == 1) {
            print_ty(b, t->args[0], 3);
            put(b, " ");
        } else if (t->n > 1) {
            put(b, "(");
            for (uint32_t i = 0; i < t->n; i++) {
                if (i) put(b, ", ");
                print_ty(b, t->args[i], 0);
            }
            put(b, ") ");
        }
        put(b, t->tc->name);
        return;
    }
}

/* The text of t, in the arena (names of variables fresh per call unless
 * b is shared). */
static const char *show(Ck *c, Buf *b, Type *t)
{
    size_t start = b->n;
    print_ty(b, t, 0);
    char *s = arena_strndup(c->arena, b->s + start, b->n - start);
    return s;
}

/* ---- unification ----------------------------------------------------- */

typedef enum UErr { U_OK, U_MISMATCH, U_CIRCULAR, U_EQ, U_OVERLOAD, U_RIGID, U_RECORD } UErr;

static const char *uerr_name(UErr e)
{
    switch (e) {
    case U_CIRCULAR: return "circularity";
    case U_EQ: return "equality type required";
    case U_OVERLOAD: return "overload conflict";
    case U_RIGID: return "type variable mismatch";
    case U_RECORD: return "record labels";
    default: return "tycon mismatch";
    }
}

static int ov_of(Ck *c, const Tycon *tc)
{
    if (tc == c->t_int) return OV_INT;
    if (tc == c->t_real) return OV_REAL;
    if (tc == c->t_word || tc == c->t_word8 || tc == c->t_word32 || tc == c->t_word64) return OV_WORD;
    if (tc == c->t_intinf) return OV_BIG;
    if (tc == c->t_string) return OV_STRING;
    if (tc == c->t_char) return OV_CHAR;
    if (tc == c->t_list) return OV_LIST;
    if (tc == c->t_vector) return OV_VECTOR;
    return 0;
}

/* Occurs check and level adjustment of t for binding variable v. */
static int occurs(Type *v, Type *t, uint32_t level)
{
    t = repr(t);
    if (t == v) return 1;
    if ((t->k == T_VAR || t->k == T_REC) && t->level > level) t->level = level;
    if (t->k == T_CON || t->k == T_REC)
        for (uint32_t i = 0; i < t->n; i++)
            if (occurs(v, t->args[i], level)) return 1;
    return 0;
}

/* Makes t admit equality: its variables become equality variables. */
static UErr make_eq(Type *t)
{
    t = repr(t);
    switch (t->k) {
    case T_VAR:
        if (t->rigid && !t->eq) return U_EQ;
        if (t->ov) {
            t->ov &= (uint8_t)~OV_REAL;
            return t->ov ? U_OK : U_EQ;
        }
        t->eq = 1;
        return U_OK;
    case T_GEN: return U_OK;
    case T_REC:
        for (uint32_t i = 0; i < t->n; i++)
            if (make_eq(t->args[i])) return U_EQ;
        return U_OK;
    case T_CON:
        if (t->tc->always_eq) return U_OK;
        if (!t->tc->eq) return U_EQ;
        for (uint32_t i = 0; i < t->n; i++)
            if (make_eq(t->args[i])) return U_EQ;
        return U_OK;
    }
    return U_OK;
}

static UErr unify(Ck *c, Type *a, Type *b);

/* A type constructor as sharing left it (union–find over abstract types). */
static Tycon *tycon_find(Tycon *tc)
{
    while (tc->same) tc = tc->same;
    return tc;
}

static UErr bind_var(Ck *c, Type *v, Type *t)
{
    if (t->k == T_VAR) {
        if (v->rigid) {
            if (t->rigid) return U_RIGID;
            Type *x = v; v = t; t = x;
        }
        /* two flexible variables: merge their constraints into t */
        if (v->ov && t->ov) {
            t->ov &= v->ov;
            if (!t->ov) return U_OVERLOAD;
        } else if (v->ov) {
            if (t->rigid) return U_OVERLOAD;
            t->ov = v->ov;
        }
        if (v->eq && make_eq(t)) return U_EQ;
        if (t->level > v->level) t->level = v->level;
        v->link = t;
        return U_OK;
    }
    if (v->rigid) return U_RIGID;
    if (occurs(v, t, v->level)) return U_CIRCULAR;
    if (v->ov) {
        /* a constant's type (int or IntInf.int; a word type) meeting another
         * type is a tycon mismatch, as it was before those types */
        int lit = v->ov == (OV_INT | OV_BIG) || v->ov == OV_WORD;
        if (t->k != T_CON || !(ov_of(c, t->tc) & v->ov)) return lit ? U_MISMATCH : U_OVERLOAD;
    }
    if (v->eq && make_eq(t)) return U_EQ;
    v->link = t;
    return U_OK;
}

static int find_label(const Type *r, const char *l)
{
    for (uint32_t i = 0; i < r->n; i++)
        if (strcmp(r->labels[i], l) == 0) return (int)i;
    return -1;
}

/* Two records: a flexible one's fields must be among the other's. */
static UErr unify_rec(Ck *c, Type *a, Type *b)
{
    if (!a->flex && b->flex) { Type *x = a; a = b; b = x; }
    if (!a->flex) {
        if (a->n != b->n) return U_RECORD;
        for (uint32_t i = 0; i < a->n; i++)
            if (strcmp(a->labels[i], b->labels[i]) != 0) return U_RECORD;
        for (uint32_t i = 0; i < a->n; i++) {
            UErr e = unify(c, a->args[i], b->args[i]);
            if (e) return e;
        }
        return U_OK;
    }
    if (!b->flex) {
        for (uint32_t i = 0; i < a->n; i++) {
            int j = find_label(b, a->labels[i]);
            if (j < 0) return U_RECORD;
            UErr e = unify(c, a->args[i], b->args[j]);
            if (e) return e;
        }
        if (occurs(a, b, a->level)) return U_CIRCULAR;
        a->link = b;
        return U_OK;
    }
    /* both flexible: the union of their fields */
    Type *u = new_rec(c, a->n + b->n);
    u->flex = 1;
    u->level = a->level < b->level ? a->level : b->level;
    u->n = 0;
    for (uint32_t i = 0; i < a->n; i++) {
        u->labels[u->n] = a->labels[i];
        u->args[u->n++] = a->args[i];
    }
    for (uint32_t i = 0; i < b->n; i++) {
        int j = find_label(a, b->labels[i]);
        if (j >= 0) {
            UErr e = unify(c, a->args[j], b->args[i]);
            if (e) return e;
            continue;
        }
        rec_insert(u, b->labels[i], b->args[i]);
    }
    a->link = u;
    b->link = u;
    pend(c, u);
    return U_OK;
}

static UErr unify(Ck *c, Type *a, Type *b)
{
    a = repr(a);
    b = repr(b);
    if (a == b) return U_OK;
    if (a->k == T_VAR) return bind_var(c, a, b);
    if (b->k == T_VAR) return bind_var(c, b, a);
    if (a->k == T_REC && b->k == T_REC) return unify_rec(c, a, b);
    if (a->k != T_CON || b->k != T_CON || tycon_find(a->tc) != tycon_find(b->tc)) return U_MISMATCH;
    for (uint32_t i = 0; i < a->n; i++) {
        UErr e = unify(c, a->args[i], b->args[i]);
        if (e) return e;
    }
    return U_OK;
}

/* Unifies and reports a failure as SML/NJ does: "what [kind]" with the two
 * types under their names (e.g. "operator domain" and "operand"). */
static int expect(Ck *c, Type *want, Type *got, Span sp, const char *what,
                  const char *wname, const char *gname, Span note_sp)
{
    UErr e = unify(c, want, got);
    if (!e) return 1;
    if (sp.file == c->rhs.file && sp.off == c->rhs.off && sp.end == c->rhs.end) sp = c->rhs_at;
    Buf b = {0};
    const char *ws = show(c, &b, want), *gs = show(c, &b, got);
    free(b.s);
    Diag *d = error_at(c, sp, "%s [%s]: %s: %s, %s: %s", what, uerr_name(e), wname, ws, gname, gs);
    if (note_sp.end > note_sp.off && (note_sp.off != sp.off || note_sp.end != sp.end))
        note_at(d, note_sp, "in this expression");
    return 0;
}

/* ---- schemes: generalisation and instantiation ------------------------ */

typedef struct Gen {
    Type **from, **to;
    uint32_t n, cap;
    uint32_t level;
} Gen;

static Type *gen_copy(Ck *c, Gen *g, Type *t)
{
    t = repr(t);
    switch (t->k) {
    case T_VAR:
        /* overloaded variables stay free (defaulted at top level), except
         * PML's list-or-vector of length, which is generalised with its
         * class: fun rows m = length m serves both */
        if (t->level <= g->level || (t->ov && t->ov != OV_SEQ)) return t;
        for (uint32_t i = 0; i < g->n; i++)
            if (g->from[i] == t) return g->to[i];
        g->from = grow(g->from, &g->cap, g->n + 1, sizeof *g->from);
        g->to = realloc(g->to, g->cap * sizeof *g->to);
        if (!g->to) abort();
        Type *q = new_type(c, T_GEN);
        q->id = g->n;
        q->eq = t->eq;
        q->ov = t->ov;
        g->from[g->n] = t;
        g->to[g->n++] = q;
        return q;
    case T_GEN: return t;
    case T_REC:
        if (t->flex) return t;  /* resolved later: not generalised */
        /* fall through */
    case T_CON: {
        Type *u = new_type(c, t->k);
        *u = *t;
        u->args = arena_alloc(c->arena, (t->n ? t->n : 1) * sizeof *u->args);
        int same = 1;
        for (uint32_t i = 0; i < t->n; i++) {
            u->args[i] = gen_copy(c, g, t->args[i]);
            same &= u->args[i] == t->args[i];
        }
        return same ? t : u;
    }
    }
    return t;
}

/* Clos (rule 15 and §4.8): the variables of t made at a deeper level than
 * the current one become bound. */
static Scheme *generalize(Ck *c, Type *t)
{
    Gen g = {0};
    g.level = c->level;
    Scheme *s = arena_alloc(c->arena, sizeof *s);
    s->body = gen_copy(c, &g, t);
    s->n = g.n;
    free(g.from);
    free(g.to);
    return s;
}

static Scheme *mono(Ck *c, Type *t)
{
    Scheme *s = arena_alloc(c->arena, sizeof *s);
    s->body = t;
    return s;
}

/* Lowers the variables of t to the current level (an expansive binding:
 * they must not be generalised by a later declaration of this scope). */
static void lower(Ck *c, Type *t)
{
    t = repr(t);
    if ((t->k == T_VAR || t->k == T_REC) && t->level > c->level) t->level = c->level;
    if (t->k == T_CON || t->k == T_REC)
        for (uint32_t i = 0; i < t->n; i++) lower(c, t->args[i]);
}

static Type *subst(Ck *c, Type *t, Type **inst)
{
    t = repr(t);
    if (t->k == T_GEN) {
        if (!inst[t->id]) {
            inst[t->id] = new_var(c);
            inst[t->id]->eq = t->eq;
            inst[t->id]->ov = t->ov;
            if (t->ov) pend(c, inst[t->id]);
        }
        return inst[t->id];
    }
    if (t->k != T_CON && !(t->k == T_REC && !t->flex)) return t;
    if (t->n == 0) return t;
    Type *u = new_type(c, t->k);
    *u = *t;
    u->args = arena_alloc(c->arena, t->n * sizeof *u->args);
    for (uint32_t i = 0; i < t->n; i++) u->args[i] = subst(c, t->args[i], inst);
    return u;
}

/* Instance of s (rule 2's "σ ≻ τ") with fresh variables, or a type
 * function applied to args. */
static Type *instantiate(Ck *c, const Scheme *s, Type **args)
{
    if (s->n == 0) return s->body;
    Type *local[8];
    Type **inst = s->n <= 8 ? local : arena_alloc(c->arena, s->n * sizeof *inst);
    for (uint32_t i = 0; i < s->n; i++) inst[i] = args ? args[i] : NULL;
    return subst(c, s->body, inst);
}

/* ---- type expressions (rules 44-49) ---------------------------------- */

static Type *tyvar_lookup(Ck *c, const char *name)
{
    for (uint32_t i = c->ntv; i-- > 0;)
        if (strcmp(c->tv_names[i], name) == 0) return c->tv_types[i];
    return NULL;
}

static void tyvar_push(Ck *c, const char *name, Type *t)
{
    uint32_t cap = c->captv;
    c->tv_names = grow(c->tv_names, &cap, c->ntv + 1, sizeof *c->tv_names);
    c->tv_types = grow(c->tv_types, &c->captv, c->ntv + 1, sizeof *c->tv_types);
    c->tv_names[c->ntv] = name;
    c->tv_types[c->ntv++] = t;
}

/* "unbound type constructor: strin; did you mean 'string'?" */
static void unbound_type(Ck *c, Span sp, const char *name)
{
    const char *near = env_near(c, NS_TYPE, name);
    if (near) error_at(c, sp, "unbound type constructor: %s; did you mean '%s'?", name, near);
    else error_at(c, sp, "unbound type constructor: %s", name);
}

static Type *ty_type(Ck *c, const TyExp *x)
{
    switch (x->kind) {
    case TYX_VAR: { /* rule 44 */
        Type *t = tyvar_lookup(c, x->name);
        if (t) return t;
        /* an explicit type variable not yet scoped (in a datatype's or
         * exception's argument): SML rejects it */
        error_at(c, x->span, "unbound type variable in type declaration: %s", x->name);
        return new_var(c);
    }
    case TYX_RECORD: { /* rule 45 */
        Type *t = new_rec(c, x->n);
        t->n = 0;
        for (uint32_t i = 0; i < x->n; i++) rec_insert(t, x->labels[i], ty_type(c, x->args[i]));
        return t;
    }
    case TYX_TUPLE: {
        Type **ts = arena_alloc(c->arena, x->n * sizeof *ts);
        for (uint32_t i = 0; i < x->n; i++) ts[i] = ty_type(c, x->args[i]);
        return tuple(c, x->n, ts);
    }
    case TYX_ARROW: /* rule 48 */
        return arrow(c, ty_type(c, x->args[0]), ty_type(c, x->args[1]));
    case TYX_CON: { /* rule 46 */
        Type **args = arena_alloc(c->arena, (x->n ? x->n : 1) * sizeof *args);
        for (uint32_t i = 0; i < x->n; i++) args[i] = ty_type(c, x->args[i]);
        Entry *e = env_find(c, NS_TYPE, x->name);
        if (!e) {
            unbound_type(c, x->span, x->name);
            return new_var(c);
        }
        if (e->sch->n != x->n) {
            error_at(c, x->span, "type constructor %s given %u argument%s, wants %u", x->name,
                     x->n, x->n == 1 ? "" : "s", e->sch->n);
            return new_var(c);
        }
        return instantiate(c, e->sch, args);
    }
    }
    return new_var(c);
}

/* ---- the primitives' and builtins' types ---------------------------- */

/* A tiny reader for the types written below in SML syntax; %N, %I, %O are
 * overloaded variables (num, int/word, ordered), one per type. */
typedef struct Rd {
    Ck *c;
    const char *p;
    Type *vars[4];      /* 'a 'b ''a ''b */
    Type *ov;
} Rd;

static Type *rd_ty(Rd *r);

static void rd_skip(Rd *r) { while (*r->p == ' ') r->p++; }

static Type *rd_atom(Rd *r)
{
    rd_skip(r);
    Ck *c = r->c;
    if (*r->p == '(') {
        r->p++;
        Type *t = rd_ty(r);
        rd_skip(r);
        r->p++;
        return t;
    }
    if (*r->p == '%') {
        char k = r->p[1];
        r->p += 2;
        if (!r->ov) {
            r->ov = new_var(c);
            r->ov->ov = k == 'N' ? OV_NUM : k == 'I' ? (OV_INT | OV_WORD | OV_BIG) :
                        k == 'S' ? (OV_LIST | OV_VECTOR) : OV_ORD;
        }
        return r->ov;
    }
    if (*r->p == '\'') {
        int eq = r->p[1] == '\'';
        r->p += eq ? 2 : 1;
        int i = (*r->p++ - 'a') + (eq ? 2 : 0);
        if (!r->vars[i]) {
            r->vars[i] = new_type(c, T_GEN);
            r->vars[i]->eq = (uint8_t)eq;
        }
        return r->vars[i];
    }
    const char *s = r->p;
    while (isalnum((unsigned char)*r->p) || *r->p == '.') r->p++;
    char name[32];
    snprintf(name, sizeof name, "%.*s", (int)(r->p - s), s);
    if (strcmp(name, "unit") == 0) return tuple(c, 0, NULL);
    Entry *e = env_find(c, NS_TYPE, name);
    return e->sch->body;
}

static Type *rd_app(Rd *r)
{
    Type *t = rd_atom(r);
    for (;;) {
        rd_skip(r);
        const char *s = r->p;
        if (!isalpha((unsigned char)*s)) return t;
        while (isalnum((unsigned char)*r->p) || *r->p == '.') r->p++;
        char name[32];
        snprintf(name, sizeof name, "%.*s", (int)(r->p - s), s);
        Entry *e = env_find(r->c, NS_TYPE, name);
        t = new_con(r->c, e->sch->body->tc, 1, t, NULL);
    }
}

static Type *rd_ty(Rd *r)
{
    Type *ts[4];
    uint32_t n = 0;
    ts[n++] = rd_app(r);
    rd_skip(r);
    while (*r->p == '*') {
        r->p++;
        ts[n++] = rd_app(r);
        rd_skip(r);
    }
    Type *t = n == 1 ? ts[0] : tuple(r->c, n, ts);
    if (r->p[0] == '-' && r->p[1] == '>') {
        r->p += 2;
        return arrow(r->c, t, rd_ty(r));
    }
    return t;
}

/* The scheme of a type written in SML syntax.  An overloaded one is made
 * fresh per use (ty_exp), so it is kept as text by the caller. */
static Scheme *read_scheme(Ck *c, const char *text)
{
    Rd r = {c, text, {0}, NULL};
    Type *t = rd_ty(&r);
    Scheme *s = arena_alloc(c->arena, sizeof *s);
    s->body = t;
    uint32_t n = 0;
    for (int i = 0; i < 4; i++)
        if (r.vars[i]) r.vars[i]->id = n++;
    s->n = n;
    return s;
}

static const struct { const char *name, *type; } prim_types[] = {
    {"+", "%N * %N -> %N"}, {"-", "%N * %N -> %N"}, {"*", "%N * %N -> %N"},
    {"/", "real * real -> real"}, {"div", "%I * %I -> %I"}, {"mod", "%I * %I -> %I"},
    {"~", "%N -> %N"}, {"abs", "%N -> %N"}, {"real", "int -> real"},
    {"Real.fromInt", "int -> real"}, {"floor", "real -> int"}, {"round", "real -> int"},
    {"trunc", "real -> int"}, {"sqrt", "real -> real"}, {"Math.sqrt", "real -> real"},
    {"min", "%N * %N -> %N"}, {"max", "%N * %N -> %N"}, {"not", "bool -> bool"},
    {"=", "''a * ''a -> bool"}, {"<>", "''a * ''a -> bool"},
    {"<", "%O * %O -> bool"}, {">", "%O * %O -> bool"}, {"<=", "%O * %O -> bool"},
    {">=", "%O * %O -> bool"},
    {"^", "string * string -> string"}, {"size", "string -> int"},
    {"Int.toString", "int -> string"}, {"intToString", "int -> string"},
    {"Real.toString", "real -> string"},
    {"vector", "int * 'a -> 'a vector"}, {"sub", "'a vector * int -> 'a"},
    {"length", "%S -> int"}, {"append", "'a vector * 'a vector -> 'a vector"},
    {"update", "'a vector * int * 'a -> 'a vector"}, {"fromList", "'a list -> 'a vector"},
    {"toList", "'a vector -> 'a list"}, {"param", "string * int -> int"},
    {"!", "'a ref -> 'a"}, {":=", "'a ref * 'a -> unit"},
    {"ord", "char -> int"}, {"Char.ord", "char -> int"}, {"chr", "int -> char"},
    {"Char.chr", "int -> char"}, {"str", "char -> string"}, {"String.str", "char -> string"},
    {"String.sub", "string * int -> char"}, {"substring", "string * int * int -> string"},
    {"String.substring", "string * int * int -> string"}, {"implode", "char list -> string"},
    {"String.implode", "char list -> string"}, {"String.size", "string -> int"},
    {"Int.fromString", "string -> int option"}, {"Int.quot", "int * int -> int"},
    {"Int.rem", "int * int -> int"}, {"Int.abs", "int -> int"}, {"Int.min", "int * int -> int"},
    {"Int.max", "int * int -> int"}, {"Real.abs", "real -> real"},
    {"Real.min", "real * real -> real"}, {"Real.max", "real * real -> real"},
    {"Real.floor", "real -> int"}, {"Real.round", "real -> int"}, {"Real.trunc", "real -> int"},
    {"ceil", "real -> int"}, {"Real.ceil", "real -> int"},
    {"Real.fromString", "string -> real option"}, {"Math.sin", "real -> real"},
    {"Math.cos", "real -> real"}, {"Math.tan", "real -> real"}, {"Math.atan", "real -> real"},
    {"Math.exp", "real -> real"}, {"Math.ln", "real -> real"},
    {"Math.pow", "real * real -> real"}, {"print", "string -> unit"},
    {"Char.toString", "char -> string"}, {"String.toString", "string -> string"},
    {"Vector.sub", "'a vector * int -> 'a"}, {"Vector.length", "'a vector -> int"},
    {"Vector.fromList", "'a list -> 'a vector"},
    {"Vector.update", "'a vector * int * 'a -> 'a vector"},
    {"Array.array", "int * 'a -> 'a array"}, {"Array.fromList", "'a list -> 'a array"},
    {"Array.sub", "'a array * int -> 'a"}, {"Array.update", "'a array * int * 'a -> unit"},
    {"Array.length", "'a array -> int"}, {"Array.vector", "'a array -> 'a vector"},
    {"o", "('b -> 'c) * ('a -> 'b) -> 'a -> 'c"}, {"before", "'a * unit -> 'a"},
    {"Math.pi", "real"}, {"Math.e", "real"},
    {"exnName", "exn -> string"}, {"General.exnName", "exn -> string"},
    {"exnMessage", "exn -> string"}, {"General.exnMessage", "exn -> string"},
    {"Int.maxInt", "int option"}, {"Int.minInt", "int option"},
    {"Int.precision", "int option"}, {"Vector.maxLen", "int"}, {"Array.maxLen", "int"},
    {"String.maxSize", "int"}, {"Char.maxOrd", "int"},
    {"TextIO.print", "string -> unit"},
    {"TextIO.output", "TextIO.outstream * string -> unit"},
    {"TextIO.flushOut", "TextIO.outstream -> unit"},
    {"TextIO.inputLine", "TextIO.instream -> string option"},
    {"TextIO.inputAll", "TextIO.instream -> string"},
    {"TextIO.input", "TextIO.instream -> string"},
    {"TextIO.input1", "TextIO.instream -> char option"},
    {"TextIO.lookahead", "TextIO.instream -> char option"},
    {"TextIO.inputN", "TextIO.instream * int -> string"},
    {"TextIO.endOfStream", "TextIO.instream -> bool"},
    {"TextIO.closeIn", "TextIO.instream -> unit"},
    {"Math.asin", "real -> real"}, {"Math.acos", "real -> real"},
    {"Math.atan2", "real * real -> real"}, {"Math.sinh", "real -> real"},
    {"Math.cosh", "real -> real"}, {"Math.tanh", "real -> real"},
    {"Math.log10", "real -> real"},
    {"Char.minChar", "char"}, {"Char.maxChar", "char"},
    {"Byte.byteToChar", "Word8.word -> char"}, {"Byte.charToByte", "char -> Word8.word"},
    {"IntInf.pow", "IntInf.int * int -> IntInf.int"}, {"IntInf.log2", "IntInf.int -> int"},
    {"IntInf.orb", "IntInf.int * IntInf.int -> IntInf.int"},
    {"IntInf.xorb", "IntInf.int * IntInf.int -> IntInf.int"},
    {"IntInf.andb", "IntInf.int * IntInf.int -> IntInf.int"},
    {"IntInf.notb", "IntInf.int -> IntInf.int"}, {"IntInf.<<", "IntInf.int * word -> IntInf.int"},
    {"IntInf.~>>", "IntInf.int * word -> IntInf.int"}, {"Int.toLarge", "int -> IntInf.int"},
    {"Int.fromLarge", "IntInf.int -> int"}, {"Real.fromLargeInt", "IntInf.int -> real"},
    {"Real.fmt'", "StringCvt.realfmt * real -> string"},
};

/* The members of the word structures and of IntInf/LargeInt (lang/prims.h,
 * PML_WORD_ROWS, PML_INTINF_ROWS), W standing for the structure's type. */
static const struct { const char *member, *type; } word_members[] = {
    {"wordSize", "int"}, {"toInt", "W -> int"}, {"toIntX", "W -> int"}, {"fromInt", "int -> W"},
    {"toLarge", "W -> Word64.word"}, {"toLargeX", "W -> Word64.word"},
    {"toLargeWord", "W -> Word64.word"}, {"toLargeWordX", "W -> Word64.word"},
    {"fromLarge", "Word64.word -> W"}, {"fromLargeWord", "Word64.word -> W"},
    {"toLargeInt", "W -> IntInf.int"}, {"toLargeIntX", "W -> IntInf.int"},
    {"fromLargeInt", "IntInf.int -> W"}, {"andb", "W * W -> W"}, {"orb", "W * W -> W"},
    {"xorb", "W * W -> W"}, {"notb", "W -> W"}, {"<<", "W * word -> W"}, {">>", "W * word -> W"},
    {"~>>", "W * word -> W"}, {"+", "W * W -> W"}, {"-", "W * W -> W"}, {"*", "W * W -> W"},
    {"div", "W * W -> W"}, {"mod", "W * W -> W"}, {"~", "W -> W"}, {"min", "W * W -> W"},
    {"max", "W * W -> W"}, {"compare", "W * W -> order"}, {"<", "W * W -> bool"},
    {"<=", "W * W -> bool"}, {">", "W * W -> bool"}, {">=", "W * W -> bool"},
    {"toString", "W -> string"}, {"fmt'", "StringCvt.radix * W -> string"},
    {"fromString", "string -> W option"},
}, intinf_members[] = {
    {"toLarge", "W -> W"}, {"fromLarge", "W -> W"}, {"toInt", "W -> int"}, {"fromInt", "int -> W"},
    {"precision", "int option"}, {"minInt", "W option"}, {"maxInt", "W option"},
    {"+", "W * W -> W"}, {"-", "W * W -> W"}, {"*", "W * W -> W"}, {"div", "W * W -> W"},
    {"mod", "W * W -> W"}, {"quot", "W * W -> W"}, {"rem", "W * W -> W"}, {"~", "W -> W"},
    {"abs", "W -> W"}, {"min", "W * W -> W"}, {"max", "W * W -> W"},
    {"compare", "W * W -> order"}, {"<", "W * W -> bool"}, {"<=", "W * W -> bool"},
    {">", "W * W -> bool"}, {">=", "W * W -> bool"}, {"sign", "W -> int"},
    {"sameSign", "W * W -> bool"}, {"divMod", "W * W -> W * W"}, {"quotRem", "W * W -> W * W"},
    {"toString", "W -> string"}, {"fmt'", "StringCvt.radix * W -> string"},
    {"fromString", "string -> W option"}, {"pow", "W * int -> W"}, {"log2", "W -> int"},
    {"orb", "W * W -> W"}, {"xorb", "W * W -> W"}, {"andb", "W * W -> W"}, {"notb", "W -> W"},
    {"<<", "W * word -> W"}, {"~>>", "W * word -> W"},
};

static const struct { const char *structure, *type; } num_structures[] = {
    {"Word", "word"}, {"Word63", "word"}, {"Word8", "Word8.word"}, {"Word32", "Word32.word"},
    {"Word64", "Word64.word"}, {"LargeWord", "Word64.word"}, {"IntInf", "IntInf.int"},
    {"LargeInt", "IntInf.int"},
};

/* A word or IntInf member's type: its W replaced by the structure's type
 * (in the checker's arena); NULL if name is none. */
static const char *num_member_type(Ck *c, const char *name)
{
    const char *dot = strchr(name, '.');
    if (!dot) return NULL;
    for (size_t i = 0; i < sizeof num_structures / sizeof num_structures[0]; i++) {
        const char *st = num_structures[i].structure;
        if (strlen(st) != (size_t)(dot - name) || strncmp(st, name, (size_t)(dot - name)) != 0) continue;
        int big = strcmp(num_structures[i].type, "IntInf.int") == 0;
        size_t n = big ? sizeof intinf_members / sizeof intinf_members[0]
                       : sizeof word_members / sizeof word_members[0];
        for (size_t k = 0; k < n; k++) {
            const char *m = big ? intinf_members[k].member : word_members[k].member;
            const char *t = big ? intinf_members[k].type : word_members[k].type;
            if (strcmp(m, dot + 1) != 0) continue;
            char *out = arena_alloc(c->arena, strlen(t) * 12 + 1), *o = out;
            for (const char *u = t; *u; u++) {   /* W alone, not Word64's W */
                int alone = *u == 'W' && !isalnum((unsigned char)u[1]) && (u == t || u[-1] == ' ');
                o += alone ? sprintf(o, "%s", num_structures[i].type) : sprintf(o, "%c", *u);
            }
            return out;
        }
    }
    return NULL;
}

static const char *prim_type_text(Ck *c, const char *name)
{
    for (size_t i = 0; i < sizeof prim_types / sizeof prim_types[0]; i++)
        if (strcmp(prim_types[i].name, name) == 0) return prim_types[i].type;
    return num_member_type(c, name);
}

/* ---- constructors by ConDef ----------------------------------------- */

static void con_set(Ck *c, const ConDef *con, Scheme *s)
{
    if ((c->ncons + 1) * 2 > c->capcons) {
        uint32_t old = c->capcons;
        ConType *o = c->cons;
        c->capcons = old ? old * 2 : 256;
        c->cons = calloc(c->capcons, sizeof *c->cons);
        if (!c->cons) abort();
        c->ncons = 0;
        for (uint32_t i = 0; i < old; i++)
            if (o[i].con) con_set(c, o[i].con, o[i].sch);
        free(o);
    }
    uint32_t h = (uint32_t)(((uintptr_t)con >> 4) * 2654435761u) & (c->capcons - 1);
    while (c->cons[h].con && c->cons[h].con != con) h = (h + 1) & (c->capcons - 1);
    if (!c->cons[h].con) c->ncons++;
    c->cons[h].con = con;
    c->cons[h].sch = s;
}

static Scheme *con_get(Ck *c, const ConDef *con)
{
    if (!c->capcons) return NULL;
    uint32_t h = (uint32_t)(((uintptr_t)con >> 4) * 2654435761u) & (c->capcons - 1);
    while (c->cons[h].con) {
        if (c->cons[h].con == con) return c->cons[h].sch;
        h = (h + 1) & (c->capcons - 1);
    }
    return NULL;
}

static Type *con_type(Ck *c, const ConDef *con)
{
    Scheme *s = con_get(c, con);
    if (!s) return new_var(c);  /* not reached: every constructor is declared */
    return instantiate(c, s, NULL);
}

static void init_builtins(Ck *c)
{
    static const struct { const char *name; uint32_t arity; int eq; } tcs[] = {
        {"int", 0, 1}, {"real", 0, 0}, {"string", 0, 1}, {"char", 0, 1}, {"bool", 0, 1},
        {"word", 0, 1}, {"list", 1, 1}, {"option", 1, 1}, {"ref", 1, 1}, {"exn", 0, 0},
        {"->", 2, 0}, {"vector", 1, 1}, {"array", 1, 1}, {"order", 0, 1},
        {"Word8.word", 0, 1}, {"Word32.word", 0, 1}, {"Word64.word", 0, 1}, {"IntInf.int", 0, 1},
    };
    Tycon **slots[] = {&c->t_int, &c->t_real, &c->t_string, &c->t_char, &c->t_bool,
                       &c->t_word, &c->t_list, &c->t_option, &c->t_ref, &c->t_exn,
                       &c->t_arrow, &c->t_vector, &c->t_array, &c->t_order,
                       &c->t_word8, &c->t_word32, &c->t_word64, &c->t_intinf};
    for (size_t i = 0; i < sizeof tcs / sizeof tcs[0]; i++) {
        Tycon *tc = new_tycon(c, tcs[i].name, tcs[i].arity, tcs[i].eq);
        *slots[i] = tc;
        Scheme *s = arena_alloc(c->arena, sizeof *s);
        s->n = tc->arity;
        Type *g[2];
        for (uint32_t k = 0; k < tc->arity; k++) {
            g[k] = new_type(c, T_GEN);
            g[k]->id = k;
        }
        s->body = new_con(c, tc, tc->arity, tc->arity > 0 ? g[0] : NULL, tc->arity > 1 ? g[1] : NULL);
        if (i != 10) env_bind(c, NS_TYPE, tc->name)->sch = s;
    }
    c->t_ref->always_eq = 1;
    c->t_array->always_eq = 1;
    env_bind(c, NS_TYPE, "unit")->sch = mono(c, tuple(c, 0, NULL));
    /* the Basis structures' names for the same types (datatype t = datatype
     * General.order, x : Int.int) */
    static const char *const longs[][2] = {
        {"General.order", "order"}, {"General.exn", "exn"}, {"General.unit", "unit"},
        {"Int.int", "int"}, {"Real.real", "real"}, {"String.string", "string"},
        {"Char.char", "char"}, {"Bool.bool", "bool"}, {"Word.word", "word"},
        {"List.list", "list"}, {"Option.option", "option"}, {"Vector.vector", "vector"},
        {"Array.array", "array"}, {"Word63.word", "word"}, {"LargeWord.word", "Word64.word"},
        {"LargeInt.int", "IntInf.int"},
    };
    for (size_t i = 0; i < sizeof longs / sizeof longs[0]; i++)
        env_bind(c, NS_TYPE, longs[i][0])->sch = env_find(c, NS_TYPE, longs[i][1])->sch;
    /* the Basis's abstract types (bound only under their structures' names) */
    static const struct { const char *name; int eq; } abs[] = {
        {"TextIO.instream", 0}, {"TextIO.outstream", 0}, {"StringCvt.radix", 1},
        {"Substring.substring", 0},
        {"StringCvt.realfmt", 1},
    };
    for (size_t i = 0; i < sizeof abs / sizeof abs[0]; i++)
        env_bind(c, NS_TYPE, abs[i].name)->sch =
            mono(c, con0(c, new_tycon(c, abs[i].name, 0, abs[i].eq)));
    /* substring at the top level too; StringCvt's reader and its cs (an
     * index into the string scanString reads, lib/prelude.pml) */
    env_bind(c, NS_TYPE, "substring")->sch = env_find(c, NS_TYPE, "Substring.substring")->sch;
    env_bind(c, NS_TYPE, "StringCvt.reader")->sch = read_scheme(c, "'b -> ('a * 'b) option");
    env_bind(c, NS_TYPE, "StringCvt.cs")->sch = env_find(c, NS_TYPE, "int")->sch;
    static const struct { const char *name, *type; } cons[] = {
        {"false", "bool"}, {"true", "bool"}, {"nil", "'a list"}, {"::", "'a * 'a list -> 'a list"},
        {"NONE", "'a option"}, {"SOME", "'a -> 'a option"}, {"ref", "'a -> 'a ref"},
        {"Fail", "string -> exn"}, {"Div", "exn"}, {"Overflow", "exn"}, {"Subscript", "exn"},
        {"Empty", "exn"}, {"Option", "exn"}, {"Match", "exn"}, {"Bind", "exn"}, {"Size", "exn"},
        {"Chr", "exn"}, {"Domain", "exn"}, {"LESS", "order"}, {"EQUAL", "order"},
        {"GREATER", "order"}, {"UnequalLengths", "exn"}, {"BIN", "StringCvt.radix"},
        {"OCT", "StringCvt.radix"}, {"DEC", "StringCvt.radix"}, {"HEX", "StringCvt.radix"},
        {"SCI", "int option -> StringCvt.realfmt"}, {"FIX", "int option -> StringCvt.realfmt"},
        {"GEN", "int option -> StringCvt.realfmt"}, {"EXACT", "StringCvt.realfmt"},
        {"stdIn", "TextIO.instream"}, {"stdOut", "TextIO.outstream"},
        {"stdErr", "TextIO.outstream"},
        {"Span", "exn"}, {"Substring.SUBSTRING_", "string * int * int -> Substring.substring"},
    };
    for (size_t i = 0; i < sizeof cons / sizeof cons[0]; i++) {
        const ConDef *con = resolve_builtin_con(cons[i].name);
        if (con) con_set(c, con, read_scheme(c, cons[i].type));
    }
    for (uint32_t i = 0; i < prim_count; i++) {
        const char *text = prim_type_text(c, prim_table[i].name);
        /* an overloaded primitive is read afresh at each use (ty_exp) */
        c->prim[i] = text && !strchr(text, '%') ? read_scheme(c, text) : NULL;
    }
}

/* ---- expressions (rules 1-14) --------------------------------------- */

static Type *ty_exp(Ck *c, const Expr *e);
static Type *ty_pat(Ck *c, const Pat *p);
static void ty_decs(Ck *c, Dec *const *ds, uint32_t n);

static Span pat_span(const Pat *p) { return p->span; }

/* The type of a match (rules 13, 14): all rules' patterns agree with arg,
 * all bodies with res. */
/* §4.11 items 2-3: a match must be irredundant (SML/NJ: an error) and
 * should be exhaustive (a warning; not for a handler, which passes on
 * what it does not match).  Judged once the declaration type-checks. */
static void check_match(Ck *c, const Clause *cl, uint32_t n, Span sp, int handler)
{
    if (!c->user || c->quiet || c->rep->nerrors != c->top_errors || n == 0) return;
    MatchReport r;
    match_check(cl, n, &r);
    if (r.redundant != UINT32_MAX)
        note_at(error_at(c, sp, "match redundant: rule %u is matched by no value the rules above it leave",
                         r.redundant + 1),
                cl[r.redundant].span, "this rule");
    if (!r.exhaustive && !handler) warn_at(c, sp, "match nonexhaustive: %s is not matched", r.example);
}

static void ty_match(Ck *c, const Clause *cl, uint32_t n, Type *arg, Type *res, Span sp,
                     const char *what)
{
    for (uint32_t i = 0; i < n; i++) {
        uint32_t mark = c->nenv;
        Type *pt = ty_pat(c, cl[i].pats[0]);
        expect(c, arg, pt, sp, what, "rule domain", "this rule", pat_span(cl[i].pats[0]));
        Type *bt = ty_exp(c, cl[i].body);
        expect(c, res, bt, sp, "types of rules do not agree", "earlier rule(s)", "this rule",
               cl[i].body->span);
        env_undo(c, mark);
    }
}

static Type *prim_type(Ck *c, uint32_t idx)
{
    if (c->prim[idx]) return instantiate(c, c->prim[idx], NULL);
    const char *text = prim_type_text(c, prim_table[idx].name);
    if (!text) return new_var(c);   /* a primitive without a type: unchecked */
    Rd r = {c, text, {0}, NULL};
    Type *t = rd_ty(&r);
    if (r.ov) pend(c, r.ov);
    return t;
}

static Type *ty_var(Ck *c, const Expr *e)
{
    switch (e->ref.kind) {
    case REF_PRIM: return prim_type(c, e->ref.index);
    case REF_CON: return con_type(c, e->ref.con);
    default: {
        if (e->ref.con) return con_type(c, e->ref.con);  /* a fresh exception */
        Entry *en = env_find(c, NS_VAL, e->name);
        if (!en) return new_var(c); /* the resolver has reported it */
        return instantiate(c, en->sch, NULL);
    }
    }
}

/* #lab a: a has type {lab : 'a, ...}, the projection 'a */
static Type *ty_selector(Ck *c, const Expr *e)
{
    Type *r = new_rec(c, 1);
    r->flex = 1;
    r->labels[0] = e->name ? e->name : numeral(c, (uint32_t)e->ival);
    Type *a = new_var(c);
    r->args[0] = a;
    pend(c, r);
    Type *at = ty_exp(c, e->a);
    expect(c, r, at, e->span, "operator and operand do not agree", "operator domain", "operand",
           e->a->span);
    return a;
}

static Type *ty_app(Ck *c, const Expr *e)
{
    const Expr *f = e->a;
    Type *ft = ty_exp(c, f);
    Type *at = ty_exp(c, e->b);
    Type *res = new_var(c);
    Type *fr = repr(ft);
    int is_con = f->kind == EX_VAR && f->ref.kind == REF_CON;
    if (fr->k == T_CON && fr->tc == c->t_arrow) {
        if (!expect(c, fr->args[0], at, e->span,
                    is_con ? "constructor and argument do not agree" : "operator and operand do not agree",
                    is_con ? "constructor domain" : "operator domain", "operand", e->b->span))
            return fr->args[1];
        return fr->args[1];
    }
    if (fr->k == T_VAR || (fr->k == T_REC && fr->flex)) {
        expect(c, ft, arrow(c, at, res), e->span, "operator is not a function", "operator",
               "applied to", f->span);
        return res;
    }
    Buf b = {0};
    const char *fs = show(c, &b, ft);
    free(b.s);
    error_at(c, e->span, "operator is not a function [tycon mismatch]: operator: %s", fs);
    return res;
}

static Type *ty_record(Ck *c, const Expr *e)
{
    if (!e->rec_shape) {
        Type **ts = arena_alloc(c->arena, (e->n ? e->n : 1) * sizeof *ts);
        for (uint32_t i = 0; i < e->n; i++)
            ts[e->rec_perm ? e->rec_perm[i] : i] = ty_exp(c, e->elems[i]);
        return tuple(c, e->n, ts);
    }
    Type *t = new_rec(c, e->rec_shape->n);
    for (uint32_t i = 0; i < e->rec_shape->n; i++) t->labels[i] = e->rec_shape->labels[i];
    for (uint32_t i = 0; i < e->n; i++) t->args[e->rec_perm[i]] = ty_exp(c, e->elems[i]);
    return t;
}

static Type *bool_ty(Ck *c) { return con0(c, c->t_bool); }

/* An integer constant's type is int or IntInf.int, a word constant's any
 * word type (SML'97 §2.2 and Appendix E: the constants are overloaded),
 * defaulting to int and word; which it is is told to the constant at the
 * end of the top-level declaration (num_lits_done). */
static Type *num_lit(Ck *c, Expr *e, Pat *p, uint8_t num)
{
    Type *t = new_var(c);
    t->ov = num == NUM_WORD ? OV_WORD : OV_INT | OV_BIG;
    pend(c, t);
    c->lits = grow(c->lits, &c->caplits, c->nlits + 1, sizeof *c->lits);
    c->lits[c->nlits++] = (struct NumLit){e, p, t};
    return t;
}

static Type *ty_exp_bare(Ck *c, const Expr *e)
{
    switch (e->kind) {
    case EX_INT: return num_lit(c, (Expr *)e, NULL, e->num);   /* rule 1 (SCon) */
    case EX_REAL: return con0(c, c->t_real);
    case EX_CHAR: return con0(c, c->t_char);
    case EX_STRING: return con0(c, c->t_string);
    case EX_VAR: return ty_var(c, e);               /* rule 2 */
    case EX_PROJ: return ty_selector(c, e);
    case EX_TUPLE: {                                /* rules 3, 6 */
        Type **ts = arena_alloc(c->arena, (e->n ? e->n : 1) * sizeof *ts);
        for (uint32_t i = 0; i < e->n; i++) ts[i] = ty_exp(c, e->elems[i]);
        return tuple(c, e->n, ts);
    }
    case EX_RECORD: return ty_record(c, e);
    case EX_PAR: {                                  /* {e1, e2} : t1 * t2 */
        Type *ts[2] = {ty_exp(c, e->elems[0]), ty_exp(c, e->elems[1])};
        return tuple(c, 2, ts);
    }
    case EX_SEQ: {
        Type *t = NULL;
        for (uint32_t i = 0; i < e->n; i++) t = ty_exp(c, e->elems[i]);
        return t;
    }
    case EX_LIST: {
        Type *el = new_var(c);
        for (uint32_t i = 0; i < e->n; i++) {
            Type *t = ty_exp(c, e->elems[i]);
            expect(c, el, t, e->span, "operator and operand do not agree", "list elements",
                   "this element", e->elems[i]->span);
        }
        return new_con(c, c->t_list, 1, el, NULL);
    }
    case EX_APP: return ty_app(c, e);               /* rule 8 */
    case EX_FN: {                                   /* rule 12 */
        Type *arg = new_var(c), *res = new_var(c);
        ty_match(c, e->clauses, e->nclauses, arg, res, e->span, "rules do not agree");
        check_match(c, e->clauses, e->nclauses, e->span, 0);
        return arrow(c, arg, res);
    }
    case EX_CASE: {
        Type *arg = ty_exp(c, e->a), *res = new_var(c);
        ty_match(c, e->clauses, e->nclauses, arg, res, e->span, "case object and rules do not agree");
        check_match(c, e->clauses, e->nclauses, e->span, 0);
        return res;
    }
    case EX_HANDLE: {                               /* rule 10 */
        Type *t = ty_exp(c, e->a);
        Type *exn = con0(c, c->t_exn);
        for (uint32_t i = 0; i < e->nclauses; i++) {
            uint32_t mark = c->nenv;
            Type *pt = ty_pat(c, e->clauses[i].pats[0]);
            expect(c, exn, pt, e->span, "handler domain is not exn", "expected", "handler domain",
                   e->clauses[i].pats[0]->span);
            Type *bt = ty_exp(c, e->clauses[i].body);
            expect(c, t, bt, e->span, "expression and handler do not agree", "body", "handler",
                   e->clauses[i].body->span);
            env_undo(c, mark);
        }
        check_match(c, e->clauses, e->nclauses, e->span, 1);
        return t;
    }
    case EX_RAISE: {                                /* rule 11 */
        Type *t = ty_exp(c, e->a);
        expect(c, con0(c, c->t_exn), t, e->span, "argument of raise is not an exception",
               "expected", "raised", e->a->span);
        return new_var(c);
    }
    case EX_IF: {
        Type *t = ty_exp(c, e->a);
        expect(c, bool_ty(c), t, e->span, "test expression in if is not of type bool",
               "expected", "test expression", e->a->span);
        Type *a = ty_exp(c, e->b), *b = ty_exp(c, e->c);
        expect(c, a, b, e->span, "types of if branches do not agree", "then branch",
               "else branch", e->c->span);
        return a;
    }
    case EX_ANDALSO: case EX_ORELSE: {
        const char *what = e->kind == EX_ANDALSO ? "operand of andalso is not of type bool"
                                                 : "operand of orelse is not of type bool";
        Type *a = ty_exp(c, e->a);
        expect(c, bool_ty(c), a, e->span, what, "expected", "operand", e->a->span);
        Type *b = ty_exp(c, e->b);
        expect(c, bool_ty(c), b, e->span, what, "expected", "operand", e->b->span);
        return bool_ty(c);
    }
    case EX_LET: {                                  /* rule 4 */
        uint32_t mark = c->nenv, tc0 = c->ntycons;
        ty_decs(c, e->decs, e->ndecs);
        Type *t = ty_exp(c, e->a);
        env_undo(c, mark);
        /* §4.11 (the escape rule): a type declared in decs must not occur
         * in the type of the let */
        Type *stack[256];
        uint32_t sp = 0;
        stack[sp++] = t;
        while (sp) {
            Type *u = repr(stack[--sp]);
            if (u->k == T_CON && u->tc->id >= tc0) {
                Buf b = {0};
                error_at(c, e->span, "type %s escapes its scope (the let's value has type %s)",
                         u->tc->name, show(c, &b, t));
                free(b.s);
                break;
            }
            if (u->k == T_CON || u->k == T_REC)
                for (uint32_t i = 0; i < u->n && sp < 256; i++) stack[sp++] = u->args[i];
        }
        return t;
    }
    }
    return new_var(c);
}

/* t : annot (rules 9 and 42): the annotation's type, or t without one. */
static Type *constrain(Ck *c, Type *t, const TyExp *annot, Span sp, const char *what,
                       const char *name)
{
    if (!annot) return t;
    Type *want = ty_type(c, annot);
    expect(c, want, t, sp, what, "constraint", name, sp);
    return want;
}

static Type *ty_exp(Ck *c, const Expr *e)
{
    return constrain(c, ty_exp_bare(c, e), e->annot, e->span, "expression doesn't match constraint",
                     "expression");
}

/* ---- patterns (rules 32-43) ---------------------------------------- */

static void bind_pat_var(Ck *c, const char *name, Type *t)
{
    env_bind(c, NS_VAL, name)->sch = mono(c, t);
}

static Type *ty_pat_bare(Ck *c, const Pat *p)
{
    switch (p->kind) {
    case PAT_WILD: return new_var(c);               /* rule 32 */
    case PAT_INT: return num_lit(c, NULL, (Pat *)p, p->num);   /* rule 33 */
    case PAT_CHAR: return con0(c, c->t_char);
    case PAT_STRING: return con0(c, c->t_string);
    case PAT_VAR: {                                 /* rule 34 */
        Type *t = new_var(c);
        /* a capitalised variable one typo from a constructor (Nill, Leef)
         * matches anything: legal, and almost always a mistake */
        const char *near = c->user && !c->quiet && isupper((unsigned char)p->name[0]) ? env_near(c, NS_CON, p->name) : NULL;
        if (near) warn_at(c, p->span, "'%s' is a variable here, matching anything; did you mean the constructor '%s'?",
                          p->name, near);
        bind_pat_var(c, p->name, t);
        return t;
    }
    case PAT_TUPLE: {
        Type **ts = arena_alloc(c->arena, (p->n ? p->n : 1) * sizeof *ts);
        for (uint32_t i = 0; i < p->n; i++) ts[i] = ty_pat(c, p->elems[i]);
        return tuple(c, p->n, ts);
    }
    case PAT_LIST: {
        Type *el = new_var(c);
        for (uint32_t i = 0; i < p->n; i++) {
            Type *t = ty_pat(c, p->elems[i]);
            expect(c, el, t, p->span, "constructor and argument do not agree in pattern",
                   "list elements", "this element", p->elems[i]->span);
        }
        return new_con(c, c->t_list, 1, el, NULL);
    }
    case PAT_RECORD: {                              /* rules 36-39 */
        Type *t = new_rec(c, p->n);
        t->flex = (uint8_t)(p->ival != 0);
        t->n = 0;
        for (uint32_t i = 0; i < p->n; i++) rec_insert(t, p->labels[i], ty_pat(c, p->elems[i]));
        if (t->flex) pend(c, t);
        return t;
    }
    case PAT_CON: {                                 /* rules 35, 41 */
        Type *ct = p->con ? con_type(c, p->con) : new_var(c);
        if (!p->arg) return ct;
        Type *at = ty_pat(c, p->arg);
        Type *cr = repr(ct);
        if (cr->k != T_CON || cr->tc != c->t_arrow) return new_var(c); /* resolver reported */
        expect(c, cr->args[0], at, p->span, "constructor and argument do not agree in pattern",
               "constructor domain", "argument", p->arg->span);
        return cr->args[1];
    }
    case PAT_AS: {                                  /* rule 43 */
        Type *t = ty_pat(c, p->arg);
        bind_pat_var(c, p->name, t);
        return t;
    }
    }
    return new_var(c);
}

static Type *ty_pat(Ck *c, const Pat *p)
{
    return constrain(c, ty_pat_bare(c, p), p->annot, p->span, "pattern and constraint do not agree",
                     "pattern");
}

/* ---- declarations (rules 15-31) ------------------------------------ */

/* A flexible record made within the declaration just checked (its level
 * is above the current one) must be resolved by now, as SML/NJ requires. */
static void check_flex(Ck *c, Span sp, uint32_t above)
{
    uint32_t kept = 0;
    for (uint32_t i = 0; i < c->nflexes; i++) {
        Type *t = c->flexes[i];
        if (t->link || !t->flex) continue;   /* resolved: dropped */
        if (t->level <= above) {
            c->flexes[kept++] = t;           /* an enclosing declaration's */
            continue;
        }
        Buf b = {0};
        for (uint32_t k = 0; k < t->n; k++) {
            put(&b, k ? ", #" : "#");
            put(&b, t->labels[k]);
        }
        error_at(c, sp, "unresolved flex record (can't tell what fields there are besides %s)", b.s);
        free(b.s);
        t->link = new_var(c);   /* reported once, and no error follows from it */
    }
    c->nflexes = kept;
}

/* Non-expansive expressions (§4.7): their types may be generalised. */
static int nonexpansive(const Expr *e)
{
    switch (e->kind) {
    case EX_INT: case EX_REAL: case EX_CHAR: case EX_STRING: case EX_VAR: case EX_FN:
    case EX_PROJ:
        return 1;
    case EX_TUPLE: case EX_RECORD: case EX_LIST:
        for (uint32_t i = 0; i < e->n; i++)
            if (!nonexpansive(e->elems[i])) return 0;
        return 1;
    case EX_APP:
        return e->a->kind == EX_VAR && e->a->ref.kind == REF_CON &&
               strcmp(e->a->ref.con->name, "ref") != 0 && nonexpansive(e->b);
    default:
        return 0;
    }
}

/* Explicit type variables of a val or fun (§4.6, implicit scoping): those
 * written in its annotations that no enclosing declaration scopes. */
static void scope_tyvars_exp(Ck *c, const Expr *e);

static void ty_scope_annot(Ck *c, const TyExp *x)
{
    if (!x) return;
    if (x->kind == TYX_VAR) {
        if (!tyvar_lookup(c, x->name)) {
            Type *v = new_var(c);
            v->rigid = x->name;
            v->eq = x->name[1] == '\'';
            tyvar_push(c, x->name, v);
        }
        return;
    }
    for (uint32_t i = 0; i < x->n; i++) ty_scope_annot(c, x->args[i]);
}

static void scope_tyvars_pat(Ck *c, const Pat *p)
{
    if (!p) return;
    ty_scope_annot(c, p->annot);
    if (p->arg) scope_tyvars_pat(c, p->arg);
    for (uint32_t i = 0; i < p->n; i++) scope_tyvars_pat(c, p->elems[i]);
}

static void scope_tyvars_clauses(Ck *c, const Clause *cl, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        for (uint32_t k = 0; k < cl[i].npats; k++) scope_tyvars_pat(c, cl[i].pats[k]);
        scope_tyvars_exp(c, cl[i].body);
    }
}

static void scope_tyvars_exp(Ck *c, const Expr *e)
{
    if (!e) return;
    ty_scope_annot(c, e->annot);
    scope_tyvars_exp(c, e->a);
    scope_tyvars_exp(c, e->b);
    scope_tyvars_exp(c, e->c);
    for (uint32_t i = 0; i < e->n; i++) scope_tyvars_exp(c, e->elems[i]);
    scope_tyvars_clauses(c, e->clauses, e->nclauses);
    /* declarations inside a let scope their own variables */
}

static uint32_t scope_dec_tyvars(Ck *c, const Dec *d)
{
    uint32_t mark = c->ntv;
    for (uint32_t i = 0; i < d->ntyvars; i++) {
        Type *v = new_var(c);
        v->rigid = d->tyvars[i];
        v->eq = d->tyvars[i][1] == '\'';
        tyvar_push(c, d->tyvars[i], v);
    }
    if (d->kind == DEC_VAL) {
        scope_tyvars_pat(c, d->pat);
        scope_tyvars_exp(c, d->a);
    } else {
        for (uint32_t i = 0; i < d->nfuns; i++)
            scope_tyvars_clauses(c, d->funs[i].clauses, d->funs[i].nclauses);
    }
    return mark;
}

/* The variables a pattern binds, with their types (for generalisation). */
static void rebind_pat(Ck *c, const Pat *p, int gen)
{
    switch (p->kind) {
    case PAT_VAR: case PAT_AS: {
        Entry *e = env_find(c, NS_VAL, p->name);
        if (e) e->sch = gen ? generalize(c, e->sch->body) : e->sch;
        if (e && !gen) lower(c, e->sch->body);
        if (p->kind == PAT_AS) rebind_pat(c, p->arg, gen);
        return;
    }
    case PAT_CON:
        if (p->arg) rebind_pat(c, p->arg, gen);
        return;
    default:
        for (uint32_t i = 0; i < p->n; i++) rebind_pat(c, p->elems[i], gen);
        return;
    }
}

/* Does t mention variable v? */
static int mentions(Type *t, Type *v)
{
    t = repr(t);
    if (t == v) return 1;
    if (t->k == T_CON || t->k == T_REC)
        for (uint32_t i = 0; i < t->n; i++)
            if (mentions(t->args[i], v)) return 1;
    return 0;
}

static void ty_val(Ck *c, const Dec *d)             /* rules 15, 16 */
{
    c->level++;
    uint32_t tv = scope_dec_tyvars(c, d);
    Span rhs = c->rhs, rhs_at = c->rhs_at;
    /* SML/NJ marks an application at its val binding, other expressions
     * (case, if, let ...) where they start */
    c->rhs = d->a->kind == EX_APP ? d->a->span : (Span){0};
    c->rhs_at = span_join(d->pat->span, d->a->span);
    Type *et = ty_exp(c, d->a);
    c->rhs = rhs;
    c->rhs_at = rhs_at;
    Type *pt = ty_pat(c, d->pat);
    expect(c, pt, et, d->span, "pattern and expression in val dec do not agree", "pattern",
           "expression", d->a->span);
    c->level--;
    check_flex(c, d->span, c->level);
    int gen = nonexpansive(d->a);
    MatchReport mr;
    if (c->user && !c->quiet && c->rep->nerrors == c->top_errors) {
        match_check_pat(d->pat, &mr);
        if (!mr.exhaustive) warn_at(c, d->span, "binding not exhaustive: %s is not matched", mr.example);
    }
    /* rule 15's side condition: the type variables scoped here must be
     * generalised, which an expansive right-hand side forbids */
    for (uint32_t i = tv; !gen && i < c->ntv; i++)
        if (mentions(pt, c->tv_types[i])) {
            error_at(c, d->pat->span, "explicit type variable cannot be generalized at its binding declaration: %s",
                     c->tv_names[i]);
            break;
        }
    rebind_pat(c, d->pat, gen);
    c->ntv = tv;
}

static void ty_fun(Ck *c, const Dec *d)             /* rules 17, 26 (fun as val rec) */
{
    c->level++;
    uint32_t tv = scope_dec_tyvars(c, d);
    Type **ft = arena_alloc(c->arena, (d->nfuns ? d->nfuns : 1) * sizeof *ft);
    for (uint32_t i = 0; i < d->nfuns; i++) {
        ft[i] = new_var(c);
        bind_pat_var(c, d->funs[i].name, ft[i]);
    }
    for (uint32_t i = 0; i < d->nfuns; i++) {
        /* f : t1 -> ... -> tk -> res before its clauses, so that a
         * recursive use is checked against the clauses seen so far; errors
         * of the clauses are reported at the function, as SML/NJ does */
        const FunDef *f = &d->funs[i];
        Span at = f->clauses[0].span;
        uint32_t k = f->clauses[0].npats;
        Type **args = arena_alloc(c->arena, (k ? k : 1) * sizeof *args);
        for (uint32_t j = 0; j < k; j++) args[j] = new_var(c);
        Type *res = new_var(c), *t = res;
        for (uint32_t j = k; j-- > 0;) t = arrow(c, args[j], t);
        unify(c, ft[i], t);
        for (uint32_t ci = 0; ci < f->nclauses; ci++) {
            const Clause *cl = &f->clauses[ci];
            uint32_t mark = c->nenv;
            for (uint32_t j = 0; j < cl->npats && j < k; j++) {
                Type *pt = ty_pat(c, cl->pats[j]);
                expect(c, args[j], pt, at, "parameter or result constraints of clauses do not agree",
                       "earlier clause(s)", "this clause", cl->pats[j]->span);
            }
            Type *bt = ty_exp(c, cl->body);
            expect(c, res, bt, at, "right-hand-side of clause does not agree with function result type",
                   "result type", "expression", cl->body->span);
            env_undo(c, mark);
        }
        check_match(c, f->clauses, f->nclauses, at, 0);
    }
    c->level--;
    check_flex(c, d->span, c->level);
    for (uint32_t i = 0; i < d->nfuns; i++) {
        Entry *e = env_find(c, NS_VAL, d->funs[i].name);
        e->sch = generalize(c, ft[i]);
    }
    c->ntv = tv;
}

/* Equality of a datatype group (§4.9): start from "admits", take it away
 * from every datatype with a constructor whose argument does not, until
 * nothing changes. */
static int arg_admits_eq(Ck *c, Type *t)
{
    t = repr(t);
    switch (t->k) {
    case T_GEN: return 1;
    case T_VAR: return t->eq;
    case T_REC:
        for (uint32_t i = 0; i < t->n; i++)
            if (!arg_admits_eq(c, t->args[i])) return 0;
        return 1;
    case T_CON:
        if (t->tc->always_eq) return 1;
        if (!t->tc->eq) return 0;
        for (uint32_t i = 0; i < t->n; i++)
            if (!arg_admits_eq(c, t->args[i])) return 0;
        return 1;
    }
    return 0;
}

static Scheme *tyfun_scheme(Ck *c, const TyBind *b);

/* The type function Λ 'a1 ... 'an . ('a1, ..., 'an) tc. */
static Scheme *tycon_scheme(Ck *c, Tycon *tc)
{
    Scheme *s = arena_alloc(c->arena, sizeof *s);
    s->n = tc->arity;
    s->body = new_con(c, tc, 0, NULL, NULL);
    s->body->n = tc->arity;
    s->body->args = arena_alloc(c->arena, (tc->arity ? tc->arity : 1) * sizeof(Type *));
    for (uint32_t k = 0; k < tc->arity; k++) {
        Type *g = new_type(c, T_GEN);
        g->id = k;
        s->body->args[k] = g;
    }
    return s;
}

static void ty_datatype(Ck *c, const Dec *d)        /* rules 17, 28-30, 18 */
{
    if (d->alias_of) {      /* datatype t = datatype T (rule 18): t is T */
        Entry *e = env_find(c, NS_TYPE, d->alias_of);
        Scheme *sch = e ? e->sch : NULL;    /* read before binding moves c->env */
        if (!e) unbound_type(c, d->span, d->alias_of);
        else env_bind(c, NS_TYPE, d->name)->sch = sch;
        return;
    }
    /* the group's type names first: they may be recursive */
    Tycon **tcs = arena_alloc(c->arena, (d->ncons ? d->ncons : 1) * sizeof *tcs);
    Scheme **tys = arena_alloc(c->arena, (d->ncons ? d->ncons : 1) * sizeof *tys);
    for (uint32_t i = 0; i < d->ncons; i++) {
        const TyBind *dt = d->cons[i].dt;
        if (i > 0 && d->cons[i - 1].dt == dt) {
            tcs[i] = tcs[i - 1];
            tys[i] = tys[i - 1];
            continue;
        }
        Tycon *tc = new_tycon(c, dt->name, dt->ntyvars, 1);
        Scheme *s = tycon_scheme(c, tc);
        env_bind(c, NS_TYPE, dt->name)->sch = s;
        tcs[i] = tc;
        tys[i] = s;
    }
    /* withtype abbreviations (rule 29's type functions, expanded) */
    for (uint32_t i = 0; i < d->ntybinds; i++)
        env_bind(c, NS_TYPE, d->tybinds[i].name)->sch = tyfun_scheme(c, &d->tybinds[i]);
    Type **args = arena_alloc(c->arena, (d->ncons ? d->ncons : 1) * sizeof *args);
    for (uint32_t i = 0; i < d->ncons; i++) {
        const ConDef *con = &d->cons[i];
        const TyBind *dt = con->dt;
        uint32_t tv = c->ntv;
        for (uint32_t k = 0; k < dt->ntyvars; k++) tyvar_push(c, dt->tyvars[k], tys[i]->body->args[k]);
        Scheme *s = arena_alloc(c->arena, sizeof *s);
        s->n = dt->ntyvars;
        args[i] = con->has_arg && con->arg_ty ? ty_type(c, con->arg_ty) : NULL;
        s->body = args[i] ? arrow(c, args[i], tys[i]->body) : tys[i]->body;
        c->ntv = tv;
        con_set(c, con, s);
        env_bind(c, NS_CON, con->name)->con = con;
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t i = 0; i < d->ncons; i++)
            if (tcs[i]->eq && args[i] && !arg_admits_eq(c, args[i])) {
                tcs[i]->eq = 0;
                changed = 1;
            }
    }
}

/* The type function of [tyvars] t = ty (rule 27's Λ). */
static Scheme *tyfun_scheme(Ck *c, const TyBind *b)
{
    uint32_t tv = c->ntv;
    for (uint32_t k = 0; k < b->ntyvars; k++) {
        Type *g = new_type(c, T_GEN);
        g->id = k;
        tyvar_push(c, b->tyvars[k], g);
    }
    Scheme *s = arena_alloc(c->arena, sizeof *s);
    s->n = b->ntyvars;
    s->body = ty_type(c, b->ty);
    c->ntv = tv;
    return s;
}

static void ty_typedec(Ck *c, const Dec *d)         /* rule 27 */
{
    for (uint32_t i = 0; i < d->ntybinds; i++)
        env_bind(c, NS_TYPE, d->tybinds[i].name)->sch = tyfun_scheme(c, &d->tybinds[i]);
}

/* exception E [of ty] (rules 30, 31; a spec: rule 75) */
static Type *exn_type(Ck *c, const ConDef *con)
{
    Type *exn = con0(c, c->t_exn);
    /* inside a val or fun, a type variable no declaration scopes yet is
     * scoped there, the innermost one being checked (§4.6: let
     * exception E of 'a in a fun) */
    if (c->level > 0 && con->has_arg) ty_scope_annot(c, con->arg_ty);
    return con->has_arg && con->arg_ty ? arrow(c, ty_type(c, con->arg_ty), exn) : exn;
}

static void exn_con(Ck *c, const ConDef *con)
{
    con_set(c, con, mono(c, exn_type(c, con)));
    env_bind(c, NS_CON, con->name)->con = con;
}

static void ty_exception(Ck *c, const Dec *d)
{
    for (uint32_t i = 0; i < d->ncons; i++)
        if (!d->cons[i].alias_of) exn_con(c, &d->cons[i]);  /* E = F: the resolver made it F */
}

/* ---- signatures and matching (§5: rules 65-80, matching §5.12) ------- */

/* One signature being elaborated: against a structure (matching, rules
 * 64/65's Σ ≥ E: each spec's type instantiates the structure's), or as a
 * functor's formal argument (rule 86's fresh type names). */
typedef struct Sm {
    const Str *s;           /* the structure matched; NULL: a formal argument */
    int opaque;             /* :> or a formal argument: type t is a new type */
    Span sp;                /* where a mismatch is reported */
    const char *path;       /* the structure's name (A, A.B; NULL: none), which
                               qualifies its abstract types as SML/NJ prints
                               them (A.t) */
    Entry *view;            /* the members the signature lets through */
    uint32_t n, cap;
    const TyBind **where;   /* where type t = ty, t named relative to here */
    uint32_t nwhere, capwhere;
} Sm;

static Str *sig_elab(Ck *c, const Str *s, const SigExp *g, int opaque, Span sp, const char *path,
                     const TyBind *const *where, uint32_t nwhere);

/* path.name, or name without a path */
static const char *qualified(Ck *c, const char *path, const char *name)
{
    if (!path) return name;
    char *q = arena_alloc(c->arena, strlen(path) + strlen(name) + 2);
    sprintf(q, "%s.%s", path, name);
    return q;
}

static Entry *str_find(const Str *s, Ns ns, const char *name)
{
    for (uint32_t i = s ? s->n : 0; i-- > 0;)
        if (s->members[i].ns == ns && strcmp(s->members[i].name, name) == 0) return &s->members[i];
    return NULL;
}

/* A member of the view (at the signature's type, sch), bound too for the
 * specs that follow at the type the structure gives it (actual: not the
 * same under :>, where the view's type is abstract and matching reads the
 * structure's). */
static void view_add(Ck *c, Sm *m, Ns ns, const char *name, Scheme *sch, Scheme *actual, Str *str)
{
    m->view = grow(m->view, &m->cap, m->n + 1, sizeof *m->view);
    Entry *v = &m->view[m->n++];
    memset(v, 0, sizeof *v);
    v->ns = ns;
    v->name = name;
    v->sch = sch;
    v->str = str;
    Entry *e = env_bind(c, ns, name);
    e->sch = actual;
    e->str = str;
}

static Entry *view_find(const Sm *m, Ns ns, const char *name)
{
    for (uint32_t i = m->n; i-- > 0;)
        if (m->view[i].ns == ns && strcmp(m->view[i].name, name) == 0) return &m->view[i];
    return NULL;
}

static void where_add(Sm *m, const TyBind *w)
{
    m->where = grow(m->where, &m->capwhere, m->nwhere + 1, sizeof *m->where);
    m->where[m->nwhere++] = w;
}

static const TyBind *where_find(const Sm *m, const char *name)
{
    for (uint32_t i = 0; i < m->nwhere; i++)
        if (strcmp(m->where[i]->name, name) == 0) return m->where[i];
    return NULL;
}

/* The sig ... end that g stands for (a name followed through the declared
 * signatures), m gaining the where type definitions met on the way. */
static const SigExp *sig_body(Ck *c, const SigExp *g, Sm *m)
{
    for (;;) {
        for (uint32_t i = 0; i < g->nwhere; i++) where_add(m, g->where[i]);
        if (!g->name) return g;
        Entry *e = env_find(c, NS_SIG, g->name);
        if (!e) return NULL;    /* the resolver has reported it */
        g = e->sig;
    }
}

/* A new abstract type (rules 69-70 under :>, rule 86 for a formal argument). */
static Scheme *abstract_tyfun(Ck *c, const Sm *m, const char *name, uint32_t arity, int eq)
{
    Tycon *tc = new_tycon(c, qualified(c, m->path, name), arity, eq);
    tc->abstract = 1;
    return tycon_scheme(c, tc);
}

/* n new rigid variables: a spec's type variables, which the structure's
 * type must instantiate to (rule 65's "≥"). */
static Type **rigid_vars(Ck *c, uint32_t n)
{
    Type **v = arena_alloc(c->arena, (n ? n : 1) * sizeof *v);
    for (uint32_t i = 0; i < n; i++) {
        v[i] = new_var(c);
        v[i]->rigid = "'spec";
    }
    return v;
}

/* An instance of s whose variables are rigid (each ''a an equality one). */
static Type *rigid_instance(Ck *c, const Scheme *s)
{
    Type **inst = arena_alloc(c->arena, (s->n ? s->n : 1) * sizeof *inst);
    memset(inst, 0, (s->n ? s->n : 1) * sizeof *inst);
    Type *t = subst(c, s->body, inst);
    for (uint32_t i = 0; i < s->n; i++)
        if (inst[i]) inst[i]->rigid = "'spec";
    return t;
}

static int same_tyfun(Ck *c, const Scheme *a, const Scheme *b)
{
    if (a->n != b->n) return 0;
    Type **args = rigid_vars(c, a->n);
    return unify(c, instantiate(c, a, args), instantiate(c, b, args)) == U_OK;
}

static void tyvars_of(const TyExp *x, const char ***names, uint32_t *n, uint32_t *cap)
{
    if (x->kind == TYX_VAR) {
        for (uint32_t i = 0; i < *n; i++)
            if (strcmp((*names)[i], x->name) == 0) return;
        *names = grow(*names, cap, *n + 1, sizeof **names);
        (*names)[(*n)++] = x->name;
        return;
    }
    for (uint32_t i = 0; i < x->n; i++) tyvars_of(x->args[i], names, n, cap);
}

/* val x : ty (rule 68): ty closed over its type variables. */
static Scheme *spec_scheme(Ck *c, const TyExp *x)
{
    const char **names = NULL;
    uint32_t n = 0, cap = 0, tv = c->ntv;
    tyvars_of(x, &names, &n, &cap);
    for (uint32_t k = 0; k < n; k++) {
        Type *g = new_type(c, T_GEN);
        g->id = k;
        g->eq = names[k][1] == '\'';
        tyvar_push(c, names[k], g);
    }
    Scheme *s = arena_alloc(c->arena, sizeof *s);
    s->n = n;
    s->body = ty_type(c, x);
    c->ntv = tv;
    free(names);
    return s;
}

static void value_mismatch(Ck *c, const Sm *m, const char *name, Type *spec, Type *actual)
{
    Buf b1 = {0}, b2 = {0};
    error_at(c, m->sp, "value type in structure doesn't match signature spec: name: %s, spec: %s, actual: %s",
             name, show(c, &b1, spec), show(c, &b2, actual));
    free(b1.s);
    free(b2.s);
}

/* The spec's type as the view sees it: the view's (abstract) types bound
 * over the structure's for the while. */
static Scheme *view_scheme(Ck *c, const Sm *m, const TyExp *x)
{
    uint32_t mark = c->nenv;
    for (uint32_t i = 0; i < m->n; i++)
        if (m->view[i].ns == NS_TYPE) env_bind(c, NS_TYPE, m->view[i].name)->sch = m->view[i].sch;
    Scheme *s = spec_scheme(c, x);
    env_undo(c, mark);
    return s;
}

static void spec_val(Ck *c, Sm *m, const Spec *sp)
{
    Scheme *want = spec_scheme(c, sp->ty);
    const Entry *have = str_find(m->s, NS_VAL, sp->name);
    if (have && unify(c, rigid_instance(c, want), instantiate(c, have->sch, NULL)) != U_OK)
        value_mismatch(c, m, sp->name, want->body, have->sch->body);
    view_add(c, m, NS_VAL, sp->name, m->opaque && m->s ? view_scheme(c, m, sp->ty) : want, want, NULL);
}

/* The structure's type name for a spec (NULL, reported, if it lacks one
 * or its arity differs). */
static Entry *matched_type(Ck *c, Sm *m, const char *name, uint32_t arity)
{
    Entry *have = str_find(m->s, NS_TYPE, name);
    if (!have) {
        error_at(c, m->sp, "unmatched type specification: %s", name);
    } else if (have->sch->n != arity) {
        error_at(c, m->sp, "type %s has the wrong arity: %u in the signature, %u in the structure",
                 name, arity, have->sch->n);
        have = NULL;
    }
    return have;
}

/* type t, type t = ty, eqtype t (rules 69-70, 77, 78 for where type). */
static void spec_type(Ck *c, Sm *m, const Spec *sp)
{
    const TyBind *b = sp->bind, *w = where_find(m, b->name);
    if (w && w->ntyvars != b->ntyvars) {
        error_at(c, w->span, "where type %s: %u type parameters, the signature's type has %u", b->name,
                 w->ntyvars, b->ntyvars);
        w = NULL;
    }
    Scheme *def = w ? tyfun_scheme(c, w) : b->ty ? tyfun_scheme(c, b) : NULL;
    Entry *have = m->s ? matched_type(c, m, b->name, b->ntyvars) : NULL;
    if (have && def && !same_tyfun(c, def, have->sch)) {
        Buf b1 = {0}, b2 = {0};
        error_at(c, m->sp, "type %s does not match definitional specification: spec: %s, actual: %s",
                 b->name, show(c, &b1, def->body), show(c, &b2, have->sch->body));
        free(b1.s);
        free(b2.s);
    } else if (have && sp->kind == SPEC_EQTYPE && !arg_admits_eq(c, have->sch->body)) {
        error_at(c, m->sp, "type %s must be an equality type", b->name);
    }
    Scheme *sch = def ? def : have && !m->opaque ? have->sch
                : abstract_tyfun(c, m, b->name, b->ntyvars, sp->kind == SPEC_EQTYPE);
    view_add(c, m, NS_TYPE, b->name, sch, have && !def ? have->sch : sch, NULL);
}

/* datatype t = C ... (rule 71): a formal argument's is a new datatype with
 * the spec's constructors; a structure's must have the type (datatypes
 * are never made abstract: their constructors are visible). */
static void spec_datatype(Ck *c, Sm *m, const Spec *sp)
{
    const Dec *d = sp->dat;
    if (!m->s) {
        uint32_t mark = c->nenv;
        ty_datatype(c, d);
        Str *made = env_since(c, mark);
        env_undo(c, mark);
        for (uint32_t i = 0; i < made->n; i++)
            view_add(c, m, NS_TYPE, made->members[i].name, made->members[i].sch, made->members[i].sch, NULL);
        return;
    }
    for (uint32_t i = 0; i < d->ncons; i++) {
        const TyBind *dt = d->cons[i].dt;
        if (i > 0 && d->cons[i - 1].dt == dt) continue;
        Entry *have = matched_type(c, m, dt->name, dt->ntyvars);
        Scheme *sch = have ? have->sch : abstract_tyfun(c, m, dt->name, dt->ntyvars, 0);
        view_add(c, m, NS_TYPE, dt->name, sch, sch, NULL);
    }
    for (uint32_t i = 0; i < d->ntybinds; i++) {
        Scheme *sch = tyfun_scheme(c, &d->tybinds[i]);
        view_add(c, m, NS_TYPE, d->tybinds[i].name, sch, sch, NULL);
    }
}

/* datatype t = datatype T (rule 71's replication). */
static void spec_datatype_copy(Ck *c, Sm *m, const Spec *sp)
{
    const char *t = sp->bind->name;
    Entry *of = env_find(c, NS_TYPE, sp->name + strlen("datatype "));
    Entry *have = m->s ? matched_type(c, m, t, of ? of->sch->n : 0) : NULL;
    Scheme *sch = of ? of->sch : have ? have->sch : abstract_tyfun(c, m, t, 0, 0);
    view_add(c, m, NS_TYPE, t, sch, sch, NULL);
}

/* structure S : SIG (rule 74): the structure's S matched against SIG, the
 * where types naming S.t passed down as t. */
static void spec_structure(Ck *c, Sm *m, const Spec *sp)
{
    const Str *sub = NULL;
    if (m->s) {
        const Entry *e = str_find(m->s, NS_STR, sp->name);
        if (!e) return;     /* the resolver has reported it */
        sub = e->str;
    }
    size_t len = strlen(sp->name);
    Sm down = {0};
    for (uint32_t i = 0; i < m->nwhere; i++) {
        const TyBind *w = m->where[i];
        if (strncmp(w->name, sp->name, len) != 0 || w->name[len] != '.') continue;
        TyBind *x = arena_alloc(c->arena, sizeof *x);
        *x = *w;
        x->name = w->name + len + 1;
        where_add(&down, x);
    }
    Str *v = sig_elab(c, sub, sp->sub, m->opaque, m->sp, qualified(c, m->path, sp->name), down.where,
                      down.nwhere);
    free(down.where);
    view_add(c, m, NS_STR, sp->name, NULL, NULL, v);
    for (uint32_t i = 0; i < v->n; i++) {
        const Entry *e = &v->members[i];
        char *name = arena_alloc(c->arena, len + strlen(e->name) + 2);
        sprintf(name, "%s.%s", sp->name, e->name);
        const Entry *actual = e->ns == NS_TYPE ? str_find(m->s, NS_TYPE, name) : NULL;
        view_add(c, m, e->ns, name, e->sch, actual ? actual->sch : e->sch, e->str);
    }
}

/* Two type names a signature shares (rule 79): abstract ones become one
 * type; a structure's must already be the same type. */
static void share_two(Ck *c, Sm *m, const char *n1, const char *n2)
{
    Entry *a = env_find(c, NS_TYPE, n1), *b = env_find(c, NS_TYPE, n2);
    if (!a || !b) {
        error_at(c, m->sp, "unbound type in sharing specification: %s", a ? n2 : n1);
        return;
    }
    const Entry *sa = str_find(m->s, NS_TYPE, n1), *sb = str_find(m->s, NS_TYPE, n2);
    if (sa && sb && !same_tyfun(c, sa->sch, sb->sch)) {
        error_at(c, m->sp, "type sharing violation: %s and %s are different types in the structure", n1, n2);
        return;
    }
    a = view_find(m, NS_TYPE, n1);
    b = view_find(m, NS_TYPE, n2);
    if (!a || !b) return;
    Type *ta = repr(a->sch->body), *tb = repr(b->sch->body);
    if (ta->k == T_CON && tb->k == T_CON && tb->tc->abstract && a->sch->n == b->sch->n) {
        Tycon *x = tycon_find(ta->tc), *y = tycon_find(tb->tc);
        if (x != y) y->same = x;
    } else if (!same_tyfun(c, a->sch, b->sch)) {
        error_at(c, m->sp, "type sharing violation: %s and %s are different types", n1, n2);
    }
}

/* sharing type t1 = t2 ...; sharing S1 = S2 shares each type both have. */
static void spec_sharing(Ck *c, Sm *m, const Spec *sp)
{
    for (uint32_t k = 1; k < sp->nnames; k++) {
        const char *n1 = sp->names[0], *n2 = sp->names[k];
        if (strcmp(sp->name, "type") == 0) {
            share_two(c, m, n1, n2);
            continue;
        }
        size_t l1 = strlen(n1), l2 = strlen(n2);
        for (uint32_t i = 0, end = m->n; i < end; i++) {
            const char *t = m->view[i].name;
            if (m->view[i].ns != NS_TYPE || strncmp(t, n1, l1) != 0 || t[l1] != '.') continue;
            char *other = arena_alloc(c->arena, l2 + strlen(t + l1) + 1);
            sprintf(other, "%s%s", n2, t + l1);
            if (env_find(c, NS_TYPE, other)) share_two(c, m, t, other);
        }
    }
}

/* The spec's type of a datatype's constructor (its datatype as bound for
 * matching: the structure's). */
static Scheme *spec_con_scheme(Ck *c, const ConDef *con)
{
    const TyBind *dt = con->dt;
    Entry *t = env_find(c, NS_TYPE, dt->name);
    if (!t || t->sch->n != dt->ntyvars) return NULL;
    uint32_t tv = c->ntv;
    Type **g = arena_alloc(c->arena, (dt->ntyvars ? dt->ntyvars : 1) * sizeof *g);
    for (uint32_t k = 0; k < dt->ntyvars; k++) {
        g[k] = new_type(c, T_GEN);
        g[k]->id = k;
        tyvar_push(c, dt->tyvars[k], g[k]);
    }
    Scheme *s = arena_alloc(c->arena, sizeof *s);
    s->n = dt->ntyvars;
    s->body = instantiate(c, t->sch, g);
    if (con->has_arg && con->arg_ty) s->body = arrow(c, ty_type(c, con->arg_ty), s->body);
    c->ntv = tv;
    return s;
}

/* A constructor or exception the signature specifies, against the
 * structure's (rules 71, 75): the same type, and for a datatype the same
 * constructors (those the structure lacks are the resolver's error). */
static void spec_con(Ck *c, Sm *m, const Spec *sp)
{
    const Entry *have = m->s ? str_find(m->s, NS_CON, sp->name) : NULL;
    if (!have) {
        if (!m->s && sp->kind == SPEC_EXN) exn_con(c, sp->con);
        return;
    }
    Scheme *want = sp->kind == SPEC_EXN ? mono(c, exn_type(c, sp->con)) : spec_con_scheme(c, sp->con);
    Scheme *actual = con_get(c, have->con);
    if (want && actual && unify(c, rigid_instance(c, want), instantiate(c, actual, NULL)) != U_OK)
        value_mismatch(c, m, sp->name, want->body, actual->body);
    if (sp->kind != SPEC_CON || sp->con->tag != 0 || have->con->ncons <= sp->con->ncons) return;
    /* the first constructor of the spec's datatype: the structure's has more */
    Buf b = {0};
    for (uint32_t i = 0; i < m->s->n; i++) {
        const Entry *e = &m->s->members[i];
        if (e->ns != NS_CON || e->con->dt != have->con->dt || str_find(m->s, NS_CON, e->name) != e) continue;
        uint32_t k = 0;
        for (; k < sp->con->ncons && strcmp(sp->con[k].name, e->name) != 0; k++) {}
        if (k == sp->con->ncons) { put(&b, b.n ? ", " : ""); put(&b, e->name); }
    }
    error_at(c, m->sp, "datatype %s does not match specification: constructors in actual only: %s",
             sp->con->dt->name, b.s ? b.s : "");
    free(b.s);
}

static void spec_list(Ck *c, Sm *m, const SigExp *g)
{
    g = sig_body(c, g, m);
    for (uint32_t i = 0; g && i < g->nspecs; i++) {
        const Spec *sp = g->specs[i];
        switch (sp->kind) {
        case SPEC_VAL: spec_val(c, m, sp); break;
        case SPEC_TYPE: case SPEC_EQTYPE: spec_type(c, m, sp); break;
        case SPEC_DATDEC: spec_datatype(c, m, sp); break;
        case SPEC_DATATYPE: spec_datatype_copy(c, m, sp); break;
        case SPEC_EXN: case SPEC_CON: spec_con(c, m, sp); break;
        case SPEC_STR: spec_structure(c, m, sp); break;
        case SPEC_INCLUDE: spec_list(c, m, &(SigExp){.span = g->span, .name = sp->name + strlen("include ")}); break;
        case SPEC_SHARING: spec_sharing(c, m, sp); break;
        }
    }
}

/* The view of structure s through signature g (s NULL: the formal argument
 * g describes): what the signature specifies, at the signature's types,
 * the types it leaves abstract new ones under :> (rules 64-65, 100). */
static Str *sig_elab(Ck *c, const Str *s, const SigExp *g, int opaque, Span sp, const char *path,
                     const TyBind *const *where, uint32_t nwhere)
{
    Sm m = {0};
    m.s = s;
    m.path = path;
    m.opaque = opaque || !s;
    m.sp = sp;
    for (uint32_t i = 0; i < nwhere; i++) where_add(&m, where[i]);
    uint32_t mark = c->nenv;
    spec_list(c, &m, g);
    env_undo(c, mark);
    Str *v = arena_alloc(c->arena, sizeof *v);
    v->n = m.n;
    v->members = arena_alloc(c->arena, (m.n ? m.n : 1) * sizeof *v->members);
    if (m.n) memcpy(v->members, m.view, m.n * sizeof *m.view);
    free(m.view);
    free(m.where);
    return v;
}

/* A library structure (List, the prelude's dotted names) as a structure:
 * x for every value or type S.x in scope (the newest of each name, as
 * later bindings shadow earlier ones); NULL if there is none. */
static Str *dotted_str(Ck *c, const char *s)
{
    size_t n = strlen(s);
    uint32_t mark = c->nenv;
    for (uint32_t i = 0; i < mark; i++) {
        const Entry *e = &c->env[i];
        if ((e->ns != NS_VAL && e->ns != NS_TYPE) || strncmp(e->name, s, n) != 0 || e->name[n] != '.' ||
            strchr(e->name + n + 1, '.'))
            continue;
        if (env_find(c, e->ns, e->name) != e) continue;  /* shadowed */
        Scheme *sch = e->sch;
        env_bind(c, e->ns, e->name + n + 1)->sch = sch;
    }
    Str *str = c->nenv > mark ? env_since(c, mark) : NULL;
    env_undo(c, mark);
    return str;
}

/* The members of a structure expression (struct ... end, an alias, a
 * functor's application as the resolver expanded it: the argument, then
 * the copy of the body that sees it as X.x), named as inside it. */
static Str *ty_strexp(Ck *c, const Dec *d)
{
    uint32_t mark = c->nenv;
    if (d->alias_of) {
        Entry *e = env_find(c, NS_STR, d->alias_of);
        Str *lib = e ? NULL : dotted_str(c, d->alias_of);
        return e ? e->str : lib ? lib : env_since(c, mark);
    }
    if (d->functor && d->ndecs == 2) {
        Entry *f = env_find(c, NS_FCT, d->functor);
        /* read before binding moves c->env */
        const Dec *fd = f ? f->fct : NULL;
        int failed = f && f->fct_failed;
        Str *arg = ty_strexp(c, d->decs[0]);
        env_undo(c, mark);
        if (fd) arg = sig_elab(c, arg, fd->psig, 0, d->span, NULL, NULL, 0);    /* rule 54 */
        env_rebind(c, arg, fd ? fd->functor : NULL);
        if (fd && fd->functor) env_bind(c, NS_STR, fd->functor)->str = arg;
        /* a body that failed at its declaration is not reported again */
        uint32_t errors = c->rep->nerrors;
        int quiet = c->quiet;
        c->quiet = 1;
        Str *body = ty_strexp(c, d->decs[1]);
        c->quiet = quiet;
        if (fd && fd->sig) body = sig_elab(c, body, fd->sig, fd->opaque, d->span, c->strname, NULL, 0);
        if (failed) c->rep->nerrors = errors;
        return body;
    }
    ty_decs(c, d->decs, d->ndecs);
    return env_since(c, mark);
}

/* functor F (X : SIG) = body (rule 86): the body, as the resolver resolved
 * it at the declaration, is checked against the formal argument SIG
 * describes (its types new and abstract), so a functor never applied is
 * checked; each application is then checked on its own copy. */
static void ty_functor(Ck *c, const Dec *d)
{
    uint32_t mark = c->nenv, errors = c->rep->nerrors;
    Str *formal = sig_elab(c, NULL, d->psig, 1, d->span, d->functor, NULL, 0);
    env_rebind(c, formal, d->functor);
    if (d->functor) env_bind(c, NS_STR, d->functor)->str = formal;
    if (d->formal_body) {
        Str *body = ty_strexp(c, d->formal_body);
        if (d->sig) sig_elab(c, body, d->sig, d->opaque, d->span, NULL, NULL, 0);
    }
    env_undo(c, mark);
    Entry *e = env_bind(c, NS_FCT, d->name);
    e->fct = d;
    e->fct_failed = c->rep->nerrors != errors;
}

static int is_abstype(const Dec *d)
{
    return d->kind == DEC_LOCAL && d->ndecs == 1 && d->decs[0]->kind == DEC_DATATYPE &&
           d->decs[0]->ncons > 0 && d->decs[0]->cons[0].abstract;
}

static void ty_dec(Ck *c, Dec *d)
{
    switch (d->kind) {
    case DEC_VAL: ty_val(c, d); break;
    case DEC_FUN: ty_fun(c, d); break;
    case DEC_DATATYPE: ty_datatype(c, d); break;
    case DEC_TYPE: ty_typedec(c, d); break;
    case DEC_EXCEPTION: ty_exception(c, d); break;
    case DEC_SIGNATURE: env_bind(c, NS_SIG, d->name)->sig = d->sig; break;
    case DEC_LOCAL: {                               /* rule 23 */
        uint32_t mark = c->nenv;
        ty_decs(c, d->decs, d->ndecs);
        Str *types = NULL;
        if (is_abstype(d)) {
            /* abstype (rule 19): the types stay, without equality */
            Dec *dt = d->decs[0];
            for (uint32_t i = 0; i < dt->ncons; i++) {
                Scheme *s = con_get(c, &dt->cons[i]);
                Type *r = repr(s->body);
                if (r->k == T_CON && r->tc == c->t_arrow) r = repr(r->args[1]);
                r->tc->eq = 0;
            }
            types = env_since(c, mark);
        }
        uint32_t mid = c->nenv;
        ty_decs(c, d->decs2, d->ndecs2);
        Str *body = env_since(c, mid);
        env_undo(c, mark);
        if (types) env_rebind(c, types, NULL);
        env_rebind(c, body, NULL);
        break;
    }
    case DEC_STRUCTURE: {
        uint32_t mark = c->nenv;
        const char *outer = c->strname;
        if (d->name) c->strname = d->name;
        Str *s = ty_strexp(c, d);
        c->strname = outer;
        env_undo(c, mark);
        if (d->sig) s = sig_elab(c, s, d->sig, d->opaque, d->span, d->name, NULL, 0);  /* rules 52-53 */
        if (d->name) {
            env_bind(c, NS_STR, d->name)->str = s;
            env_rebind(c, s, d->name);
        } else {
            env_rebind(c, s, NULL);  /* an argument or application: left in scope */
        }
        break;
    }
    case DEC_FUNCTOR: ty_functor(c, d); break;
    case DEC_OPEN:
        for (uint32_t i = 0; i < d->nnames; i++) {
            Entry *e = env_find(c, NS_STR, d->names[i]);
            Str *lib = e ? NULL : dotted_str(c, d->names[i]);
            if (e || lib) env_rebind(c, e ? e->str : lib, NULL);
        }
        break;
    }
}

static void ty_decs(Ck *c, Dec *const *ds, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) ty_dec(c, ds[i]);
}

/* ---- the top level --------------------------------------------------- */

/* The end of a top-level declaration: overloaded variables default to int
 * (the first type of their class), flexible records must be resolved. */
static void resolve_pending(Ck *c, Span sp)
{
    for (uint32_t i = 0; i < c->npending; i++) {
        Type *t = c->pending[i];
        if (t->k == T_VAR) {
            t = repr(t);
            if (t->k != T_VAR || !t->ov) continue;
            Tycon *tc = t->ov & OV_INT ? c->t_int : t->ov & OV_REAL ? c->t_real :
                        t->ov & OV_WORD ? c->t_word : t->ov & OV_STRING ? c->t_string :
                        t->ov & OV_CHAR ? c->t_char : c->t_list;
            t->link = tc->arity ? new_con(c, tc, 1, new_var(c), NULL) : con0(c, tc);
            t->ov = 0;
        }
    }
    check_flex(c, sp, 0);
    c->npending = 0;
    c->nflexes = 0;
}

/* Each constant of the declaration learns its type: an IntInf.int
 * constant is made one (NUM_INTINF), a word constant learns its width; an
 * int constant too large for int is an error, as in SML/NJ. */
static void num_lits_done(Ck *c)
{
    for (uint32_t i = 0; i < c->nlits; i++) {
        Type *t = repr(c->lits[i].t);
        Expr *e = c->lits[i].e;
        Pat *p = c->lits[i].p;
        uint8_t *num = e ? &e->num : &p->num, *bits = e ? &e->bits : &p->bits;
        const char *text = e ? e->sval : p->sval;
        Tycon *tc = t->k == T_CON ? t->tc : NULL;
        if (*num == NUM_WORD) {
            *bits = tc == c->t_word8 ? 8 : tc == c->t_word32 ? 32 : tc == c->t_word64 ? 64 : 63;
            if (*bits < 64 && (uint64_t)(e ? e->ival : p->ival) >> *bits)
                error_at(c, e ? e->span : p->span, "word constant too large");
        }
        else if (tc == c->t_intinf)
            *num = NUM_INTINF;
        else if (text)
            error_at(c, e ? e->span : p->span, "integer literal too large");
    }
    c->nlits = 0;
}

/* Free variables left at top level (the value restriction): dummy types. */
static void dummies(Ck *c, Type *t)
{
    t = repr(t);
    if (t->k == T_VAR && !t->rigid) {
        char *name = arena_alloc(c->arena, 16);
        snprintf(name, 16, "?.X%u", ++c->ndummies);
        t->link = con0(c, new_tycon(c, name, 0, t->eq));
        return;
    }
    if (t->k == T_CON || t->k == T_REC)
        for (uint32_t i = 0; i < t->n; i++) dummies(c, t->args[i]);
}

static void print_bindings(Ck *c, uint32_t mark, FILE *out)
{
    for (uint32_t i = mark; i < c->nenv; i++) {
        const Entry *e = &c->env[i];
        if (e->ns != NS_VAL || e->name[0] == '%') continue;
        Buf b = {0};
        print_ty(&b, e->sch->body, 0);
        fprintf(out, "val %s : %s\n", e->name, b.s ? b.s : "");
        free(b.s);
    }
}

/* ---- the result's printing shape (ast.h, PrintShape) ----------------- */

/* Whether a and b are the same type (a datatype's instances, below). */
static int same_type(Type *a, Type *b)
{
    a = repr(a);
    b = repr(b);
    if (a == b) return 1;
    if (a->k != b->k || a->n != b->n) return 0;
    if (a->k == T_GEN) return a->id == b->id;
    if (a->k == T_CON && tycon_find(a->tc) != tycon_find(b->tc)) return 0;
    if (a->k != T_CON && a->k != T_REC) return 0;
    for (uint32_t i = 0; i < a->n; i++)
        if ((a->k == T_REC && strcmp(a->labels[i], b->labels[i]) != 0) || !same_type(a->args[i], b->args[i]))
            return 0;
    return 1;
}

/* The datatype instances whose shapes are made, or being made: a recursive
 * datatype's shape points back to its own node. */
typedef struct Shapes {
    Program *p;
    Type **inst;
    PrintShape **made;
    uint32_t n, cap;
    int abstract;           /* an abstract type was met */
} Shapes;

static PrintShape *shape_new(Shapes *sh, PrintShapeKind k, uint32_t n)
{
    PrintShape *s = arena_alloc(sh->p->arena, sizeof *s);
    s->kind = k;
    s->n = n;
    s->names = n ? arena_alloc(sh->p->arena, n * sizeof *s->names) : NULL;
    s->sub = n ? arena_alloc(sh->p->arena, n * sizeof *s->sub) : NULL;
    return s;
}

static const PrintShape *shape_of(Ck *c, Shapes *sh, Type *t, uint32_t depth);

/* A datatype instance's shape: each constructor's argument, its type
 * instantiated at t's arguments. */
/* The type a constructor of scheme s builds, if its tycon is tc (NULL if
 * not), and its argument's type in *arg (NULL: none). */
static Type *con_builds(Ck *c, const Scheme *s, Tycon *tc, Type **arg)
{
    Type *r = repr(s->body);
    *arg = NULL;
    if (r->k == T_CON && r->tc == c->t_arrow) {
        *arg = r->args[0];
        r = repr(r->args[1]);
    }
    return r->k == T_CON && tycon_find(r->tc) == tc ? r : NULL;
}

static const PrintShape *shape_data(Ck *c, Shapes *sh, Type *t, uint32_t depth)
{
    Tycon *tc = tycon_find(t->tc);
    Type *arg;
    for (uint32_t i = 0; i < sh->n; i++)
        if (same_type(sh->inst[i], t)) return sh->made[i];
    uint32_t ncon = 0;
    for (uint32_t h = 0; h < c->capcons; h++)
        ncon += c->cons[h].con && con_builds(c, c->cons[h].sch, tc, &arg);
    PrintShape *s = shape_new(sh, PS_DATA, ncon);
    sh->inst = grow(sh->inst, &sh->cap, sh->n + 1, sizeof *sh->inst);
    sh->made = realloc(sh->made, sh->cap * sizeof *sh->made);
    if (!sh->made) abort();
    sh->inst[sh->n] = t;
    sh->made[sh->n++] = s;
    ncon = 0;
    for (uint32_t h = 0; h < c->capcons; h++) {
        const Scheme *sch = c->cons[h].sch;
        Type *r = c->cons[h].con ? con_builds(c, sch, tc, &arg) : NULL;
        if (!r) continue;
        Type *local[8] = {0};
        Type **inst = sch->n <= 8 ? local : arena_alloc(c->arena, sch->n * sizeof *inst);
        for (uint32_t k = 0; k < r->n && k < t->n; k++) {
            Type *g = repr(r->args[k]);
            if (g->k == T_GEN && g->id < sch->n) inst[g->id] = t->args[k];
        }
        s->names[ncon] = c->cons[h].con->name;
        s->sub[ncon++] = arg ? shape_of(c, sh, subst(c, arg, inst), depth + 1) : NULL;
    }
    return s;
}

/* NULL: t holds no abstract type that printing needs to know of, or the
 * shape is too deep to follow (a nested datatype's instances have no end). */
static const PrintShape *shape_of(Ck *c, Shapes *sh, Type *t, uint32_t depth)
{
    static const PrintShape abstract = {PS_ABSTRACT, 0, NULL, NULL};
    t = repr(t);
    if (depth > 64 || (t->k != T_CON && t->k != T_REC)) return NULL;
    if (t->k == T_REC) {
        PrintShape *s = shape_new(sh, PS_RECORD, t->n);
        for (uint32_t i = 0; i < t->n; i++) {
            s->names[i] = arena_strndup(sh->p->arena, t->labels[i], strlen(t->labels[i]));
            s->sub[i] = shape_of(c, sh, t->args[i], depth + 1);
        }
        return s;
    }
    Tycon *tc = tycon_find(t->tc);
    if (tc->abstract) {
        sh->abstract = 1;
        return &abstract;
    }
    if (tc == c->t_arrow) return NULL;
    if (tc == c->t_vector || tc == c->t_array) {
        PrintShape *s = shape_new(sh, PS_ELEM, 1);
        s->names[0] = "";
        s->sub[0] = shape_of(c, sh, t->args[0], depth + 1);
        return s;
    }
    return shape_data(c, sh, t, depth);
}

/* The type of the program's result (its last top-level val), printed with
 * its value as SML/NJ prints it: val result = [1,2] : int list. */
static void result_type(Ck *c, Program *p)
{
    p->result_type = NULL;
    p->result_shape = NULL;
    const Entry *e = p->result_name && !c->rep->nerrors ? env_find(c, NS_VAL, p->result_name) : NULL;
    if (!e) return;
    Buf b = {0};
    p->result_type = show(c, &b, e->sch->body);
    free(b.s);
    p->result_type = arena_strndup(p->arena, p->result_type, strlen(p->result_type));
    Shapes sh = {.p = p};
    const PrintShape *s = shape_of(c, &sh, e->sch->body, 0);
    if (sh.abstract) p->result_shape = s;
    free(sh.inst);
    free(sh.made);
}

uint32_t types_check(Program *p, TypeReport *rep, FILE *out)
{
    memset(rep, 0, sizeof *rep);
    Ck c = {0};
    c.arena = arena_new();
    c.prog = p;
    c.rep = rep;
    init_builtins(&c);
    for (uint32_t i = 0; i < p->ndecs; i++) {
        Dec *d = p->decs[i];
        uint32_t mark = c.nenv, errors = rep->nerrors, ndummies = c.ndummies;
        c.top_span = d->span;
        c.top_errors = errors;
        c.user = i >= p->nuser0;
        ty_dec(&c, d);
        resolve_pending(&c, d->span);
        num_lits_done(&c);
        for (uint32_t k = mark; k < c.nenv; k++)
            if (c.env[k].ns == NS_VAL) dummies(&c, c.env[k].sch->body);
        if (c.user && c.ndummies != ndummies && rep->nerrors == errors)
            warn_at(&c, d->span, "type vars not generalized because of value restriction are instantiated "
                    "to dummy types (X1,X2,...)");
        if (out && i >= p->nuser0 && rep->nerrors == errors) print_bindings(&c, mark, out);
    }
    result_type(&c, p);
    free(c.env);
    free(c.cons);
    free(c.pending);
    free(c.lits);
    free(c.flexes);
    free(c.tv_names);
    free(c.tv_types);
    arena_free(c.arena);
    return rep->nerrors;
}
