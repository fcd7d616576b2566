/*
 * timeline.h — the processor timeline of one schedule (`pml schedule
 * --plot`, docs/scheduling.md): which processor visits a node at each
 * step, coloured by the source function the node belongs to.
 *
 * Design: a node's function comes from its annotation (an expression id):
 * one walk of the syntax tree gives every id its innermost enclosing `fun`
 * (an anonymous fn belongs to the function around it; code outside every
 * function to "top level").  The TIMELINE_COLOURS functions with the most
 * nodes keep a colour of their own, the rest share "other functions".
 * Runs of steps in which a processor visits nodes of one function become
 * one box.  Past TIMELINE_COLUMNS steps, steps are binned and a bin shows
 * the function of most of the processor's nodes in it, so the picture
 * stays small for any schedule.  O(n + T + P) time (counting sorts).
 */
#ifndef PML_TIMELINE_H
#define PML_TIMELINE_H

#include <stddef.h>
#include "ast.h"
#include "graph.h"
#include "sched.h"
#include "source.h"

#define TIMELINE_COLOURS 9
#define TIMELINE_COLUMNS 1500

/* Draws s's timeline to pic (.svg, .png or .pdf, with its .dat and .gp
 * beside it; plot.h).  prog and src name the functions; g's annotations
 * are prog's expression ids.  0; 1 when gnuplot is missing or failed
 * (data and script kept); -1 with msg (cannot write, out of memory). */
int timeline_plot(const char *pic, const Program *prog, const Sources *src, const Graph *g, const Schedule *s,
                  const char *title, char *msg, size_t msglen);

/* Every function of prog, for other pictures (pml view): of_id[e] is the
 * function index of expression id e < nids (a node's annotation, as
 * above), names[k] its name: "top level" (k = 0) or "NAME (FILE:LINE)". */
typedef struct TimelineFns {
    uint32_t *of_id;
    uint32_t nids;
    char **names;
    uint32_t n;
} TimelineFns;
/* 0, or -1 out of memory (f then holds nothing). */
int timeline_fns(TimelineFns *f, const Program *prog, const Sources *src);
void timeline_fns_free(TimelineFns *f);

#endif
