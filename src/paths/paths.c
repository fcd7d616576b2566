/*
 * paths.c — see paths.h.  The DAGs, Ball–Larus and PSPP labels, P3's
 * tasks and their dealing, the recorder, and decoding.
 */
#include "paths.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room for one more element in *arr (n used of *cap, each elem bytes),
 * doubling from first; new room is zeroed.  0, or -1 (out of memory). */
static int reserve(void *arr, uint32_t n, uint32_t *cap, size_t elem, uint32_t first)
{
    if (n < *cap) return 0;
    uint32_t c = *cap ? 2 * *cap : first;
    char *p = realloc(*(void **)arr, c * elem);
    if (!p) return -1;
    memset(p + (size_t)*cap * elem, 0, (size_t)(c - *cap) * elem);
    *(void **)arr = p;
    *cap = c;
    return 0;
}

/* ---- the DAGs ---- */

static uint64_t add_sat(uint64_t a, uint64_t b) { return a + b >= PATHS_MAX || a + b < a ? PATHS_MAX : a + b; }

static int vertex_new(PathFunc *f, const Expr *site, uint32_t nout, const uint32_t *succ, uint32_t *out)
{
    if (reserve(&f->v, f->nv, &f->cap, sizeof *f->v, 8)) return -1;
    PathVertex *v = &f->v[f->nv];
    memset(v, 0, sizeof *v);
    v->site = site;
    v->nout = nout;
    if (nout && !(v->succ = malloc(nout * sizeof *v->succ))) return -1;
    for (uint32_t c = 0; c < nout; c++) {
        v->succ[c] = succ[c];
        v->npaths = add_sat(v->npaths, f->v[succ[c]].npaths);
    }
    if (nout == 0) v->npaths = 1;
    *out = f->nv++;
    return 0;
}

typedef struct Build { PathPlan *pl; PathFunc *f; uint32_t fi; int oom; } Build;

static uint32_t build(Build *b, const Expr *e, uint32_t k);

static uint32_t branch(Build *b, const Expr *site, uint32_t nout, const uint32_t *succ)
{
    uint32_t v = 0;
    if (b->oom || vertex_new(b->f, site, nout, succ, &v)) { b->oom = 1; return 0; }
    b->pl->site_fn[site->id] = b->fi + 1;
    b->pl->site_v[site->id] = v;
    return v;
}

/* Straight-line composition of es (evaluated in order) before k. */
static uint32_t build_seq(Build *b, Expr *const *es, uint32_t n, uint32_t k)
{
    for (uint32_t i = n; i-- > 0;) k = build(b, es[i], k);
    return k;
}

/* Declarations run in order, a structure's (a functor application's
 * argument and body included) and a local's where they stand. */
static uint32_t build_decs(Build *b, Dec *const *ds, uint32_t n, uint32_t k)
{
    for (uint32_t i = n; i-- > 0;) {
        const Dec *d = ds[i];
        if (d->kind == DEC_VAL) k = build(b, d->a, k);
        if (d->kind == DEC_STRUCTURE || d->kind == DEC_LOCAL)
            k = build_decs(b, d->decs, d->ndecs, build_decs(b, d->decs2, d->ndecs2, k));
    }
    return k;
}

/* The entry vertex of e's control flow, which continues at k. */
static uint32_t build(Build *b, const Expr *e, uint32_t k)
{
    uint32_t s[2], *arms, v;
    if (!e || b->oom) return k;
    switch (e->kind) {
    case EX_IF:
        s[0] = build(b, e->b, k);
        s[1] = build(b, e->c, k);
        return build(b, e->a, branch(b, e, 2, s));
    case EX_ANDALSO: case EX_ORELSE:
        s[0] = build(b, e->b, k);
        s[1] = k;
        return build(b, e->a, branch(b, e, 2, s));
    case EX_CASE:
        if (!(arms = malloc((e->nclauses ? e->nclauses : 1) * sizeof *arms))) { b->oom = 1; return k; }
        for (uint32_t i = 0; i < e->nclauses; i++) arms[i] = build(b, e->clauses[i].body, k);
        v = e->nclauses > 1 ? branch(b, e, e->nclauses, arms) : arms[0];
        free(arms);
        return build(b, e->a, v);
    case EX_HANDLE:
        /* a branch, taken when it is known: 0 the body returned, 1 + i arm
         * i caught (the branches of a body that raised are forgotten) */
        if (!(arms = malloc((e->nclauses + 1) * sizeof *arms))) { b->oom = 1; return k; }
        arms[0] = build(b, e->a, k);
        for (uint32_t i = 0; i < e->nclauses; i++) arms[i + 1] = build(b, e->clauses[i].body, k);
        v = branch(b, e, e->nclauses + 1, arms);
        free(arms);
        return v;
    case EX_FN:
        return k;   /* a closure is made; its body is a function of its own */
    case EX_LET:
        return build_decs(b, e->decs, e->ndecs, build(b, e->a, k));
    case EX_APP:
        return build(b, e->a, build(b, e->b, k));
    case EX_TUPLE: case EX_PAR: case EX_SEQ: case EX_LIST: case EX_RECORD:
        return build_seq(b, e->elems, e->n, k);
    case EX_PROJ: case EX_RAISE:
        return build(b, e->a, k);
    default:
        /* constants, variables; and any construct not numbered here: its
         * branches are outside the DAG (the recorder ignores them) */
        return k;
    }
}

