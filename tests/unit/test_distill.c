/*
 * test_distill.c — the distiller (paper §4.2 rules 1-8) on graphs
 * built by hand and on random series-parallel graphs, and the DOT string
 * escaping checked through Graphviz itself.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "gen_graph.h"
#include "distill.h"
#include "graph.h"
#include "space.h"
#include "sched.h"

/* ---- building graphs ---------------------------------------------------- */

typedef struct Ends { uint32_t first, last; } Ends;

static uint32_t node(Graph *g, uint32_t size)
{
    return graph_add_node(g, size ? NK_CONST : NK_VAR, size, 0);
}

/* A chain of k nodes, none a value. */
static Ends chain(Graph *g, uint32_t k)
{
    Ends e = { node(g, 0), 0 };
    e.last = e.first;
    for (uint32_t j = 1; j < k; j++) {
        uint32_t v = node(g, 0);
        graph_add_edge(g, e.last, v);
        e.last = v;
    }
    return e;
}

/* A random interpreter-like graph (gen_graph.h): shapes from chains to
 * wide trees, 20 to 2,000 nodes. */
static void random_graph(Graph *g, unsigned seed)
{
    GenParams p;
    gen_random_params(&p, seed);
    gen_graph(g, seed, 20 + (seed * 7919u) % 2000, &p);
}

/* ---- generic properties ------------------------------------------------- */

/* Members of every coalesced node form one path of computation edges:
 * each member but the first has one parent, a member of the same node
 * with no other child. */
static int groups_are_chains(const Graph *g, const Distilled *d)
{
    uint32_t *parent = calloc(graph_nodes(g) + 1, sizeof *parent);
    int ok = 1;
    for (uint32_t a = 1; a <= graph_nodes(g); a++)
        for (int k = 0; k < 2; k++)
            if (graph_child(g, a, k)) parent[graph_child(g, a, k)] = a;
    for (uint32_t v = 1; v <= graph_nodes(g); v++) {
        uint32_t c = d->group[v];
        if (v != d->first[c])
            ok &= graph_in_degree(g, v) == 1 && parent[v] && d->group[parent[v]] == c
                  && (graph_child(g, parent[v], 0) == 0 || graph_child(g, parent[v], 1) == 0);
    }
    free(parent);
    return ok;
}

static int edges_cross_groups(const Graph *g, const Distilled *d)
{
    uint32_t want = 0;
    for (uint32_t a = 1; a <= graph_nodes(g); a++)
        for (int k = 0; k < 2; k++) {
            uint32_t c = graph_child(g, a, k);
            if (c && d->group[a] != d->group[c]) want++;
        }
    if (want != d->nc) return 0;
    for (uint32_t k = 0; k < d->nc; k++) if (d->csrc[k] == d->cdst[k]) return 0;
    for (size_t k = 0; k < d->nh; k++) if (d->heap_src[k] == d->heap_dst[k]) return 0;
    return 1;
}

/* Heap edges: no duplicates, and every original edge between two
 * coalesced nodes is counted in exactly one distilled edge. */
static int heap_edges_merged(const Graph *g, const Distilled *d)
{
    size_t cross = 0, counted = 0;
    for (size_t e = 0; e < graph_heap_edges(g); e++) cross += d->group[graph_heap_src(g, e)] != d->group[graph_heap_dst(g, e)];
    for (size_t k = 0; k < d->nh; k++) {
        counted += d->heap_count[k];
        if (k && d->heap_src[k] == d->heap_src[k - 1] && d->heap_dst[k] == d->heap_dst[k - 1]) return 0;
    }
    return cross == counted;
}

static uint64_t total_area(const Distilled *d)
{
    uint64_t s = 0;
    for (uint32_t c = 1; c <= d->n; c++) s += d->area[c];
    return s;
}

/* ---- hand-built graphs -------------------------------------------------- */

