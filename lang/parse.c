/*
 * parse.c — the front end's driver: lexer → Lemon parser → syntax tree.
 *
 * lang_parse checks that the file is text (UTF-8, no NUL: the lexer's
 * sentinel), then feeds tokens to the parser one at a time and stops at the
 * first error, whoever finds it (lexer, parser, or a grammar action).  The
 * declarations of a file that fails are dropped from the Program, so a
 * Program never holds half a file.
 *
 * Nesting is bounded twice, with one message: open brackets are counted as
 * they are read, and once the file is parsed an iterative walk checks that
 * no path of the tree is deeper than PARSE_MAX_DEPTH.  Later stages may
 * therefore recurse over the tree; nothing here recurses.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "grammar.h"

/* Lemon's interface (grammar.c); grammar.h holds only the token codes. */
void *pmlParseAlloc(void *(*alloc)(size_t));
void pmlParse(void *parser, int major, Token minor, ParseState *ps);
void pmlParseFree(void *parser, void (*release)(void *));

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n);
    if (!p) {
        fputs("pml: error: out of memory\n", stderr);
        exit(1);
    }
    return p;
}

/* ---- helpers for grammar actions ----------------------------------------- */

Span tok_span(const ParseState *ps, Token t)
{
    return (Span){ps->file, t.line, t.col, t.off, t.end};
}

void parse_error(ParseState *ps, Span sp, const char *fmt, ...)
{
    if (ps->failed)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ps->d->msg, sizeof ps->d->msg, fmt, ap);
    va_end(ap);
    ps->d->span = sp;
    ps->d->has_span = 1;
    ps->failed = 1;
}

/* The text of a token for a message: its first line, at most 40 bytes. */
static void tok_text(const ParseState *ps, Token t, char *out, size_t max)
{
    size_t n = 0;
    const char *s = ps->src->text + t.off;
    while (n < t.end - t.off && n < max - 4 && s[n] != '\n' && s[n] != '\r')
        n++;
    memcpy(out, s, n);
    if (n < t.end - t.off)
        memcpy(out + n, "...", 4);
    else
        out[n] = 0;
}

void parse_syntax_error(ParseState *ps, int major, Token t)
{
    if (major == 0) {
        parse_error(ps, tok_span(ps, t), "syntax error: unexpected end of file");
        return;
    }
    char text[48];
    tok_text(ps, t, text, 44);
    parse_error(ps, tok_span(ps, t), "syntax error: unexpected '%s'", text);
}

void parse_too_deep(ParseState *ps, Span sp)
{
    parse_error(ps, sp, "expression nested too deeply (limit %d)",
                PARSE_MAX_DEPTH);
}

static int parse_use(ParseState *ps, Dec *d);

void parse_add_dec(ParseState *ps, Dec *d)
{
    Program *p = ps->prog;
    if (!d || ps->failed || parse_use(ps, d))
        return;
    if (p->ndecs == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 64;
        p->decs = xrealloc(p->decs, p->cap * sizeof *p->decs);
    }
    p->decs[p->ndecs++] = d;
}

Expr *parse_par(ParseState *ps, Span sp, List elems)
{
    if (elems.n != 2)
        parse_error(ps, sp, "a parallel pair has exactly two components");
    return ast_elems(ps->arena, EX_PAR, sp, elems);
}

uint32_t parse_match_end(List arms)
{
    return ((Clause *)arms.v[arms.n - 1])->body->span.end;
}

FunClause *parse_fclause(ParseState *ps, Token name, List pats, Expr *body)
{
    FunClause *fc = arena_alloc(ps->arena, sizeof *fc);
    fc->name = name.v.s;
    fc->name_span = tok_span(ps, name);
    fc->c = ast_clause(ps->arena, pats, body);
    fc->c->span = span_join(fc->name_span, body->span);
    return fc;
}

static Pat *pair_pat(ParseState *ps, Pat *l, Pat *r)
{
    List l2 = list_push(ps->arena, list_push(ps->arena, (List){0}, l), r);
    return ast_pelems(ps->arena, PAT_TUPLE, span_join(l->span, r->span), l2);
}

/* l op r: the clause of op whose one argument is the pair (l, r). */
FunClause *parse_fclause_infix(ParseState *ps, Pat *l, Token name, Pat *r, Expr *body)
{
    FunClause *fc = parse_fclause(ps, name, list_push(ps->arena, (List){0}, pair_pat(ps, l, r)),
                                  body);
    fc->c->span = span_join(l->span, body->span);
    return fc;
}

/* l op r in a pattern: the constructor op applied to (l, r). */
Pat *parse_pinfix(ParseState *ps, Pat *l, Token op, Pat *r)
{
    Pat *p = ast_pcon(ps->arena, span_join(l->span, r->span), op.v.s, pair_pat(ps, l, r));
    p->ival = 1;
    return p;
}

FunClause *parse_fclause_paren(ParseState *ps, Pat *head, List pats, Expr *body)
{
    int infix = head->kind == PAT_CON && head->ival == 1;
    if (!infix)
        parse_error(ps, head->span, "a clause's head in parentheses is an infix function "
                    "applied to its operands, (x ++ y)");
    List all = list_push(ps->arena, (List){0}, infix ? head->arg : head);
    for (uint32_t i = 0; i < pats.n; i++)
        all = list_push(ps->arena, all, pats.v[i]);
    FunClause *fc = arena_alloc(ps->arena, sizeof *fc);
    fc->name = infix ? head->name : "";
    fc->name_span = head->span;
    fc->c = ast_clause(ps->arena, all, body);
    fc->c->span = span_join(head->span, body->span);
    return fc;
}

