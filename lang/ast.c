/*
 * ast.c — the arena that holds a syntax tree, and the builders the
 * grammar's actions call.
 *
 * Arena: a list of chunks with a bump pointer.  Allocation is O(1) and
 * freeing the whole tree is one walk over the chunks; nothing is freed
 * alone.  Memory comes zeroed, so builders set only the fields that matter.
 * Running out of memory ends the process (status 1): every caller would
 * otherwise need a failure path for an event that only a pathological
 * input can cause.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

#define CHUNK_SIZE (64 * 1024)

typedef struct Chunk {
    struct Chunk *next;
    size_t size, used;
    _Alignas(16) unsigned char data[];
} Chunk;

struct Arena {
    Chunk *head;
};

static void *xcalloc(size_t n)
{
    void *p = calloc(1, n);
    if (!p) {
        fputs("pml: error: out of memory\n", stderr);
        exit(1);
    }
    return p;
}

Arena *arena_new(void)
{
    return xcalloc(sizeof(Arena));
}

static Chunk *chunk_new(size_t size)
{
    Chunk *c = xcalloc(sizeof(Chunk) + size);
    c->size = size;
    return c;
}

void *arena_alloc(Arena *a, size_t n)
{
    if (n > SIZE_MAX / 4) {
        fputs("pml: error: out of memory\n", stderr);
        exit(1);
    }
    n = (n + 15) & ~(size_t)15;
    Chunk *c = a->head;
    if (c && c->size - c->used >= n) {
        void *p = c->data + c->used;
        c->used += n;
        return p;
    }
    if (n > CHUNK_SIZE / 4) {
        /* A big block gets its own chunk, behind the current one, so the
         * current chunk's free room is not wasted. */
        Chunk *big = chunk_new(n);
        big->used = n;
        if (c) {
            big->next = c->next;
            c->next = big;
        } else {
            a->head = big;
        }
        return big->data;
    }
    c = chunk_new(CHUNK_SIZE);
    c->next = a->head;
    a->head = c;
    c->used = n;
    return c->data;
}

char *arena_strndup(Arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    if (n)      /* s may be NULL when n is 0 (the empty string "") */
        memcpy(p, s, n);
    return p;
}