static void test_chain_between_fork_and_join(void)
{
    for (uint32_t k = 1; k <= 6; k++) {
        Graph g; graph_init(&g, 100);
        uint32_t f = graph_add_node(&g, NK_FORK, 0, 0);
        Ends a = chain(&g, k), b = chain(&g, 1);
        uint32_t j = graph_add_node(&g, NK_JOIN, 0, 0);
        graph_add_edge(&g, f, a.first); graph_add_edge(&g, f, b.first);
        graph_add_edge(&g, a.last, j); graph_add_edge(&g, b.last, j);
        DistillOptions o = {0};
        Distilled d;
        int rc = distill(&g, &o, &d);
        CHECK(rc == 0 && d.n == 4 && d.area[d.group[a.first]] == k
              && d.group[a.first] == d.group[a.last] && d.nc == 4,
              "distill_chain_of_%u_between_fork_and_join_is_one_node_of_area_%u", k, k);
        distill_free(&d);
        graph_free(&g);
    }
}

static void test_whole_chain(void)
{
    /* Rule 1 read literally: the final node has out-degree 0, so it does
     * not join; everything before it does. */
    Graph g; graph_init(&g, 100);
    chain(&g, 7);
    DistillOptions o = {0};
    Distilled d;
    distill(&g, &o, &d);
    CHECK(d.n == 2 && d.area[1] == 6 && d.area[2] == 1 && d.nc == 1,
          "distill_program_chain_coalesces_all_but_its_final_node");
    distill_free(&d);
    graph_free(&g);
}

static void test_diamond(void)
{
    Graph g; graph_init(&g, 100);
    uint32_t f = graph_add_node(&g, NK_FORK, 0, 0);
    uint32_t l = node(&g, 1), r = node(&g, 1);
    uint32_t j = graph_add_node(&g, NK_JOIN, 0, 0);
    graph_add_edge(&g, f, l); graph_add_edge(&g, f, r);
    graph_add_edge(&g, l, j); graph_add_edge(&g, r, j);
    DistillOptions o = {0};
    Distilled d;
    distill(&g, &o, &d);
    CHECK(d.n == 4 && d.group[f] != d.group[j] && d.group[l] != d.group[r],
          "distill_diamond_keeps_fork_branches_and_join_apart");
    CHECK(d.nc == 4 && d.csrc[0] == d.group[f] && d.cdst[0] == d.group[l]
          && d.csrc[1] == d.group[f] && d.cdst[1] == d.group[r],
          "distill_fork_edges_left_child_first");
    distill_free(&d);
    graph_free(&g);
}

/* 1 fork; 2, 3 values in the branches; 4 join; 5 (joins 4); 6 final.
 * Heap edges 4->2, 5->2 (use), 5->2 (retain), 6->2, 6->3. */
static void build_merge_graph(Graph *g)
{
    graph_init(g, 100);
    uint32_t f = graph_add_node(g, NK_FORK, 0, 0);
    uint32_t l = node(g, 1), r = node(g, 2);
    uint32_t j = graph_add_node(g, NK_JOIN, 0, 0);
    uint32_t a = node(g, 3), b = node(g, 0);
    graph_add_edge(g, f, l); graph_add_edge(g, f, r);
    graph_add_edge(g, l, j); graph_add_edge(g, r, j);
    graph_add_edge(g, j, a); graph_add_edge(g, a, b);
    graph_add_heap(g, j, l, HE_USE);
    graph_add_heap(g, a, l, HE_USE);
    graph_add_heap(g, a, l, HE_RETAIN);
    graph_add_heap(g, b, l, HE_USE);
    graph_add_heap(g, b, r, HE_USE);
}

static void test_merge_duplicates(void)
{
    Graph g;
    build_merge_graph(&g);
    DistillOptions o = {0};
    Distilled d;
    distill(&g, &o, &d);
    CHECK(d.n == 5 && d.group[4] == d.group[5] && d.area[d.group[4]] == 2,
          "distill_join_heads_the_chain_after_it");
    CHECK(d.nh == 3 && d.heap_count[0] == 3 && d.heap_kinds[0] == 3 && d.heap_src[0] == d.group[4]
          && d.heap_dst[0] == d.group[2], "distill_merges_duplicate_heap_edges_of_any_kind");
    int same = 1;
    for (size_t k = 0; k < d.nh; k++) same &= d.weight[k] == 0 && !d.root[k];
    CHECK(same, "distill_without_schedule_gives_heap_edges_one_weight");
    distill_free(&d);
    o.raw = 1;
    distill(&g, &o, &d);
    CHECK(d.n == graph_nodes(&g) && d.nh == graph_heap_edges(&g) && d.nc == 6 && total_area(&d) == graph_nodes(&g),
          "distill_raw_keeps_every_node_and_edge");
    distill_free(&d);
    graph_free(&g);
}

