/*
 * sched.c — the lock-step simulator (paper §4.1; docs/scheduling.md).
 *
 * Each step: every processor, in index order, visits its pinned node
 * (--coarse) or asks the policy for one (get); then, in processor order,
 * each visit releases its children, and the nodes whose last parent it was
 * become ready from the next step on (add).  A join whose two parents are
 * visited at the same step is enabled by the later of the two in
 * processor order.  When the policy holds no node, the processors without
 * a pinned node idle without asking it (so ws draws no victim when no
 * deque could be robbed).  O(n + T*P) time besides the policy; flat
 * arrays only.  Without overheads and --coarse, a step asks processors
 * only while the policy holds nodes and releases only the processors that
 * visited, O(n + T) (the same schedule: the others would idle anyway).
 *
 * Overheads (fork_cost, steal_cost; docs/time.md): a processor that
 * visits a fork or a join pays fork_cost steps before releasing what the
 * visit enables; one that steals pays steal_cost steps before visiting the
 * stolen node, which is pinned to it meanwhile.  A processor paying
 * overhead neither visits nor idles, so P*T = n + idle + overhead.  With
 * both costs 0 nothing here changes the schedule.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <malloc.h>
#include <pthread.h>
#include <sys/mman.h>
#include "sched.h"
#include "sched_policy.h"

/* The policies, by name.  A new policy: one file and one line here. */
static const PolicyOps *const policies[] = {&sched_df_ops, &sched_bf_ops, &sched_ws_ops};
const char *const sched_policy_names[] = {"df", "bf", "ws", NULL};

static const PolicyOps *find_policy(const char *name)
{
    for (size_t i = 0; i < sizeof policies / sizeof *policies; i++)
        if (name && strcmp(policies[i]->name, name) == 0) return policies[i];
    return NULL;
}

enum { AHEAD = 32 };    /* prefetch distance in gets (prefetch_ahead) */

typedef struct Sim {
    const Graph *g;
    const PolicyOps *ops;
    void *pol;
    uint32_t P;
    int coarse;
    /* Per node, one word for what a visit touches (bf visits nodes in an
     * order random to their ids, so each further array, the graph's
     * included, would cost a cache miss): s->step[v] holds, until v's
     * visit overwrites it with the step, v's parents not yet visited and
     * its children (see W_PARENTS), so a visit reads nothing of the
     * graph; the first child is mostly v + 1, on the same cache line. */
    uint32_t *step;
    uint32_t *kids;     /* per processor: the word of its visit's node, parents masked */
    uint32_t named[AHEAD]; /* prefetch_ahead: what ahead named, the last AHEAD gets */
    uint32_t nahead;    /* gets with ahead so far */
    uint32_t *pin;      /* per processor: node it must visit next (--coarse), 0 none */
    uint32_t *vis;      /* per processor: node visited at this step, 0 idle */
    uint32_t *busy;     /* per processor: overhead steps still to pay, this one included */
    uint32_t *defer;    /* per processor: fork or join whose release waits for busy to end */
    uint32_t *ran;      /* plain steps: the processors that visited, in index order */
    uint32_t nran;      /* entries of ran at this step */
    int plain;          /* no overheads and no --coarse: only processors that visit matter */
    uint32_t nbusy;     /* processors with busy > 0 */
    uint32_t fork_cost, steal_cost;
    uint32_t rcap;      /* capacity of s->ready */
    uint64_t nready;    /* ready, unvisited nodes (pinned ones included) */
    uint64_t held;      /* of which the policy holds (added, not yet got) */
    uint64_t nvisited;
    Schedule *s;
} Sim;

void sched_drop_proc(Schedule *s)
{
    free(s->proc);
    free(s->proc_wide);
    s->proc = NULL;
    s->proc_wide = NULL;
}

/* ---- spare arrays ----
 * A schedule's step and ready arrays are node-sized.  Freed, they wait
 * here for the next schedule of the process (pml run's nine, the second
 * pass of measure_run), which reuses pages already mapped instead of
 * having the kernel zero fresh ones; a request that no spare fits frees
 * the spares first, so at most two arrays wait beyond those in use.
 * Arrays under SPARE_MIN bytes are freed at once. */
enum { NSPARE = 2, SPARE_MIN = 1 << 20 };
static struct { void *p; size_t bytes; } spare[NSPARE];
static pthread_mutex_t spare_lock = PTHREAD_MUTEX_INITIALIZER;

