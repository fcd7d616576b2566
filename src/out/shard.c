/*
 * shard.c — see shard.h.  Dealing the sizes, the mark line, and the merge.
 */
#include "shard.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

uint32_t shard_pick(uint32_t n, uint32_t i, uint32_t k, uint32_t *pick)
{
    uint32_t m = 0;
    /* the j-th largest size (j = 0, 1, …) goes to shard j mod k + 1 */
    for (uint32_t x = 0; x < n; x++)
        if ((n - 1 - x) % k == i - 1) pick[m++] = x;
    return m;
}

void shard_write_mark(FILE *f, const ShardMark *m)
{
    fprintf(f, SHARD_MARK "%u/%u rows=%u sizes=", m->i, m->k, m->rows_per_size);
    for (uint32_t x = 0; x < m->nsizes; x++) fprintf(f, "%s%" PRId64, x ? "," : "", m->sizes[x]);
    fprintf(f, " param=%s units=%s options=%s file=%s\n", m->param, m->units, m->options, m->file);
}

/* ---- reading parts ---- */

/* One CSV record from pos (quoted fields may hold line ends): its end, just
 * past its LF, or NULL when the text ends without one. */
static const char *record_end(const char *p, const char *end)
{
    int quoted = 0;
    for (; p < end; p++) {
        if (*p == '"') quoted = !quoted;
        else if (*p == '\n' && !quoted) return p + 1;
    }
    return NULL;
}

/* A part, read: which shard, what sweep (the mark after "I/K "), the
 * header, and where its rows start. */
typedef struct Part {
    uint32_t i, k;
    const char *key, *key_end;      /* "rows=… sizes=… param=… options=…" */
    const char *header, *header_end;
    const char *rows, *end;
} Part;

static int part_read(const ShardPart *sp, Part *p, char *msg, size_t msglen)
{
    const char *t = sp->text, *end = t + sp->len;
    size_t lm = strlen(SHARD_MARK);
    const char *nl = memchr(t, '\n', sp->len);
    char *e;
    if (sp->len < lm || memcmp(t, SHARD_MARK, lm) || !nl) {
        snprintf(msg, msglen, "%s: not a part of a sharded sweep (no '%s' line; run pml sweep with --shard I/K)",
                 sp->name, SHARD_MARK "I/K");
        return -1;
    }
    errno = 0;
    unsigned long i = strtoul(t + lm, &e, 10), k = 0;
    if (*e == '/') k = strtoul(e + 1, &e, 10);
    if (errno || k == 0 || i == 0 || i > k || *e != ' ') {
        snprintf(msg, msglen, "%s: the shard line does not say which shard I/K it is", sp->name);
        return -1;
    }
    p->i = (uint32_t)i;
    p->k = (uint32_t)k;
    p->key = e + 1;
    p->key_end = nl;
    p->header = nl + 1;
    p->header_end = record_end(p->header, end);
    if (!p->header_end) { snprintf(msg, msglen, "%s: no CSV header after the shard line (cut short?)", sp->name); return -1; }
    p->rows = p->header_end;
    p->end = end;
    return 0;
}

/* The value of "name=" in the mark's key, up to the next space ("file":
 * to the end of the line). */
static int key_field(const Part *p, const char *name, const char **v, size_t *len)
{
    int to_end = !strcmp(name, "file");
    size_t ln = strlen(name);
    for (const char *s = p->key; s < p->key_end; s++) {
        if ((s == p->key || s[-1] == ' ') && (size_t)(p->key_end - s) > ln && !memcmp(s, name, ln) && s[ln] == '=') {
            *v = s + ln + 1;
            const char *sp = to_end ? NULL : memchr(*v, ' ', (size_t)(p->key_end - *v));
            *len = (size_t)((sp ? sp : p->key_end) - *v);
            return 0;
        }
    }
    return -1;
}

