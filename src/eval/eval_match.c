/*
 * eval_match.c — pattern matching (docs/semantics.md, the case rule): a
 * value against a function's clauses, a case's arms, a handler's or a
 * val's pattern, binding the pattern's variables into the frame, with
 * use edges from the matching node to every object inspected.
 */
#include "eval_internal.h"

#include <string.h>

/* The objects a match inspects (docs/semantics.md, the case rule): gathered while matching,
 * then made use edges of the matching node. */
#define INSP_MAX 256

/* locs: INSP_MAX entries under pml run, NULL under pml exec (no edges:
 * only the count, for the same error); n: how many were inspected. */
typedef struct Insp { uint32_t *locs; uint32_t n; } Insp;

static void inspect(Insp *in, const Value *v)
{
    if (in->locs && in->n < INSP_MAX) in->locs[in->n] = v->loc;
    in->n++;
}

/* An empty Insp over buf (INSP_MAX entries when ev records, else 1): a
 * kilobyte on the stack of every match only where edges are made. */
#define INSP_BUF(ev) uint32_t insp_buf_[(ev)->record ? INSP_MAX : 1]
#define INSP_INIT(ev) {(ev)->record ? insp_buf_ : NULL, 0}

static int match(Ev *ev, const Pat *p, Value *v, const Env *env, Insp *in);
static int match_record(Ev *ev, const Pat *p, Value *v, const Env *env, Insp *in);

static int match_con(Ev *ev, const Pat *p, Value *v, const Env *env, Insp *in)
{
    if (v->tag != V_CON)
        ev_pat_fail(ev, p, "pattern '%s' expects a constructor value, got %s",
                p->con->name, val_tag_name(v));
    inspect(in, v);
    if (p->fresh.kind != REF_NONE) { /* an exception made at each evaluation */
        const Value *x = lookup(env, &p->fresh);
        inspect(in, x);
        if (v->con != x->con) return 0;
    } else if (v->con != p->con) {
        /* another constructor of the type (the names compared last: a
         * mismatch is the common case, a type error the rare one) */
        if (v->con->ncons != p->con->ncons && !(p->con->tag < v->con->ncons) &&
            strcmp(v->con->name, p->con->name) != 0)
            ev_pat_fail(ev, p, "constructor '%s' does not match a value of another type",
                    p->con->name);
        return 0;
    }
    if (!p->arg) return 1;
    /* `ref x` reads the cell; the matching node is the current one */
    if (v->con == ev->sh->c_ref) ev_watch(ev, v, 0, 0, graph_annot(ev->g, ev->cur), ev->cur);
    if (v->n > 1 && p->arg->kind == PAT_TUPLE && p->arg->n == v->n) {
        for (uint32_t i = 0; i < v->n; i++)
            if (!match(ev, p->arg->elems[i], v->u.f[i], env, in)) return 0;
        return 1;
    }
    return match(ev, p->arg, val_con_arg(v), env, in);
}

static int match_list(Ev *ev, const Pat *p, Value *v, const Env *env, Insp *in)
{
    for (uint32_t i = 0; i < p->n; i++) {
        if (v->tag != V_CON || (v->con != ev->sh->c_cons && v->con != ev->sh->c_nil))
            ev_pat_fail(ev, p, "list pattern applied to %s", val_tag_name(v));
        inspect(in, v);
        if (v->con == ev->sh->c_nil) return 0;
        if (!match(ev, p->elems[i], v->u.f[0], env, in)) return 0;
        v = v->u.f[1];
    }
    if (v->tag != V_CON || (v->con != ev->sh->c_cons && v->con != ev->sh->c_nil))
        ev_pat_fail(ev, p, "list pattern applied to %s", val_tag_name(v));
    inspect(in, v);
    return v->con == ev->sh->c_nil;
}

/* {l1 = p1, ..., ln = pn [, ...]}: each field by its label. */
static int match_record(Ev *ev, const Pat *p, Value *v, const Env *env, Insp *in)
{
    if (v->tag != V_TUPLE)
        ev_pat_fail(ev, p, "record pattern applied to %s", val_tag_name(v));
    if (!p->ival && v->n != p->n)
        ev_pat_fail(ev, p, "a record pattern with %u fields applied to %s with %u",
                p->n, v->shape ? "a record" : "a tuple", v->n);
    inspect(in, v);
    for (uint32_t i = 0; i < p->n; i++) {
        int k = val_field(v, p->labels[i]);
        if (k < 0)
            ev_pat_fail(ev, p, "record pattern: %s has no field '%s'",
                    val_tag_name(v), p->labels[i]);
        if (!match(ev, p->elems[i], v->u.f[k], env, in)) return 0;
    }
    return 1;
}