/* The smallest spare of at least `bytes`, taken; NULL: none fits (the
 * spares are then freed). */
static void *spare_take(size_t bytes)
{
    void *p = NULL;
    pthread_mutex_lock(&spare_lock);
    int best = -1;
    for (int i = 0; i < NSPARE; i++)
        if (spare[i].p && spare[i].bytes >= bytes && (best < 0 || spare[i].bytes < spare[best].bytes)) best = i;
    if (best >= 0) {
        p = spare[best].p;
        spare[best].p = NULL;
    } else
        for (int i = 0; i < NSPARE; i++) { free(spare[i].p); spare[i].p = NULL; }
    pthread_mutex_unlock(&spare_lock);
    return p;
}

/* p (from malloc) kept for a later node_array, or freed if small or if
 * every slot holds a larger one. */
static void spare_put(void *p)
{
    size_t bytes = p ? malloc_usable_size(p) : 0;
    if (bytes < SPARE_MIN) { free(p); return; }
    pthread_mutex_lock(&spare_lock);
    int slot = 0;
    for (int i = 1; i < NSPARE; i++)
        if (!spare[i].p || (spare[slot].p && spare[i].bytes < spare[slot].bytes)) slot = i;
    if (spare[slot].p && spare[slot].bytes >= bytes) free(p);
    else {
        free(spare[slot].p);
        spare[slot].p = p;
        spare[slot].bytes = bytes;
    }
    pthread_mutex_unlock(&spare_lock);
}

void sched_array_put(void *p)
{
    spare_put(p);
}

void sched_free_ready(Schedule *s)
{
    spare_put(s->ready);
    s->ready = NULL;
}

void sched_free(Schedule *s)
{
    spare_put(s->step);
    sched_drop_proc(s);
    sched_free_ready(s);
    memset(s, 0, sizeof *s);
}

/* A node-sized array: a spare if one fits, else a new one, on 2 MiB
 * pages where the kernel allows it if `huge` (madvise; no effect on any
 * result): an array that bf writes at random then costs no TLB miss a
 * visit (bf sim 10-15 % faster on 10^7 nodes), but its first touch may
 * make the kernel compact memory for the large pages (0.3 s per 100 MB
 * measured on this VM, 6x the zeroing of small pages), so arrays written
 * in order take small pages.  Its capacity may exceed `bytes`
 * (malloc_usable_size). */
static void *node_array(size_t bytes, int huge)
{
    enum { HUGE_PAGE = 2u << 20 };
    void *p = spare_take(bytes);
    if (p) return p;
    if (!huge || bytes < 4 * HUGE_PAGE) return malloc(bytes ? bytes : 1);
    size_t round = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    p = aligned_alloc(HUGE_PAGE, round);
    if (p) madvise(p, round, MADV_HUGEPAGE);
    return p;
}

void *sched_array_take(size_t bytes)
{
    return node_array(bytes, 0);
}

int sched_alloc_proc(Schedule *s, uint32_t n)
{
    size_t n1 = (size_t)n + 1, w = s->P <= SCHED_PROC_NARROW ? sizeof *s->proc : sizeof *s->proc_wide;
    void *a = node_array(n1 * w, 1);
    if (!a) return -1;
    memset(a, 0, n1 * w);
    if (w == sizeof *s->proc) s->proc = a;
    else s->proc_wide = a;
    return 0;
}

static inline int push_ready(Sim *m, uint32_t t)
{
    if (t >= m->rcap) {
        uint32_t c = m->rcap > UINT32_MAX / 2 ? UINT32_MAX : m->rcap * 2;
        uint32_t *r = realloc(m->s->ready, (size_t)c * sizeof *r);
        if (!r) return -1;
        m->s->ready = r;
        m->rcap = c;
    }
    m->s->ready[t] = (uint32_t)m->nready;
    return 0;
}

/* Counts the idle processor-steps of a step: of the f processors free of
 * overhead, min(f, avail) could have visited a ready node; those idle
 * anyway waited with work ready (delay), the rest had none (no-work). */
static void count_idle(Sim *m, uint32_t f, uint64_t avail, uint32_t taken)
{
    uint32_t idle = f - taken;
    uint64_t could = (avail < f ? avail : f) - taken;
    m->s->idle += idle;
    m->s->delay += could;
    m->s->nowork += idle - could;
}