static int parse_sizes(const char *v, size_t len, int64_t **sizes, uint32_t *n)
{
    uint32_t cap = 1;
    for (size_t x = 0; x < len; x++) cap += v[x] == ',';
    *sizes = malloc(cap * sizeof **sizes);
    *n = 0;
    if (!*sizes) return -1;
    char *buf = strndup(v, len), *s = buf, *e;
    if (!buf) return -1;
    for (;;) {
        errno = 0;
        int64_t x = strtoll(s, &e, 10);
        if (errno || e == s || (*n && x <= (*sizes)[*n - 1])) break;
        (*sizes)[(*n)++] = x;
        if (*e != ',') break;
        s = e + 1;
    }
    int ok = *e == 0 && *n == cap;
    free(buf);
    return ok ? 0 : -1;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* ---- the merge ---- */

/* Where each size's rows are: one contiguous run in one part. */
typedef struct Slot { const char *start, *end; uint32_t rows; int closed; } Slot;

typedef struct Merge {
    const ShardPart *parts;
    Part *p;
    uint32_t n, k, rows_per_size;
    int64_t *sizes;
    uint32_t nsizes;
    Slot *slot;
    uint32_t *pick;
} Merge;

/* Every part is a shard of the same sweep, each of 1..K exactly once. */
static int check_parts(Merge *m, char *msg, size_t msglen)
{
    const ShardPart *sp = m->parts;
    m->k = m->p[0].k;
    uint32_t *seen = calloc(m->k + 1, sizeof *seen);
    if (!seen) { snprintf(msg, msglen, "out of memory"); return -1; }
    int rc = -1;
    for (uint32_t x = 0; x < m->n; x++) {
        const Part *p = &m->p[x], *q = &m->p[0];
        if (p->k != m->k) {
            snprintf(msg, msglen, "%s is shard %u/%u but %s is of %u shards", sp[x].name, p->i, p->k, sp[0].name, m->k);
            goto done;
        }
        if (p->key_end - p->key != q->key_end - q->key || memcmp(p->key, q->key, (size_t)(p->key_end - p->key))) {
            snprintf(msg, msglen, "%s and %s are parts of different sweeps (their sizes or options differ)",
                     sp[0].name, sp[x].name);
            goto done;
        }
        if (p->header_end - p->header != q->header_end - q->header ||
            memcmp(p->header, q->header, (size_t)(p->header_end - p->header))) {
            snprintf(msg, msglen, "%s and %s have different CSV headers", sp[0].name, sp[x].name);
            goto done;
        }
        if (seen[p->i]) {
            snprintf(msg, msglen, "shard %u/%u given twice: %s and %s", p->i, m->k, sp[seen[p->i] - 1].name, sp[x].name);
            goto done;
        }
        seen[p->i] = x + 1;
    }
    for (uint32_t i = 1; i <= m->k; i++)
        if (!seen[i]) { snprintf(msg, msglen, "shard %u/%u is missing", i, m->k); goto done; }
    rc = 0;
done:
    free(seen);
    return rc;
}

static int key_string(const Part *p, const char *name, char **out)
{
    const char *v;
    size_t len;
    return key_field(p, name, &v, &len) || !(*out = strndup(v, len)) ? -1 : 0;
}

/* The sweep's sizes, rows per size and names, from the (common) mark. */
static int read_key(Merge *m, ShardInfo *info, char *msg, size_t msglen)
{
    const char *v;
    size_t len;
    char *e;
    if (key_field(&m->p[0], "rows", &v, &len) || (m->rows_per_size = (uint32_t)strtoul(v, &e, 10)) == 0 ||
        e != v + len || key_field(&m->p[0], "sizes", &v, &len) || parse_sizes(v, len, &m->sizes, &m->nsizes) ||
        key_string(&m->p[0], "param", &info->param) || key_string(&m->p[0], "units", &info->units) ||
        key_string(&m->p[0], "file", &info->file)) {
        snprintf(msg, msglen, "%s: the shard line is damaged", m->parts[0].name);
        return -1;
    }
    return 0;
}

void shard_info_free(ShardInfo *si)
{
    free(si->param);
    free(si->units);
    free(si->file);
    memset(si, 0, sizeof *si);
}

/* The size a row is of: its second field. */
static int row_size(const Merge *m, const char *row, const char *end, uint32_t *idx)
{
    const char *c = memchr(row, ',', (size_t)(end - row));
    char *e;
    if (!c) return -1;
    errno = 0;
    int64_t x = strtoll(c + 1, &e, 10);
    if (errno || e == c + 1 || *e != ',') return -1;
    const int64_t *at = bsearch(&x, m->sizes, m->nsizes, sizeof x, cmp_i64);
    if (!at) return -1;
    *idx = (uint32_t)(at - m->sizes);
    return 0;
}

/* Files the rows of part x under their sizes, checking they are its own. */
static int take_rows(Merge *m, uint32_t x, char *msg, size_t msglen)
{
    const Part *p = &m->p[x];
    const char *name = m->parts[x].name;
    uint32_t npick = shard_pick(m->nsizes, p->i, p->k, m->pick), last = UINT32_MAX;
    for (const char *r = p->rows, *e; r < p->end; r = e) {
        uint32_t idx;
        if (!(e = record_end(r, p->end))) { snprintf(msg, msglen, "%s is cut short (its last row has no line end)", name); return -1; }
        if (row_size(m, r, e, &idx)) { snprintf(msg, msglen, "%s: a row of no size of this sweep", name); return -1; }
        if (!bsearch(&idx, m->pick, npick, sizeof idx, cmp_u32)) {
            snprintf(msg, msglen, "%s: size %" PRId64 " is not shard %u/%u's", name, m->sizes[idx], p->i, p->k);
            return -1;
        }
        Slot *s = &m->slot[idx];
        if (idx != last && last != UINT32_MAX) m->slot[last].closed = 1;
        if (s->closed) { snprintf(msg, msglen, "%s: the rows of size %" PRId64 " are not together", name, m->sizes[idx]); return -1; }
        if (!s->start) s->start = r;
        s->end = e;
        s->rows++;
        last = idx;
    }
    for (uint32_t j = 0; j < npick; j++) {
        const Slot *s = &m->slot[m->pick[j]];
        if (s->rows != m->rows_per_size) {
            snprintf(msg, msglen, "%s has %u rows of size %" PRId64 ", not %u (cut short?)", name, s->rows,
                     m->sizes[m->pick[j]], m->rows_per_size);
            return -1;
        }
    }
    return 0;
}

int shard_merge(const ShardPart *parts, uint32_t nparts, FILE *out, ShardInfo *info, char *msg, size_t msglen)
{
    Merge m = {parts, calloc(nparts ? nparts : 1, sizeof *m.p), nparts, 0, 0, NULL, 0, NULL, NULL};
    int rc = -1;
    memset(info, 0, sizeof *info);
    if (!m.p) { snprintf(msg, msglen, "out of memory"); return -1; }
    if (nparts == 0) { snprintf(msg, msglen, "no parts to merge"); goto done; }
    for (uint32_t x = 0; x < nparts; x++)
        if (part_read(&parts[x], &m.p[x], msg, msglen)) goto done;
    if (check_parts(&m, msg, msglen) || read_key(&m, info, msg, msglen)) goto done;
    m.slot = calloc(m.nsizes, sizeof *m.slot);
    m.pick = malloc(m.nsizes * sizeof *m.pick);
    if (!m.slot || !m.pick) { snprintf(msg, msglen, "out of memory"); goto done; }
    for (uint32_t x = 0; x < nparts; x++)
        if (take_rows(&m, x, msg, msglen)) goto done;
    fwrite(m.p[0].header, 1, (size_t)(m.p[0].header_end - m.p[0].header), out);
    for (uint32_t s = 0; s < m.nsizes; s++) fwrite(m.slot[s].start, 1, (size_t)(m.slot[s].end - m.slot[s].start), out);
    rc = 0;
done:
    if (rc) shard_info_free(info);
    free(m.p);
    free(m.sizes);
    free(m.slot);
    free(m.pick);
    return rc;
}