/* val rec f = fn match: the one-function fun group f with match's
 * clauses. */
Dec *parse_val_rec_and(ParseState *ps, Span sp, ValBinds b)
{
    List funs = {0};
    for (uint32_t i = 0; i < b.pats.n; i++) {
        Pat *p = b.pats.v[i];
        Expr *e = b.exps.v[i];
        if (p->kind != PAT_VAR || e->kind != EX_FN) {
            parse_error(ps, p->kind != PAT_VAR ? p->span : e->span,
                        "val rec binds a name to a fn expression");
            return NULL;
        }
        FunDef *f = arena_alloc(ps->arena, sizeof *f);
        f->name = p->name;
        f->span = span_join(p->span, e->span);
        f->nclauses = e->nclauses;
        f->clauses = e->clauses;
        funs = list_push(ps->arena, funs, f);
    }
    return ast_fundec(ps->arena, sp, funs);
}

const char *parse_spec_entry(ParseState *ps, const char *kind, Token name)
{
    size_t k = strlen(kind), n = strlen(name.v.s);
    char *s = arena_alloc(ps->arena, k + n + 1);
    memcpy(s, kind, k);
    memcpy(s + k, name.v.s, n + 1);
    return s;
}

Dec *parse_datatype_copy(ParseState *ps, Span sp, Token name, Token of)
{
    Dec *d = ast_dec(ps->arena, DEC_DATATYPE, sp);
    d->name = name.v.s;
    d->alias_of = of.v.s;
    return d;
}

Dec *parse_val(ParseState *ps, Span sp, ValBinds b)
{
    if (b.pats.n == 1)
        return ast_val(ps->arena, sp, b.pats.v[0], b.exps.v[0]);
    Pat *first = b.pats.v[0], *last = b.pats.v[b.pats.n - 1];
    Expr *efirst = b.exps.v[0], *elast = b.exps.v[b.exps.n - 1];
    Pat *p = ast_pelems(ps->arena, PAT_TUPLE, span_join(first->span, last->span), b.pats);
    Expr *e = ast_elems(ps->arena, EX_TUPLE, span_join(efirst->span, elast->span), b.exps);
    return ast_val(ps->arena, sp, p, e);
}

/* while c do b: let fun %while () = if c then (b; %while ()) else ()
 * in %while () end ('%' keeps the name out of the program's reach). */
Expr *parse_while(ParseState *ps, Span sp, Expr *cond, Expr *body)
{
    Arena *a = ps->arena;
    Expr *again = ast_app(a, ast_var(a, sp, "%while"), ast_elems(a, EX_TUPLE, sp, (List){0}));
    List seq = list_push(a, list_push(a, (List){0}, body), again);
    Expr *test = ast_if(a, sp, cond, ast_elems(a, EX_SEQ, sp, seq),
                        ast_elems(a, EX_TUPLE, sp, (List){0}));
    Pat *unit = ast_pelems(a, PAT_TUPLE, sp, (List){0});
    Clause *c = ast_clause(a, list_push(a, (List){0}, unit), test);
    FunDef *f = arena_alloc(a, sizeof *f);
    f->name = "%while";
    f->span = sp;
    f->nclauses = 1;
    f->clauses = c;
    Dec *d = ast_fundec(a, sp, list_push(a, (List){0}, f));
    Expr *start = ast_app(a, ast_var(a, sp, "%while"), ast_elems(a, EX_TUPLE, sp, (List){0}));
    return ast_let(a, sp, list_push(a, (List){0}, d), list_push(a, (List){0}, start));
}

/* ---- modules ------------------------------------------------------------- */

Dec *parse_strdec(ParseState *ps, StrExp s)
{
    Dec *d = ast_dec(ps->arena, DEC_STRUCTURE, s.span);
    d->alias_of = s.alias_of;
    d->ndecs = s.decs.n;
    d->decs = (Dec **)s.decs.v;
    d->functor = s.functor;
    d->arg = s.arg;
    return d;
}

/* structure S = F (arg) holds the application as its arg, which keeps
 * the application's span for its errors. */
Dec *parse_structure(ParseState *ps, Span sp, Token name, SigExp *sig, int opaque, StrExp s)
{
    Dec *d = s.functor ? ast_dec(ps->arena, DEC_STRUCTURE, s.span) : parse_strdec(ps, s);
    if (s.functor)
        d->arg = parse_strdec(ps, s);
    d->span = span_join(sp, s.span);
    d->name = name.v.s;
    d->sig = sig;
    d->opaque = opaque;
    return d;
}

StrExp parse_functor_app(ParseState *ps, Token f, Dec *arg, Token rparen)
{
    return (StrExp){span_to(tok_span(ps, f), rparen.end), (List){0}, NULL, f.v.s, arg};
}

Dec *parse_functor(ParseState *ps, Span sp, Token name, const char *param, SigExp *psig,
                   ResultSig res, StrExp body)
{
    Dec *d = ast_dec(ps->arena, DEC_FUNCTOR, span_join(sp, body.span));
    d->name = name.v.s;
    d->functor = param;
    d->psig = psig;
    d->sig = res.sig;
    d->opaque = res.opaque;
    d->arg = parse_strdec(ps, body);
    return d;
}

Dec *parse_signature(ParseState *ps, Span sp, Token name, SigExp *sig)
{
    Dec *d = ast_dec(ps->arena, DEC_SIGNATURE, span_join(sp, sig->span));
    d->name = name.v.s;
    d->sig = sig;
    return d;
}