/* A processor paying overhead this step: one step less to pay. */
static void pay(Sim *m, uint32_t p)
{
    m->s->overhead++;
    if (--m->busy[p] == 0) m->nbusy--;
}

/* Processor p's get returned x, stolen: with a steal cost, p pays it
 * first (this step included) and visits x when done.  1 if deferred. */
static int steal_wait(Sim *m, uint32_t p, uint32_t x)
{
    if (!m->steal_cost || !m->ops->stole || !m->ops->stole(m->pol)) return 0;
    m->s->steals++;
    m->pin[p] = x;
    m->busy[p] = m->steal_cost;
    m->nbusy++;
    pay(m, p);
    return 1;
}

/* The word of a node v before its visit (Sim.step): its parents not yet
 * visited in the low bits, how to find its children in the top two, and
 * between them the distance from v to a far child (a fork's right child,
 * the join after a left branch).  Set by sim_init from the graph. */
#define W_PARENTS 3u            /* bits 0-1: parents not yet visited (0-2) */
#define W_FAR_SHIFT 2           /* bits 2-29: far child - v, 1..W_FAR_MAX; */
#define W_UNVISITED (1u << 29)  /* W_GRAPH sets bit 29 alone: no word before its
                                   visit is below 2^29 */
#define W_FAR_MAX ((1u << 28) - 1)
#define W_SHAPE(w) ((w) >> 30)  /* bits 30-31: */
enum { W_GRAPH, W_NEXT, W_FORK, W_FAR }; /* read the graph; v + 1 only; v + 1
                                             and the far child; the far child only */

static inline uint32_t word_far(uint32_t v, uint32_t w) { return v + (w >> W_FAR_SHIFT & W_FAR_MAX); }

/* The shape bits of v's word: its children without the graph, when they
 * are v + 1 and one far child at most W_FAR_MAX ahead. */
static uint32_t word_shape(const Graph *g, uint32_t v)
{
    uint32_t a = graph_child(g, v, 0), b = graph_child(g, v, 1), far = b ? b : a;
    uint32_t shape = a == v + 1 ? (b ? W_FORK : W_NEXT) : (a && !b ? W_FAR : W_GRAPH);
    if (shape == W_FORK || shape == W_FAR) {
        if (far <= v || far - v > W_FAR_MAX) return (uint32_t)W_GRAPH << 30 | W_UNVISITED;
        return (uint32_t)shape << 30 | (far - v) << W_FAR_SHIFT;
    }
    return (uint32_t)shape << 30 | (shape == W_GRAPH ? W_UNVISITED : 0);
}

/* x's children, left first, from w = its word before the visit (parents
 * masked; 0: from the graph); returns how many. */
static inline int word_children(const Sim *m, uint32_t x, uint32_t w, uint32_t c[2])
{
    switch (W_SHAPE(w)) {
    case W_NEXT: c[0] = x + 1; return 1;
    case W_FORK: c[0] = x + 1; c[1] = word_far(x, w); return 2;
    case W_FAR: c[0] = word_far(x, w); return 1;
    default: {
        int k = 0;
        for (int i = 0; i < 2; i++)
            if ((c[k] = graph_child(m->g, x, i)) != 0) k++;
        return k;
    }
    }
}

/* Bf's queue order is known ahead: prefetch the word (and processor
 * entry) of the node AHEAD gets from now, and half as far the words of its
 * children, named by its own word (which halves bf's time on big graphs).
 * One ahead call a get: the node AHEAD/2 gets from now is the one it named
 * AHEAD/2 gets ago (for bf exactly; for any policy a hint). */
static inline void prefetch_ahead(Sim *m)
{
    uint32_t v = m->ops->ahead(m->pol, AHEAD);
    uint32_t i = m->nahead++ % AHEAD, w = m->named[(i + AHEAD / 2) % AHEAD];
    m->named[i] = v;
    if (v) {
        __builtin_prefetch(&m->step[v], 1);
        if (m->s->proc) __builtin_prefetch(&m->s->proc[v], 1);
        else if (m->s->proc_wide) __builtin_prefetch(&m->s->proc_wide[v], 1);
    }
    if (!w) return;
    uint32_t ww = m->step[w];
    __builtin_prefetch(&m->step[w + 1], 1);
    if (W_SHAPE(ww) >= W_FORK) __builtin_prefetch(&m->step[word_far(w, ww)], 1);
}