static int func_new(PathPlan *pl, const Expr *fn)
{
    if (reserve(&pl->f, pl->nf, &pl->cap, sizeof *pl->f, 64)) return -1;
    uint32_t fi = pl->nf++;
    PathFunc *f = &pl->f[fi];
    memset(f, 0, sizeof *f);
    f->fn = fn;
    pl->func_of[fn->id] = fi + 1;
    Build b = {pl, f, fi, 0};
    uint32_t exit_v;
    if (vertex_new(f, NULL, 0, NULL, &exit_v)) return -1;
    uint32_t *arms = malloc((fn->nclauses ? fn->nclauses : 1) * sizeof *arms);
    if (!arms) return -1;
    for (uint32_t i = 0; i < fn->nclauses; i++) arms[i] = build(&b, fn->clauses[i].body, 0);
    f->entry = fn->nclauses > 1 ? branch(&b, fn, fn->nclauses, arms) : arms[0];
    free(arms);
    if (b.oom) return -1;
    f->too_many = f->v[f->entry].npaths >= PATHS_MAX;
    for (uint32_t v = 0; v < f->nv; v++) { f->v[v].edge0 = f->nedges; f->nedges += f->v[v].nout; }
    if (!(f->bl = malloc((f->nedges ? f->nedges : 1) * sizeof *f->bl))) return -1;
    for (uint32_t v = 0; v < f->nv; v++) {   /* Ball–Larus: choice c after the paths of choices < c */
        uint64_t n = 0;
        for (uint32_t c = 0; c < f->v[v].nout; c++) {
            f->bl[f->v[v].edge0 + c] = n;
            n = add_sat(n, f->v[f->v[v].succ[c]].npaths);
        }
    }
    return 0;
}

/* Every fn in e (functions of functions included). */
static int collect(PathPlan *pl, const Expr *e);

static int collect_decs(PathPlan *pl, Dec *const *ds, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        const Dec *d = ds[i];
        if (d->kind == DEC_VAL && collect(pl, d->a)) return -1;
        if (d->kind == DEC_FUN)
            for (uint32_t j = 0; j < d->nfuns; j++)
                if (collect(pl, d->funs[j].fn)) return -1;
        if ((d->kind == DEC_STRUCTURE || d->kind == DEC_LOCAL) &&
            (collect_decs(pl, d->decs, d->ndecs) || collect_decs(pl, d->decs2, d->ndecs2)))
            return -1;
    }
    return 0;
}

static int collect(PathPlan *pl, const Expr *e)
{
    if (!e) return 0;
    if (e->kind == EX_FN && !pl->func_of[e->id] && func_new(pl, e)) return -1;
    if (collect(pl, e->a) || collect(pl, e->b) || collect(pl, e->c)) return -1;
    for (uint32_t i = 0; i < e->n; i++)
        if (collect(pl, e->elems[i])) return -1;
    for (uint32_t i = 0; i < e->nclauses; i++)
        if (collect(pl, e->clauses[i].body)) return -1;
    return collect_decs(pl, e->decs, e->ndecs);
}

int paths_plan(const Program *p, PathPlan *out)
{
    memset(out, 0, sizeof *out);
    out->nexprs = p->nexprs;
    size_t n = (size_t)p->nexprs + 1;
    out->func_of = calloc(n, sizeof *out->func_of);
    out->site_fn = calloc(n, sizeof *out->site_fn);
    out->site_v = calloc(n, sizeof *out->site_v);
    if (!out->func_of || !out->site_fn || !out->site_v || collect_decs(out, p->decs, p->ndecs)) {
        paths_plan_free(out);
        return -1;
    }
    return 0;
}