static Spec *new_spec(ParseState *ps, SpecKind kind, const char *name, Span sp)
{
    Spec *s = arena_alloc(ps->arena, sizeof *s);
    memset(s, 0, sizeof *s);
    s->name = name;
    s->kind = kind;
    s->span = sp;
    return s;
}

List parse_spec(ParseState *ps, List specs, SpecKind kind, const char *name)
{
    return list_push(ps->arena, specs, new_spec(ps, kind, name, (Span){0}));
}

List parse_add_specs(ParseState *ps, List specs, List more)
{
    for (uint32_t i = 0; i < more.n; i++) specs = list_push(ps->arena, specs, more.v[i]);
    return specs;
}

Spec *parse_val_spec(ParseState *ps, Token name, TyExp *ty)
{
    Spec *s = new_spec(ps, SPEC_VAL, name.v.s, tok_span(ps, name));
    s->ty = ty;
    return s;
}

Spec *parse_type_spec(ParseState *ps, List tyvars, Token name, TyExp *ty)
{
    Spec *s = new_spec(ps, SPEC_TYPE, name.v.s, tok_span(ps, name));
    s->bind = parse_tybind(ps, tyvars, name, ty);
    return s;
}

List parse_eqtype_specs(List specs)
{
    for (uint32_t i = 0; i < specs.n; i++) ((Spec *)specs.v[i])->kind = SPEC_EQTYPE;
    return specs;
}

/* datatype t = C ... in a signature: the datatype itself (for its types),
 * then its constructors (the resolver's names; the same ConDefs). */
List parse_datatype_spec(ParseState *ps, List specs, Span sp, List cons, List withtype)
{
    Dec *d = parse_withtype(ps, ast_datatype(ps->arena, span_to(sp, ps->datatype_end), cons), withtype);
    Spec *s = new_spec(ps, SPEC_DATDEC, d->ncons ? d->cons[0].dt->name : "", d->span);
    s->dat = d;
    specs = list_push(ps->arena, specs, s);
    for (uint32_t i = 0; i < d->ncons; i++) {
        specs = parse_spec(ps, specs, SPEC_CON, d->cons[i].name);
        ((Spec *)specs.v[specs.n - 1])->con = &d->cons[i];
    }
    return specs;
}

List parse_datatype_copy_spec(ParseState *ps, List specs, Token name, Token of)
{
    specs = parse_spec(ps, specs, SPEC_DATATYPE, parse_spec_entry(ps, "datatype ", of));
    Spec *s = specs.v[specs.n - 1];
    s->span = tok_span(ps, name);
    s->bind = parse_tybind(ps, (List){0}, name, NULL);
    return specs;
}

/* sharing [type] a = b (= c ...) and ...: a new group (what is "type" or
 * "structure"), or one more name for the last group. */
List parse_sharing(ParseState *ps, List groups, const char *what, Token name)
{
    Spec *s;
    if (what) {
        s = new_spec(ps, SPEC_SHARING, what, tok_span(ps, name));
        groups = list_push(ps->arena, groups, s);
    } else {
        s = groups.v[groups.n - 1];
    }
    s->names = (const char **)ast_push(ps->arena, (void **)s->names, s->nnames, (void *)name.v.s);
    s->nnames++;
    return groups;
}

List parse_con_specs(ParseState *ps, List specs, SpecKind kind, List cons)
{
    for (uint32_t i = 0; i < cons.n; i++) {
        const ConDef *c = cons.v[i];
        specs = parse_spec(ps, specs, kind, c->name);
        ((Spec *)specs.v[specs.n - 1])->con = c;
    }
    return specs;
}

List parse_str_spec(ParseState *ps, List specs, const char *name, const SigExp *sub)
{
    specs = parse_spec(ps, specs, SPEC_STR, name);
    ((Spec *)specs.v[specs.n - 1])->sub = sub;
    return specs;
}

/* sig where type t = ty and ...: a copy of the signature expression with
 * the definitions added. */
SigExp *parse_where(ParseState *ps, SigExp *g, List binds)
{
    SigExp *x = arena_alloc(ps->arena, sizeof *x);
    *x = *g;
    x->where = arena_alloc(ps->arena, (g->nwhere + binds.n + 1) * sizeof *x->where);
    for (uint32_t i = 0; i < g->nwhere; i++) x->where[i] = g->where[i];
    for (uint32_t i = 0; i < binds.n; i++) x->where[g->nwhere + i] = binds.v[i];
    x->nwhere = g->nwhere + binds.n;
    return x;
}

SigExp *parse_sigexp(ParseState *ps, Span sp, const char *name, List specs)
{
    SigExp *g = arena_alloc(ps->arena, sizeof *g);
    memset(g, 0, sizeof *g);
    g->span = sp;
    g->name = name;
    g->names = arena_alloc(ps->arena, (specs.n + 1) * sizeof *g->names);
    g->kinds = arena_alloc(ps->arena, specs.n + 1);
    g->cons = arena_alloc(ps->arena, (specs.n + 1) * sizeof *g->cons);
    g->subs = arena_alloc(ps->arena, (specs.n + 1) * sizeof *g->subs);
    g->nspecs = specs.n;
    g->specs = (const Spec **)specs.v;
    for (uint32_t i = 0; i < specs.n; i++) {
        const Spec *s = specs.v[i];
        if (s->kind > SPEC_DATATYPE) continue;
        g->names[g->nnames] = s->name;
        g->kinds[g->nnames] = (uint8_t)s->kind;
        g->cons[g->nnames] = s->con;
        g->subs[g->nnames++] = s->sub;
    }
    return g;
}