/* Processor p visits x at step t. */
static inline void visit(Sim *m, uint32_t p, uint32_t x, uint32_t t)
{
    m->kids[p] = m->step[x] & ~W_PARENTS;
    m->step[x] = t;
    sched_set_proc(m->s, x, p);
    m->vis[p] = x;
}

/* Phase 1 of a plain step t (no overhead, no pins): processors ask in
 * index order while the policy holds nodes; the rest idle. */
static uint32_t visit_plain(Sim *m, uint32_t t)
{
    uint32_t nvis = 0;
    uint64_t avail = m->nready;
    m->nran = 0;
    for (uint32_t p = 0; p < m->P && m->held; p++) {
        if (m->ops->ahead) prefetch_ahead(m);
        uint32_t x = m->ops->get(m->pol, p);
        if (!x) continue;
        m->held--;
        visit(m, p, x, t);
        m->ran[m->nran++] = p;
        nvis++;
    }
    count_idle(m, m->P, avail, nvis);
    return nvis;
}

/* Phase 1 of step t: every processor free of overhead visits at most one
 * node; the others pay a step of it.  *paid: overhead steps this step. */
static uint32_t visit_all(Sim *m, uint32_t t, uint32_t *paid)
{
    uint32_t nvis = 0, f = 0, started = 0;
    uint64_t avail = m->nready;
    *paid = 0;
    for (uint32_t p = 0; p < m->P; p++) {
        m->vis[p] = 0;
        if (m->busy[p]) { avail -= m->pin[p] != 0; pay(m, p); ++*paid; continue; }
        f++;
        uint32_t x = m->pin[p];
        if (x) m->pin[p] = 0;
        else if (m->held) {
            x = m->ops->get(m->pol, p);
            m->held -= x != 0;
            if (x && steal_wait(m, p, x)) { started++; ++*paid; continue; }
        }
        if (!x) continue;
        visit(m, p, x, t);
        nvis++;
    }
    count_idle(m, f, avail, nvis + started);
    return nvis;
}

/* Phase 2: release the children of processor p's visit of x, whose word
 * before the visit was w (parents masked; 0: read the graph). */
/* inlined: called once per visited node, from two loops */
static inline __attribute__((always_inline)) int release(Sim *m, uint32_t p, uint32_t x, uint32_t w)
{
    uint32_t en[2], c[2];
    int k = 0, nc = word_children(m, x, w, c);
    for (int i = 0; i < nc; i++)
        if ((--m->step[c[i]] & W_PARENTS) == 0) en[k++] = c[i];
    m->nready += (uint64_t)k;
    if (m->coarse && k == 1) m->pin[p] = en[0]; /* a thread runs on (paper §4.1) */
    else if (k) {
        if (m->ops->add(m->pol, p, en, k)) return -1;
        m->held += (uint64_t)k;
    }
    if (m->ops->finish) m->ops->finish(m->pol, p, x);
    return 0;
}

/* Phase 2: in processor order, each visit releases its children, unless
 * it is a fork or a join with a cost: then the processor pays first, and
 * releases when done. */
static int release_all(Sim *m)
{
    const Graph *g = m->g;
    if (m->plain) {
        for (uint32_t i = 0; i < m->nran; i++)
            if (release(m, m->ran[i], m->vis[m->ran[i]], m->kids[m->ran[i]])) return -1;
        return 0;
    }
    for (uint32_t p = 0; p < m->P; p++) {
        uint32_t x = m->vis[p];
        uint32_t w = x ? m->kids[p] : 0;
        if (x && m->fork_cost && (graph_out_degree(g, x) == 2 || graph_in_degree(g, x) == 2)) {
            m->defer[p] = x;
            m->busy[p] = m->fork_cost;
            m->nbusy++;
            continue;
        }
        if (!x && m->defer[p] && !m->busy[p]) { x = m->defer[p]; m->defer[p] = 0; }
        if (x && release(m, p, x, w)) return -1;
    }
    return 0;
}

static int stuck(const Sim *m, uint32_t t, char *msg, size_t len)
{
    snprintf(msg, len, "schedule stuck at step %u: %llu of %u nodes visited "
             "(graph not connected from node 1?)", t, (unsigned long long)m->nvisited, graph_nodes(m->g));
    return -1;
}

