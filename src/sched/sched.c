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
     * visit overwrites it with the step, v's parents not yet visited, and
     * NEXT_ONLY if v's only child is v + 1 (most nodes: sequential
     * composition), so visiting v reads no graph array. */
    uint32_t *step;
    uint8_t *next_only; /* per processor: its visit's node has NEXT_ONLY */
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

void sched_free(Schedule *s)
{
    free(s->step);
    free(s->proc);
    free(s->proc_wide);
    free(s->ready);
    memset(s, 0, sizeof *s);
}

/* A node-sized array that bf writes at random: on 2 MiB pages where the
 * kernel allows it (madvise; no effect on any result), so that a visit
 * costs no TLB miss (bf sim 10-15 % faster on 10^7 nodes).  free() frees it. */
static void *node_array(size_t bytes)
{
    enum { HUGE_PAGE = 2u << 20 };
    if (bytes < 4 * HUGE_PAGE) return malloc(bytes);
    size_t round = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    void *p = aligned_alloc(HUGE_PAGE, round);
    if (p) madvise(p, round, MADV_HUGEPAGE);
    return p;
}

int sched_alloc_proc(Schedule *s, uint32_t n)
{
    size_t n1 = (size_t)n + 1, w = s->P <= SCHED_PROC_NARROW ? sizeof *s->proc : sizeof *s->proc_wide;
    void *a = node_array(n1 * w);
    if (!a) return -1;
    memset(a, 0, n1 * w);
    if (w == sizeof *s->proc) s->proc = a;
    else s->proc_wide = a;
    return 0;
}

static int push_ready(Sim *m, uint32_t t)
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

/* The word of a node before its visit (Sim.step). */
#define NEXT_ONLY 0x80000000u   /* its only child is v + 1 */
#define PARENTS_LEFT(w) ((w) & ~NEXT_ONLY)

/* Bf's queue order is known ahead: prefetch what the visit AHEAD gets from
 * now will touch (its word and processor entry), then half as far its
 * graph entry unless NEXT_ONLY says what its children are, and a quarter
 * as far its children's words, which halves bf's time on big graphs.  One
 * ahead call a get: the nodes AHEAD/2 and AHEAD/4 gets from now are those
 * it named AHEAD/2 and 3*AHEAD/4 gets ago (for bf exactly; for any policy
 * a hint). */
static inline void prefetch_ahead(Sim *m)
{
    uint32_t v = m->ops->ahead(m->pol, AHEAD);
    uint32_t i = m->nahead++ % AHEAD;
    uint32_t w = m->named[(i + AHEAD / 2) % AHEAD], u = m->named[(i + AHEAD / 4) % AHEAD];
    m->named[i] = v;
    if (v) {
        __builtin_prefetch(&m->step[v], 1);
        if (m->s->proc) __builtin_prefetch(&m->s->proc[v], 1);
        else if (m->s->proc_wide) __builtin_prefetch(&m->s->proc_wide[v], 1);
    }
    if (w && !(m->step[w] & NEXT_ONLY)) graph_prefetch_children(m->g, w);
    if (!u) return;
    if (m->step[u] & NEXT_ONLY) { __builtin_prefetch(&m->step[u + 1], 1); return; }
    __builtin_prefetch(&m->step[graph_child(m->g, u, 0)], 1);
    __builtin_prefetch(&m->step[graph_child(m->g, u, 1)], 1);
}

/* Processor p visits x at step t. */
static inline void visit(Sim *m, uint32_t p, uint32_t x, uint32_t t)
{
    m->next_only[p] = (m->step[x] & NEXT_ONLY) != 0;
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

/* Phase 2: release the children of processor p's visit of x (next_only:
 * x had NEXT_ONLY, else its children are read from the graph). */
/* inlined: called once per visited node, from two loops */
static inline __attribute__((always_inline)) int release(Sim *m, uint32_t p, uint32_t x, int next_only)
{
    uint32_t en[2];
    int k = 0;
    if (next_only) {
        if (PARENTS_LEFT(--m->step[x + 1]) == 0) en[k++] = x + 1;
    } else
        for (int i = 0; i < 2; i++) {
            uint32_t c = graph_child(m->g, x, i);
            if (c && PARENTS_LEFT(--m->step[c]) == 0) en[k++] = c;
        }
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
            if (release(m, m->ran[i], m->vis[m->ran[i]], m->next_only[m->ran[i]])) return -1;
        return 0;
    }
    for (uint32_t p = 0; p < m->P; p++) {
        uint32_t x = m->vis[p];
        int next_only = x && m->next_only[p];
        if (x && m->fork_cost && (graph_out_degree(g, x) == 2 || graph_in_degree(g, x) == 2)) {
            m->defer[p] = x;
            m->busy[p] = m->fork_cost;
            m->nbusy++;
            continue;
        }
        if (!x && m->defer[p] && !m->busy[p]) { x = m->defer[p]; m->defer[p] = 0; }
        if (x && release(m, p, x, next_only)) return -1;
    }
    return 0;
}