Dec *parse_local(ParseState *ps, Span sp, List a, List b)
{
    Dec *d = ast_dec(ps->arena, DEC_LOCAL, sp);
    d->ndecs = a.n;
    d->decs = (Dec **)a.v;
    d->ndecs2 = b.n;
    d->decs2 = (Dec **)b.v;
    return d;
}

Dec *parse_datatype(ParseState *ps, Span sp, List cons)
{
    Dec *d = ast_datatype(ps->arena, sp, cons);
    ps->datatypes = list_push(ps->arena, ps->datatypes, d);
    return d;
}

Dec *parse_abstype(ParseState *ps, Span sp, Dec *datatype, List decs)
{
    for (uint32_t i = 0; i < datatype->ncons; i++)
        datatype->cons[i].abstract = 1;
    List a = list_push(ps->arena, (List){0}, datatype);
    return parse_local(ps, sp, a, decs);
}

Dec *parse_open(ParseState *ps, Span sp, List names)
{
    Dec *d = ast_dec(ps->arena, DEC_OPEN, sp);
    d->nnames = names.n;
    d->names = (const char **)names.v;
    return d;
}

/* Appends to an arena array of Clause structs (capacity as in ast_push). */
static Clause *clause_push(Arena *a, Clause *arr, uint32_t n, const Clause *c)
{
    if (n == 0 || (n >= 4 && (n & (n - 1)) == 0)) {
        Clause *grown = arena_alloc(a, (n ? 2 * n : 4) * sizeof *grown);
        if (n)
            memcpy(grown, arr, n * sizeof *arr);
        arr = grown;
    }
    arr[n] = *c;
    return arr;
}

FunDef *parse_fun_start(ParseState *ps, FunClause *fc)
{
    FunDef *f = arena_alloc(ps->arena, sizeof *f);
    f->name = fc->name;
    f->span = fc->c->span;
    f->clauses = clause_push(ps->arena, NULL, 0, fc->c);
    f->nclauses = 1;
    return f;
}

/* Another clause of f: same name, same number of curried arguments. */
FunDef *parse_fun_add(ParseState *ps, FunDef *f, FunClause *fc)
{
    if (strcmp(fc->name, f->name) != 0)
        parse_error(ps, fc->name_span, "clause name '%s' does not match '%s'",
                    fc->name, f->name);
    else if (fc->c->npats != f->clauses[0].npats)
        parse_error(ps, fc->c->span,
                    "clauses of '%s' have different numbers of arguments",
                    f->name);
    f->clauses = clause_push(ps->arena, f->clauses, f->nclauses, fc->c);
    f->nclauses++;
    f->span = span_join(f->span, fc->c->span);
    return f;
}

/* ---- the depth check ------------------------------------------------------- */

enum { N_EXPR, N_PAT, N_DEC };

typedef struct Item {
    const void *node;
    uint32_t depth;
    int kind;
} Item;

typedef struct Walk {
    Item *v;
    size_t n, cap;
} Walk;

static void walk_push(Walk *w, int kind, const void *node, uint32_t depth)
{
    if (!node)
        return;
    if (w->n == w->cap) {
        w->cap = w->cap ? 2 * w->cap : 256;
        w->v = xrealloc(w->v, w->cap * sizeof *w->v);
    }
    w->v[w->n++] = (Item){node, depth, kind};
}

static void push_clause(Walk *w, const Clause *c, uint32_t depth)
{
    walk_push(w, N_EXPR, c->body, depth);
    for (uint32_t i = c->npats; i-- > 0;)
        walk_push(w, N_PAT, c->pats[i], depth);
}

static void push_expr(Walk *w, const Expr *e, uint32_t d)
{
    walk_push(w, N_EXPR, e->c, d);
    walk_push(w, N_EXPR, e->b, d);
    for (uint32_t i = e->nclauses; i-- > 0;)
        push_clause(w, &e->clauses[i], d);
    for (uint32_t i = e->n; i-- > 0;)
        walk_push(w, N_EXPR, e->elems[i], d);
    walk_push(w, N_EXPR, e->a, d);     /* a case's scrutinee comes first */
    for (uint32_t i = e->ndecs; i-- > 0;)
        walk_push(w, N_DEC, e->decs[i], d);
}

static void push_dec(Walk *w, const Dec *dec, uint32_t d)
{
    walk_push(w, N_DEC, dec->arg, d);
    for (uint32_t i = dec->ndecs2; i-- > 0;)
        walk_push(w, N_DEC, dec->decs2[i], d);
    for (uint32_t i = dec->ndecs; i-- > 0;)
        walk_push(w, N_DEC, dec->decs[i], d);
    for (uint32_t i = dec->nfuns; i-- > 0;)
        for (uint32_t j = dec->funs[i].nclauses; j-- > 0;)
            push_clause(w, &dec->funs[i].clauses[j], d);
    walk_push(w, N_EXPR, dec->a, d);
    walk_push(w, N_PAT, dec->pat, d);
}

static Span item_span(const Item *it)
{
    if (it->kind == N_EXPR)
        return ((const Expr *)it->node)->span;
    if (it->kind == N_PAT)
        return ((const Pat *)it->node)->span;
    return ((const Dec *)it->node)->span;
}