void paths_plan_free(PathPlan *pl)
{
    for (uint32_t i = 0; i < pl->nf; i++) {
        for (uint32_t v = 0; v < pl->f[i].nv; v++) free(pl->f[i].v[v].succ);
        free(pl->f[i].v);
        free(pl->f[i].bl);
    }
    free(pl->f);
    free(pl->func_of);
    free(pl->site_fn);
    free(pl->site_v);
    memset(pl, 0, sizeof *pl);
}

/* ---- PSPP (P3 §3.1, Algorithm 1) ---- */

#define NO_MIN UINT64_MAX

/* Labels for the paths made of interesting edges only (in[e]): their ids
 * are distinct from each other and from every other path's.  Returns the
 * number of probes (non-zero labels). */
static uint32_t pspp(const PathFunc *f, const uint8_t *in, uint64_t *val)
{
    uint64_t *min = malloc(f->nv * sizeof *min), *n = malloc(f->nv * sizeof *n);
    uint32_t *indeg = calloc(f->nv, sizeof *indeg), *order = malloc((f->nedges + 1) * sizeof *order);
    uint32_t probes = 0;
    if (!min || !n || !indeg || !order) { free(min); free(n); free(indeg); free(order); return UINT32_MAX; }
    min[0] = 0;
    n[0] = 1;
    for (uint32_t v = 1; v < f->nv; v++) {       /* successors come first: reverse topological */
        const PathVertex *pv = &f->v[v];
        uint64_t nv = 0;
        uint32_t k = 0;
        min[v] = NO_MIN;
        for (uint32_t c = 0; c < pv->nout; c++) {
            if (in[pv->edge0 + c]) { order[k++] = c; continue; }
            val[pv->edge0 + c] = nv;             /* uninteresting edges first */
            nv = add_sat(nv, n[pv->succ[c]]);
        }
        for (uint32_t i = 1; i < k; i++)          /* interesting: decreasing min of the target */
            for (uint32_t j = i; j > 0 && min[pv->succ[order[j - 1]]] < min[pv->succ[order[j]]]; j--) {
                uint32_t t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
            }
        for (uint32_t i = 0; i < k; i++) {
            uint32_t c = order[i], w = pv->succ[c];
            val[pv->edge0 + c] = nv;
            if (min[w] != NO_MIN && min[w] + nv < min[v]) min[v] = min[w] + nv;
            nv = add_sat(nv, n[w]);
        }
        n[v] = nv;
        for (uint32_t c = 0; c < pv->nout; c++) indeg[pv->succ[c]]++;
    }
    /* propagation: a vertex with one way in takes that edge's label onto its ways out */
    for (uint32_t v = f->nv; v-- > 1;) {         /* topological order */
        const PathVertex *pv = &f->v[v];
        for (uint32_t c = 0; c < pv->nout; c++) {
            uint32_t w = pv->succ[c], e = pv->edge0 + c;
            if (indeg[w] != 1 || val[e] == 0 || f->v[w].nout == 0) continue;
            for (uint32_t d = 0; d < f->v[w].nout; d++) val[f->v[w].edge0 + d] += val[e];
            val[e] = 0;
        }
    }
    for (uint32_t e = 0; e < f->nedges; e++) {   /* absorption */
        if (!in[e]) val[e] = 0;
        probes += val[e] != 0;
    }
    free(min); free(n); free(indeg); free(order);
    return probes;
}

/* ---- P3: tasks, dealt to the workers ---- */

typedef struct Task { uint32_t f; uint32_t choice; uint64_t cost; } Task; /* choice UINT32_MAX: all */

/* The first real fork: the first branch from the entry whose choices do
 * not all lead to one vertex (before it, every path takes the same way). */
static uint32_t first_fork(const PathFunc *f)
{
    uint32_t v = f->entry;
    for (;;) {
        const PathVertex *pv = &f->v[v];
        if (pv->nout == 0) return 0;
        uint32_t c = 1;
        while (c < pv->nout && pv->succ[c] == pv->succ[0]) c++;
        if (c < pv->nout) return v;
        v = pv->succ[0];
    }
}

/* The edges of task (f, choice) into in[]: the chain to the fork, the
 * choice, and everything after it. */