static int oom(char *msg, size_t len)
{
    snprintf(msg, len, "out of memory while scheduling");
    return -1;
}

/* A plain run on one processor: a step visits the node the policy gives
 * (none: stuck) and releases it, nothing idles; the step loop of
 * sim_loop without its per-processor bookkeeping, the same schedule. */
static int sim_loop_one(Sim *m, char *msg, size_t len)
{
    uint32_t n = graph_nodes(m->g), t = 0;
    while (m->nvisited < n) {
        uint32_t x = 0;
        t++;
        if (m->held) {
            if (m->ops->ahead) prefetch_ahead(m);
            x = m->ops->get(m->pol, 0);
        }
        if (!x) return stuck(m, t, msg, len);
        m->held--;
        visit(m, 0, x, t);
        if (release(m, 0, x, m->kids[0])) return oom(msg, len);
        m->nready--;
        m->nvisited++;
        if (push_ready(m, t)) return oom(msg, len);
    }
    m->s->T = t;
    return 0;
}

static int sim_loop(Sim *m, char *msg, size_t len)
{
    const Graph *g = m->g;
    uint32_t t = 0, paid;
    if (m->plain && m->P == 1) return sim_loop_one(m, msg, len);
    while (m->nvisited < graph_nodes(g) || m->nbusy) {
        uint32_t nvis;
        if (m->plain) { nvis = visit_plain(m, ++t); paid = 0; }
        else nvis = visit_all(m, ++t, &paid);
        if (nvis == 0 && paid == 0) return stuck(m, t, msg, len);
        if (release_all(m)) return oom(msg, len);
        m->nready -= nvis;
        m->nvisited += nvis;
        if (push_ready(m, t)) return oom(msg, len);
    }
    m->s->T = t;
    return 0;
}

/* No overheads and no --coarse: only processors that visit matter. */
static int plain(const SchedOptions *o) { return !o->coarse && !o->fork_cost && !o->steal_cost; }

static int sim_init(Sim *m, const Graph *g, const SchedOptions *o, Schedule *s)
{
    uint32_t n = graph_nodes(g);
    size_t n1 = (size_t)n + 1;
    m->g = g;
    m->P = o->P;
    m->coarse = o->coarse;
    m->s = s;
    m->pin = calloc(o->P, sizeof *m->pin);
    m->vis = calloc(o->P, sizeof *m->vis);
    m->busy = calloc(o->P, sizeof *m->busy);
    m->defer = calloc(o->P, sizeof *m->defer);
    m->ran = calloc(o->P, sizeof *m->ran);
    m->kids = calloc(o->P, sizeof *m->kids);
    m->plain = plain(o);
    m->fork_cost = o->fork_cost;
    m->steal_cost = o->steal_cost;
    s->P = o->P;
    s->step = m->step = node_array(n1 * sizeof *s->step, 1);
    s->ready = node_array(n1 * sizeof *s->ready, 0); /* T <= n without overheads */
    m->rcap = (uint32_t)(n1 < UINT32_MAX ? n1 : UINT32_MAX);
    m->pol = m->ops->create(o->P, o->seed, n);
    if (!m->pin || !m->kids || !m->vis || !m->busy || !m->defer || !m->ran || !s->step || !s->ready || !m->pol ||
        (!o->no_proc && sched_alloc_proc(s, n)))
        return -1;
    m->step[0] = 0;
    for (uint32_t v = 1; v <= n; v++) m->step[v] = word_shape(g, v) | (uint32_t)graph_in_degree(g, v);
    m->nready = m->held = n ? 1 : 0;
    s->ready[0] = (uint32_t)m->nready;
    uint32_t first = 1;
    return n ? m->ops->add(m->pol, 0, &first, 1) : 0;
}

static void sim_done(Sim *m)
{
    free(m->pin);
    free(m->vis);
    free(m->busy);
    free(m->defer);
    free(m->ran);
    free(m->kids);
    if (m->pol) m->ops->destroy(m->pol);
}

/* ---- df on one processor, by the id order ----
 * When the ids are a topological order and node 1 the only source, df on
 * one processor (plain) visits node t at step t: after steps 1..t-1 every
 * parent of t is visited, so t is ready, and it is the smallest unvisited
 * node (paper §4.1: the 1DF schedule is the interpreter's order).  Then no
 * simulation is needed: one pass over the ids counts the ready nodes, x
 * leaving them at step x and each child whose last parent x is joining
 * them (a join's first parent marks it in a bitset, its second enables it:
 * sched_ids_step).  0; 1 (out untouched): the graph is not such an
 * order, simulate it; -1: out of memory. */