/* Checks declarations decs[from..to) in source order. */
static void check_depth(ParseState *ps, Dec **decs, uint32_t from, uint32_t to)
{
    Walk w = {0};
    for (uint32_t i = to; i-- > from;)
        walk_push(&w, N_DEC, decs[i], 1);
    while (w.n > 0 && !ps->failed) {
        Item it = w.v[--w.n];
        if (it.depth > PARSE_MAX_DEPTH) {
            parse_too_deep(ps, item_span(&it));
        } else if (it.kind == N_EXPR) {
            push_expr(&w, it.node, it.depth + 1);
        } else if (it.kind == N_PAT) {
            const Pat *p = it.node;
            for (uint32_t i = p->n; i-- > 0;)
                walk_push(&w, N_PAT, p->elems[i], it.depth + 1);
            walk_push(&w, N_PAT, p->arg, it.depth + 1);
        } else {
            push_dec(&w, it.node, it.depth + 1);
        }
    }
    free(w.v);
}

/* ---- the driver ------------------------------------------------------------ */

/* ---- fixity -------------------------------------------------------------- */

static const Fixity *fixity_of(const ParseState *ps, const char *name)
{
    for (uint32_t i = ps->nfix; i-- > 0;)
        if (strcmp(ps->fix[i].name, name) == 0)
            return &ps->fix[i];
    return NULL;
}

static void fixity_add(ParseState *ps, const char *name, int prec, int right, int nonfix)
{
    if (ps->nfix == ps->capfix) {
        ps->capfix = ps->capfix ? 2 * ps->capfix : 16;
        ps->fix = xrealloc(ps->fix, ps->capfix * sizeof *ps->fix);
    }
    ps->fix[ps->nfix++] = (Fixity){name, prec, right, nonfix};
}

/* SML/NJ prints a constructor by the fixity its name has at top level when
 * the value is printed (1 +++ N after infixr 5 +++, +++ (1, N) after
 * nonfix +++): the top-level fixities at the end of the file, recorded in
 * every constructor declared in it. */
static void record_con_fixity(ParseState *ps)
{
    /* the built-in operators' levels, which are tokens, not declarations */
    static const Fixity builtin[] = {
        {"*", 7, 0, 0}, {"/", 7, 0, 0}, {"+", 6, 0, 0}, {"-", 6, 0, 0}, {"^", 6, 0, 0},
        {"@", 5, 1, 0}, {"<>", 4, 0, 0}, {"<", 4, 0, 0}, {">", 4, 0, 0}, {"<=", 4, 0, 0},
        {">=", 4, 0, 0},
    };
    for (uint32_t i = 0; i < ps->datatypes.n; i++) {
        Dec *d = ps->datatypes.v[i];
        for (uint32_t k = 0; k < d->ncons; k++) {
            const Fixity *f = fixity_of(ps, d->cons[k].name);
            for (size_t b = 0; !f && b < sizeof builtin / sizeof builtin[0]; b++)
                if (strcmp(builtin[b].name, d->cons[k].name) == 0)
                    f = &builtin[b];
            d->cons[k].infix = f && !f->nonfix ? f->prec + 1 : 0;
            d->cons[k].infix_right = f && f->right;
        }
    }
}

/* The token of a name with infix status (TK_IL0 + prec, TK_IR0 + prec). */
static int infix_token(const Fixity *f)
{
    static const int left[10] = {TK_IL0, TK_IL1, TK_IL2, TK_IL3, TK_IL4,
                                 TK_IL5, TK_IL6, TK_IL7, TK_IL8, TK_IL9};
    static const int right[10] = {TK_IR0, TK_IR1, TK_IR2, TK_IR3, TK_IR4,
                                  TK_IR5, TK_IR6, TK_IR7, TK_IR8, TK_IR9};
    return f->right ? right[f->prec] : left[f->prec];
}

/* Applies fixity to token tk as it goes by: reads infix/infixr/nonfix
 * declarations, scopes them to the enclosing let/local/struct/sig ... end,
 * and turns a name with infix status (not after op) into its ILn/IRn
 * token.  Returns the token to feed. */
static int fixity_step(ParseState *ps, int tk, Token *t)
{
    if (ps->declaring) {
        if (tk == TK_INT && ps->decl_first) {
            ps->decl_first = 0;
            if (t->v.i < 0 || t->v.i > 9)
                parse_error(ps, tok_span(ps, *t), "a fixity's precedence is a digit 0 to 9");
            ps->decl_prec = (int)t->v.i;
            return tk;
        }
        ps->decl_first = 0;
        const char *name = tk == TK_ID ? t->v.s : NULL;
        if (name) {
            fixity_add(ps, name, ps->decl_prec, ps->declaring == TK_INFIXR,
                       ps->declaring == TK_NONFIX);
            return tk;
        }
        ps->declaring = 0;
    }
    switch (tk) {
    case TK_INFIX: case TK_INFIXR: case TK_NONFIX:
        ps->declaring = tk;
        ps->decl_prec = 0;
        ps->decl_first = tk != TK_NONFIX;
        break;
    case TK_LET: case TK_LOCAL: case TK_STRUCT: case TK_SIG:
        if (ps->nmarks == ps->capmarks) {
            ps->capmarks = ps->capmarks ? 2 * ps->capmarks : 16;
            ps->marks = xrealloc(ps->marks, ps->capmarks * sizeof *ps->marks);
        }
        ps->marks[ps->nmarks++] = ps->nfix;
        break;
    case TK_END:
        if (ps->nmarks > 0)
            ps->nfix = ps->marks[--ps->nmarks];
        break;
    case TK_ID:
        if (ps->prev_tk != TK_OP) {
            const Fixity *f = fixity_of(ps, t->v.s);
            if (f && !f->nonfix)
                tk = infix_token(f);
        }
        break;
    }
    return tk;
}