static int sim_loop(Sim *m, char *msg, size_t len)
{
    const Graph *g = m->g;
    uint32_t t = 0, paid;
    while (m->nvisited < graph_nodes(g) || m->nbusy) {
        uint32_t nvis;
        if (m->plain) { nvis = visit_plain(m, ++t); paid = 0; }
        else nvis = visit_all(m, ++t, &paid);
        if (nvis == 0 && paid == 0) {
            snprintf(msg, len, "schedule stuck at step %u: %llu of %u nodes visited "
                     "(graph not connected from node 1?)", t, (unsigned long long)m->nvisited, graph_nodes(g));
            return -1;
        }
        if (release_all(m)) goto oom;
        m->nready -= nvis;
        m->nvisited += nvis;
        if (push_ready(m, t)) goto oom;
    }
    m->s->T = t;
    return 0;
oom:
    snprintf(msg, len, "out of memory while scheduling");
    return -1;
}

static int sim_init(Sim *m, const Graph *g, const SchedOptions *o, Schedule *s)
{
    uint32_t n = graph_nodes(g);
    size_t n1 = (size_t)n + 1;
    m->g = g;
    m->P = o->P;
    m->coarse = o->coarse;
    m->s = s;
    m->rcap = 1024;
    m->pin = calloc(o->P, sizeof *m->pin);
    m->vis = calloc(o->P, sizeof *m->vis);
    m->busy = calloc(o->P, sizeof *m->busy);
    m->defer = calloc(o->P, sizeof *m->defer);
    m->ran = calloc(o->P, sizeof *m->ran);
    m->next_only = calloc(o->P, 1);
    m->plain = !o->coarse && !o->fork_cost && !o->steal_cost;
    m->fork_cost = o->fork_cost;
    m->steal_cost = o->steal_cost;
    s->P = o->P;
    s->step = m->step = node_array(n1 * sizeof *s->step);
    s->ready = malloc(m->rcap * sizeof *s->ready);
    m->pol = m->ops->create(o->P, o->seed, n);
    if (!m->pin || !m->next_only || !m->vis || !m->busy || !m->defer || !m->ran || !s->step || !s->ready || !m->pol ||
        (!o->no_proc && sched_alloc_proc(s, n)))
        return -1;
    m->step[0] = 0;
    uint32_t only = n < NEXT_ONLY ? NEXT_ONLY : 0;  /* steps <= n stay below the flag */
    for (uint32_t v = 1; v <= n; v++) {
        int next = graph_child(g, v, 0) == v + 1 && !graph_child(g, v, 1);
        m->step[v] = (uint32_t)graph_in_degree(g, v) | (next ? only : 0);
    }
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
    free(m->next_only);
    if (m->pol) m->ops->destroy(m->pol);
}

int sched_run(const Graph *g, const SchedOptions *o, Schedule *out, char *msg, size_t msglen)
{
    memset(out, 0, sizeof *out);
    Sim m = {0};
    m.ops = find_policy(o->policy);
    if (!m.ops) { snprintf(msg, msglen, "unknown scheduling policy '%s'", o->policy ? o->policy : ""); return -1; }
    if (o->P < 1) { snprintf(msg, msglen, "the number of processors must be at least 1"); return -1; }
    int rc = -1;
    if (sim_init(&m, g, o, out)) snprintf(msg, msglen, "out of memory while scheduling");
    else rc = sim_loop(&m, msg, msglen);
    sim_done(&m);
    if (rc) { sched_free(out); return -1; }
    uint32_t *r = realloc(out->ready, ((size_t)out->T + 1) * sizeof *r); /* trim */
    if (r) out->ready = r;
    return 0;
}