/* An integer or word constant pattern against a word or an IntInf.int. */
static int match_num(Ev *ev, const Pat *p, Value *v, Insp *in)
{
    if (v->tag == V_WORD && p->num == NUM_WORD) {
        inspect(in, v);
        return (uint64_t)v->u.i == ((uint64_t)p->ival & num_word_mask(v->n));
    }
    if (v->tag != V_BIG || p->num == NUM_WORD)
        ev_pat_fail(ev, p, "type error: %s pattern applied to %s", p->num == NUM_WORD ? "word" : "int",
                 val_tag_name(v));
    inspect(in, v);
    mpz_t k;
    mpz_init(k);
    num_big_const(k, p->ival, p->sval, p->slen);
    return mpz_cmp(k, &v->u.z) == 0;
}

static int match(Ev *ev, const Pat *p, Value *v, const Env *env, Insp *in)
{
    char here; /* what enter leaves on the stack is scrubbed (ev_scrub_after) */
    if ((uintptr_t)&here < ev->stack_low) ev->stack_low = (uintptr_t)&here;
    switch (p->kind) {
    case PAT_WILD:
        return 1;
    case PAT_VAR:
        env->fr[p->slot] = v;
        return 1;
    case PAT_AS:
        env->fr[p->slot] = v;
        return match(ev, p->arg, v, env, in);
    case PAT_INT:
        if (v->tag != V_INT) return match_num(ev, p, v, in);
        inspect(in, v);
        return v->u.i == p->ival && p->num != NUM_WORD && !p->sval;
    case PAT_CHAR:
        if (v->tag != V_CHAR)
            ev_type_fail(ev, p->span, "char pattern applied to %s", val_tag_name(v));
        inspect(in, v);
        return v->u.i == p->ival;
    case PAT_STRING:
        if (v->tag != V_STR)
            ev_pat_fail(ev, p, "string pattern applied to %s", val_tag_name(v));
        inspect(in, v);
        return v->n == p->slen && memcmp(v->u.s, p->sval, p->slen) == 0;
    case PAT_TUPLE:
        if (v->tag != V_TUPLE || v->n != p->n || v->shape)
            ev_pat_fail(ev, p, "%u-tuple pattern applied to %s%s", p->n,
                    v->tag == V_TUPLE ? "a tuple of another size" : val_tag_name(v), "");
        inspect(in, v);
        for (uint32_t i = 0; i < p->n; i++)
            if (!match(ev, p->elems[i], v->u.f[i], env, in)) return 0;
        return 1;
    case PAT_LIST:
        return match_list(ev, p, v, env, in);
    case PAT_RECORD:
        return match_record(ev, p, v, env, in);
    case PAT_CON:
        return match_con(ev, p, v, env, in);
    }
    return 0;
}

/* The matching node n inspected what in holds: use edges to each. */
static void use_inspected(Ev *ev, uint32_t n, const Insp *in, Span sp)
{
    if (in->n > INSP_MAX) ev_fail(ev, sp, "pattern too large (more than %u objects inspected)", INSP_MAX);
    for (uint32_t i = 0; in->locs && i < in->n; i++) ev_heap(ev, n, in->locs[i], HE_USE);
}

/* Tries the clauses in order on vals[0..npats-1]; returns the index taken,
 * or -1.  Use edges from n: every object inspected, and the free variables
 * of every arm not taken. */
int ev_match_clauses(Ev *ev, uint32_t n, const Clause *cl, uint32_t ncl, Value **vals, const Env *env,
                     Span sp)
{
    INSP_BUF(ev);
    Insp in = INSP_INIT(ev);
    int taken = -1;
    for (uint32_t i = 0; i < ncl && taken < 0; i++) {
        uint32_t k = 0;
        while (k < cl[i].npats && match(ev, cl[i].pats[k], vals[k], env, &in)) k++;
        if (k == cl[i].npats) taken = (int)i;
    }
    use_inspected(ev, n, &in, sp);
    for (uint32_t i = 0; i < ncl; i++)
        if ((int)i != taken) use_all(ev, n, env, &cl[i].free);
    if (taken >= 0) clear_slots(ev, env, &cl[taken].kill);
    return taken;
}

/* let val p = e1, e1's value v at the node n (bind_val): use edges from n
 * to what p inspects; 0: v does not match p. */
int ev_match_val(Ev *ev, uint32_t n, const Pat *p, Value *v, const Env *env, Span sp)
{
    INSP_BUF(ev);
    Insp in = INSP_INIT(ev);
    int ok = match(ev, p, v, env, &in);
    use_inspected(ev, n, &in, sp);
    return ok;
}