/* ---- random graphs, no schedule ---------------------------------------- */

static void test_random_unscheduled(void)
{
    int area_ok = 1, chains_ok = 1, cross_ok = 1, merged_ok = 1, smaller = 1;
    for (unsigned seed = 1; seed <= 60; seed++) {
        Graph g;
        random_graph(&g, seed);
        DistillOptions o = {0};
        Distilled d;
        if (distill(&g, &o, &d)) { area_ok = 0; graph_free(&g); continue; }
        area_ok &= total_area(&d) == graph_nodes(&g);
        chains_ok &= groups_are_chains(&g, &d);
        cross_ok &= edges_cross_groups(&g, &d);
        merged_ok &= heap_edges_merged(&g, &d);
        smaller &= d.n <= graph_nodes(&g) && d.nh <= graph_heap_edges(&g);
        distill_free(&d);
        graph_free(&g);
    }
    CHECK(area_ok, "distill_random_total_area_equals_work");
    CHECK(chains_ok, "distill_random_coalesced_nodes_are_serial_chains");
    CHECK(cross_ok, "distill_random_no_self_edges_and_no_edge_inside_a_coalesced_node");
    CHECK(merged_ok, "distill_random_heap_edges_merged_without_loss");
    CHECK(smaller, "distill_random_never_grows_the_graph");
}

/* ---- random graphs under a schedule (rules 5-8) ------------------------- */

static int mixes_visited(const Graph *g, const Schedule *s, uint32_t i, const Distilled *d)
{
    for (uint32_t v = 1; v <= graph_nodes(g); v++)
        if ((s->step[v] <= i) != d->visited[d->group[v]]) return 1;
    return 0;
}

static void test_random_scheduled(void)
{
    static const char *const pol[] = { "df", "bf", "ws" };
    int sums = 1, pure = 1, roots = 1, area_ok = 1, ran = 0;
    for (unsigned seed = 1; seed <= 40; seed++) {
        Graph g;
        random_graph(&g, seed);
        for (int p = 0; p < 3; p++) {
            SchedOptions so = {.policy = pol[p], .P = 1 + seed % 3, .seed = seed};
            Schedule s; SpaceProfile sp; char msg[200];
            double *share = NULL, rshare = 0;
            if (sched_run(&g, &so, &s, msg, sizeof msg)) { sums = 0; continue; }
            if (space_profile(&g, &s, UNITS_WORDS, 1, &sp)
                || space_by_use(&g, &s, UNITS_WORDS, sp.hwm_step, &share, &rshare)) {
                sums = 0; sched_free(&s); continue;
            }
            uint32_t i = sp.hwm_step;
            DistillOptions o = { .sched = &s, .step = i, .share = share };
            Distilled d;
            if (distill(&g, &o, &d) == 0) {
                ran++;
                double black = 0;
                for (size_t k = 0; k < d.nh; k++) {
                    if (d.root[k]) black += d.weight[k];
                    roots &= d.root[k] == (!d.visited[d.heap_src[k]] && d.visited[d.heap_dst[k]]);
                }
                double heap = (double)sp.heap[i];
                sums &= fabs(black + rshare - heap) <= 1e-6 * (1 + heap);
                sums &= fabs(black - d.root_weight) <= 1e-9 * (1 + black);
                pure &= !mixes_visited(&g, &s, i, &d);
                area_ok &= total_area(&d) == graph_nodes(&g) && edges_cross_groups(&g, &d);
                distill_free(&d);
            }
            free(share);
            space_free(&sp);
            sched_free(&s);
        }
        graph_free(&g);
    }
    CHECK(ran == 120, "distill_scheduled_random_graphs_all_distilled");
    CHECK(sums, "distill_black_edge_weights_sum_to_heap_space_at_high_water_step");
    CHECK(pure, "distill_never_coalesces_visited_with_unvisited");
    CHECK(roots, "distill_root_edges_go_from_unvisited_to_visited");
    CHECK(area_ok, "distill_scheduled_total_area_equals_work_and_no_self_edges");
}