/* Counts open brackets; 1 when the limit is passed. */
static int track_nesting(ParseState *ps, uint32_t *depth, int tk, Token t)
{
    switch (tk) {
    case TK_LPAREN: case TK_LBRACK: case TK_LBRACE: case TK_LET:
        if (++*depth > PARSE_MAX_DEPTH) {
            parse_too_deep(ps, tok_span(ps, t));
            return 1;
        }
        break;
    case TK_RPAREN: case TK_RBRACK: case TK_RBRACE: case TK_END:
        if (*depth > 0)
            --*depth;
        break;
    }
    return 0;
}

static void feed(ParseState *ps, void *parser, Lexer *lx)
{
    uint32_t depth = 0;
    for (;;) {
        Token t;
        int tk = lex_next(lx, &t);
        if (tk < 0) {
            ps->failed = 1;
            return;
        }
        if (track_nesting(ps, &depth, tk, t))
            return;
        int raw = tk;
        if (tk > 0)
            tk = fixity_step(ps, tk, &t);
        ps->prev_tk = raw;
        if (ps->failed)
            return;
        ps->cur = t;
        pmlParse(parser, tk, t, ps);
        if (ps->failed || tk == 0)
            return;
    }
}

/* Parses file `file` of s into p.  A file loaded by `use` (user: the
 * using file's state) starts with the top-level fixities in force where
 * it is used and hands its own back, as SML/NJ's top level does. */
static int parse_file(Sources *s, uint32_t file, Program *p, Diag *d, ParseState *user)
{
    if (file >= s->n) {
        diag_set_nospan(d, "no source file %u", file);
        return -1;
    }
    ParseState ps = {0};
    ps.arena = p->arena;
    ps.prog = p;
    ps.file = file;
    ps.src = &s->files[file];
    ps.d = d;
    ps.srcs = s;
    ps.use_depth = user ? user->use_depth + 1 : 0;
    uint32_t first = p->ndecs;
    if (file > 0 && !user)
        p->nuser0 = first;
    if (src_check_text(s, file, d))
        return -1;

    void *parser = pmlParseAlloc(malloc);
    if (!parser) {
        diag_set_nospan(d, "out of memory");
        return -1;
    }
    Lexer lx;
    lex_init(&lx, ps.src, file, p->arena, d);
    if (user) {
        for (uint32_t i = 0; i < user->nfix; i++)
            fixity_add(&ps, user->fix[i].name, user->fix[i].prec, user->fix[i].right, user->fix[i].nonfix);
    } else { /* SML's top-level fixities of names that are not built-in tokens */
        fixity_add(&ps, ":=", 3, 0, 0);
        fixity_add(&ps, "o", 3, 0, 0);
        fixity_add(&ps, "before", 0, 0, 0);
    }
    feed(&ps, parser, &lx);
    record_con_fixity(&ps);
    lex_free(&lx);
    if (user && !ps.failed && !user->nmarks) { /* its top-level fixities go on */
        free(user->fix);
        user->fix = ps.fix;
        user->nfix = ps.nfix;
        user->capfix = ps.capfix;
        ps.fix = NULL;
    }
    free(ps.fix);
    free(ps.marks);
    pmlParseFree(parser, free);

    if (!ps.failed)
        check_depth(&ps, p->decs, first, p->ndecs);
    if (ps.failed) {
        p->ndecs = first;
        return -1;
    }
    return 0;
}

int lang_parse(Sources *s, uint32_t file, Program *p, Diag *d)
{
    return parse_file(s, file, p, d, NULL);
}

/* ---- use "file" ------------------------------------------------------------ */

/* How deep `use`s may nest: a file that uses itself stops here. */
#define USE_MAX_DEPTH 64

/* Is d the top-level `use e` (exp; is val it = exp; also val _ = use e
 * and val () = use e)?  The expression's argument, or NULL. */
static Expr *use_arg(const Dec *d)
{
    if (d->kind != DEC_VAL || d->a->kind != EX_APP || d->a->a->kind != EX_VAR
        || strcmp(d->a->a->name, "use") != 0)
        return NULL;
    const Pat *p = d->pat;
    int plain = (p->kind == PAT_VAR && strcmp(p->name, "it") == 0) || p->kind == PAT_WILD
                || (p->kind == PAT_TUPLE && p->n == 0);
    return plain ? d->a->b : NULL;
}

/* use "file" at the top level (SML/NJ's use): the file, named relative to
 * the using file's folder, is read and parsed right here, its declarations
 * appended in the use's place (a file used twice is loaded twice); d then
 * becomes val it = () (use returns unit), added after them.  Not a use: d
 * unchanged.  0, or -1 with the error set. */
