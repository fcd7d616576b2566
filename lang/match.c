/*
 * match.c — exhaustiveness and redundancy of matches (match.h), by
 * Maranget's usefulness of a pattern vector with respect to a matrix of
 * rows ("Warnings for pattern matching", JFP 2007): a rule is redundant
 * when its row is not useful after the rows above it, a match exhaustive
 * when the all-wildcard row is not useful after all of them; the search
 * for a useful wildcard row also builds the example of an unmatched value.
 *
 * Patterns are first put in a small form of their own: a wildcard, a
 * constructor with its argument, a constant, or a record (tuples are the
 * records 1..n; [p1, ..., pn] is p1 :: ... :: nil).  A datatype's
 * constructors are its ConDef array (tag 0 .. ncons-1 side by side, as the
 * front end makes them); exceptions (ncons 0) and constants never form a
 * complete set.
 */
#include "match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "resolve.h"

typedef enum MKind { M_WILD, M_CON, M_CONST, M_REC } MKind;

typedef struct M M;
struct M {
    MKind k;
    const ConDef *con;      /* M_CON */
    const Pat *lit;         /* M_CONST: a PAT_INT, PAT_CHAR or PAT_STRING */
    uint32_t n;             /* M_CON: 0 or 1 argument; M_REC: fields */
    M **args;
    const char **labels;    /* M_REC: the fields' labels */
};

/* A matrix of m rows of n patterns each. */
typedef struct Mat {
    uint32_t m, n;
    M ***rows;
} Mat;

static M wild = {.k = M_WILD};

static const char *numeral(Arena *a, uint32_t i)
{
    char *s = arena_alloc(a, 12);
    snprintf(s, 12, "%u", i);
    return s;
}

static M *new_m(Arena *a, MKind k, uint32_t n)
{
    M *p = arena_alloc(a, sizeof *p);
    memset(p, 0, sizeof *p);
    p->k = k;
    p->n = n;
    p->args = arena_alloc(a, (n ? n : 1) * sizeof *p->args);
    p->labels = arena_alloc(a, (n ? n : 1) * sizeof *p->labels);
    return p;
}

static M *con_m(Arena *a, const ConDef *con, M *arg)
{
    M *p = new_m(a, M_CON, arg ? 1 : 0);
    p->con = con;
    if (arg) p->args[0] = arg;
    return p;
}

static M *pair_m(Arena *a, M *x, M *y)
{
    M *p = new_m(a, M_REC, 2);
    p->labels[0] = "1";
    p->labels[1] = "2";
    p->args[0] = x;
    p->args[1] = y;
    return p;
}

static M *conv(Arena *a, const Pat *p)
{
    switch (p->kind) {
    case PAT_WILD: case PAT_VAR: return &wild;
    case PAT_AS: return conv(a, p->arg);
    case PAT_INT: case PAT_CHAR: case PAT_STRING: {
        M *m = new_m(a, M_CONST, 0);
        m->lit = p;
        return m;
    }
    case PAT_TUPLE: case PAT_RECORD: {
        M *m = new_m(a, M_REC, p->n);
        for (uint32_t i = 0; i < p->n; i++) {
            m->labels[i] = p->kind == PAT_TUPLE ? numeral(a, i + 1) : p->labels[i];
            m->args[i] = conv(a, p->elems[i]);
        }
        return m;
    }
    case PAT_LIST: {
        M *m = con_m(a, resolve_builtin_con("nil"), NULL);
        for (uint32_t i = p->n; i-- > 0;)
            m = con_m(a, resolve_builtin_con("::"), pair_m(a, conv(a, p->elems[i]), m));
        return m;
    }
    case PAT_CON:
        return con_m(a, p->con, p->arg ? conv(a, p->arg) : NULL);
    }
    return &wild;
}

static int same_const(const Pat *x, const Pat *y)
{
    if (x->kind != y->kind) return 0;
    if (x->kind == PAT_STRING) return x->slen == y->slen && memcmp(x->sval, y->sval, x->slen) == 0;
    return x->ival == y->ival;
}