/* ---- the budget ---------------------------------------------------------- */

/* Computation edges go from lower to higher node ids (the distilled graph
 * stays acyclic, numbered in a topological order). */
static int edges_forward(const Distilled *d)
{
    for (uint32_t k = 0; k < d->nc; k++)
        if (d->csrc[k] >= d->cdst[k]) return 0;
    return 1;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The computation edges are exactly the distinct pairs of coalesced nodes
 * joined by an original edge, none a self edge. */
static int edges_are_distinct_pairs(const Graph *g, const Distilled *d)
{
    uint64_t *key = malloc((2 * (size_t)graph_nodes(g) + 1) * sizeof *key);
    size_t nk = 0, nd = 0;
    for (uint32_t a = 1; a <= graph_nodes(g); a++)
        for (int k = 0; k < 2; k++) {
            uint32_t c = graph_child(g, a, k);
            if (c && d->group[a] != d->group[c]) key[nk++] = (uint64_t)d->group[a] << 32 | d->group[c];
        }
    qsort(key, nk, sizeof *key, cmp_u64);
    for (size_t j = 0; j < nk; j++) if (nd == 0 || key[nd - 1] != key[j]) key[nd++] = key[j];
    int ok = nd == d->nc;
    for (uint32_t k = 0; ok && k < d->nc; k++) {
        uint64_t x = (uint64_t)d->csrc[k] << 32 | d->cdst[k];
        ok = d->csrc[k] != d->cdst[k] && bsearch(&x, key, nd, sizeof x, cmp_u64) != NULL;
    }
    free(key);
    return ok;
}

/* One budgeted distillation checked against the unbudgeted one. */
typedef struct BudgetChecks { int held, area, forward, weight, pure, drawn, ran, coarsened; } BudgetChecks;

static void check_budget(const Graph *g, const Schedule *s, uint32_t i, const double *share,
                         uint32_t budget, BudgetChecks *c)
{
    DistillOptions full = { .sched = s, .step = i, .share = share };
    DistillOptions o = full;
    o.max_shown = budget; o.min_share = 0.05; o.max_heap = 10;
    Distilled a, b;
    if (distill(g, &full, &a)) return;
    if (distill(g, &o, &b)) { distill_free(&a); return; }
    c->ran++;
    c->coarsened += b.block_work > 0;
    c->held &= b.n <= budget || b.n == a.n;
    c->area &= total_area(&b) == graph_nodes(g) && b.base_n == a.n;
    c->forward &= edges_forward(&b) && edges_are_distinct_pairs(g, &b);
    c->weight &= fabs(a.root_weight - b.root_weight) <= 1e-9 * (1 + a.root_weight);
    if (s) c->pure &= !mixes_visited(g, s, i, &b);
    size_t drawn = 0;
    for (size_t k = 0; k < b.nh; k++) {
        drawn += b.drawn[k];
        if (b.drawn[k] && b.root[k]) c->drawn &= b.weight[k] >= 0.05 * b.root_weight - 1e-12;
        c->drawn &= b.root[k] == (!b.visited[b.heap_src[k]] && b.visited[b.heap_dst[k]]);
    }
    c->drawn &= drawn == b.nh_drawn && drawn <= 10;
    distill_free(&a); distill_free(&b);
}

static void test_budget(void)
{
    static const char *const pol[] = { "df", "bf", "ws" };
    BudgetChecks c = { 1, 1, 1, 1, 1, 1, 0, 0 };
    for (unsigned seed = 1; seed <= 40; seed++) {
        Graph g;
        random_graph(&g, seed);
        check_budget(&g, NULL, 0, NULL, 12, &c);
        for (int p = 0; p < 3; p++) {
            SchedOptions so = {.policy = pol[p], .P = 1 + seed % 3, .seed = seed};
            Schedule s; SpaceProfile sp; char msg[200];
            double *share = NULL, rshare = 0;
            if (sched_run(&g, &so, &s, msg, sizeof msg)) continue;
            if (space_profile(&g, &s, UNITS_WORDS, 1, &sp) == 0
                && space_by_use(&g, &s, UNITS_WORDS, sp.hwm_step, &share, &rshare) == 0) {
                check_budget(&g, &s, sp.hwm_step, share, 12, &c);
                check_budget(&g, &s, sp.hwm_step, share, 40, &c);
                space_free(&sp);
            }
            free(share);
            sched_free(&s);
        }
        graph_free(&g);
    }
    CHECK(c.ran == 280, "budget_random_graphs_all_distilled");
    CHECK(c.coarsened >= 100, "budget_coarsens_most_random_graphs");
    CHECK(c.held, "budget_shown_nodes_at_most_the_budget");
    CHECK(c.area, "budget_total_work_preserved");
    CHECK(c.forward, "budget_graph_stays_acyclic_without_self_edges");
    CHECK(c.weight, "budget_heap_space_at_the_mark_preserved");
    CHECK(c.pure, "budget_never_coalesces_visited_with_unvisited");
    CHECK(c.drawn, "budget_draws_only_heavy_root_edges_at_most_max_heap");
}

/* ---- DOT output ---------------------------------------------------------- */

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc(n + 1);
    size_t got = fread(s, 1, n, f);
    s[got] = 0;
    fclose(f);
    return s;
}