static int parse_use(ParseState *ps, Dec *d)
{
    Expr *arg = use_arg(d);
    if (!arg)
        return 0;
    if (arg->kind != EX_STRING || memchr(arg->sval, 0, arg->slen)) {
        parse_error(ps, arg->span, "`use` needs a string literal naming a file");
        return -1;
    }
    if (ps->use_depth >= USE_MAX_DEPTH) {
        parse_error(ps, d->a->span, "`use` nested more than %d deep (does a file use itself?)",
                    USE_MAX_DEPTH);
        return -1;
    }
    const char *from = ps->src->path, *slash = strrchr(from, '/');
    size_t dir = arg->sval[0] == '/' || !slash ? 0 : (size_t)(slash - from) + 1;
    char *path = arena_alloc(ps->arena, dir + arg->slen + 1);
    memcpy(path, from, dir);
    memcpy(path + dir, arg->sval, arg->slen);
    Diag why = {.has_span = 0};
    int file = src_load(ps->srcs, path, &why);
    ps->src = &ps->srcs->files[ps->file]; /* the table may have moved */
    if (file < 0) {
        parse_error(ps, arg->span, "`use`: %s", why.msg);
        return -1;
    }
    ps->srcs->files[file].used = 1;
    ps->srcs->files[file].used_at = d->a->span;
    if (parse_file(ps->srcs, (uint32_t)file, ps->prog, ps->d, ps)) {
        ps->failed = 1;
        return -1;
    }
    d->a = ast_elems(ps->arena, EX_TUPLE, d->a->span, (List){0});
    d->span = d->a->span;
    return 0;
}

Program *ast_program_new(void)
{
    Program *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->arena = arena_new();
    return p;
}

void ast_program_free(Program *p)
{
    if (!p)
        return;
    arena_free(p->arena);
    free(p->decs);
    free(p);
}

/* ---- integer and word constants ---------------------------------------- */

/* An integer constant (num NUM_INT) or word constant (NUM_WORD).  An
 * integer too large for int (the lexer kept its text) is an IntInf.int. */
Expr *parse_int(ParseState *ps, Token t, NumKind num)
{
    Expr *e = ast_int(ps->arena, tok_span(ps, t), t.slen ? 0 : t.v.i);
    e->num = (uint8_t)(t.slen ? NUM_INTINF : num);
    if (t.slen) e->sval = t.v.s, e->slen = t.slen;
    return e;
}

Pat *parse_pint(ParseState *ps, Token t, NumKind num)
{
    Pat *p = ast_pint(ps->arena, tok_span(ps, t), t.slen ? 0 : t.v.i);
    p->num = (uint8_t)(t.slen ? NUM_INTINF : num);
    if (t.slen) p->sval = t.v.s, p->slen = t.slen;
    return p;
}

/* ---- records ------------------------------------------------------------- */

/* A numeral used as a record label: 1, 2, ... written in decimal. */
Token parse_num_label(ParseState *ps, Token t)
{
    const char *text = ps->src->text + t.off;
    if (t.v.i < 1 || text[0] < '1' || text[0] > '9' || t.end - t.off > 10)
        parse_error(ps, tok_span(ps, t),
                    "a numeric record label is a numeral 1, 2, ... (no sign, no leading 0)");
    char buf[24];
    snprintf(buf, sizeof buf, "%lld", (long long)t.v.i);
    t.v.s = arena_strndup(ps->arena, buf, strlen(buf));
    return t;
}

static RowList row_push(ParseState *ps, RowList l, Token label, void *item)
{
    for (uint32_t i = 0; i < l.labels.n; i++)
        if (strcmp(l.labels.v[i], label.v.s) == 0)
            parse_error(ps, tok_span(ps, label), "label '%s' appears twice in this record",
                        label.v.s);
    Span *sp = arena_alloc(ps->arena, sizeof *sp);
    *sp = tok_span(ps, label);
    l.labels = list_push(ps->arena, l.labels, (void *)label.v.s);
    l.items = list_push(ps->arena, l.items, item);
    l.spans = list_push(ps->arena, l.spans, sp);
    return l;
}

RowList parse_row(ParseState *ps, RowList l, Token label, Expr *e)
{
    return row_push(ps, l, label, e);
}

RowList parse_prow(ParseState *ps, Token label, Pat *p)
{
    return row_push(ps, (RowList){0}, label, p);
}

RowList parse_prow_dots(ParseState *ps, Span sp)
{
    (void)sp;
    (void)ps;
    return (RowList){.dots = 1};
}

RowList parse_prow_join(ParseState *ps, RowList l, RowList r)
{
    if (l.dots) {
        Span sp = r.spans.n ? *(Span *)r.spans.v[0] : tok_span(ps, ps->cur);
        parse_error(ps, sp, "'...' must be the last field of a record pattern");
        return l;
    }
    if (r.dots) {
        l.dots = 1;
        return l;
    }
    Token t = {0};
    Span *sp = r.spans.v[0];
    t.off = sp->off;
    t.end = sp->end;
    t.line = sp->line;
    t.col = sp->col;
    t.v.s = r.labels.v[0];
    return row_push(ps, l, t, r.items.v[0]);
}

/* The shape of a record with these labels (source order): perm[i] is the
 * sorted position of label i; *tuple is set when the labels are 1..n,
 * n != 1 (the shape is then NULL). */
static const RecShape *rec_shape(ParseState *ps, List labels, uint32_t **perm, int *tuple)
{
    uint32_t n = labels.n;
    const char **sorted = arena_alloc(ps->arena, n * sizeof *sorted);
    *perm = arena_alloc(ps->arena, n * sizeof **perm);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t k = 0;   /* how many labels sort before label i */
        for (uint32_t j = 0; j < n; j++)
            k += rec_label_cmp(labels.v[j], labels.v[i]) < 0;
        (*perm)[i] = k;
        sorted[k] = labels.v[i];
    }
    *tuple = n != 1;
    for (uint32_t i = 0; i < n && *tuple; i++) {
        char buf[16];
        snprintf(buf, sizeof buf, "%u", i + 1);
        *tuple = strcmp(sorted[i], buf) == 0;
    }
    if (*tuple)
        return NULL;
    RecShape *s = arena_alloc(ps->arena, sizeof *s);
    s->n = n;
    s->labels = sorted;
    return s;
}

