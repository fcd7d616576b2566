/*
 * exec.c — a program run for real, and its heap measured (paper §5.4).
 *
 * Sampling: every allocation of the interpreter is charged to its
 * thread's budget (values.h, val_charge); a thread that spends its budget
 * adds what it spent to a shared count, and the thread that takes the
 * count past the next multiple of N words forces a full collection and
 * counts the words of the objects it found reachable.  Between two
 * samples at most G + P·B words are allocated (G the interval, B the
 * budget, N/(8P) words, at least 64), so the live heap can rise at most
 * that far above the last sample: the true high-water mark lies in
 * [mark, mark + G + P·B].  G is N, or with a relative error E (percent)
 * the larger of N and E% of the mark so far, as in paper §5.4, so that a
 * large heap or deep stacks are not collected every N words
 * (docs/exec.md).
 */
#include "exec.h"

#include <gc.h>
#include <gc/gc_mark.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "exec_sched.h"

/* One run's measurement; the hooks find it here (one run at a time). */
typedef struct Meter {
    XSched *x;
    uint64_t every;         /* N, in words */
    uint32_t pct;           /* ExecOptions.sample_error */
    uint64_t widest;        /* the longest interval used */
    int64_t batch;          /* B, in bytes */
    uint64_t spent;         /* words allocated, as flushed by the threads */
    uint64_t next;          /* the count at which the next sample is due */
    pthread_mutex_t mu;     /* one sample at a time */
    uint64_t mark, samples, overhead;
    uint64_t model;         /* the mark in model units (Live.model) */
    uint64_t result_words;
} Meter;

static Meter *meter;

/* What a sample counts: the bytes of every object the collector found
 * reachable, and the values among them at their sizes in the cost
 * semantics (model units), so that a measurement and a prediction compare
 * directly.  The collector's marking is the walk from the real roots: the
 * threads' stacks (the interpreter's frames, cleared after each slot's
 * last use: live.h), the runtime's queues and records, the top frame. */
typedef struct Live { uint64_t bytes, model; } Live;

static void count_object(void *obj, size_t bytes, void *sum)
{
    Live *l = sum;
    l->bytes += bytes;
    l->model += val_model_words(obj, bytes);
}

static void *count_reachable(void *sum)
{
    GC_enumerate_reachable_objects_inner(count_object, sum);
    return NULL;
}

/* A full collection, then what it found reachable. */
static Live live_now(void)
{
    GC_gcollect();
    Live l = {0, 0};
    GC_call_with_alloc_lock(count_reachable, &l);
    return l;
}

static uint64_t live_bytes(void) { return live_now().bytes; }

static void sample(Meter *m)
{
    Live now = live_now();
    uint64_t live = now.bytes / 8;
    uint64_t over = m->x ? xsched_overhead(m->x) / 8 : 0;
    pthread_mutex_lock(&m->mu);
    if (live > m->mark) __atomic_store_n(&m->mark, live, __ATOMIC_RELAXED);
    if (now.model > m->model) m->model = now.model;
    if (over > m->overhead) m->overhead = over;
    m->samples++;
    pthread_mutex_unlock(&m->mu);
}