void arena_free(Arena *a)
{
    if (!a)
        return;
    for (Chunk *c = a->head, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    free(a);
}

/* ---- generic constructors (ast.h) ------------------------------------- */

Expr *ast_expr(Arena *a, ExprKind k, Span sp)
{
    Expr *e = arena_alloc(a, sizeof *e);
    e->kind = k;
    e->span = sp;
    return e;
}

Pat *ast_pat(Arena *a, PatKind k, Span sp)
{
    Pat *p = arena_alloc(a, sizeof *p);
    p->kind = k;
    p->span = sp;
    return p;
}

Dec *ast_dec(Arena *a, DecKind k, Span sp)
{
    Dec *d = arena_alloc(a, sizeof *d);
    d->kind = k;
    d->span = sp;
    return d;
}

/* The capacity of an array of n items is implied by n (0, then powers of
 * two from 4), so no capacity needs storing; outgrown arrays stay in the
 * arena, at most doubling the memory used. */
void **ast_push(Arena *a, void **arr, uint32_t n, void *item)
{
    if (n == 0 || (n >= 4 && (n & (n - 1)) == 0)) {
        uint32_t cap = n ? 2 * n : 4;
        void **grown = arena_alloc(a, cap * sizeof *grown);
        if (n)
            memcpy(grown, arr, n * sizeof *arr);
        arr = grown;
    }
    arr[n] = item;
    return arr;
}

/* The items of l (pointers to structs of `size` bytes) copied into one
 * array of structs. */
static void *ast_unpack(Arena *a, List l, size_t size)
{
    unsigned char *arr = arena_alloc(a, l.n * size);
    for (uint32_t i = 0; i < l.n; i++)
        memcpy(arr + i * size, l.v[i], size);
    return arr;
}

Span span_join(Span a, Span b)
{
    Span s = a.off <= b.off ? a : b;
    s.end = a.end > b.end ? a.end : b.end;
    return s;
}

/* ---- builders for the grammar (parse.h) -------------------------------- */

List list_push(Arena *a, List l, void *item)
{
    l.v = ast_push(a, l.v, l.n, item);
    l.n++;
    return l;
}

List list_cons(Arena *a, void *item, List l)
{
    List r = list_push(a, (List){0}, item);
    for (uint32_t i = 0; i < l.n; i++) r = list_push(a, r, l.v[i]);
    return r;
}

Span span_to(Span a, uint32_t end)
{
    if (end > a.end)
        a.end = end;
    return a;
}

/* (e): the node keeps its meaning but its span takes in the parentheses,
 * so that a parent's span (an application's, say) ends where its text does. */
Expr *ast_widen(Expr *e, Span outer)
{
    e->span = outer;
    return e;
}

/* The builders expressions and patterns share (they keep a literal in ival,
 * or in sval and slen, a name in name, components in n and elems):
 * ast_int, ast_char, ast_string, ast_elems and ast_pint, ast_pchar,
 * ast_pstring, ast_pelems; make##_named serves ast_var and ast_pvar. */
#define SHARED_BUILDERS(T, Kind, make, K_INT, K_CHAR, K_STRING, f_int, f_char, f_string, f_elems) \
    static T *make##_lit(Arena *a, Kind k, Span sp, int64_t v, const char *s, uint32_t n) \
    { \
        T *x = make(a, k, sp); \
        x->ival = v; \
        x->sval = s; \
        x->slen = n; \
        return x; \
    } \
    T *f_int(Arena *a, Span sp, int64_t v) { return make##_lit(a, K_INT, sp, v, NULL, 0); } \
    T *f_char(Arena *a, Span sp, int64_t v) { return make##_lit(a, K_CHAR, sp, v, NULL, 0); } \
    T *f_string(Arena *a, Span sp, const char *s, uint32_t n) { return make##_lit(a, K_STRING, sp, 0, s, n); } \
    static T *make##_named(Arena *a, Kind k, Span sp, const char *name) \
    { \
        T *x = make(a, k, sp); \
        x->name = name; \
        return x; \
    } \
    T *f_elems(Arena *a, Kind k, Span sp, List elems) \
    { \
        T *x = make(a, k, sp); \
        x->n = elems.n; \
        x->elems = (T **)elems.v; \
        return x; \
    }

SHARED_BUILDERS(Expr, ExprKind, ast_expr, EX_INT, EX_CHAR, EX_STRING, ast_int, ast_char, ast_string, ast_elems)
SHARED_BUILDERS(Pat, PatKind, ast_pat, PAT_INT, PAT_CHAR, PAT_STRING, ast_pint, ast_pchar, ast_pstring, ast_pelems)

Expr *ast_real(Arena *a, Span sp, double v)
{
    Expr *e = ast_expr(a, EX_REAL, sp);
    e->rval = v;
    return e;
}

Expr *ast_var(Arena *a, Span sp, const char *name) { return ast_expr_named(a, EX_VAR, sp, name); }

/* The body of a let: one expression, or an EX_SEQ of several. */
Expr *ast_body(Arena *a, List seq)
{
    Expr **v = (Expr **)seq.v;
    if (seq.n == 1)
        return v[0];
    return ast_elems(a, EX_SEQ, span_join(v[0]->span, v[seq.n - 1]->span),
                     seq);
}

/* The variable a bare #i selector binds: '%' cannot start a PML name. */
static const char SEL_VAR[] = "%sel";

static int is_selector(const Expr *f)
{
    return f->kind == EX_FN && f->nclauses == 1
        && f->clauses[0].npats == 1 && f->clauses[0].pats[0]->kind == PAT_VAR
        && strcmp(f->clauses[0].pats[0]->name, SEL_VAR) == 0;
}

/* f x; a selector applied directly, #i x, is a projection. */
Expr *ast_app(Arena *a, Expr *f, Expr *x)
{
    Span sp = span_join(f->span, x->span);
    if (is_selector(f)) {
        Expr *e = ast_expr(a, EX_PROJ, sp);
        e->ival = f->ival;
        e->name = f->name;
        e->a = x;
        return e;
    }
    Expr *e = ast_expr(a, EX_APP, sp);
    e->a = f;
    e->b = x;
    return e;
}

/* x op y: the operator's variable applied to the pair (x, y). */
Expr *ast_infix(Arena *a, Expr *x, Span opsp, const char *op, Expr *y)
{
    Span sp = span_join(x->span, y->span);
    Expr *pair = ast_expr(a, EX_TUPLE, sp);
    pair->n = 2;
    pair->elems = arena_alloc(a, 2 * sizeof *pair->elems);
    pair->elems[0] = x;
    pair->elems[1] = y;
    Expr *e = ast_expr(a, EX_APP, sp);
    e->a = ast_var(a, opsp, op);
    e->b = pair;
    return e;
}

Expr *ast_binary(Arena *a, ExprKind k, Expr *x, Expr *y)
{
    Expr *e = ast_expr(a, k, span_join(x->span, y->span));
    e->a = x;
    e->b = y;
    return e;
}

/* A bare #i or #name is the function fn %sel => #i %sel; ival and name
 * keep the label so that ast_app can turn a direct application back into
 * a projection. */
Expr *ast_selector(Arena *a, Span sp, int64_t index, const char *label)
{
    Pat *p = ast_pvar(a, PAT_VAR, sp, SEL_VAR);
    Expr *body = ast_expr(a, EX_PROJ, sp);
    body->ival = index;
    body->name = label;
    body->a = ast_var(a, sp, SEL_VAR);
    List pats = list_push(a, (List){0}, p);
    List arms = list_push(a, (List){0}, ast_clause(a, pats, body));
    Expr *f = ast_fn(a, EX_FN, sp, NULL, arms);
    f->ival = index;
    f->name = label;
    return f;
}

static int is_numeral(const char *s)
{
    if (*s < '1' || *s > '9') return 0;
    while (*s >= '0' && *s <= '9') s++;
    return *s == 0;
}

int rec_label_cmp(const char *a, const char *b)
{
    int na = is_numeral(a), nb = is_numeral(b);
    if (na != nb) return na ? -1 : 1;
    if (na) {
        size_t la = strlen(a), lb = strlen(b);
        if (la != lb) return la < lb ? -1 : 1;
    }
    return strcmp(a, b);
}

/* fn match (scrut NULL) or case scrut of match. */
Expr *ast_fn(Arena *a, ExprKind k, Span sp, Expr *scrut, List arms)
{
    Expr *e = ast_expr(a, k, sp);
    e->a = scrut;
    e->nclauses = arms.n;
    e->clauses = ast_unpack(a, arms, sizeof *e->clauses);
    return e;
}

Expr *ast_if(Arena *a, Span sp, Expr *c, Expr *t, Expr *f)
{
    Expr *e = ast_expr(a, EX_IF, sp);
    e->a = c;
    e->b = t;
    e->c = f;
    return e;
}

Expr *ast_raise(Arena *a, Span sp, Expr *x)
{
    Expr *e = ast_expr(a, EX_RAISE, sp);
    e->a = x;
    return e;
}

Expr *ast_let(Arena *a, Span sp, List decs, List body)
{
    Expr *e = ast_expr(a, EX_LET, sp);
    e->ndecs = decs.n;
    e->decs = (Dec **)decs.v;
    e->a = ast_body(a, body);
    return e;
}

Clause *ast_clause(Arena *a, List pats, Expr *body)
{
    Clause *c = arena_alloc(a, sizeof *c);
    Pat **p = (Pat **)pats.v;
    c->npats = pats.n;
    c->pats = p;
    c->body = body;
    c->span = span_join(p[0]->span, body->span);
    return c;
}

/* ---- patterns ------------------------------------------------------------ */

Pat *ast_pvar(Arena *a, PatKind k, Span sp, const char *name) { return ast_pat_named(a, k, sp, name); }

Pat *ast_pcon(Arena *a, Span sp, const char *name, Pat *arg)
{
    Pat *p = ast_pvar(a, PAT_CON, sp, name);
    p->arg = arg;
    return p;
}

/* hd :: tl is the constructor "::" applied to the pair (hd, tl). */
Pat *ast_pcons(Arena *a, Pat *hd, Pat *tl)
{
    Span sp = span_join(hd->span, tl->span);
    List l = list_push(a, list_push(a, (List){0}, hd), tl);
    return ast_pcon(a, sp, "::", ast_pelems(a, PAT_TUPLE, sp, l));
}

Pat *ast_pas(Arena *a, Span sp, const char *name, Pat *p)
{
    Pat *as = ast_pvar(a, PAT_AS, span_join(sp, p->span), name);
    as->arg = p;
    return as;
}

Pat *ast_pwiden(Pat *p, Span outer)
{
    p->span = outer;
    return p;
}

/* ---- declarations -------------------------------------------------------- */

Dec *ast_val(Arena *a, Span sp, Pat *p, Expr *e)
{
    Dec *d = ast_dec(a, DEC_VAL, span_join(sp, e->span));
    d->pat = p;
    d->a = e;
    return d;
}

Dec *ast_fundec(Arena *a, Span sp, List funs)
{
    Dec *d = ast_dec(a, DEC_FUN, sp);
    d->nfuns = funs.n;
    d->funs = ast_unpack(a, funs, sizeof *d->funs);
    d->span = span_to(sp, d->funs[funs.n - 1].span.end);
    return d;
}

/* One constructor; nfields counts the top-level components of a tuple
 * type, looking through parentheses: C of (a * b) is C of a * b in SML. */
ConDef *ast_condef(Arena *a, const char *name, int has_arg, TyInfo ty)
{
    ConDef *c = arena_alloc(a, sizeof *c);
    c->name = name;
    c->has_arg = has_arg;
    if (has_arg) {
        c->nfields = ty.n == 1 ? ty.inner : ty.n;
        c->arg_ty = ty.t;
    }
    return c;
}

/* The constructors of one datatype of a group: number them. */
List ast_datbind(List cons, const char *tyname)
{
    for (uint32_t i = 0; i < cons.n; i++) {
        ConDef *c = cons.v[i];
        c->tag = i;
        c->ncons = cons.n;
        c->tyname = tyname;
    }
    return cons;
}

Dec *ast_exception(Arena *a, Span sp, List cons)
{
    Dec *d = ast_datatype(a, sp, cons);
    d->kind = DEC_EXCEPTION;
    for (uint32_t i = 0; i < d->ncons; i++) {
        d->cons[i].tag = 0;
        d->cons[i].ncons = 0;
    }
    return d;
}

Dec *ast_datatype(Arena *a, Span sp, List cons)
{
    Dec *d = ast_dec(a, DEC_DATATYPE, sp);
    d->ncons = cons.n;
    d->cons = ast_unpack(a, cons, sizeof *d->cons);
    return d;
}

/* ---- copies of unresolved declarations (a functor's body, ast.h) ------- */

/* n items of `size` bytes copied; NULL for none. */
static void *copy_array(Arena *a, const void *src, uint32_t n, size_t size)
{
    if (!n || !src)
        return NULL;
    void *dst = arena_alloc(a, n * size);
    memcpy(dst, src, n * size);
    return dst;
}

static Expr *copy_expr(Arena *a, const Expr *e, size_t *count);
static Dec *copy_dec(Arena *a, const Dec *d, size_t *count);

static Pat *copy_pat(Arena *a, const Pat *p, size_t *count)
{
    if (!p)
        return NULL;
    Pat *q = copy_array(a, p, 1, sizeof *q);
    ++*count;
    q->arg = copy_pat(a, p->arg, count);
    q->elems = copy_array(a, p->elems, p->n, sizeof *q->elems);
    for (uint32_t i = 0; i < p->n; i++)
        q->elems[i] = copy_pat(a, p->elems[i], count);
    return q;
}

static Clause *copy_clauses(Arena *a, const Clause *c, uint32_t n, size_t *count)
{
    Clause *q = copy_array(a, c, n, sizeof *q);
    for (uint32_t i = 0; i < n; i++) {
        q[i].pats = copy_array(a, c[i].pats, c[i].npats, sizeof *q[i].pats);
        for (uint32_t k = 0; k < c[i].npats; k++)
            q[i].pats[k] = copy_pat(a, c[i].pats[k], count);
        q[i].body = copy_expr(a, c[i].body, count);
    }
    return q;
}

static Dec **copy_decs(Arena *a, Dec *const *d, uint32_t n, size_t *count)
{
    Dec **q = copy_array(a, d, n, sizeof *q);
    for (uint32_t i = 0; i < n; i++)
        q[i] = copy_dec(a, d[i], count);
    return q;
}

static Expr *copy_expr(Arena *a, const Expr *e, size_t *count)
{
    if (!e)
        return NULL;
    Expr *q = copy_array(a, e, 1, sizeof *q);
    ++*count;
    q->a = copy_expr(a, e->a, count);
    q->b = copy_expr(a, e->b, count);
    q->c = copy_expr(a, e->c, count);
    q->elems = copy_array(a, e->elems, e->n, sizeof *q->elems);
    for (uint32_t i = 0; i < e->n; i++)
        q->elems[i] = copy_expr(a, e->elems[i], count);
    q->clauses = copy_clauses(a, e->clauses, e->nclauses, count);
    q->decs = copy_decs(a, e->decs, e->ndecs, count);
    return q;
}

static Dec *copy_dec(Arena *a, const Dec *d, size_t *count)
{
    if (!d)
        return NULL;
    Dec *q = copy_array(a, d, 1, sizeof *q);
    ++*count;
    q->pat = copy_pat(a, d->pat, count);
    q->a = copy_expr(a, d->a, count);
    q->funs = copy_array(a, d->funs, d->nfuns, sizeof *q->funs);
    for (uint32_t i = 0; i < d->nfuns; i++)
        q->funs[i].clauses = copy_clauses(a, d->funs[i].clauses, d->funs[i].nclauses, count);
    q->cons = copy_array(a, d->cons, d->ncons, sizeof *q->cons);
    q->decs = copy_decs(a, d->decs, d->ndecs, count);
    q->decs2 = copy_decs(a, d->decs2, d->ndecs2, count);
    q->arg = copy_dec(a, d->arg, count);
    return q;
}

Dec *ast_copy_dec(Arena *a, const Dec *d, size_t *count)
{
    return copy_dec(a, d, count);
}