Expr *parse_record(ParseState *ps, Span sp, RowList rows)
{
    uint32_t *perm;
    int tuple;
    const RecShape *shape = rec_shape(ps, rows.labels, &perm, &tuple);
    int identity = 1;
    for (uint32_t i = 0; i < rows.labels.n; i++)
        identity &= perm[i] == i;
    if (tuple && identity)
        return ast_elems(ps->arena, EX_TUPLE, sp, rows.items);
    Expr *e = ast_elems(ps->arena, EX_RECORD, sp, rows.items);
    e->rec_shape = shape;
    e->rec_perm = perm;
    return e;
}

Pat *parse_precord(ParseState *ps, Span sp, RowList rows)
{
    if (rows.labels.n == 0) /* {...}: any record */
        return ast_pat(ps->arena, PAT_WILD, sp);
    uint32_t *perm;
    int tuple;
    rec_shape(ps, rows.labels, &perm, &tuple);
    if (tuple && !rows.dots) {
        Pat **elems = arena_alloc(ps->arena, rows.items.n * sizeof *elems);
        for (uint32_t i = 0; i < rows.items.n; i++)
            elems[perm[i]] = rows.items.v[i];
        return ast_pelems(ps->arena, PAT_TUPLE, sp,
                          (List){(void **)elems, rows.items.n});
    }
    Pat *p = ast_pelems(ps->arena, PAT_RECORD, sp, rows.items);
    p->labels = (const char **)rows.labels.v;
    p->ival = rows.dots;
    return p;
}

/* ---- type expressions ---------------------------------------------------- */

static TyExp *ty_new(ParseState *ps, TyKind k, Span sp, const char *name)
{
    TyExp *t = arena_alloc(ps->arena, sizeof *t);
    t->kind = k;
    t->span = sp;
    t->name = name;
    return t;
}

TyExp *parse_tyname(ParseState *ps, TyKind k, Token name)
{
    return ty_new(ps, k, tok_span(ps, name), name.v.s);
}

TyExp *parse_tyapp(ParseState *ps, List args, Token tycon)
{
    TyExp *t = parse_tyname(ps, TYX_CON, tycon);
    if (args.n) t->span = span_join(((TyExp *)args.v[0])->span, t->span);
    t->n = args.n;
    t->args = (TyExp **)args.v;
    return t;
}

TyExp *parse_ty2(ParseState *ps, TyKind k, TyExp *l, TyExp *r)
{
    TyExp *t = ty_new(ps, k, span_join(l->span, r->span), NULL);
    t->n = 2;
    /* room for 4: a '*' chain grows it with ast_push */
    t->args = arena_alloc(ps->arena, 4 * sizeof *t->args);
    t->args[0] = l;
    t->args[1] = r;
    return t;
}

TyExp *parse_tystar(ParseState *ps, uint32_t n, TyExp *l, TyExp *r)
{
    if (n == 1) return parse_ty2(ps, TYX_TUPLE, l, r);
    l->args = (TyExp **)ast_push(ps->arena, (void **)l->args, l->n++, r);
    l->span = span_join(l->span, r->span);
    return l;
}

RowList parse_tyrow(ParseState *ps, RowList l, Token label, TyExp *t)
{
    return row_push(ps, l, label, t);
}

TyExp *parse_tyrecord(ParseState *ps, Span sp, RowList rows)
{
    TyExp *t = ty_new(ps, TYX_RECORD, sp, NULL);
    t->n = rows.items.n;
    t->args = (TyExp **)rows.items.v;
    t->labels = (const char **)rows.labels.v;
    return t;
}

TyBind *parse_tybind(ParseState *ps, List tyvars, Token name, TyExp *t)
{
    TyBind *b = arena_alloc(ps->arena, sizeof *b);
    b->name = name.v.s;
    b->span = tok_span(ps, name);
    b->ntyvars = tyvars.n;
    b->tyvars = (const char **)tyvars.v;
    b->ty = t;
    return b;
}

List parse_datbind(ParseState *ps, List tyvars, Token name, List cons)
{
    TyBind *dt = parse_tybind(ps, tyvars, name, NULL);
    for (uint32_t i = 0; i < cons.n; i++) ((ConDef *)cons.v[i])->dt = dt;
    return ast_datbind(cons, name.v.s);
}

/* The bindings of a type or withtype: copied into one array. */
static void set_tybinds(Arena *a, Dec *d, List binds)
{
    d->ntybinds = binds.n;
    d->tybinds = arena_alloc(a, (binds.n ? binds.n : 1) * sizeof *d->tybinds);
    for (uint32_t i = 0; i < binds.n; i++) d->tybinds[i] = *(TyBind *)binds.v[i];
}

Dec *parse_typedec(ParseState *ps, Span sp, List binds)
{
    Dec *d = ast_dec(ps->arena, DEC_TYPE, sp);
    set_tybinds(ps->arena, d, binds);
    return d;
}

Dec *parse_withtype(ParseState *ps, Dec *datatype, List binds)
{
    set_tybinds(ps->arena, datatype, binds);
    return datatype;
}

Dec *parse_tyvars(Dec *d, List tyvars)
{
    d->ntyvars = tyvars.n;
    d->tyvars = (const char **)tyvars.v;
    return d;
}

Expr *parse_annot(Expr *e, TyInfo t)
{
    e->annot = t.t;
    return e;
}

Pat *parse_pannot(Pat *p, TyInfo t)
{
    p->annot = t.t;
    return p;
}