int sched_ids_init(SchedIds *it, const Graph *g)
{
    *it = (SchedIds){.g = g, .ready = graph_nodes(g) ? 1 : 0};
    it->half = calloc(((size_t)graph_nodes(g) + 1) / 64 + 1, sizeof *it->half);
    return it->half ? 0 : -1;
}

void sched_ids_free(SchedIds *it)
{
    free(it->half);
    it->half = NULL;
}

static int df_by_ids(const Graph *g, const SchedOptions *o, Schedule *s)
{
    uint32_t n = graph_nodes(g);
    size_t n1 = (size_t)n + 1;
    SchedIds it;
    s->P = 1;
    s->step = node_array(n1 * sizeof *s->step, 0);
    s->ready = o->no_ready ? NULL : node_array(n1 * sizeof *s->ready, 0);
    int rc = sched_ids_init(&it, g) || !s->step || (!o->no_ready && !s->ready) ||
             (!o->no_proc && sched_alloc_proc(s, n)) ? -1 : 0;
    uint32_t *step = s->step, *ready = s->ready;
    if (!rc) step[0] = 0;
    if (!rc && ready) ready[0] = (uint32_t)it.ready;
    if (!rc && !ready && graph_ids_topological(g))   /* the order known: no pass over the graph */
        for (uint32_t x = 1; x <= n; x++) step[x] = x;
    else
        for (uint32_t x = 1; x <= n && !rc; x++) {
            rc = sched_ids_step(&it);
            step[x] = x;
            if (ready) ready[x] = (uint32_t)it.ready;
        }
    sched_ids_free(&it);
    if (rc) sched_free(s);
    else s->T = n, s->by_ids = 1;
    return rc;
}

int sched_run(const Graph *g, const SchedOptions *o, Schedule *out, char *msg, size_t msglen)
{
    memset(out, 0, sizeof *out);
    Sim m = {0};
    m.ops = find_policy(o->policy);
    if (!m.ops) { snprintf(msg, msglen, "unknown scheduling policy '%s'", o->policy ? o->policy : ""); return -1; }
    if (o->P < 1) { snprintf(msg, msglen, "the number of processors must be at least 1"); return -1; }
    int rc = m.ops == &sched_df_ops && o->P == 1 && plain(o) && !o->no_shortcut ? df_by_ids(g, o, out) : 1;
    if (rc <= 0) return rc < 0 ? oom(msg, msglen) : 0;
    rc = -1;
    if (sim_init(&m, g, o, out)) snprintf(msg, msglen, "out of memory while scheduling");
    else rc = sim_loop(&m, msg, msglen);
    sim_done(&m);
    if (rc) { sched_free(out); return -1; }
    return 0;
}

int sched_check_ids(const Graph *g, char *msg, size_t msglen)
{
    SchedOptions o = {.policy = "df", .P = 1}, sim = o, bare = o;
    Schedule a, b, c;
    sim.no_shortcut = 1;
    bare.no_ready = 1;  /* the steps alone: the graph's own count of its order */
    if (sched_run(g, &o, &a, msg, msglen)) return -1;
    if (sched_run(g, &sim, &b, msg, msglen)) { sched_free(&a); return -1; }
    if (sched_run(g, &bare, &c, msg, msglen)) { sched_free(&a); sched_free(&b); return -1; }
    int same = a.T == b.T && a.idle == b.idle && a.delay == b.delay && a.nowork == b.nowork &&
               c.by_ids == a.by_ids && graph_ids_topological(g) == a.by_ids;
    uint32_t n = graph_nodes(g), v = 1, t = 0;
    for (; same && v <= n; v++) same = a.step[v] == b.step[v] && a.proc[v] == b.proc[v] && c.step[v] == a.step[v];
    for (; same && t <= a.T; t++) same = a.ready[t] == b.ready[t];
    if (!same)
        snprintf(msg, msglen, "df on one processor by the ids differs from its simulation (T %u and %u; node %u, step %u)",
                 a.T, b.T, v - 1, t ? t - 1 : 0);
    sched_free(&a);
    sched_free(&b);
    sched_free(&c);
    return same ? 0 : -1;
}