static void task_edges(const PathFunc *f, uint32_t choice, uint8_t *in)
{
    uint32_t fork = first_fork(f);
    if (choice == UINT32_MAX || fork == 0) { memset(in, 1, f->nedges); return; }
    memset(in, 0, f->nedges);
    for (uint32_t v = f->entry; v != fork; v = f->v[v].succ[0])
        memset(in + f->v[v].edge0, 1, f->v[v].nout);
    in[f->v[fork].edge0 + choice] = 1;
    uint8_t *reach = calloc(f->nv, 1);
    if (!reach) { memset(in, 1, f->nedges); return; }
    reach[f->v[fork].succ[choice]] = 1;
    for (uint32_t v = f->nv; v-- > 1;)           /* topological: a vertex before its successors */
        if (reach[v])
            for (uint32_t c = 0; c < f->v[v].nout; c++) { in[f->v[v].edge0 + c] = 1; reach[f->v[v].succ[c]] = 1; }
    free(reach);
}

static int task_cmp(const void *a, const void *b)
{
    const Task *x = a, *y = b;
    if (x->cost != y->cost) return x->cost > y->cost ? -1 : 1;
    if (x->f != y->f) return x->f < y->f ? -1 : 1;
    return x->choice < y->choice ? -1 : x->choice > y->choice;
}

/* Deals every task: owner[t] is its worker; tasks sorted most costly first.
 * A task's cost is its probes plus one (the count at the exit). */
static int deal(const PathPlan *pl, uint32_t k, Task **tasks, uint32_t *ntasks, uint32_t **owner, uint64_t *load)
{
    uint32_t n = 0, cap = pl->nf + 1;
    Task *t = malloc(cap * sizeof *t);
    uint64_t *val = NULL;
    uint8_t *in = NULL;
    uint32_t maxe = 1;
    for (uint32_t i = 0; i < pl->nf; i++) if (pl->f[i].nedges > maxe) maxe = pl->f[i].nedges;
    val = malloc(maxe * sizeof *val);
    in = malloc(maxe);
    if (!t || !val || !in) goto oom;
    for (uint32_t i = 0; i < pl->nf; i++) {
        const PathFunc *f = &pl->f[i];
        uint32_t fork = f->too_many ? 0 : first_fork(f);
        uint32_t parts = fork ? f->v[fork].nout : 1;
        if (n + parts > cap) {
            cap = 2 * (n + parts);
            Task *nt = realloc(t, cap * sizeof *nt);
            if (!nt) goto oom;
            t = nt;
        }
        for (uint32_t c = 0; c < parts; c++) {
            Task *x = &t[n++];
            x->f = i;
            x->choice = fork ? c : UINT32_MAX;
            task_edges(f, x->choice, in);
            uint32_t probes = 0;
            if (fork) probes = pspp(f, in, val);
            else for (uint32_t e = 0; e < f->nedges; e++) probes += f->bl[e] != 0;
            x->cost = 1 + (uint64_t)probes;
        }
    }
    qsort(t, n, sizeof *t, task_cmp);
    if (!(*owner = malloc((n ? n : 1) * sizeof **owner))) goto oom;
    memset(load, 0, k * sizeof *load);
    for (uint32_t i = 0; i < n; i++) {           /* LPT: to the least loaded */
        uint32_t w = 0;
        for (uint32_t j = 1; j < k; j++) if (load[j] < load[w]) w = j;
        (*owner)[i] = w;
        load[w] += t[i].cost;
    }
    free(val);
    free(in);
    *tasks = t;
    *ntasks = n;
    return 0;
oom:
    free(t); free(val); free(in);
    return -1;
}

int paths_split_stats(const PathPlan *pl, uint32_t k, uint32_t *ntasks, uint64_t *load)
{
    Task *t;
    uint32_t *owner;
    if (deal(pl, k, &t, ntasks, &owner, load)) return -1;
    free(t);
    free(owner);
    return 0;
}

/* ---- what one worker records ---- */

/* One function as this worker sees it. */
typedef struct FuncState {
    int on;             /* it profiles some of its paths */
    int all;            /* all of them: Ball–Larus labels */
    uint8_t *in;        /* else: the interesting edges */
    uint64_t *val;      /* the labels used at run time */
} FuncState;

