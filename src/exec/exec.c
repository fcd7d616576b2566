/*
 * exec.c — a program run for real, and its heap measured (paper §5.4).
 *
 * Sampling: the live heap is measured at the end of every collection,
 * the collector's own ones and those forced here (the collector's event
 * callback, with its lock held: measure_live).  A collection is forced
 * only when the error bound needs one, as MLton's collector did (§5.4),
 * in each of the two units a sample reads: after a measurement of L
 * words with a high-water mark of M so far, at most G = max(N,
 * M·(1 + E) − L) words are allocated before the next one, so meanwhile
 * the heap stays below max(L + N, M·(1 + E)) — in real words, and in
 * model words with L and M the model-unit ones.  Every allocation of
 * the interpreter is charged to its thread's budget in both units
 * (values.h, val_charge), B words of each (N/(8P), at least 1); a
 * thread that spends either adds what it spent of both to the shared
 * counts, and the thread that takes a count past its due point forces
 * the collection.  So each true high-water mark lies in [mark, mark +
 * max(N, E·mark) + P·B] of its unit (docs/exec.md).
 */
#include "exec.h"

#include <gc.h>
#include <gc/gc_mark.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_objfile.h"
#include "exec_sched.h"
#include "exec_serial.h"
#include "exec_ws.h"

/* One run's measurement; the hooks find it here (one run at a time). */
typedef struct Meter {
    XSched *x;              /* the df and bf runtime, or */
    XWs *ws;                /* the work-stealing one, or */
    XSerial *serial;        /* df's at P = 1: the sequential order */
    uint64_t every;         /* N, in words: the least interval */
    uint32_t pct;           /* E, percent (ExecOptions.sample_error) */
    int64_t batch;          /* B, in bytes (B words of model units: batch / 8) */
    uint64_t spent;         /* atomic: words allocated, as flushed by the threads */
    uint64_t next;          /* atomic: the count at which a collection is forced */
    uint64_t spent_model;   /* atomic: the same in model words (val_charge) */
    uint64_t next_model;    /* atomic: spent_model's due count */
    /* under the collector's lock (written at collections only): */
    uint64_t mark, samples;
    uint64_t model;         /* the mark in model units (Live.model) */
    uint64_t values;        /* the mark of the values' own words (Live.values) */
    uint64_t open_at_mark;  /* pairs open when model was measured */
    uint64_t *open[EXEC_MAX_PROCS];  /* atomic: each thread's open_here, as it registered (pair) */
    uint32_t nopen;         /* atomic: slots of open taken */
    uint64_t run;           /* this run's number (open_run) */
    uint64_t reach;         /* the most the heap could have reached unseen: max L + G */
    uint64_t reach_model;   /* the same in model units (note_sample) */
    uint64_t collections;   /* atomic: measured so far */
    /* under overhead_mu: */
    uint64_t overhead_seen; /* collections when the overhead was last read */
    uint64_t overhead;
    uint64_t result_words;
    GC_on_collection_event_proc chained;
} Meter;

static Meter *meter;

/* The pairs this thread forked less those it joined, for the meter it
 * registered with (under df and bf a pair's join may be on another
 * thread than its fork: the sum over the threads counts the pairs open). */
static __thread uint64_t open_here;
static __thread uint64_t open_run;  /* the run it registered with */
static uint64_t runs;               /* runs started in this process */

static uint64_t open_pairs(Meter *m)
{
    uint64_t n = 0;
    for (uint32_t i = 0; i < EXEC_MAX_PROCS; i++) {
        uint64_t *c = __atomic_load_n(&m->open[i], __ATOMIC_ACQUIRE);
        if (c) n += __atomic_load_n(c, __ATOMIC_RELAXED);
    }
    return n;
}
static pthread_mutex_t overhead_mu = PTHREAD_MUTEX_INITIALIZER;

/* What a sample counts: the bytes of every object the collector found
 * reachable, the bytes of the program's values and closure groups among
 * them (without the interpreter's own objects: environments, records),
 * and those values at their sizes in the cost semantics (model units), so
 * that a measurement and a prediction compare directly.  The collector's marking is the walk from the real roots: the
 * threads' stacks (the interpreter's frames, cleared after each slot's
 * last use: live.h), the runtime's queues and records, the top frame. */
typedef struct Live { uint64_t bytes, values, model; } Live;

static void count_object(void *obj, size_t bytes, void *sum)
{
    Live *l = sum;
    uint64_t model;
    l->bytes += bytes;
    if (!val_model_size(obj, bytes, &model)) return;
    l->values += bytes;
    l->model += model;
}

/* What a sample measures: called with the collector's lock held, its
 * mark bits those of the collection that has just ended. */
static Live measure_live(void)
{
    Live l = {0, 0, 0};
    GC_enumerate_reachable_objects_inner(count_object, &l);
    l.bytes /= 8;
    l.values /= 8;
    return l;
}

/* §5.4's interval after a measurement of live words with a mark of
 * mark: M·(1 + E) − L more words, at least N (in either unit). */
