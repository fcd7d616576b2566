/*
 * eval_rules.c — the rules of the cost semantics e ⇓ v; g; h (paper
 * §3.1; docs/semantics.md, The rules), one function per form, and the
 * code each expression is given (closure generation, at the end).
 * Pattern matching is eval_match.c's, the parallel pair eval_par.c's.
 *
 * Environments: each function call has a frame of nlocals slots (on the C
 * stack); a closure holds exactly the values its code names (flat,
 * safe-for-space), so "ρ(y) for y free in e" is a list of slots fixed by
 * the resolver.
 */
#include "eval_internal.h"

#include <gc.h>
#include <stdio.h>
#include <string.h>

#include "bigstack.h"
#include "prims.h"

/* ---- expressions ---- */

static Value *eval_guarded(Ev *ev, const Expr *x, const Env *env, Handler *h);

/* eval_guarded with a Handler of its own: out of line, so that a pair's
 * frames hold a Handler only when a handler is around the pair (frames of
 * the recursion stay small; pml exec scrubs them). */
__attribute__((noinline)) Value *ev_handled(Ev *ev, const Expr *x, const Env *env)
{
    Handler h;
    return eval_guarded(ev, x, env, &h);
}

static Value *make_closure(Ev *ev, uint32_t annot, uint32_t nfuns, const RefList *free,
                           const Env *env, const Dec *dec, const Expr *fn)
{
    /* C-FUN: [ℓ], retain ℓ -> ρ(y) for each free y */
    uint32_t l = ev_node(ev, NK_CLOSURE, nfuns + free->n, annot);
    val_charge(sizeof(Group) + (free->n + nfuns) * sizeof(Value *), (uint64_t)free->n + nfuns);
    Group *grp = GC_MALLOC(sizeof *grp + free->n * sizeof grp->free[0]);
    grp->dec = dec;
    grp->fn = fn;
    grp->nfree = free->n;
    grp->nfuns = nfuns;
    grp->magic = GROUP_MAGIC;
    for (uint32_t i = 0; i < free->n; i++) {
        grp->free[i] = lookup(env, &free->refs[i]);
        ev_heap(ev, l, grp->free[i]->loc, HE_RETAIN);
    }
    grp->fnv = GC_MALLOC(nfuns * sizeof *grp->fnv);
    for (uint32_t i = 0; i < nfuns; i++) {
        Value *v = val_new(V_CLOS, l);
        v->u.clo.code = dec ? dec->funs[i].fn : fn;
        v->u.clo.grp = grp;
        grp->fnv[i] = v;
    }
    return grp->fnv[0];
}

/* A constructor applied to args (a syntactic tuple's elements, or one
 * value): one block, retain edges to each field.  A list cell always has
 * two fields: `op :: t` copies them out of the tuple t, which it reads
 * (a use edge keeps t a root until then: Theorem 1). */
static Value *construct(Ev *ev, const ConDef *c, Value **args, uint32_t nargs, uint32_t annot, Span sp)
{
    Value *read = NULL;
    if (c == ev->sh->c_cons && nargs == 1 && args[0]->tag == V_TUPLE && args[0]->n == 2) {
        read = args[0];
        nargs = 2;
        args = read->u.f;
    }
    if (c == ev->sh->c_cons && nargs != 2)
        ev_type_fail(ev, sp, ":: expects a pair, got %s", val_tag_name(args[0]));
    uint32_t l = ev_node(ev, NK_CON, 1 + nargs, annot);
    if (read) ev_heap(ev, l, read->loc, HE_USE);
    Value *v = val_fields(V_CON, nargs, l);
    v->con = c;
    for (uint32_t i = 0; i < nargs; i++) {
        v->u.f[i] = args[i];
        ev_heap(ev, l, args[i]->loc, HE_RETAIN);
    }
    if (c == ev->sh->c_cons && (args[1]->tag != V_CON || (args[1]->con != ev->sh->c_cons && args[1]->con != ev->sh->c_nil)))
        ev_type_fail(ev, sp, "the right side of :: must be a list, got %s", val_tag_name(args[1]));
    return v;
}

/* pml exec's collector scans stacks conservatively: a frame pushed where
 * a call has just returned finds that call's pointers in the words it has
 * not written yet, and keeps what they point to alive.  In a recursion
 * that copies a list at each level (tests/exec/descent.pml) every level
 * then keeps an old list: O(n^2) words where the cost semantics keeps
 * O(n).  So, running for real, the stack a call used below its caller is
 * zeroed when it returns (after the body, and after matching the
 * argument, enter), from one frame of scrub's own, as deep as the stack
 * went (alloca): no write below the stack pointer, where a signal handler
 * (the collector's) may run.  The cost is about one more write per word of
 * stack used, so the frames of the recursion are kept small: no Diag or
 * Handler in a fork's frames, no Insp in a let's (bigstack_diag,
 * eval_handled, bind_val). */