/* ---- the heads of a column ---------------------------------------------- */

/* What the first column of P holds: a record's labels (all of them, over
 * the rows: a flexible record names only some), or the constructors and
 * constants seen, and whether the constructors are all of a datatype's. */
typedef struct Heads {
    int rec;
    uint32_t nlabels;
    const char **labels;
    uint32_t n;
    M **seen;               /* distinct constructors or constants */
    int complete;
} Heads;

static void add_labels(Arena *a, Heads *h, const M *p)
{
    for (uint32_t i = 0; i < p->n; i++) {
        uint32_t k = 0;
        while (k < h->nlabels && strcmp(h->labels[k], p->labels[i]) != 0) k++;
        if (k < h->nlabels) continue;
        const char **l = arena_alloc(a, (h->nlabels + 1) * sizeof *l);
        if (h->nlabels) memcpy(l, h->labels, h->nlabels * sizeof *l);
        l[h->nlabels++] = p->labels[i];
        h->labels = l;
    }
}

static Heads heads_of(Arena *a, const Mat *P, const M *q)
{
    Heads h = {0};
    h.seen = arena_alloc(a, (P->m + 1) * sizeof *h.seen);
    for (uint32_t r = 0; r <= P->m; r++) {
        const M *p = r < P->m ? P->rows[r][0] : q;
        if (!p || p->k == M_WILD) continue;
        if (p->k == M_REC) {
            h.rec = 1;
            add_labels(a, &h, p);
            continue;
        }
        if (r == P->m) continue;    /* q's own head is not a head of P */
        uint32_t k = 0;
        for (; k < h.n; k++) {
            const M *s = h.seen[k];
            if (p->k == M_CON ? s->con == p->con : same_const(s->lit, p->lit)) break;
        }
        if (k == h.n) h.seen[h.n++] = (M *)p;
    }
    h.complete = h.rec || (h.n > 0 && h.seen[0]->k == M_CON && h.seen[0]->con &&
                           h.seen[0]->con->ncons > 0 && h.n == h.seen[0]->con->ncons);
    return h;
}

/* The record head of labels L, as a pattern to specialise by. */
static M *rec_head(Arena *a, const Heads *h)
{
    M *m = new_m(a, M_REC, h->nlabels);
    for (uint32_t i = 0; i < h->nlabels; i++) {
        m->labels[i] = h->labels[i];
        m->args[i] = &wild;
    }
    return m;
}

static uint32_t arity(const M *head) { return head->k == M_CONST ? 0 : head->n; }

/* Row specialised by head (Maranget's S): its first pattern replaced by
 * the head's arguments, or NULL where the row cannot match the head. */
static M **spec_row(Arena *a, M **row, uint32_t n, const M *head)
{
    uint32_t k = arity(head);
    const M *p = row[0];
    M **out = arena_alloc(a, (k + n) * sizeof *out);
    if (p->k == M_WILD) {
        for (uint32_t i = 0; i < k; i++) out[i] = &wild;
    } else if (head->k == M_REC) {
        for (uint32_t i = 0; i < k; i++) {
            out[i] = &wild;
            for (uint32_t j = 0; j < p->n; j++)
                if (strcmp(p->labels[j], head->labels[i]) == 0) out[i] = p->args[j];
        }
    } else if (head->k == M_CON) {
        if (p->k != M_CON || p->con != head->con) return NULL;
        for (uint32_t i = 0; i < k; i++) out[i] = i < p->n ? p->args[i] : &wild;
    } else if (p->k != M_CONST || !same_const(p->lit, head->lit)) {
        return NULL;
    }
    memcpy(out + k, row + 1, (n - 1) * sizeof *out);
    return out;
}