static uint64_t sample_gap(const Meter *m, uint64_t mark, uint64_t live)
{
    uint64_t allow = mark + mark / 100 * m->pct, gap = allow > live ? allow - live : 0;
    return gap < m->every ? m->every : gap;
}

/* A measurement: the marks, and when the next collection is due in each
 * unit.  Until then at most min(gap, gap_model) model words are
 * allocated (a charge's real words are at least its model words but
 * for a wide constructor's argument: val_charge), which bounds the model-unit mark that the samples miss. */
static void note_sample(Meter *m, Live now)
{
    uint64_t live = now.bytes;
    if (live > m->mark) m->mark = live;
    if (now.model > m->model) {
        m->model = now.model;
        m->open_at_mark = open_pairs(m);
    }
    if (now.values > m->values) m->values = now.values;
    uint64_t gap = sample_gap(m, m->mark, live), gap_model = sample_gap(m, m->model, now.model);
    if (live + gap > m->reach) m->reach = live + gap;
    uint64_t reach_model = now.model + (gap < gap_model ? gap : gap_model);
    if (reach_model > m->reach_model) m->reach_model = reach_model;
    m->samples++;
    __atomic_store_n(&m->next, __atomic_load_n(&m->spent, __ATOMIC_RELAXED) + gap, __ATOMIC_RELAXED);
    __atomic_store_n(&m->next_model, __atomic_load_n(&m->spent_model, __ATOMIC_RELAXED) + gap_model,
                     __ATOMIC_RELAXED);
    __atomic_add_fetch(&m->collections, 1, __ATOMIC_RELEASE);
}

/* The collector's event callback: a collection has ended. */
static void on_collection(GC_EventType e)
{
    Meter *m = meter;
    if (m && m->chained) m->chained(e);
    if (m && e == GC_EVENT_RECLAIM_END) note_sample(m, measure_live());
}

/* The runtime's own space (stacks, queues), read after a collection
 * (not inside one: the df and bf runtime takes its lock). */
static void note_overhead(Meter *m)
{
    uint64_t c = __atomic_load_n(&m->collections, __ATOMIC_ACQUIRE);
    pthread_mutex_lock(&overhead_mu);
    if (c != m->overhead_seen) {
        m->overhead_seen = c;
        uint64_t over = (m->ws ? xws_overhead(m->ws) : m->x ? xsched_overhead(m->x)
                         : m->serial ? xserial_overhead(m->serial) : 0) / 8;
        if (over > m->overhead) m->overhead = over;
    }
    pthread_mutex_unlock(&overhead_mu);
}

/* Add words to the count *spent; 1 if this call takes it past its due
 * count *next (which it then sets out of reach until the next sample):
 * the thread that moves a due count on forces the collection. */
static int spend(uint64_t *spent, uint64_t *next, uint64_t words)
{
    uint64_t total = __atomic_add_fetch(spent, words, __ATOMIC_RELAXED);
    uint64_t due = __atomic_load_n(next, __ATOMIC_RELAXED);
    return total >= due && __atomic_compare_exchange_n(next, &due, UINT64_MAX, 0, __ATOMIC_RELAXED,
                                                       __ATOMIC_RELAXED);
}

static void budget_start(const Meter *m) { val_budget = (ValBudget){m->batch, m->batch / 8}; }

/* val_budget_hook: this thread spent its budget in either unit (and a
 * little more). */
static void budget_spent(void)
{
    Meter *m = meter;
    uint64_t words = (uint64_t)(m->batch - val_budget.bytes) / 8;
    uint64_t model = (uint64_t)(m->batch / 8 - val_budget.model);
    budget_start(m);
    if (spend(&m->spent, &m->next, words) | spend(&m->spent_model, &m->next_model, model))
        GC_gcollect();
    if (__atomic_load_n(&m->collections, __ATOMIC_RELAXED) != m->overhead_seen) note_overhead(m);
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
    GC_gcollect();
    note_overhead(m);
    if (result) {
        Seen s = {0};
        m->result_words = value_words(&s, result);
        free(s.k);
    }
}

/* A branch starts, or a pair forks (open 1) or joins (open -1), on the
 * calling thread: on a thread new to the run, the budget starts
 * (thread-local, it is INT64_MAX until then) and its count of open pairs
 * registers.  Out of line: under df and bf a task may go on on another
 * thread after its join, and must not reuse this thread's variables. */
__attribute__((noinline)) static void thread_note(Meter *m, int open)
{
    __asm__ volatile("" ::: "memory");
    if (val_budget.bytes > m->batch) budget_start(m);
    if (open_run != m->run) {   /* this thread's first pair in this run (at most P threads) */
        open_run = m->run;
        __atomic_store_n(&open_here, 0, __ATOMIC_RELAXED);
        __atomic_store_n(&m->open[__atomic_fetch_add(&m->nopen, 1, __ATOMIC_RELAXED)], &open_here,
                         __ATOMIC_RELEASE);
    }
    if (open) __atomic_store_n(&open_here, open_here + (uint64_t)(int64_t)open, __ATOMIC_RELAXED);
}

