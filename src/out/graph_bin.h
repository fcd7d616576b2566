/*
 * graph_bin.h — the cost graphs in the compact binary form of
 * docs/graph-format.md (`pml graph --format binary`): one line of JSON
 * saying what follows (format "pml-graph-binary", version, the tables of
 * kinds, files and annotations, and where each array lies), then flat
 * little-endian arrays, one per field: ids implicit (entry i is node
 * i + 1), children as offsets from their parent, heap edges as (source,
 * sink, kind).  numpy reads each array with one np.fromfile; 12-17 bytes
 * per node plus 9 per heap edge, written at the speed of fwrite.
 */
#ifndef PML_GRAPH_BIN_H
#define PML_GRAPH_BIN_H

#include <stdint.h>
#include <stdio.h>
#include "graph.h"

/* What the arrays refer to: the run's annotations and source files. */
typedef struct GraphBinMeta {
    const Annot *annots;        /* nannots, indexed by graph_annot */
    uint32_t nannots;
    const char *const *files;   /* nfiles paths, indexed by Annot.file */
    uint32_t nfiles;
    const char *value;          /* the result as SML/NJ prints it, or NULL */
} GraphBinMeta;

/* Writes g to f.  0, or -1: out of memory or a failed write (errno). */
int graph_bin_write(FILE *f, const Graph *g, const GraphBinMeta *meta);

#endif