static Mat spec(Arena *a, const Mat *P, const M *head)
{
    Mat S = {0, arity(head) + P->n - 1, arena_alloc(a, (P->m + 1) * sizeof(M **))};
    for (uint32_t r = 0; r < P->m; r++) {
        M **row = spec_row(a, P->rows[r], P->n, head);
        if (row) S.rows[S.m++] = row;
    }
    return S;
}

/* The default matrix (Maranget's D): the rows whose first pattern is a
 * wildcard, without it. */
static Mat dflt(Arena *a, const Mat *P)
{
    Mat D = {0, P->n - 1, arena_alloc(a, (P->m + 1) * sizeof(M **))};
    for (uint32_t r = 0; r < P->m; r++)
        if (P->rows[r][0]->k == M_WILD) D.rows[D.m++] = P->rows[r] + 1;
    return D;
}

/* The constructor of tag k of con's datatype (its ConDefs side by side). */
static const ConDef *sibling(const ConDef *con, uint32_t k) { return con - con->tag + k; }

/* con applied to wildcards: _ for its argument, (_, ..., _) when it was
 * declared of a tuple type (so that :: shows as _ :: _). */
static M *con_head(Arena *a, const ConDef *con)
{
    if (!con->has_arg) return con_m(a, con, NULL);
    if (con->nfields < 2) return con_m(a, con, &wild);
    M *t = new_m(a, M_REC, con->nfields);
    for (uint32_t i = 0; i < con->nfields; i++) {
        t->labels[i] = numeral(a, i + 1);
        t->args[i] = &wild;
    }
    return con_m(a, con, t);
}

/* ---- usefulness and the unmatched example ------------------------------- */

static int useful(Arena *a, const Mat *P, M **q)
{
    if (P->n == 0) return P->m == 0;
    Heads h = heads_of(a, P, q[0]);
    const M *head = q[0]->k == M_REC || h.rec ? rec_head(a, &h) : q[0];
    if (head->k != M_WILD) {
        Mat S = spec(a, P, head);
        M **sq = spec_row(a, q, P->n, head);
        return useful(a, &S, sq);
    }
    if (!h.complete) {
        Mat D = dflt(a, P);
        return useful(a, &D, q + 1);
    }
    for (uint32_t k = 0; k < h.n; k++) {
        M *c = con_head(a, h.seen[k]->con);
        Mat S = spec(a, P, c);
        if (useful(a, &S, spec_row(a, q, P->n, c))) return 1;
    }
    return 0;
}

/* n values no row of P matches (Maranget's algorithm I), or NULL. */
static M **witness(Arena *a, const Mat *P)
{
    uint32_t n = P->n;
    if (n == 0) return P->m == 0 ? arena_alloc(a, sizeof(M *)) : NULL;
    Heads h = heads_of(a, P, NULL);
    M **w, **out = arena_alloc(a, n * sizeof *out);
    if (h.complete) {
        uint32_t ncands = h.rec ? 1 : h.seen[0]->con->ncons;
        for (uint32_t k = 0; k < ncands; k++) {
            M *head = h.rec ? rec_head(a, &h) : con_head(a, sibling(h.seen[0]->con, k));
            Mat S = spec(a, P, head);
            if (!(w = witness(a, &S))) continue;
            uint32_t ar = arity(head);
            M *v = new_m(a, head->k, ar);
            v->con = head->con;
            for (uint32_t i = 0; i < ar; i++) {
                v->labels[i] = head->labels[i];
                v->args[i] = w[i];
            }
            out[0] = v;
            memcpy(out + 1, w + ar, (n - 1) * sizeof *out);
            return out;
        }
        return NULL;
    }
    Mat D = dflt(a, P);
    if (!(w = witness(a, &D))) return NULL;
    out[0] = &wild;
    if (h.n > 0 && h.seen[0]->k == M_CON && h.seen[0]->con && h.seen[0]->con->ncons > 0) {
        /* a constructor of the datatype that no row names */
        const ConDef *c0 = h.seen[0]->con;
        for (uint32_t k = 0; k < c0->ncons && out[0] == &wild; k++) {
            uint32_t j = 0;
            while (j < h.n && h.seen[j]->con != sibling(c0, k)) j++;
            if (j == h.n) out[0] = con_head(a, sibling(c0, k));
        }
    }
    memcpy(out + 1, w, (n - 1) * sizeof *out);
    return out;
}