/* val_budget_hook: this thread spent its budget (and a little more). */
static void budget_spent(void)
{
    Meter *m = meter;
    uint64_t words = (uint64_t)(m->batch - val_budget) / 8;
    val_budget = m->batch;
    uint64_t total = __atomic_add_fetch(&m->spent, words, __ATOMIC_RELAXED);
    uint64_t due = __atomic_load_n(&m->next, __ATOMIC_RELAXED);
    if (total < due) return;
    /* the thread that moves the due count on takes the sample */
    uint64_t gap = m->every;
    if (m->pct) {
        uint64_t rel = __atomic_load_n(&m->mark, __ATOMIC_RELAXED) / 100 * m->pct;
        if (rel > gap) gap = rel;
    }
    if (__atomic_compare_exchange_n(&m->next, &due, total + gap, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
        sample(m);
        pthread_mutex_lock(&m->mu);
        if (gap > m->widest) m->widest = gap;
        pthread_mutex_unlock(&m->mu);
    }
}

/* The words of the objects reachable from v (each counted once), as the
 * collector sizes them. */
typedef struct Seen { const void **k; size_t n, cap; } Seen;

static int seen_add(Seen *s, const void *p)
{
    if (!p) return 0;
    if (2 * (s->n + 1) > s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 1024;
        const void **k = calloc(cap, sizeof *k);
        if (!k) return 0;
        for (size_t i = 0; i < s->cap; i++)
            if (s->k[i]) {
                size_t h = ((uintptr_t)s->k[i] >> 4) * 11400714819323198485ull % cap;
                while (k[h]) h = (h + 1) % cap;
                k[h] = s->k[i];
            }
        free(s->k);
        s->k = k;
        s->cap = cap;
    }
    size_t h = ((uintptr_t)p >> 4) * 11400714819323198485ull % s->cap;
    while (s->k[h]) {
        if (s->k[h] == p) return 0;
        h = (h + 1) % s->cap;
    }
    s->k[h] = p;
    s->n++;
    return 1;
}

static uint64_t block_words(Seen *s, const void *p)
{
    return seen_add(s, p) ? GC_size(p) / 8 : 0;
}

static uint64_t value_words(Seen *s, const Value *root)
{
    uint64_t w = 0;
    size_t cap = 64, n = 0;
    const Value **stack = malloc(cap * sizeof *stack);
    if (!stack) return 0;
    stack[n++] = root;
    while (n) {
        const Value *v = stack[--n];
        if (!seen_add(s, v)) continue;
        w += GC_size(v) / 8;
        const Value *const *kids = NULL;
        uint32_t nk = 0;
        switch (v->tag) {
        case V_STR: w += block_words(s, v->u.s); break;
        case V_TUPLE: case V_CON: case V_VEC: case V_ARRAY: case V_COMPOSED:
            if (v->n) w += block_words(s, v->u.f);
            kids = (const Value *const *)v->u.f;
            nk = v->n;
            break;
        case V_CLOS:
            if (seen_add(s, v->u.clo.grp)) {
                const Group *g = v->u.clo.grp;
                w += GC_size(g) / 8 + block_words(s, g->fnv);
                kids = (const Value *const *)g->free;
                nk = g->nfree;
            }
            break;
        default: break;
        }
        for (uint32_t i = 0; i < nk; i++) {
            if (n == cap) {
                const Value **st = realloc(stack, 2 * cap * sizeof *st);
                if (!st) { free(stack); return w; }
                stack = st;
                cap *= 2;
            }
            stack[n++] = kids[i];
        }
    }
    free(stack);
    return w;
}

/* EvalFork.done: a last sample with the result live, and its size. */
static void run_done(void *st, const Value *result)
{
    Meter *m = st;
    sample(m);
    if (result) {
        Seen s = {0};
        m->result_words = value_words(&s, result);
        free(s.k);
    }
}

/* A branch as the runtime runs it: on a thread new to the run, the
 * budget starts (thread-local, it is INT64_MAX until then). */
typedef struct Branch { EvalBranch fn; void *arg; } Branch;

static void run_branch(void *bp, int side, const char *refused)
{
    Branch *b = bp;
    if (val_budget > meter->batch) val_budget = meter->batch;
    b->fn(b->arg, side, refused);
}

static void pair(void *st, EvalBranch branch, void *arg)
{
    Branch b = {branch, arg};
    xsched_pair(((Meter *)st)->x, run_branch, &b);
}

int exec_program(const Program *p, const Sources *s, const EvalOptions *eo, const ExecOptions *xo,
                 ExecStats *st, Diag *d)
{
    memset(st, 0, sizeof *st);
    Meter m = {0};
    pthread_mutex_init(&m.mu, NULL);
    m.every = xo->sample_words ? xo->sample_words : 1;
    m.pct = xo->sample_error;
    m.widest = m.every;
    uint64_t b = m.every / (8 * (uint64_t)xo->procs);
    m.batch = (int64_t)(b < 64 ? 64 : b) * 8;
    m.next = m.every;
    meter = &m;
    EvalFork fork = {&m, pair, run_done};
    EvalOptions o = *eo;
    o.fork = &fork;
    st->base_words = live_bytes() / 8;
    m.x = xsched_new(xo);
    if (!m.x) {
        diag_set_nospan(d, "out of memory for the runtime");
        return -1;
    }
    val_budget_hook = budget_spent;
    val_budget = m.batch;
    CostRun run;
    int rc = eval_program(p, s, &o, &run, d);
    val_budget = INT64_MAX;
    xsched_free(m.x, st);
    m.x = NULL;
    meter = NULL;
    st->mark_words = m.mark;
    st->model_words = m.model;
    st->samples = m.samples;
    st->alloc_words = m.spent;
    st->bound_words = m.widest + (uint64_t)xo->procs * (uint64_t)m.batch / 8;
    st->overhead_words = m.overhead;
    st->result_words = m.result_words;
    pthread_mutex_destroy(&m.mu);
    if (rc) return -1;
    st->value_text = run.value_text;
    st->result_name = run.result_name;
    run.value_text = NULL;
    cost_run_free(&run);
    return 0;
}

const char *exec_policy_name(ExecPolicy p)
{
    return p == EXEC_DF ? "df" : p == EXEC_BF ? "bf" : "ws";
}

int exec_policy_parse(const char *name, ExecPolicy *out)
{
    if (!strcmp(name, "df")) *out = EXEC_DF;
    else if (!strcmp(name, "bf")) *out = EXEC_BF;
    else if (!strcmp(name, "ws")) *out = EXEC_WS;
    else return -1;
    return 0;
}