/* A branch as the runtime runs it. */
typedef struct Branch { EvalBranch fn; void *arg; } Branch;

static void run_branch(void *bp, int side)
{
    Branch *b = bp;
    thread_note(meter, 0);
    b->fn(b->arg, side);
}

static void pair(void *st, EvalBranch branch, void *arg)
{
    Meter *m = st;
    thread_note(m, 1);
    if (m->serial) {            /* the program's thread, whose budget has started */
        xserial_pair(m->serial, branch, arg);
    } else {
        Branch b = {branch, arg};
        if (m->ws) xws_pair(m->ws, run_branch, &b);
        else xsched_pair(m->x, run_branch, &b);
    }
    thread_note(m, -1);
}

/* The collector's own writable data is not a root of the measured heap
 * (GC_register_has_static_roots_callback: return 0 to leave a segment
 * out).  libgc keeps there the end of its last mmap (os_dep.c's
 * `last_addr`, the hint for the next one), and the kernel places a new
 * mapping just below the one before, so that word is the first address
 * of a heap section: the first object of its first block, and all it
 * reaches, stayed live — mergesort n = 128 measured 909 model words
 * instead of 591, depending on the collector's other mappings (its
 * parallel markers' mark stacks among them).  The collector's own
 * structures stay live without the segment: with the roots cleared
 * (GC_clear_roots; the libraries' segments, the program's among them,
 * are registered again at every collection) it pushes its thread table
 * itself, as it always does its finalization tables and free lists.  A
 * collector linked into pml's own segment is not left out. */
static const char *collector_file; /* libgc's name as the dynamic linker gives it */

static int GC_CALLBACK scan_segment(const char *name, void *start, size_t bytes)
{
    (void)start;
    (void)bytes;
    return !name || strcmp(name, collector_file) != 0;
}

static void exclude_collector_data(void)
{
    static int done;
    if (done) return;
    done = 1;
    const char *gc = exec_objfile_of((const void *)GC_malloc), *ours = exec_objfile_of((const void *)exec_program);
    if (!gc || !ours || !strcmp(gc, ours)) return; /* the collector linked into pml: its data is pml's */
    collector_file = gc;
    GC_register_has_static_roots_callback(scan_segment);
    GC_clear_roots();
}

/* A mark's bound less P·B: the most a heap could have reached unseen
 * above the mark, at least N. */
static uint64_t bound_of(const Meter *m, uint64_t reach, uint64_t mark)
{
    uint64_t excess = reach > mark ? reach - mark : 0;
    return excess > m->every ? excess : m->every;
}

int exec_program(const Program *p, const Sources *s, const EvalOptions *eo, const ExecOptions *xo,
                 ExecStats *st, Diag *d)
{
    exclude_collector_data();
    memset(st, 0, sizeof *st);
    Meter m = {0};
    m.every = xo->sample_words ? xo->sample_words : 1;
    m.pct = xo->sample_error;
    m.run = ++runs;
    uint64_t b = m.every / (8 * (uint64_t)xo->procs);
    m.batch = (int64_t)(b ? b : 1) * 8;   /* at least a word: --sample 1 samples at every allocation */
    m.chained = GC_get_on_collection_event();
    meter = &m;
    GC_set_on_collection_event(on_collection);
    GC_gcollect();              /* the base, and the first interval */
    st->base_words = m.mark;
    char why[200];
    if (xo->policy == EXEC_WS) m.ws = xws_new(xo, why, sizeof why);
    else if (xo->policy == EXEC_DF && xo->procs == 1) m.serial = xserial_new(why, sizeof why);
    else m.x = xsched_new(xo, why, sizeof why);
    int rc = -1;
    CostRun run;
    if (m.ws || m.x || m.serial) {
        EvalFork fork = {.st = &m, .pair = pair, .done = run_done, .serial = m.serial != NULL,
                         .left_here = m.ws != NULL};
        EvalOptions o = *eo;
        o.fork = &fork;
        val_budget_hook = budget_spent;
        budget_start(&m);
        rc = eval_program(p, s, &o, &run, d);
        val_budget = (ValBudget){INT64_MAX, INT64_MAX};
        if (m.ws) xws_free(m.ws, st);
        else if (m.serial) xserial_free(m.serial, st);
        else xsched_free(m.x, st);
    } else {
        diag_set_nospan(d, "%s", why);
    }
    GC_set_on_collection_event(m.chained);
    meter = NULL;
    st->mark_words = m.mark;
    st->model_words = m.model;
    st->value_words = m.values;
    st->open_at_mark = m.open_at_mark;
    st->samples = m.samples;
    st->alloc_words = m.spent;
    uint64_t unflushed = (uint64_t)xo->procs * (uint64_t)m.batch / 8;   /* P·B */
    st->bound_words = bound_of(&m, m.reach, m.mark) + unflushed;
    st->model_bound_words = bound_of(&m, m.reach_model, m.model) + unflushed;
    st->overhead_words = m.overhead;
    st->result_words = m.result_words;
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
