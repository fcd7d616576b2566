/*
 * distill.h — coalesced cost graphs as Graphviz DOT (paper §4.2; docs/distill.md).
 *
 * distill() turns the cost graphs of one run into a much smaller graph by
 * the paper's rules 1-8 and keeps the result as plain arrays, so tests can
 * check it directly; distill_write_dot() draws it.
 *
 *   1. a node of in-degree 1 and out-degree 1 whose sole parent has
 *      out-degree 1 joins its parent: serial chains collapse; areas add
 *      (every original node has unit area, so area = work);
 *   2. edges inside a coalesced node are dropped (no self edges); heap
 *      edges between the same two coalesced nodes are merged into one;
 *   3-4. layout: top to bottom by computation edges, left to right by 1DF
 *      order (coalesced nodes are numbered by their first member's id);
 *   with a schedule and a step i (the high-water step):
 *   5. a node is visited iff its members were visited at a step <= i;
 *   6. a heap edge is a root edge iff its source is unvisited and its sink
 *      visited;
 *   7. visited and unvisited nodes are never coalesced (so 6 is well
 *      defined on merged edges: all members are roots or none are);
 *   8. a merged heap edge weighs the sum of its members' shares of the
 *      space at step i (space_by_use), so the root edges' weights sum to
 *      the heap space at step i, less the part held by the result alone.
 *
 * The budget (pml dot's default, for pictures Graphviz lays out in seconds):
 * when rules 1-8 leave more than max_shown nodes, every fork-join block
 * (a fork, its two branches and its join: an interval of ids, since ids are
 * the 1DF order) of work at most W is coalesced into one node, or two when
 * the frontier crosses it (its visited and its unvisited members: rule 7
 * still holds), and rule 1 is applied again to the result, so chains of
 * coalesced blocks merge too.  W is the smallest block work for which at
 * most max_shown nodes remain.  Areas still add up to the work; every root
 * edge still joins two different nodes, so the root edges' weights still
 * add up to the same total (rule 8).  Heap edges between the same two
 * coalesced nodes are one edge whose weight is the sum; the lightest are
 * then left undrawn (min_share, max_heap), which the caption reports.
 *
 * Cost: O(n + m log m) time (heap edges are sorted to merge them), O(n + m)
 * space.  The module knows nothing of the interpreter: it reads the graph
 * store (graph.h, with its Annot table) and the source-file table.
 */
#ifndef PML_DISTILL_H
#define PML_DISTILL_H

#include <stdint.h>
#include <stdio.h>
#include "graph.h"
#include "sched.h"
#include "source.h"

typedef struct DistillOptions {
    int raw;                /* --raw: no coalescing, no merging (every node, every edge) */
    const Schedule *sched;  /* NULL: distill independently of time (rules 1-4) */
    uint32_t step;          /* with sched: the step i of rules 5-8 */
    const double *share;    /* with sched: per original heap edge, its share
                             * of the space at step i (space_by_use); NULL
                             * gives every edge weight 0 */
    /* The size budget (beyond the paper's rules; see "the budget" above). */
    uint32_t max_shown;     /* at most this many nodes: coarsen fork-join blocks
                             * until it holds; 0: no budget (every rule-1 node) */
    double min_share;       /* draw a heap edge only if its share (of the root
                             * edges' weight for root edges, of the other
                             * edges' count otherwise) is at least this; 0: all */
    size_t max_heap;        /* and draw at most this many (heaviest first); 0: all */
    size_t max_span;        /* and only while the ranks they span add up to at
                             * most this (Graphviz's cost); 0: no limit */
} DistillOptions;

#define DISTILL_MAX_SHOWN 250   /* pml dot's default budget */
#define DISTILL_MIN_SHARE 0.002 /* pml dot's default: heap edges under 0.2% not drawn */
#define DISTILL_MAX_SPAN 3000   /* pml dot's default max_span */

/* The distilled graph.  Coalesced nodes are 1..n (0 unused), numbered in
 * the 1DF order of their first members. */
