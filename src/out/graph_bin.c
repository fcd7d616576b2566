/*
 * graph_bin.c — see graph_bin.h; the layout is in docs/graph-format.md.
 *
 * Each array is one pass over the graph store, values packed into a
 * buffer of CHUNK entries at the narrowest width that holds the array's
 * largest value (1, 2 or 4 bytes; the header names it as a numpy dtype),
 * so the cost is a few instructions a value and the rest is fwrite.
 */
#include <stdlib.h>
#include <string.h>
#include "graph_bin.h"
#include "textout.h"

enum { CHUNK = 1 << 16, ALIGN = 8 };

/* The arrays, in file order: per node (kind .. child2), per heap edge. */
typedef enum Field { F_KIND, F_SIZE, F_ANNOT, F_CHILD1, F_CHILD2, F_HEAP_SRC, F_HEAP_DST, F_HEAP_KIND, NFIELDS } Field;
static const char *const field_names[NFIELDS] = {"kind", "size", "annot", "child1", "child2",
                                                 "heap_src", "heap_dst", "heap_kind"};

static size_t field_count(const Graph *g, Field f)
{
    return f < F_HEAP_SRC ? graph_nodes(g) : graph_heap_edges(g);
}

/* Entry i of field f: node i + 1's kind, size, annotation, children as
 * offsets from it (0: none); heap edge i's source, sink, kind (1: retain). */
static inline uint32_t field_value(const Graph *g, Field f, size_t i)
{
    uint32_t v = (uint32_t)i + 1, c;
    switch (f) {
    case F_KIND: return graph_kind(g, v);
    case F_SIZE: return graph_size(g, v);
    case F_ANNOT: return graph_annot(g, v);
    case F_CHILD1: return (c = graph_child(g, v, 0)) ? c - v : 0;
    case F_CHILD2: return (c = graph_child(g, v, 1)) ? c - v : 0;
    case F_HEAP_SRC: return graph_heap_src(g, i);
    case F_HEAP_DST: return graph_heap_dst(g, i);
    default: return graph_heap_kind(g, i) == HE_RETAIN;
    }
}

/* The narrowest width (bytes) holding every entry of f. */
static unsigned field_width(const Graph *g, Field f)
{
    uint32_t most = 0;
    if (f == F_HEAP_SRC || f == F_HEAP_DST) most = graph_nodes(g);
    else if (f != F_KIND && f != F_HEAP_KIND)
        for (size_t i = 0, n = field_count(g, f); i < n; i++) {
            uint32_t x = field_value(g, f, i);
            if (x > most) most = x;
        }
    return most <= UINT8_MAX ? 1 : most <= UINT16_MAX ? 2 : 4;
}

static size_t padded(size_t bytes) { return (bytes + ALIGN - 1) / ALIGN * ALIGN; }

/* The header line; 0, or -1 out of memory. */
static int write_header(FILE *f, const Graph *g, const GraphBinMeta *meta, const unsigned *width)
{
    char *text = NULL;
    size_t len = 0, off = 0;
    FILE *h = open_memstream(&text, &len);
    if (!h) return -1;
    fprintf(h, "{\"format\":\"pml-graph-binary\",\"version\":1,\"work\":%u,\"span\":%llu,\"result\":%u,\"value\":",
            graph_nodes(g), (unsigned long long)graph_span(g), graph_result(g));
    json_string(h, meta->value ? meta->value : "");
    fprintf(h, ",\"heap_edges\":%zu,\"kinds\":[", graph_heap_edges(g));
    for (int k = 0; k < NK__COUNT; k++) fprintf(h, "%s\"%s\"", k ? "," : "", graph_kind_name((NodeKind)k));
    fputs("],\"heap_kinds\":[\"use\",\"retain\"],\"files\":[", h);
    for (uint32_t i = 0; i < meta->nfiles; i++) {
        if (i) fputc(',', h);
        json_string(h, meta->files[i]);
    }
    fputs("],\"annots\":[", h);
    for (uint32_t a = 0; a < meta->nannots; a++) {
        fputs(a ? ",{\"text\":" : "{\"text\":", h);
        json_string(h, meta->annots[a].text ? meta->annots[a].text : "");
        fprintf(h, ",\"file\":%u,\"line\":%u,\"col\":%u}", meta->annots[a].file, meta->annots[a].line,
                meta->annots[a].col);
    }
    fputs("],\"arrays\":[", h);
    for (int k = 0; k < NFIELDS; k++) {
        size_t n = field_count(g, (Field)k);
        fprintf(h, "%s{\"name\":\"%s\",\"dtype\":\"<u%u\",\"count\":%zu,\"offset\":%zu}", k ? "," : "",
                field_names[k], width[k], n, off);
        off += padded(n * width[k]);
    }
    fprintf(h, "],\"bytes\":%zu}", off);
    if (fclose(h)) { free(text); return -1; }
    /* spaces up to a multiple of ALIGN with the newline: the arrays start aligned */
    fprintf(f, "%s%*s\n", text, (int)(padded(len + 1) - len - 1), "");
    free(text);
    return 0;
}

/* Field f's entries, little-endian at its width, then zeros to ALIGN. */
static void write_field(FILE *f, const Graph *g, Field fl, unsigned w, uint8_t *buf)
{
    size_t n = field_count(g, fl);
    for (size_t i = 0; i < n;) {
        size_t end = n - i < CHUNK ? n : i + CHUNK;
        uint8_t *p = buf;
        for (; i < end; i++, p += w) {
            uint32_t x = field_value(g, fl, i);
            p[0] = (uint8_t)x;
            if (w > 1) p[1] = (uint8_t)(x >> 8);
            if (w > 2) p[2] = (uint8_t)(x >> 16), p[3] = (uint8_t)(x >> 24);
        }
        fwrite(buf, 1, (size_t)(p - buf), f);
    }
    static const uint8_t zeros[ALIGN];
    fwrite(zeros, 1, padded(n * w) - n * w, f);
}

int graph_bin_write(FILE *f, const Graph *g, const GraphBinMeta *meta)
{
    unsigned width[NFIELDS];
    uint8_t *buf = malloc((size_t)CHUNK * 4);
    for (int k = 0; k < NFIELDS; k++) width[k] = field_width(g, (Field)k);
    if (!buf || write_header(f, g, meta, width)) { free(buf); return -1; }
    for (int k = 0; k < NFIELDS; k++) write_field(f, g, (Field)k, width[k], buf);
    free(buf);
    return ferror(f) ? -1 : 0;
}