/* ---- the example, written as an SML pattern ------------------------------ */

typedef struct Out {
    char *s;
    size_t n, cap;
} Out;

static void put(Out *o, const char *t)
{
    size_t l = strlen(t);
    if (o->n + l + 4 >= o->cap) {   /* room for "..." */
        if (o->n + 4 < o->cap) { memcpy(o->s + o->n, "...", 4); o->n = o->cap; }
        return;
    }
    memcpy(o->s + o->n, t, l + 1);
    o->n += l;
}

static int is_tuple(const M *m)
{
    for (uint32_t i = 0; i < m->n; i++) {
        char num[12];
        snprintf(num, sizeof num, "%u", i + 1);
        if (strcmp(m->labels[i], num) != 0) return 0;
    }
    return m->n != 1;
}

/* prec: 0 anywhere, 1 the left of ::, 2 a constructor's argument. */
static void show(Out *o, const M *m, int prec)
{
    switch (m->k) {
    case M_WILD: case M_CONST: put(o, "_"); return;
    case M_REC:
        put(o, is_tuple(m) ? "(" : "{");
        for (uint32_t i = 0; i < m->n; i++) {
            if (i) put(o, ", ");
            if (!is_tuple(m)) { put(o, m->labels[i]); put(o, " = "); }
            show(o, m->args[i], 0);
        }
        put(o, is_tuple(m) ? ")" : "}");
        return;
    case M_CON:
        if (m->n == 0) { put(o, m->con->name); return; }
        if (strcmp(m->con->name, "::") == 0 && m->args[0]->k == M_REC && m->args[0]->n == 2) {
            if (prec >= 1) put(o, "(");
            show(o, m->args[0]->args[0], 1);
            put(o, " :: ");
            show(o, m->args[0]->args[1], 0);
            if (prec >= 1) put(o, ")");
            return;
        }
        if (prec >= 2) put(o, "(");
        put(o, m->con->name);
        put(o, " ");
        show(o, m->args[0], 2);
        if (prec >= 2) put(o, ")");
        return;
    }
}

/* ---- the checks ----------------------------------------------------------- */

static void check(Arena *a, Mat *P, MatchReport *rep)
{
    rep->redundant = UINT32_MAX;
    uint32_t m = P->m;
    for (uint32_t r = 0; r < m && rep->redundant == UINT32_MAX; r++) {
        Mat above = {r, P->n, P->rows};
        if (!useful(a, &above, P->rows[r])) rep->redundant = r;
    }
    M **w = witness(a, P);
    rep->exhaustive = w == NULL;
    rep->example[0] = 0;
    Out o = {rep->example, 0, sizeof rep->example};
    for (uint32_t i = 0; w && i < P->n; i++) {
        if (i) put(&o, " ");
        show(&o, w[i], P->n > 1 ? 2 : 0);
    }
}

void match_check(const Clause *rules, uint32_t n, MatchReport *rep)
{
    Arena *a = arena_new();
    Mat P = {n, n ? rules[0].npats : 1, arena_alloc(a, (n + 1) * sizeof(M **))};
    for (uint32_t r = 0; r < n; r++) {
        P.rows[r] = arena_alloc(a, (P.n ? P.n : 1) * sizeof(M *));
        for (uint32_t i = 0; i < P.n; i++) P.rows[r][i] = conv(a, rules[r].pats[i]);
    }
    check(a, &P, rep);
    arena_free(a);
}

void match_check_pat(const Pat *p, MatchReport *rep)
{
    Clause c = {.npats = 1, .pats = (Pat **)&p};
    match_check(&c, 1, rep);
}