typedef struct Distilled {
    uint32_t n;
    uint32_t *group;        /* per original node 1..orig_nodes: its coalesced node */
    uint32_t *first, *last; /* per coalesced node: lowest and highest member id */
    uint32_t *area;         /* per coalesced node: number of members (>= 1) */
    uint32_t *main_annot;   /* per coalesced node: the annotation index most of
                             * its members carry (ties: the earliest member's) */
    uint8_t *visited;       /* per coalesced node: rule 5 (all 1 without a schedule) */

    uint32_t nc;            /* computation edges csrc[k] -> cdst[k]; a fork's */
    uint32_t *csrc, *cdst;  /* left edge comes before its right edge */

    size_t nh;              /* heap edges heap_src[k] -> heap_dst[k] (later -> earlier), */
    uint32_t *heap_src;     /* sorted by (heap_src, heap_dst); never a self edge */
    uint32_t *heap_dst;
    uint32_t *heap_count;   /* how many original heap edges were merged */
    uint8_t *heap_kinds;    /* bit (1 << HeapKind) set for each kind merged */
    uint8_t *root;          /* rule 6 (all 0 without a schedule) */
    double *weight;         /* rule 8: sum of the members' shares (0 without) */

    uint8_t *drawn;         /* the budget: 1 if the edge is drawn (all 1 without) */
    size_t nh_drawn;        /* how many are drawn */
    double hidden_weight;   /* the root edges not drawn: their total weight */
    size_t hidden_roots;    /* and how many they are */

    uint32_t base_n;        /* nodes after rules 1-8 alone (before the budget) */
    uint32_t block_work;    /* the budget's coarsening: fork-join blocks of at
                             * most this work were drawn as one node (two if
                             * the schedule's frontier crosses them); 0: none */

    int budgeted;           /* a budget was given (max_shown > 0, not raw) */
    int scheduled;          /* a schedule was given */
    uint32_t step;          /* its step i */
    double root_weight;     /* sum of the root edges' weights */
    uint32_t orig_nodes;    /* the original graph's nodes and heap edges */
    size_t orig_heap;       /* (paper Table 1, "original") */
} Distilled;

/* Distills g; 0 on success, -1 if memory runs out (out is then empty). */
int distill(const Graph *g, const DistillOptions *o, Distilled *out);
void distill_free(Distilled *d);

/* How to draw. */
typedef struct DotOptions {
    const Annot *annots;    /* annotation texts for tooltips/labels (may be NULL) */
    uint32_t nannots;
    const Sources *src;     /* for FILE:LINE in tooltips (may be NULL) */
    const char *caption;    /* lines: the title, then more (may be NULL);
                             * escaped here; the sizes and a legend follow */
    int labels;             /* also show each node's text as a visible label */
    uint32_t label_top;     /* show the text of the label_top largest nodes */
    double min_share;       /* the DistillOptions' (for the caption) */
    int free_heap;          /* heap edges constraint=false: faster layout of
                             * large graphs, but wider and harder to read */
} DotOptions;

/* Writes d as a DOT digraph: computation edges light and without arrows,
 * ranked top to bottom, ordered left to right (rules 3-4); heap edges
 * drawn upward, pointing at the value, without pulling nodes together;
 * node area proportional to work; penwidth proportional to space (rule
 * 8); black/gray (rules 5-6).
 * Returns 0, or -1 on a write error (errno set). */
int distill_write_dot(const Distilled *d, const DotOptions *o, FILE *f);

/* Writes s as the inside of a DOT double-quoted string, escaped so that
 * Graphviz shows exactly s (as a label or a tooltip): quote, backslash,
 * { } < > | and & escaped, a newline as a line break, other control
 * characters as spaces, invalid UTF-8 bytes as U+FFFD; valid UTF-8 passes
 * through.  At most max bytes of s are shown (cut at a character boundary,
 * then "..."); max 0 means no limit.  Returns 0, or -1 on a write error. */
int distill_dot_string(FILE *f, const char *s, size_t max);

#endif