static char *escaped(const char *s, size_t max)
{
    char *buf = NULL; size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    distill_dot_string(f, s, max);
    fclose(f);
    return buf;
}

static void test_dot_string(void)
{
    char *a = escaped("a\"b\\c{d}e<f>g|h&i\nj\tk", 0);
    CHECK(strcmp(a, "a\\\"b\\\\c\\{d\\}e\\<f\\>g\\|h&amp;i\\nj k") == 0,
          "dot_string_escapes_quote_backslash_record_chars_ampersand_newline");
    char *b = escaped("\xC3\xA9t\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80", 0);
    CHECK(strcmp(b, "\xC3\xA9t\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80") == 0,
          "dot_string_passes_valid_utf8_through");
    char *c = escaped("x\xFFy\xC3(\xED\xA0\x80\xC0\xAFz", 0);
    CHECK(strcmp(c, "x\xEF\xBF\xBDy\xEF\xBF\xBD(\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"
                    "\xEF\xBF\xBD\xEF\xBF\xBDz") == 0,
          "dot_string_replaces_invalid_utf8_bytes");
    char *d = escaped("\xC3\xA9\xC3\xA9\xC3\xA9", 3);
    char *e = escaped("abcdef", 6);
    CHECK(strcmp(d, "\xC3\xA9...") == 0 && strcmp(e, "abcdef") == 0,
          "dot_string_trims_at_a_character_boundary");
    free(a); free(b); free(c); free(d); free(e);
}

/* Decodes the XML entities dot writes in SVG text. */
static void xml_unescape(char *s)
{
    static const struct { const char *ent; char c; } map[] = {
        { "&quot;", '"' }, { "&amp;", '&' }, { "&lt;", '<' }, { "&gt;", '>' },
        { "&#45;", '-' }, { "&#39;", '\'' }, { "&#10;", '\n' }, { "&apos;", '\'' },
    };
    char *w = s;
    while (*s) {
        size_t k, n = sizeof map / sizeof map[0];
        for (k = 0; k < n; k++)
            if (strncmp(s, map[k].ent, strlen(map[k].ent)) == 0) break;
        if (k < n) { *w++ = map[k].c; s += strlen(map[k].ent); }
        else *w++ = *s++;
    }
    *w = 0;
}

/* The visible label lines of the SVG, joined by newlines. */
static void svg_text_lines(const char *svg, char *out, size_t cap)
{
    out[0] = 0;
    for (const char *p = svg; (p = strstr(p, "<text")) != NULL;) {
        const char *a = strchr(p, '>') + 1, *b = strstr(a, "</text>");
        if (out[0]) strncat(out, "\n", cap - strlen(out) - 1);
        strncat(out, a, (size_t)(b - a) < cap - strlen(out) - 1 ? (size_t)(b - a) : cap - strlen(out) - 1);
        p = b;
    }
    xml_unescape(out);
}