/* Counts per path id (open addressing); seq for too-many-path functions. */
typedef struct Slot { uint64_t key; char *seq; uint64_t count, work; int used; } Slot;
typedef struct Table { Slot *s; uint32_t n, cap; } Table;

typedef struct Frame {
    uint32_t f;         /* 1 + function, 0: not profiled here */
    uint64_t r;         /* the path register */
    uint32_t start;     /* graph nodes when the body began */
    uint64_t inner;     /* nodes made by the calls it made */
    char *seq;          /* too many paths: the branches so far */
    size_t len, cap;
} Frame;

/* Where the run was when a handler was installed. */
typedef struct Mark { uint32_t depth; uint64_t r; size_t len; } Mark;

struct PathRecorder {
    uint32_t w, k;
    int began, oom;
    PathPlan plan;
    FuncState *fs;
    Table *tab;
    Frame *stack;
    uint32_t depth, cap;
    Mark *marks;        /* the handlers installed, innermost last */
    uint32_t nmarks, mcap;
};

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL; x ^= x >> 33;
    return x;
}

static uint64_t hash_seq(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

static Slot *table_find(Table *t, uint64_t key, const char *seq)
{
    if (2 * (t->n + 1) > t->cap) {
        uint32_t cap = t->cap ? 2 * t->cap : 16;
        Slot *s = calloc(cap, sizeof *s);
        if (!s) return NULL;
        for (uint32_t i = 0; i < t->cap; i++) {
            if (!t->s[i].used) continue;
            uint32_t j = (uint32_t)mix(t->s[i].key) & (cap - 1);
            while (s[j].used) j = (j + 1) & (cap - 1);
            s[j] = t->s[i];
        }
        free(t->s);
        t->s = s;
        t->cap = cap;
    }
    uint32_t j = (uint32_t)mix(key) & (t->cap - 1);
    while (t->s[j].used && (t->s[j].key != key || (seq && strcmp(t->s[j].seq, seq)))) j = (j + 1) & (t->cap - 1);
    if (!t->s[j].used) {
        t->s[j].used = 1;
        t->s[j].key = key;
        if (seq && !(t->s[j].seq = strdup(seq))) { t->s[j].used = 0; return NULL; }
        t->n++;
    }
    return &t->s[j];
}

/* This worker's labels for every function (P3's final step). */
static int worker_labels(PathRecorder *r)
{
    const PathPlan *pl = &r->plan;
    Task *t;
    uint32_t nt, *owner;
    uint64_t *load = calloc(r->k, sizeof *load);
    if (!load || deal(pl, r->k, &t, &nt, &owner, load)) { free(load); return -1; }
    free(load);
    int rc = 0;
    for (uint32_t i = 0; i < pl->nf && !rc; i++) {
        FuncState *fs = &r->fs[i];
        if (!(fs->in = calloc(pl->f[i].nedges + 1, 1))) rc = -1;
    }
    uint8_t *in = NULL;
    uint32_t maxe = 1;
    for (uint32_t i = 0; i < pl->nf; i++) if (pl->f[i].nedges > maxe) maxe = pl->f[i].nedges;
    if (!rc && !(in = malloc(maxe))) rc = -1;
    for (uint32_t x = 0; x < nt && !rc; x++) {
        if (owner[x] != r->w) continue;
        const PathFunc *f = &pl->f[t[x].f];
        FuncState *fs = &r->fs[t[x].f];
        fs->on = 1;
        task_edges(f, t[x].choice, in);
        for (uint32_t e = 0; e < f->nedges; e++) fs->in[e] |= in[e];
    }
    for (uint32_t i = 0; i < pl->nf && !rc; i++) {
        FuncState *fs = &r->fs[i];
        const PathFunc *f = &pl->f[i];
        if (!fs->on) continue;
        fs->all = 1;
        for (uint32_t e = 0; e < f->nedges; e++) fs->all &= fs->in[e];
        if (fs->all) { fs->val = f->bl; continue; }
        if (!(fs->val = malloc(f->nedges * sizeof *fs->val)) || pspp(f, fs->in, fs->val) == UINT32_MAX) rc = -1;
    }
    free(in);
    free(t);
    free(owner);
    return rc;
}

static void on_begin(void *st, const Program *p)
{
    PathRecorder *r = st;
    if (r->began) return;
    r->began = 1;
    if (paths_plan(p, &r->plan) || !(r->fs = calloc(r->plan.nf + 1, sizeof *r->fs)) ||
        !(r->tab = calloc(r->plan.nf + 1, sizeof *r->tab)) || worker_labels(r))
        r->oom = 1;
}

static int seq_add(Frame *fr, uint32_t v, uint32_t c)
{
    if (fr->cap - fr->len < 32) {
        size_t cap = 2 * fr->cap + 64;
        char *s = realloc(fr->seq, cap);
        if (!s) return -1;
        fr->seq = s;
        fr->cap = cap;
    }
    fr->len += (size_t)snprintf(fr->seq + fr->len, fr->cap - fr->len, "%s%u.%u", fr->len ? " " : "", v, c);
    return 0;
}

/* Choice c at vertex v of the innermost body. */
static void take(PathRecorder *r, Frame *fr, uint32_t v, uint32_t c)
{
    const PathFunc *f = &r->plan.f[fr->f - 1];
    if (f->too_many) { if (seq_add(fr, v, c)) r->oom = 1; return; }
    fr->r += r->fs[fr->f - 1].val[f->v[v].edge0 + c];
}

static void on_enter(void *st, const Expr *fn, uint32_t clause, uint32_t nodes)
{
    PathRecorder *r = st;
    if (r->oom) return;
    if (reserve(&r->stack, r->depth, &r->cap, sizeof *r->stack, 256)) { r->oom = 1; return; }
    Frame *fr = &r->stack[r->depth++];
    uint32_t f = fn->id < r->plan.nexprs ? r->plan.func_of[fn->id] : 0;
    fr->f = f && r->fs[f - 1].on ? f : 0;
    fr->r = 0;
    fr->start = nodes;
    fr->inner = 0;
    fr->len = 0;
    if (fr->f && fn->nclauses > 1) take(r, fr, r->plan.f[f - 1].entry, clause);
}

static void on_branch(void *st, const Expr *site, uint32_t choice)
{
    PathRecorder *r = st;
    if (r->oom || r->depth == 0) return;
    Frame *fr = &r->stack[r->depth - 1];
    if (!fr->f || site->id >= r->plan.nexprs || r->plan.site_fn[site->id] != fr->f) return;
    take(r, fr, r->plan.site_v[site->id], choice);
}

static void on_leave(void *st, uint32_t nodes)
{
    PathRecorder *r = st;
    if (r->oom || r->depth == 0) return;
    Frame *fr = &r->stack[--r->depth];
    uint64_t all = nodes - fr->start;
    if (r->depth) r->stack[r->depth - 1].inner += all;
    if (!fr->f) return;
    const PathFunc *f = &r->plan.f[fr->f - 1];
    if (f->too_many && seq_add(fr, 0, 0)) { r->oom = 1; return; }  /* "0.0": the exit, so no sequence is empty */
    Slot *s = f->too_many ? table_find(&r->tab[fr->f - 1], hash_seq(fr->seq), fr->seq)
                          : table_find(&r->tab[fr->f - 1], fr->r, NULL);
    if (!s) { r->oom = 1; return; }
    s->count++;
    s->work += all - fr->inner;
}

static uint32_t on_mark(void *st)
{
    PathRecorder *r = st;
    if (reserve(&r->marks, r->nmarks, &r->mcap, sizeof *r->marks, 16)) { r->oom = 1; return r->nmarks; }
    Frame *top = r->depth ? &r->stack[r->depth - 1] : NULL;
    r->marks[r->nmarks] = (Mark){r->depth, top ? top->r : 0, top ? top->len : 0};
    return r->nmarks++;
}

static void on_release(void *st, uint32_t mark)
{
    PathRecorder *r = st;
    if (mark < r->nmarks) r->nmarks = mark;
}

/* An exception was caught by the handler of mark: the bodies opened since
 * return no path, and what they made is not the catcher's own work; the
 * catcher's branches since the mark are forgotten. */
static void on_unwind(void *st, uint32_t mark, uint32_t nodes)
{
    PathRecorder *r = st;
    if (r->oom || mark >= r->nmarks) return;
    Mark m = r->marks[mark];
    r->nmarks = mark;
    if (m.depth < r->depth && m.depth > 0) r->stack[m.depth - 1].inner += nodes - r->stack[m.depth].start;
    r->depth = m.depth;
    if (r->depth) {
        r->stack[r->depth - 1].r = m.r;
        r->stack[r->depth - 1].len = m.len;
    }
}

PathRecorder *paths_recorder_new(uint32_t w, uint32_t k)
{
    PathRecorder *r = calloc(1, sizeof *r);
    if (r) { r->w = w; r->k = k ? k : 1; }
    return r;
}

void paths_recorder_free(PathRecorder *r)
{
    if (!r) return;
    for (uint32_t i = 0; r->fs && i < r->plan.nf; i++) {
        free(r->fs[i].in);
        if (r->fs[i].val != r->plan.f[i].bl) free(r->fs[i].val);
    }
    for (uint32_t i = 0; r->tab && i < r->plan.nf; i++) {
        for (uint32_t j = 0; j < r->tab[i].cap; j++) free(r->tab[i].s[j].seq);
        free(r->tab[i].s);
    }
    for (uint32_t i = 0; i < r->cap; i++) free(r->stack[i].seq);
    free(r->fs);
    free(r->tab);
    free(r->stack);
    free(r->marks);
    paths_plan_free(&r->plan);
    free(r);
}

EvalProbe paths_probe(PathRecorder *r)
{
    return (EvalProbe){r, on_begin, on_enter, on_branch, on_leave, on_mark, on_release, on_unwind};
}

const PathPlan *paths_recorder_plan(const PathRecorder *r) { return r->began && !r->oom ? &r->plan : NULL; }

/* ---- decoding ---- */

uint32_t paths_decode(const PathFunc *f, uint64_t id, uint32_t *vert, uint32_t *choice, uint32_t max)
{
    uint32_t n = 0;
    for (uint32_t v = f->entry; f->v[v].nout > 0 && n < max; n++) {
        const PathVertex *pv = &f->v[v];
        uint32_t c = pv->nout - 1;
        while (c > 0 && f->bl[pv->edge0 + c] > id) c--;   /* labels grow with the choice */
        id -= f->bl[pv->edge0 + c];
        vert[n] = v;
        choice[n] = c;
        v = pv->succ[c];
    }
    return n;
}

/* The interesting path of id under this worker's labels, as its
 * Ball–Larus id: 0, or -1 when id is no interesting path's (the worker
 * saw a path another worker counts). */
static int canonical(const PathFunc *f, const FuncState *fs, uint32_t v, uint64_t id, uint64_t *bl)
{
    const PathVertex *pv = &f->v[v];
    if (pv->nout == 0) { *bl = 0; return id == 0 ? 0 : -1; }
    for (uint32_t c = 0; c < pv->nout; c++) {
        uint32_t e = pv->edge0 + c;
        uint64_t sub;
        if (!fs->in[e] || fs->val[e] > id) continue;
        if (canonical(f, fs, pv->succ[c], id - fs->val[e], &sub) == 0) { *bl = sub + f->bl[e]; return 0; }
    }
    return -1;
}

static int count_cmp(const void *a, const void *b)
{
    const PathCount *x = a, *y = b;
    if (x->f != y->f) return x->f < y->f ? -1 : 1;
    if (x->seq && y->seq) return strcmp(x->seq, y->seq);
    return x->id < y->id ? -1 : x->id > y->id;
}

int paths_counts(PathRecorder *r, PathCount **out, uint32_t *n)
{
    *out = NULL;
    *n = 0;
    if (!r->began || r->oom) return -1;
    uint32_t total = 0;
    for (uint32_t i = 0; i < r->plan.nf; i++) total += r->tab[i].n;
    PathCount *c = calloc(total + 1, sizeof *c);
    if (!c) return -1;
    for (uint32_t i = 0; i < r->plan.nf; i++) {
        const PathFunc *f = &r->plan.f[i];
        const FuncState *fs = &r->fs[i];
        for (uint32_t j = 0; j < r->tab[i].cap; j++) {
            const Slot *s = &r->tab[i].s[j];
            uint64_t id = s->key;
            if (!s->used) continue;
            if (!f->too_many && !fs->all && canonical(f, fs, f->entry, s->key, &id)) continue;
            PathCount *p = &c[(*n)++];
            p->f = i;
            p->id = f->too_many ? 0 : id;
            p->count = s->count;
            p->work = s->work;
            if (s->seq && !(p->seq = strdup(s->seq))) { paths_counts_free(c, *n); *n = 0; return -1; }
        }
    }
    qsort(c, *n, sizeof *c, count_cmp);
    *out = c;
    return 0;
}

void paths_counts_free(PathCount *c, uint32_t n)
{
    for (uint32_t i = 0; c && i < n; i++) free(c[i].seq);
    free(c);
}