#define SCRUB_BELOW 512    /* bytes zeroed past low: the frames of what the
                              deepest eval or match called (a primitive, the
                              collector's allocation) */

__attribute__((noinline)) void ev_scrub(uintptr_t low)
{
    char here;
    size_t n = ((uintptr_t)&here > low ? (uintptr_t)&here - low : 0) + SCRUB_BELOW;
    char *buf = __builtin_alloca(n); /* one frame down to below low */
    memset(buf, 0, n);
    __asm__ volatile("" : : "r"(buf) : "memory"); /* stores nothing reads: kept */
    bigstack_reached(low); /* how deep a task's stack went (exec_fiber.c) */
}

/* The argument (after the hidden ones, the curried function's earlier
 * arguments) matched against the clauses, into the callee's frame: the
 * clause taken.  Out of line, so that no word of the frame that evaluates
 * the body holds the argument: the collector would find it there after
 * the body has let it go. */
static __attribute__((noinline)) int enter(Ev *ev, const Expr *site, const Expr *code, Value **argp, uint32_t n,
                                           const Env *callee)
{
    Value *vals[code->nhidden + 1];
    for (uint32_t i = 0; i < code->nhidden; i++) vals[i] = lookup(callee, &code->hidden[i]);
    vals[code->nhidden] = *argp;
    *argp = NULL;
    const Expr *outer_match = ev->match_site;
    ev->match_site = site;
    int k = ev_match_clauses(ev, n, code->clauses, code->nclauses, vals, callee, site->span);
    ev->match_site = outer_match;
    memset(vals, 0, sizeof vals);
    __asm__ volatile("" : : "r"(vals) : "memory"); /* stores nothing reads: kept */
    if (k < 0)
        ev_raise_basis(ev, ev->sh->c_match, site->span, "no clause of %s%s%s matches the argument",
                       code->fn_name ? "'" : "", code->fn_name ? code->fn_name : "this fn",
                       code->fn_name ? "'" : "");
    return k;
}

/* enter for a function of one clause fn x => e or fn (x1, ..., xk) => e
 * (each xi a variable or _) and an argument that fits: the argument or
 * its fields go straight to their slots, with match_clauses' edges (the
 * tuple inspected; no arm untaken).  0: not such a function or argument
 * (enter matches it, or reports why not).  Out of line, as enter is. */
static __attribute__((noinline)) int enter_simple(Ev *ev, const Expr *code, Value **argp, uint32_t n,
                                                  const Env *callee)
{
    const Clause *c0 = &code->clauses[0];
    if (code->nclauses != 1 || code->nhidden != 0 || c0->npats != 1) return 0;
    const Pat *p = c0->pats[0];
    Value *v = *argp;
    if (p->kind == PAT_VAR) {
        callee->fr[p->slot] = v;
    } else if (p->kind == PAT_TUPLE && v->tag == V_TUPLE && v->n == p->n && !v->shape) {
        for (uint32_t i = 0; i < p->n; i++)
            if (p->elems[i]->kind != PAT_VAR && p->elems[i]->kind != PAT_WILD) return 0;
        ev_heap(ev, n, v->loc, HE_USE);
        for (uint32_t i = 0; i < p->n; i++)
            if (p->elems[i]->kind == PAT_VAR) callee->fr[p->elems[i]->slot] = v->u.f[i];
    } else {
        return 0;
    }
    *argp = NULL;
    clear_slots(ev, callee, &c0->kill);
    return 1;
}

static Value *apply_closure(Ev *ev, const Expr *site, Value **fp, Value **argp, uint32_t n, int tail)
{
    const Expr *code = (*fp)->u.clo.code;
    Env callee = {NULL, (*fp)->u.clo.grp};
    *fp = NULL; /* the body's Env holds the group until its last read (live.c) */
    /* an even count: the array takes all of its 16-byte-rounded space, so
     * no word of the frame is left unwritten (a word of padding kept,
     * for as long as the call ran, what an earlier frame left there:
     * nqueens under bf, an int per suspended call) */
    uint32_t nl = code->nlocals ? (code->nlocals + 1) & ~1u : 2;
    Value *frame[nl];
    memset(frame, 0, sizeof frame);
    callee.fr = frame;
    uint32_t outer_cs = ev->cs;
    if (ev->record) ev_set_stack(ev, cstack_push(&ev->sh->out->stacks, outer_cs, site->id, code->id), site->span);
    int k = 0;
    if (!enter_simple(ev, code, argp, n, &callee)) k = enter(ev, site, code, argp, n, &callee);
    ev_scrub_after(ev); /* and the words enter left below this frame */
    const Expr *outer = ev->user_site;
    const EvalProbe *pr = ev->o->probe;
    if (site->span.file != 0) ev->user_site = site;
    CallFrame call = {site, ev->frames};
    ev->frames = &call;
    if (pr) pr->enter(pr->st, code, (uint32_t)k, ev->g->n);
    Value *v = eval(ev, code->clauses[k].body, &callee);
    if (!tail) ev_scrub_after(ev); /* in tail position, the caller's does (eval_app_tail) */
    if (pr) pr->leave(pr->st, ev->g->n);
    ev->frames = call.prev;
    ev->user_site = outer;
    if (ev->record) ev_set_stack(ev, outer_cs, site->span);
    return v;
}

/* C-APP: g1 ⊕ g2 ⊕ [n] ⊕ g3, use n -> loc(f), loc(arg). */
/* The function and the argument come in cells of the caller's frame
 * (*fp, *argp), which a closure call clears once it has read the closure
 * and matched the argument (enter): no frame below the body's keeps them
 * for the collector to find.  A call in tail position still nests a C
 * frame under its caller's, so a closure held there (eval_app's f, in a
 * register its callee saved) stayed reachable until the whole loop
 * returned: a curried foldl kept one closure and group per element. */
static Value *apply(Ev *ev, const Expr *site, Value **fp, Value **argp, int tail)
{
    Value *f = *fp;
    uint32_t n = ev_node(ev, NK_APP, 0, site->id);
    ev_heap(ev, n, f->loc, HE_USE);
    ev_heap(ev, n, (*argp)->loc, HE_USE);
    if (f->tag == V_CLOS) return apply_closure(ev, site, fp, argp, n, tail);
    Value *arg = *argp;
    switch (f->tag) {
    case V_CONFN:
        return construct(ev, f->con, &arg, 1, site->id, site->span);
    case V_COMPOSED: { /* (f o g) x: after n, g x's application, then f's */
        Value *g = f->u.f[1], *h = f->u.f[0];
        Value *y = apply(ev, site, &g, &arg, 0);
        return apply(ev, site, &h, &y, tail);
    }
    case V_PRIMFN: {
        uint32_t ar = prim_table[f->u.prim].arity;
        if (ar == 1) return prim_apply(ev, site->id, site->span, f->u.prim, &arg, 1);
        if (arg->tag != V_TUPLE || arg->n != ar)
            ev_type_fail(ev, site->span, "'%s' expects a %u-tuple, got %s",
                    prim_table[f->u.prim].name, ar, val_tag_name(arg));
        return prim_apply(ev, site->id, site->span, f->u.prim, arg->u.f, ar);
    }
    default:
        ev_type_fail(ev, site->span, "applying %s, which is not a function", val_tag_name(f));
    }
}

/* A primitive or constructor named directly in an application: a syntactic
 * tuple argument gives the arguments (no tuple is allocated). */
static __attribute__((noinline)) Value *apply_direct(Ev *ev, const Expr *e, const Env *env)
{
    const Expr *fe = e->a, *ae = e->b;
    Value *small[8], **args = small;
    uint32_t nargs = 1;
    if (ae->kind == EX_TUPLE && ae->n >= 2) {
        nargs = ae->n;
        if (nargs > 8) args = GC_MALLOC(nargs * sizeof *args);
        for (uint32_t i = 0; i < nargs; i++) args[i] = eval(ev, ae->elems[i], env);
    } else {
        args[0] = eval(ev, ae, env);
    }
    if (fe->ref.kind == REF_CON) return construct(ev, fe->ref.con, args, nargs, e->id, e->span);
    uint32_t ar = prim_table[fe->ref.index].arity;
    if (ar == 0)
        ev_type_fail(ev, e->span, "applying '%s', a constant, which is not a function",
                prim_table[fe->ref.index].name);
    if (nargs == 1 && ar > 1) {
        if (args[0]->tag != V_TUPLE || args[0]->n != ar)
            ev_type_fail(ev, e->span, "'%s' expects a %u-tuple, got %s",
                    prim_table[fe->ref.index].name, ar, val_tag_name(args[0]));
        nargs = ar;
        args = args[0]->u.f;
    }
    if (nargs != ar)
        ev_fail(ev, e->span, "'%s' expects %u argument%s, got %u", prim_table[fe->ref.index].name,
                ar, ar == 1 ? "" : "s", nargs);
    return prim_apply(ev, e->id, e->span, fe->ref.index, args, nargs);
}

/* f x.  Out of line (eval_app, eval_app_tail): its cells for f and x
 * are the only words of its frame that hold them, and the call clears
 * them (apply). */
static inline Value *app(Ev *ev, const Expr *e, const Env *env, int tail)
{
    Value *f = eval(ev, e->a, env);
    Value *x = eval(ev, e->b, env);
    return apply(ev, e, &f, &x, tail);
}

static __attribute__((noinline)) Value *eval_app(Ev *ev, const Expr *e, const Env *env)
{
    return app(ev, e, env, 0);
}

/* f x in tail position (tail_of): nothing but returns follows it up to
 * the ev_scrub_after of the function body or the pair's branch it ends,
 * which clears what the call used (from ev->stack_low, as deep as the
 * call went), so the call's own scrub after its body is left out. */
static __attribute__((noinline)) Value *eval_app_tail(Ev *ev, const Expr *e, const Env *env)
{
    return app(ev, e, env, 1);
}

static Value *eval_var(Ev *ev, const Expr *e, const Env *env)
{
    switch (e->ref.kind) {
    case REF_CON: {
        const ConDef *c = e->ref.con;
        if (!c->has_arg) /* C-TRUE: a fresh value */
            return val_nullary(c, ev_node(ev, NK_CONST, 1, e->id));
        Value *v = val_new(V_CONFN, ev_node(ev, NK_CLOSURE, 1, e->id));
        v->con = c;
        return v;
    }
    case REF_PRIM: {
        if (prim_table[e->ref.index].arity == 0) /* a constant (Math.pi) */
            return prim_apply(ev, e->id, e->span, e->ref.index, NULL, 0);
        Value *v = val_new(V_PRIMFN, ev_node(ev, NK_CLOSURE, 1, e->id));
        v->u.prim = e->ref.index;
        return v;
    }
    default: /* C-VAL */
        ev_node(ev, NK_VAR, 0, e->id);
        return lookup(env, &e->ref);
    }
}

/* (e1, ..., ek): g1 ⊕ ... ⊕ gk ⊕ [ℓ], retain ℓ -> loc(vi) */
static __attribute__((noinline)) Value *eval_tuple(Ev *ev, const Expr *e, const Env *env)
{
    Value *small[8], **vs = e->n > 8 ? GC_MALLOC(e->n * sizeof *vs) : small;
    for (uint32_t i = 0; i < e->n; i++) vs[i] = eval(ev, e->elems[i], env);
    uint32_t l = ev_node(ev, e->n ? NK_TUPLE : NK_CONST, e->n ? e->n : 1, e->id);
    Value *v = val_fields(V_TUPLE, e->n, l);
    for (uint32_t i = 0; i < e->n; i++) {
        v->u.f[i] = vs[i];
        ev_heap(ev, l, vs[i]->loc, HE_RETAIN);
    }
    return v;
}

/* {l1 = e1, ..., ln = en}: the tuple rule, fields evaluated in source
 * order and stored in label order. */
static __attribute__((noinline)) Value *eval_record(Ev *ev, const Expr *e, const Env *env)
{
    Value *small[8], **vs = e->n > 8 ? GC_MALLOC(e->n * sizeof *vs) : small;
    for (uint32_t i = 0; i < e->n; i++) vs[i] = eval(ev, e->elems[i], env);
    uint32_t l = ev_node(ev, NK_TUPLE, e->n, e->id);
    Value *v = val_fields(V_TUPLE, e->n, l);
    v->shape = e->rec_shape;
    for (uint32_t i = 0; i < e->n; i++) {
        v->u.f[e->rec_perm[i]] = vs[i];
        ev_heap(ev, l, vs[i]->loc, HE_RETAIN);
    }
    return v;
}

/* [e1, ..., en] is e1 :: ... :: en :: nil: the elements, nil, then the
 * cells from the last. */
static Value *eval_list(Ev *ev, const Expr *e, const Env *env)
{
    Value **vs = e->n ? GC_MALLOC(e->n * sizeof *vs) : NULL;
    for (uint32_t i = 0; i < e->n; i++) vs[i] = eval(ev, e->elems[i], env);
    Value *tail = val_nullary(ev->sh->c_nil, ev_node(ev, NK_CONST, 1, e->id));
    for (uint32_t i = e->n; i-- > 0;) {
        Value *pair[2] = {vs[i], tail};
        tail = construct(ev, ev->sh->c_cons, pair, 2, e->id, e->span);
    }
    return tail;
}

/* e1; e2: g1 ⊕ [n] ⊕ g2, use n -> loc(v1) */
static Value *eval_seq(Ev *ev, const Expr *e, const Env *env)
{
    for (uint32_t i = 0; i + 1 < e->n; i++) {
        Value *v = eval(ev, e->elems[i], env);
        uint32_t n = ev_node(ev, NK_SEQ, 0, e->elems[i]->id);
        ev_heap(ev, n, v->loc, HE_USE);
    }
    return eval(ev, e->elems[e->n - 1], env);
}

static Value *eval_proj(Ev *ev, const Expr *e, const Env *env)
{
    Value *t = eval(ev, e->a, env);
    uint32_t n = ev_node(ev, NK_PROJ, 0, e->id); /* C-PROJ: use n -> loc(tuple) */
    ev_heap(ev, n, t->loc, HE_USE);
    if (e->ival >= 1 && t->tag == V_TUPLE && !t->shape && (uint64_t)e->ival <= t->n)
        return t->u.f[e->ival - 1];
    char num[24];
    const char *label = e->name;
    if (!label) {
        snprintf(num, sizeof num, "%lld", (long long)e->ival);
        label = num;
    }
    if (t->tag != V_TUPLE)
        ev_type_fail(ev, e->span, "#%s applied to %s", label, val_tag_name(t));
    int k = val_field(t, label);
    if (k < 0) {
        if (t->shape)
            ev_type_fail(ev, e->span, "#%s applied to a record without field '%s'", label, label);
        ev_type_fail(ev, e->span, "#%s applied to a %u-tuple", label, t->n);
    }
    return t->u.f[k];
}

static int test_bool(Ev *ev, const Expr *site, const Value *v)
{
    int b;
    if (!ev_is_bool(ev, v, &b))
        ev_type_fail(ev, site->span, "a condition must be a bool, got %s", val_tag_name(v));
    return b;
}

/* C-IF: g1 ⊕ [n] ⊕ g2, use n -> loc(test) and ρ(y) for y free in the
 * branch not taken.  andalso / orelse are the derived if forms.  Running
 * for real, the stack the test used is zeroed before the branch runs
 * (ev_scrub_after): the branch's frames, laid over it, would otherwise keep
 * the test's values (`j = 0`'s j) in words they never write, for as long
 * as they live — under bf, a task suspended at a pair in the branch keeps
 * them until it resumes (matmul's reducei and tabulate). */
static Value *if_taken(Ev *ev, const Expr *e, const Env *env, int b, uint32_t test_loc);

static Value *eval_if(Ev *ev, const Expr *e, const Env *env)
{
    Value *t = eval(ev, e->a, env);
    int b = test_bool(ev, e->a, t);
    if (e->kind == EX_IF) ev_scrub_after(ev);
    return if_taken(ev, e, env, b, t->loc);
}

/* The rest of C-IF, once the test gave b, a value at test_loc. */
static Value *if_taken(Ev *ev, const Expr *e, const Env *env, int b, uint32_t test_loc)
{
    uint32_t n = ev_node(ev, NK_IF, 0, e->id);
    ev_heap(ev, n, test_loc, HE_USE);
    const EvalProbe *pr = ev->o->probe;
    if (e->kind == EX_IF) {
        if (pr) pr->branch(pr->st, e, b ? 0 : 1);
        use_all(ev, n, env, &e->branch_free[b ? 1 : 0]);
        clear_slots(ev, env, &e->kill_path[b ? 0 : 1]);
        return eval(ev, b ? e->b : e->c, env);
    }
    int go_on = e->kind == EX_ANDALSO ? b : !b;
    if (pr) pr->branch(pr->st, e, go_on ? 0 : 1);
    if (go_on) {
        clear_slots(ev, env, &e->kill_path[0]);
        return eval(ev, e->b, env);
    }
    use_all(ev, n, env, &e->branch_free[0]);
    clear_slots(ev, env, &e->kill_path[1]);
    return ev_bool(ev, b, ev_node(ev, NK_CONST, 1, e->id));
}

static Value *eval_case(Ev *ev, const Expr *e, const Env *env)
{
    Value *v = eval(ev, e->a, env);
    uint32_t n = ev_node(ev, NK_CASE, 0, e->id);
    ev_heap(ev, n, v->loc, HE_USE);
    int k = ev_match_clauses(ev, n, e->clauses, e->nclauses, &v, env, e->span);
    if (k < 0) ev_raise_basis(ev, ev->sh->c_match, e->span, "no arm of this case matches %s", val_tag_name(v));
    if (ev->o->probe) ev->o->probe->branch(ev->o->probe->st, e, (uint32_t)k);
    return eval(ev, e->clauses[k].body, env);
}

/* exception E inside a function, evaluated: a new exception, whose
 * identity is a copy of the declaration's ConDef (SML'97 §6.4).  One node
 * allocating the constructor value E (size 1, as a nullary constructor or
 * a constructor used as a value is). */
static Value *fresh_exception(Ev *ev, const ConDef *decl, uint32_t annot)
{
    ConDef *c = GC_MALLOC_ATOMIC(sizeof *c);
    *c = *decl;
    Value *v = val_new(c->has_arg ? V_CONFN : V_CON, ev_node(ev, c->has_arg ? NK_CLOSURE : NK_CONST, 1, annot));
    v->con = c;
    return v;
}

/* let val p = e1, e1's value v: [n], use n -> loc(v) and what p inspects.
 * Out of line: its Insp is not on the stack while e1 is evaluated. */
static __attribute__((noinline)) void bind_val(Ev *ev, const Dec *d, Value *v, const Env *env)
{
    uint32_t n = ev_node(ev, NK_BIND, 0, d->a->id);
    ev_heap(ev, n, v->loc, HE_USE);
    int ok = ev_match_val(ev, n, d->pat, v, env, d->span);
    if (!ok) ev_raise_basis(ev, ev->sh->c_bind, d->span, "the value does not match this val pattern");
}

void ev_dec(Ev *ev, const Dec *d, const Env *env, Value **out)
{
    switch (d->kind) {
    case DEC_VAL: {
        Value *v = eval(ev, d->a, env);
        bind_val(ev, d, v, env);
        if (out) *out = v;
        clear_slots(ev, env, &d->kill);
        break;
    }
    case DEC_FUN: {
        Value *f0 = make_closure(ev, d->id, d->nfuns, &d->free, env, d, NULL);
        for (uint32_t i = 0; i < d->nfuns; i++) env->fr[d->slot0 + i] = f0->u.clo.grp->fnv[i];
        clear_slots(ev, env, &d->kill);
        break;
    }
    case DEC_STRUCTURE: case DEC_LOCAL:
        for (uint32_t i = 0; i < d->ndecs; i++) ev_dec(ev, d->decs[i], env, NULL);
        for (uint32_t i = 0; i < d->ndecs2; i++) ev_dec(ev, d->decs2[i], env, NULL);
        break;
    case DEC_EXCEPTION:
        for (uint32_t i = 0; i < d->ncons; i++)
            if (d->cons[i].fresh) env->fr[d->cons[i].slot] = fresh_exception(ev, &d->cons[i], d->id);
        clear_slots(ev, env, &d->kill);
        break;
    case DEC_DATATYPE: case DEC_SIGNATURE: case DEC_OPEN: case DEC_FUNCTOR:
    case DEC_TYPE:
        break;
    }
}

/* Running for real, the stack each declaration used is zeroed before the
 * next (ev_scrub_after): the next one's frame, laid over it, would otherwise
 * keep the value it bound (`val (less, rest) = {…}`'s pair, which the
 * pattern took apart) for the conservative scan to find while it runs. */
static Value *eval_let(Ev *ev, const Expr *e, const Env *env)
{
    for (uint32_t i = 0; i < e->ndecs; i++) {
        ev_dec(ev, e->decs[i], env, NULL);
        ev_scrub_after(ev);
    }
    return eval(ev, e->a, env);
}

/* raise e: g ⊕ [n], use n -> loc(v); then control passes to the
 * innermost handler, whose match node comes next. */
static Value *eval_raise(Ev *ev, const Expr *e, const Env *env)
{
    Value *v = eval(ev, e->a, env);
    uint32_t n = ev_node(ev, NK_SEQ, 0, e->id);
    ev_heap(ev, n, v->loc, HE_USE);
    if (v->tag != V_CON || !con_is_exn(v->con))
        ev_type_fail(ev, e->span, "raise expects an exception, got %s", val_tag_name(v));
    if (v->con == ev->sh->c_fail && v->n == 1 && v->u.f[0]->tag != V_STR)
        ev_type_fail(ev, e->span, "Fail expects a string, got %s", val_tag_name(v->u.f[0]));
    ev_raise(ev, v, e->span, NULL);
}

/* Evaluates x with h installed as the innermost handler; returns its
 * value, or NULL with the exception in ev->exn when x raised. */
static Value *eval_guarded(Ev *ev, const Expr *x, const Env *env, Handler *h)
{
    h->prev = ev->handler;
    h->depth = ev->depth;
    h->user_site = ev->user_site;
    h->frames = ev->frames;
    h->cs = ev->cs;
    const EvalProbe *pr = ev->o->probe;
    h->probe_mark = pr ? pr->mark(pr->st) : 0;
    ev->handler = h;
    if (setjmp(h->jb) == 0) {
        Value *v = eval(ev, x, env);
        ev->handler = h->prev;
        if (pr) pr->release(pr->st, h->probe_mark);
        return v;
    }
    ev->handler = h->prev;
    ev->depth = h->depth;
    ev->user_site = h->user_site;
    ev->frames = h->frames;
    if (ev->record) ev_set_stack(ev, h->cs, x->span);
    if (pr) pr->unwind(pr->st, h->probe_mark, ev->g->n);
    bigstack_unwound();
    return NULL;
}

/* e handle m.  Normally: g ⊕ [n], use n -> loc(v) and ρ(y) for y free in
 * the arms (they were kept for the handler).  When e raises x (its graph
 * ending at the raise): [n] after it, use n -> loc(x), ρ(y) for y free in
 * e (the part of e not run) and what the match inspects, as in case; then
 * the arm taken, or x raised again if none matches. */
static __attribute__((noinline)) Value *eval_handle(Ev *ev, const Expr *e, const Env *env)
{
    Handler h;
    Value *v = eval_guarded(ev, e->a, env, &h);
    uint32_t n = ev_node(ev, NK_CASE, 0, e->id);
    const EvalProbe *pr = ev->o->probe;
    if (v) {
        ev_heap(ev, n, v->loc, HE_USE);
        for (uint32_t i = 0; i < e->nclauses; i++) use_all(ev, n, env, &e->clauses[i].free);
        clear_slots(ev, env, &e->kill_path[0]);
        if (pr) pr->branch(pr->st, e, 0);
        return v;
    }
    Value *x = ev->exn;
    ev_heap(ev, n, x->loc, HE_USE);
    use_all(ev, n, env, &e->a->free);
    int k = ev_match_clauses(ev, n, e->clauses, e->nclauses, &x, env, e->span);
    if (k < 0) ev_raise(ev, x, e->span, NULL);
    if (pr) pr->branch(pr->st, e, 1 + (uint32_t)k);
    return eval(ev, e->clauses[k].body, env);
}

/* A word or IntInf.int constant (num.h): one node of the value's size. */
static Value *eval_num(Ev *ev, const Expr *e)
{
    if (e->num == NUM_WORD) return val_word((uint64_t)e->ival, e->bits, ev_node(ev, NK_CONST, 1, e->id));
    Value *v = val_big(0);
    num_big_const(&v->u.z, e->ival, e->sval, e->slen);
    v->loc = ev_node(ev, NK_CONST, num_big_size(&v->u.z), e->id);
    return v;
}

static Value *eval_kind(Ev *ev, const Expr *e, const Env *env)
{
    switch (e->kind) {
    case EX_INT:
        if (e->num != NUM_INT) return eval_num(ev, e);
        return val_int(e->ival, ev_node(ev, NK_CONST, 1, e->id));
    case EX_REAL: return val_real(e->rval, ev_node(ev, NK_CONST, 1, e->id));
    case EX_CHAR: return val_char((unsigned char)e->ival, ev_node(ev, NK_CONST, 1, e->id));
    case EX_STRING: return val_str(e->sval, e->slen, ev_node(ev, NK_CONST, size_string(e->slen), e->id));
    case EX_VAR: return eval_var(ev, e, env);
    case EX_TUPLE: return eval_tuple(ev, e, env);
    case EX_RECORD: return eval_record(ev, e, env);
    case EX_PAR: return ev_par(ev, e, env);
    case EX_SEQ: return eval_seq(ev, e, env);
    case EX_LIST: return eval_list(ev, e, env);
    case EX_APP:
        if (e->prim_args) return apply_direct(ev, e, env);
        return eval_app(ev, e, env);
    case EX_PROJ: return eval_proj(ev, e, env);
    case EX_FN: return make_closure(ev, e->id, 1, &e->free, env, NULL, e);
    case EX_LET: return eval_let(ev, e, env);
    case EX_IF: case EX_ANDALSO: case EX_ORELSE: return eval_if(ev, e, env);
    case EX_CASE: return eval_case(ev, e, env);
    case EX_RAISE: return eval_raise(ev, e, env);
    case EX_HANDLE: return eval_handle(ev, e, env);
    }
    ev_fail(ev, e->span, "internal error: unknown expression");
}

/* Theorem 1 (paper §3.3; docs/semantics.md, Invariants): each ρ(y), y free in e, is the value of e or the
 * sink of a heap edge whose source was created while evaluating e. */
static void check_theorem1(Ev *ev, const Expr *e, const Env *env, uint32_t first, const Value *v)
{
    ev->sh->checks++;
    for (uint32_t i = 0; i < e->free.n; i++) {
        uint32_t l = lookup(env, &e->free.refs[i])->loc;
        if (l != v->loc && ev->sh->last_src[l] < first)
            ev_fail(ev, e->span, "Theorem 1 violated: '%s' (location %u) is not a root at the start "
                    "of this expression", e->free.names[i], l);
    }
}

/* ---- closure generation ----
 *
 * Each expression's code is a C function specialised to its form,
 * chosen once before the program runs (Feeley and Lapalme's closure
 * generation): evaluation is e->code(ev, e, env), with no switch on the
 * kind.  Every code makes the same nodes and edges in the same order as
 * the rule it implements (docs/semantics.md, The rules); what they do
 * around the rule is rule_enter and RULE_CODE's.  With the Theorem 1
 * check on, every expression gets code_checked, the rules behind one
 * switch (eval_kind) with the check after each. */

/* The depth and stack checks before an expression's rule; the stack it
 * reaches is scrubbed later (ev_scrub_after). */
static inline void rule_enter(Ev *ev, const Expr *e)
{
    if (++ev->depth > ev->o->max_depth)
        ev_fail(ev, e->span, "recursion too deep: more than %llu nested evaluations "
                "(raise the limit with --max-depth N)", (unsigned long long)ev->o->max_depth);
    char here;
    if ((uintptr_t)&here < ev->stack_mark) ev_stack_deeper(ev, e->span, (uintptr_t)&here);
    if ((uintptr_t)&here < ev->stack_low) ev->stack_low = (uintptr_t)&here;
}

static Value *code_checked(Ev *ev, const Expr *e, const Env *env)
{
    rule_enter(ev, e);
    uint32_t first = graph_nodes(ev->g) + 1;
    Value *v = eval_kind(ev, e, env);
    clear_slots(ev, env, &e->kill);
    check_theorem1(ev, e, env, first, v);
    ev->depth--;
    return v;
}

/* The code of a form whose rule is the function rule: around it, the
 * checks and, for the forms live.c gives a kill list (a variable, a fn),
 * the slots it read for the last time cleared. */
#define RULE_CODE(name, rule)                                               \
    static Value *name(Ev *ev, const Expr *e, const Env *env)              \
    {                                                                       \
        rule_enter(ev, e);                                                  \
        Value *v = rule(ev, e, env);                                        \
        kill_now(env, &e->kill);                                            \
        ev->depth--;                                                        \
        return v;                                                           \
    }

RULE_CODE(code_generic, eval_kind)
RULE_CODE(code_tuple, eval_tuple)
RULE_CODE(code_par, ev_par)
RULE_CODE(code_seq, eval_seq)
RULE_CODE(code_app, eval_app)
RULE_CODE(code_app_tail, eval_app_tail)
RULE_CODE(code_prim, apply_direct)
RULE_CODE(code_proj, eval_proj)
RULE_CODE(code_let, eval_let)
RULE_CODE(code_if, eval_if)
RULE_CODE(code_case, eval_case)

/* The leaves: a variable or an integer constant calls nothing that
 * evaluates, so it only checks the depth (as rule_enter would, failing
 * the same way); the stack its frame takes is within what the scrub
 * clears below its caller's (SCRUB_BELOW). */
static inline void leaf_enter(Ev *ev, const Expr *e)
{
    if (__builtin_expect(ev->depth >= ev->o->max_depth, 0)) rule_enter(ev, e);
}

/* C-VAL: a local slot; _last: its last read on this path (live.c), so
 * the slot lets go of the value. */
static Value *code_local(Ev *ev, const Expr *e, const Env *env)
{
    leaf_enter(ev, e);
    ev_node(ev, NK_VAR, 0, e->id);
    return env->fr[e->ref.index];
}

static Value *code_local_last(Ev *ev, const Expr *e, const Env *env)
{
    leaf_enter(ev, e);
    ev_node(ev, NK_VAR, 0, e->id);
    Value *v = env->fr[e->ref.index];
    env->fr[e->ref.index] = NULL;
    return v;
}

/* C-VAL: a variable the closure captured, or a function of its own group */
static Value *code_free(Ev *ev, const Expr *e, const Env *env)
{
    leaf_enter(ev, e);
    ev_node(ev, NK_VAR, 0, e->id);
    return env->self->free[e->ref.index];
}

static Value *code_self(Ev *ev, const Expr *e, const Env *env)
{
    leaf_enter(ev, e);
    ev_node(ev, NK_VAR, 0, e->id);
    return env->self->fnv[e->ref.index];
}

/* _last: the last read of anything in the running closure's group on
 * this path (live.c's Kill.self), so the Env lets go of the group. */
static Value *code_free_last(Ev *ev, const Expr *e, const Env *env)
{
    Value *v = code_free(ev, e, env);
    ((Env *)env)->self = NULL;
    return v;
}

static Value *code_self_last(Ev *ev, const Expr *e, const Env *env)
{
    Value *v = code_self(ev, e, env);
    ((Env *)env)->self = NULL;
    return v;
}

/* An integer constant (C-TRUE's rule for constants): a fresh int of size 1 */
static Value *code_int(Ev *ev, const Expr *e, const Env *env)
{
    (void)env;
    leaf_enter(ev, e);
    return val_int(e->ival, ev_node(ev, NK_CONST, 1, e->id));
}

/* A binary primitive applied to a syntactic pair (x op y): apply_direct
 * with its checks of the arity made once, by ev_compile. */
static Value *prim2(Ev *ev, const Expr *e, const Env *env)
{
    Value *args[2];
    args[0] = eval(ev, e->b->elems[0], env);
    args[1] = eval(ev, e->b->elems[1], env);
    return prim_apply(ev, e->id, e->span, e->a->ref.index, args, 2);
}
RULE_CODE(code_prim2, prim2)

/* x op y on two ints (or, for + - *, two reals): prim_apply's work
 * (eval_prims.c) inline, with the same node and edges: one node of size
 * 1 (work 1, the result's location), the result, use edges to x and y.
 * Another type, an overflow or a division goes to prim_apply, which
 * makes that node first (and raises there). */
static uint32_t op_node(Ev *ev, const Expr *e) { return ev_node(ev, NK_PRIM, 1, e->id); }

/* The use edges of op's node n to its operands a (none under pml exec,
 * where a constant operand is NULL: operand). */
static Value *op_result(Ev *ev, uint32_t n, Value **a, Value *v)
{
    if (ev->record) {
        ev_heap_add(ev, n, a[0]->loc, HE_USE);
        ev_heap_add(ev, n, a[1]->loc, HE_USE);
    }
    return v;
}

/* An operand x of an if's int comparison (cmp_test): its value, and in
 * *i its bits if it is an int.  Under pml exec an integer constant
 * (code_int), which nothing but the comparison reads and no graph
 * locates, is NULL, not allocated: its node is counted and its bytes
 * charged as code_int's, so exec's samples come when they would, as
 * the if's bool's do.  The operands of + - * (NUM_OP) stay objects:
 * leaving theirs unmade moved a measured mark, mergesort n = 128 under
 * df 531 -> 648 model words (test_exec_space), by what NUM_OP's frames
 * then left unwritten. */
static inline Value *operand(Ev *ev, const Expr *x, const Env *env, int64_t *i)
{
    if (ev->record || x->code != code_int) {
        Value *v = eval(ev, x, env);
        *i = v->u.i;
        return v;
    }
    leaf_enter(ev, x);
    ev_node(ev, NK_CONST, 1, x->id);
    val_charge(sizeof(Value), 1);
    *i = x->ival;
    return NULL;
}

static inline int is_int(const Value *v) { return !v || v->tag == V_INT; }

/* The comparison e on operands a (x and y their bits) that are not two
 * ints: prim_apply, the constants among them made on this frame for it
 * (it keeps no operand: it reads them). */
static __attribute__((noinline)) Value *cmp_apply(Ev *ev, const Expr *e, Value **a, int64_t x, int64_t y)
{
    Value k[2];
    for (int i = 0; i < 2; i++)
        if (!a[i]) {
            k[i] = (Value){.tag = V_INT, .magic = VAL_MAGIC, .u.i = i ? y : x};
            a[i] = &k[i];
        }
    return prim_apply(ev, e->id, e->span, e->a->ref.index, a, 2);
}

/* name: op on ints x and y when ok (an expression that sets r) holds, the
 * result made by make(r, n); with reals (1), on reals x and y, rop. */
#define NUM_OP(name, ok, make, reals, rop)                                  \
    static Value *name##_rule(Ev *ev, const Expr *e, const Env *env)       \
    {                                                                       \
        Value *a[2];                                                        \
        a[0] = eval(ev, e->b->elems[0], env);                               \
        a[1] = eval(ev, e->b->elems[1], env);                               \
        int64_t r;                                                          \
        if (a[0]->tag == V_INT && a[1]->tag == V_INT) {                     \
            int64_t x = a[0]->u.i, y = a[1]->u.i;                           \
            if (ok) {                                                       \
                uint32_t n = op_node(ev, e);                                \
                return op_result(ev, n, a, make(r, n));                     \
            }                                                               \
        } else if (reals && a[0]->tag == V_REAL && a[1]->tag == V_REAL) {   \
            double x = a[0]->u.r, y = a[1]->u.r;                            \
            (void)x, (void)y;                                               \
            uint32_t n = op_node(ev, e);                                    \
            return op_result(ev, n, a, val_real(rop, n));                   \
        }                                                                   \
        return prim_apply(ev, e->id, e->span, e->a->ref.index, a, 2);       \
    }                                                                       \
    RULE_CODE(name, name##_rule)

#define INT_RESULT(r, n) val_int(r, n)
#define BOOL_RESULT(r, n) ev_bool(ev, (r) != 0, n)
NUM_OP(code_add, !__builtin_add_overflow(x, y, &r), INT_RESULT, 1, x + y)
NUM_OP(code_sub, !__builtin_sub_overflow(x, y, &r), INT_RESULT, 1, x - y)
NUM_OP(code_mul, !__builtin_mul_overflow(x, y, &r), INT_RESULT, 1, x * y)
NUM_OP(code_lt, (r = x < y, 1), BOOL_RESULT, 0, 0)
NUM_OP(code_le, (r = x <= y, 1), BOOL_RESULT, 0, 0)
NUM_OP(code_gt, (r = x > y, 1), BOOL_RESULT, 0, 0)
NUM_OP(code_ge, (r = x >= y, 1), BOOL_RESULT, 0, 0)
NUM_OP(code_eq, (r = x == y, 1), BOOL_RESULT, 0, 0)
NUM_OP(code_ne, (r = x != y, 1), BOOL_RESULT, 0, 0)

/* if x op y then ... else ..., x and y ints and op a comparison: the
 * test's rule (its checks, node and edges, as code_lt's) then the if's,
 * without the bool, which nothing but the if reads: its bytes are
 * charged (pml exec's samples come when they would) but not allocated. */
/* The test: b, and the location of its value (*loc).  Out of line, so
 * that the operands are in no frame while the branch runs. */
static __attribute__((noinline)) int cmp_test(Ev *ev, const Expr *t, const Env *env, uint32_t *loc)
{
    rule_enter(ev, t);
    Value *a[2];
    int64_t x, y;
    a[0] = operand(ev, t->b->elems[0], env, &x);
    a[1] = operand(ev, t->b->elems[1], env, &y);
    int b;
    if (!is_int(a[0]) || !is_int(a[1])) {
        Value *v = cmp_apply(ev, t, a, x, y);
        b = test_bool(ev, t, v);
        *loc = v->loc;
    } else {
        switch (t->a->ref.index) {
        case P_LT: b = x < y; break;
        case P_LE: b = x <= y; break;
        case P_GT: b = x > y; break;
        case P_GE: b = x >= y; break;
        case P_EQ: b = x == y; break;
        default: b = x != y; break;
        }
        *loc = op_node(ev, t);
        val_charge(sizeof(Value), 1);
        op_result(ev, *loc, a, NULL);
    }
    ev->depth--;
    return b;
}

/* The test's stack is scrubbed here, before if_taken's frame is laid
 * beside cmp_test's (pml exec): if_taken's own scrub starts below its
 * frame, deeper than the deepest point cmp_test records (its leaves, `k`
 * in `k = 0`, record none), so it did nothing, and what the test left
 * below stayed for the branch's frames to lay over.  In a loop of calls
 * in tail position, whose every level's frames live until the loop ends,
 * each level kept k, k - 1 and 1 in words of its code_app and apply
 * frames that those never write: tests/exec/curried_loop.pml measured
 * 3,929 model words at n = 2,000 against 9 predicted, now 18 at every n
 * (fib n = 20: 1.9% more instructions, callgrind). */
static Value *if_cmp(Ev *ev, const Expr *e, const Env *env)
{
    uint32_t loc;
    int b = cmp_test(ev, e->a, env, &loc);
    ev_scrub_after(ev);
    return if_taken(ev, e, env, b, loc);
}
RULE_CODE(code_if_cmp, if_cmp)

static Code *var_code(const Expr *e)
{
    switch (e->ref.kind) {
    case REF_LOCAL: return e->kill.n ? code_local_last : code_local;
    case REF_FREE: return e->kill.self ? code_free_last : code_free;
    case REF_SELF: return e->kill.self ? code_self_last : code_self;
    default: return code_generic;
    }
}

/* An if whose test is an int comparison (app_code gave it code_lt ...). */
static Code *if_code(const Expr *e)
{
    Code *t = e->a->code;
    if (e->kind == EX_IF && (t == code_lt || t == code_le || t == code_gt || t == code_ge || t == code_eq || t == code_ne))
        return code_if_cmp;
    return code_if;
}

static Code *app_code(const Expr *e)
{
    if (!e->prim_args) return code_app;
    if (e->a->ref.kind == REF_PRIM && e->b->kind == EX_TUPLE && e->b->n == 2 &&
        prim_table[e->a->ref.index].arity == 2) {
        switch (e->a->ref.index) {
        case P_ADD: return code_add;
        case P_SUB: return code_sub;
        case P_MUL: return code_mul;
        case P_LT: return code_lt;
        case P_LE: return code_le;
        case P_GT: return code_gt;
        case P_GE: return code_ge;
        case P_EQ: return code_eq;
        case P_NE: return code_ne;
        default: return code_prim2;
        }
    }
    return code_prim;
}

static void compile_dec(Dec *d, int checked);

/* Is e's part sub (an operand, a branch, an arm, a body) in tail position
 * if e is (tail): its value e's, with only returns after it?  The body
 * of a fn and a pair's branch are, each ending at an ev_scrub_after
 * (apply_closure, par_branch); a handled expression is not. */
static int tail_of(const Expr *e, const Expr *sub, int tail)
{
    switch (e->kind) {
    case EX_FN: case EX_PAR: return 1;
    case EX_IF: case EX_ANDALSO: case EX_ORELSE: case EX_CASE: return tail && sub != e->a;
    case EX_LET: return tail && sub == e->a;
    case EX_SEQ: return tail && sub == e->elems[e->n - 1];
    default: return 0;
    }
}

/* Sets the code of e and of every expression under it; tail: e is in
 * tail position (tail_of). */
static void compile_expr(Expr *e, int checked, int tail)
{
    Expr *sub[3] = {e->a, e->b, e->c};
    for (int i = 0; i < 3; i++)
        if (sub[i]) compile_expr(sub[i], checked, tail_of(e, sub[i], tail));
    for (uint32_t i = 0; e->elems && i < e->n; i++) compile_expr(e->elems[i], checked, tail_of(e, e->elems[i], tail));
    for (uint32_t i = 0; i < e->nclauses; i++)
        compile_expr(e->clauses[i].body, checked, tail_of(e, e->clauses[i].body, tail));
    for (uint32_t i = 0; i < e->ndecs; i++) compile_dec(e->decs[i], checked);
    Code *c = code_generic; /* chosen after the parts' (if_code reads its test's) */
    switch (e->kind) {
    case EX_INT: if (e->num == NUM_INT) c = code_int; break;
    case EX_VAR: c = var_code(e); break;
    case EX_REAL: case EX_CHAR: case EX_STRING: case EX_RECORD: case EX_LIST:
    case EX_FN: case EX_RAISE: case EX_HANDLE:
        break;
    case EX_TUPLE: c = code_tuple; break;
    case EX_PAR: c = code_par; break;
    case EX_SEQ: c = code_seq; break;
    case EX_APP:
        c = app_code(e);
        if (c == code_app && tail) c = code_app_tail;
        break;
    case EX_PROJ: c = code_proj; break;
    case EX_LET: c = code_let; break;
    case EX_IF: case EX_ANDALSO: case EX_ORELSE: c = if_code(e); break;
    case EX_CASE: c = code_case; break;
    }
    e->code = checked ? code_checked : c;
}

static void compile_dec(Dec *d, int checked)
{
    if (d->a) compile_expr(d->a, checked, 0);
    for (uint32_t i = 0; i < d->nfuns; i++) compile_expr(d->funs[i].fn, checked, 0);
    for (uint32_t i = 0; i < d->ndecs; i++) compile_dec(d->decs[i], checked);
    for (uint32_t i = 0; i < d->ndecs2; i++) compile_dec(d->decs2[i], checked);
}

/* Chooses every expression's code (closure generation, above): once per
 * evaluation, since the Theorem 1 check is an option of each. */
void ev_compile(const Program *p, int checked)
{
    for (uint32_t i = 0; i < p->ndecs; i++) compile_dec(p->decs[i], checked);
}