static void test_dot_roundtrip(void)
{
    const char *text = "f \"q\" \\ {x} <y> |z & w\nsecond \xC3\xA9 \xFF";
    const char *want = "f \"q\" \\ {x} <y> |z & w\nsecond \xC3\xA9 \xEF\xBF\xBD";
    Graph g; graph_init(&g, 10);
    graph_add_node(&g, NK_VAR, 0, 0);
    Annot an = { 0, 3, 7, text };
    DistillOptions o = {0};
    Distilled d;
    distill(&g, &o, &d);
    DotOptions dopt = { .annots = &an, .nannots = 1, .labels = 1,
                        .caption = "caption with \"quotes\" and {braces}" };
    char dotp[] = "/tmp/pml_distill_XXXXXX";
    int fd = mkstemp(dotp);
    FILE *f = fdopen(fd, "w");
    int wrc = distill_write_dot(&d, &dopt, f);
    fclose(f);
    char cmd[256], svgp[64];
    snprintf(svgp, sizeof svgp, "%s.svg", dotp);
    snprintf(cmd, sizeof cmd, "dot -Tsvg '%s' -o '%s' 2>/dev/null", dotp, svgp);
    int rc = system(cmd);
    CHECK(wrc == 0 && rc == 0, "dot_accepts_escaped_annotation");
    char *svg = slurp(svgp);
    char lines[1024];
    svg_text_lines(svg ? svg : "", lines, sizeof lines);
    CHECK(strstr(lines, want) != NULL, "dot_label_text_round_trips_through_svg");
    CHECK(strstr(lines, "caption with \"quotes\" and {braces}") != NULL,
          "dot_caption_round_trips_through_svg");
    char *t = svg ? strstr(svg, "xlink:title=\"node 1") : NULL;
    char title[512] = "";
    if (t) {
        t += strlen("xlink:title=\"");
        size_t n = strcspn(t, "\"");
        memcpy(title, t, n < sizeof title - 1 ? n : sizeof title - 1);
        xml_unescape(title);
    }
    CHECK(strstr(title, want) != NULL && strstr(title, "line:3:7: ") != NULL,
          "dot_tooltip_text_round_trips_through_svg");
    free(svg);
    unlink(dotp); unlink(svgp);
    distill_free(&d);
    graph_free(&g);
}

/* The DOT of a scheduled random graph renders, and black edges are the
 * root edges. */
static void test_dot_scheduled_renders(void)
{
    Graph g;
    GenParams gp;
    gen_default_params(&gp);
    gen_graph(&g, 7, 300, &gp);
    SchedOptions so = {.policy = "bf", .P = 2, .seed = 1};
    Schedule s; SpaceProfile sp; char msg[200];
    double *share = NULL, rshare = 0;
    sched_run(&g, &so, &s, msg, sizeof msg);
    space_profile(&g, &s, UNITS_WORDS, 1, &sp);
    space_by_use(&g, &s, UNITS_WORDS, sp.hwm_step, &share, &rshare);
    DistillOptions o = { .sched = &s, .step = sp.hwm_step, .share = share };
    Distilled d;
    distill(&g, &o, &d);
    char *buf = NULL; size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    DotOptions dopt = {0};
    distill_write_dot(&d, &dopt, f);
    fclose(f);
    size_t black = 0, nroot = 0;
    for (const char *p = buf; (p = strstr(p, "color=black, penwidth")) != NULL; p++) black++;
    for (size_t k = 0; k < d.nh; k++) nroot += d.root[k];
    CHECK(black == nroot, "dot_draws_exactly_the_root_edges_black");
    FILE *p = popen("dot -Tsvg >/dev/null 2>&1", "w");
    fwrite(buf, 1, len, p);
    CHECK(p && pclose(p) == 0, "dot_accepts_scheduled_distilled_graph");
    free(buf); free(share);
    distill_free(&d); space_free(&sp); sched_free(&s); graph_free(&g);
}

int main(void)
{
    test_chain_between_fork_and_join();
    test_whole_chain();
    test_diamond();
    test_merge_duplicates();
    test_random_unscheduled();
    test_random_scheduled();
    test_budget();
    test_dot_string();
    test_dot_roundtrip();
    test_dot_scheduled_renders();
    return CHECK_DONE();
}
