/*
 * shard.c — see shard.h.  Dealing the sizes, the mark line, and the merge.
 *
 * The merge reads files that may come from anywhere: every number is read
 * whole and checked against its range (no strtoul, which skips blanks and
 * line ends, takes signs and wraps), every compare stays inside the text,
 * and the text need not end in a NUL.
 */
#include "shard.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "measure.h"
#include "space.h"
#include "textout.h"

uint32_t shard_pick(uint32_t n, uint32_t i, uint32_t k, uint32_t *pick)
{
    uint32_t m = 0;
    /* the j-th largest size (j = 0, 1, …) goes to shard j mod k + 1 */
    for (uint32_t x = 0; x < n; x++)
        if ((n - 1 - x) % k == i - 1) pick[m++] = x;
    return m;
}

/* ---- the mark ---- */

uint64_t shard_hash(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

/* Free text in a field: no blank, line end, separator or escape left bare. */
static void put_escaped(FILE *f, const char *s)
{
    for (const unsigned char *c = (const unsigned char *)s; *c; c++)
        if (*c <= ' ' || *c == 0x7f || *c == '\\' || *c == ',' || *c == '=') fprintf(f, "\\x%02x", *c);
        else fputc(*c, f);
}

static int cmp_param(const void *a, const void *b)
{
    return strcmp(((const Param *)a)->name, ((const Param *)b)->name);
}

int shard_write_mark(FILE *f, const ShardMark *m)
{
    const ReportOptions *ro = m->ro;
    Param *d = malloc((m->nparams + 1) * sizeof *d);
    if (!d) return -1;
    if (m->nparams) memcpy(d, m->params, m->nparams * sizeof *d);
    qsort(d, m->nparams, sizeof *d, cmp_param);     /* -D a=1 -D b=2 is -D b=2 -D a=1 */
    fprintf(f, SHARD_MARK "%u/%u rows=%u sizes=", m->i, m->k, ro->npolicies * ro->nprocs);
    for (uint32_t x = 0; x < m->nsizes; x++) fprintf(f, "%s%" PRId64, x ? "," : "", m->sizes[x]);
    fputs(" param=", f);
    put_escaped(f, m->param);
    fprintf(f, " units=%s sched=", space_units_names[ro->units]);
    for (uint32_t x = 0; x < ro->npolicies; x++) fprintf(f, "%s%s", x ? "," : "", ro->policies[x]);
    fputs(" p=", f);
    for (uint32_t x = 0; x < ro->nprocs; x++) fprintf(f, "%s%u", x ? "," : "", ro->procs[x]);
    fprintf(f, " coarse=%d seed=%" PRIu64 " by=%s group=%s queue=%d fork-cost=%u steal-cost=%u top=%u wide=%d D=",
            ro->coarse, ro->seed, measure_by_names[ro->by], measure_group_names[ro->group], ro->with_queue,
            ro->fork_cost, ro->steal_cost, m->top, m->wide);
    for (uint32_t x = 0; x < m->nparams; x++) {
        if (x) fputc(',', f);
        put_escaped(f, d[x].name);
        fprintf(f, "=%" PRId64, d[x].value);
    }
    fprintf(f, " exec=%" PRIu64 " prelude=%016" PRIx64 " source=%016" PRIx64 " version=", m->exec_sample, m->prelude,
            m->source);
    put_escaped(f, m->version);
    fputs(" file=", f);
    put_escaped(f, m->file);
    fputc('\n', f);
    free(d);
    return 0;
}

/* ---- reading parts ---- */

/* A stretch of a part's text. */
typedef struct Text { const char *s, *e; } Text;

static size_t text_len(Text t) { return (size_t)(t.e - t.s); }

static int text_eq(Text a, Text b) { return text_len(a) == text_len(b) && !memcmp(a.s, b.s, text_len(a)); }

/* [s, e) as a whole decimal in canonical form (digits only, no leading
 * zero), at most max: 0 with *out, or -1. */
static int parse_u64(const char *s, const char *e, uint64_t max, uint64_t *out)
{
    uint64_t v = 0;
    if (s == e || (*s == '0' && e - s > 1)) return -1;
    for (; s < e; s++) {
        if (*s < '0' || *s > '9') return -1;
        uint64_t d = (uint64_t)(*s - '0');
        if (d > max || v > (max - d) / 10) return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

/* The same with an optional '-' (not "-0"), as %PRId64 writes it. */
static int parse_i64(const char *s, const char *e, int64_t *out)
{
    uint64_t u;
    int neg = s < e && *s == '-';
    if (parse_u64(s + neg, e, neg ? (uint64_t)INT64_MAX + 1 : INT64_MAX, &u) || (neg && u == 0)) return -1;
    *out = neg ? -(int64_t)(u - 1) - 1 : (int64_t)u;
    return 0;
}

/* One CSV record from p (quoted fields may hold line ends): its end, just
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

static uint32_t newlines(const char *p, const char *end)
{
    uint32_t n = 0;
    for (; p < end && (p = memchr(p, '\n', (size_t)(end - p))); p++) n++;
    return n;
}

/* A part, read: which shard, what sweep (the mark after "I/K "), the
 * header, and where its rows start. */
typedef struct Part {
    uint32_t i, k;
    Text key;                   /* "rows=… file=…" */
    Text header;                /* the CSV header, with its line end */
    const char *rows, *end;
    uint32_t rows_line;         /* the line of the first row (the header is line 1) */
} Part;

static int part_read(const ShardPart *sp, Part *p, char *msg, size_t msglen)
{
    const char *t = sp->mark, *end = sp->text + sp->len;
    size_t lm = strlen(SHARD_MARK);
    const char *nl = t ? memchr(t, '\n', sp->mark_len) : NULL;
    if (!t) {
        snprintf(msg, msglen, "%s: not a part of a sharded sweep (no %s%s beside it; run pml sweep with --shard I/K)",
                 sp->name, sp->name, SHARD_SUFFIX);
        return -1;
    }
    if (!nl || (size_t)(nl - t) < lm || memcmp(t, SHARD_MARK, lm)) {
        snprintf(msg, msglen, "%s%s: not a shard's mark (no '%s' line)", sp->name, SHARD_SUFFIX, SHARD_MARK "I/K");
        return -1;
    }
    const char *s = t + lm, *slash = memchr(s, '/', (size_t)(nl - s));
    const char *blank = slash ? memchr(slash, ' ', (size_t)(nl - slash)) : NULL;
    uint64_t i, k;
    if (!blank || parse_u64(s, slash, SHARD_MAX, &i) || parse_u64(slash + 1, blank, SHARD_MAX, &k) || i == 0 || i > k) {
        snprintf(msg, msglen, "%s%s: the mark does not say which shard I/K it is (1 <= I <= K <= %d)", sp->name,
                 SHARD_SUFFIX, SHARD_MAX);
        return -1;
    }
    p->i = (uint32_t)i;
    p->k = (uint32_t)k;
    p->key = (Text){blank + 1, nl};
    p->header = (Text){sp->text, record_end(sp->text, end)};
    if (!p->header.e) { snprintf(msg, msglen, "%s: no CSV header (cut short?)", sp->name); return -1; }
    p->rows = p->header.e;
    p->end = end;
    p->rows_line = 2;
    return 0;
}

/* The key's next field after *at (fields are separated by one space): 0
 * with *f, or -1 at its end. */
static int next_field(Text key, const char **at, Text *f)
{
    if (*at >= key.e) return -1;
    const char *sp = memchr(*at, ' ', (size_t)(key.e - *at));
    *f = (Text){*at, sp ? sp : key.e};
    *at = sp ? sp + 1 : key.e;
    return 0;
}

/* The value of "name=" in the key. */
static int key_field(Text key, const char *name, Text *v)
{
    size_t ln = strlen(name);
    Text f;
    for (const char *at = key.s; !next_field(key, &at, &f);)
        if (text_len(f) > ln && !memcmp(f.s, name, ln) && f.s[ln] == '=') {
            *v = (Text){f.s + ln + 1, f.e};
            return 0;
        }
    return -1;
}

static int hex(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Free text from the mark, its \xHH undone (malloc'd); NULL if damaged. */
static char *unescape(Text t)
{
    char *s = malloc(text_len(t) + 1), *o = s;
    for (const char *c = t.s; s && c < t.e; c++) {
        if (*c != '\\') { *o++ = *c; continue; }
        int v = t.e - c >= 4 && c[1] == 'x' && hex(c[2]) >= 0 && hex(c[3]) >= 0 ? hex(c[2]) * 16 + hex(c[3]) : 0;
        if (!v) { free(s); return NULL; }
        *o++ = (char)v;
        c += 3;
    }
    if (s) *o = 0;
    return s;
}

/* A comma-separated list of non-empty items (malloc'd, at least one). */
static int split_list(Text v, Text **items, uint32_t *n)
{
    uint64_t cap = 1;
    for (const char *c = v.s; c < v.e; c++) cap += *c == ',';
    if (cap > UINT32_MAX || !(*items = malloc(cap * sizeof **items))) return -1;
    *n = 0;
    for (const char *s = v.s;;) {
        const char *c = memchr(s, ',', (size_t)(v.e - s));
        Text it = {s, c ? c : v.e};
        if (!text_len(it)) return -1;
        (*items)[(*n)++] = it;
        if (!c) return 0;
        s = c + 1;
    }
}

static int is_name(Text t, const char *const *names)
{
    for (; *names; names++)
        if (strlen(*names) == text_len(t) && !memcmp(*names, t.s, text_len(t))) return 1;
    return 0;
}

/* ---- the merge ---- */

/* What the mark says of the sweep, and where each size's rows are. */
typedef struct Merge {
    const ShardPart *parts;
    Part *p;
    uint32_t n, k;
    int64_t *sizes;             /* ascending */
    uint32_t nsizes;
    Text *policies, *procs;     /* each row's policy and P, as written */
    uint32_t npolicies, nprocs;
    Text param;                 /* as in the mark (escaped), for messages */
    char *head;                 /* the param field of every row, as CSV */
    char *tails;                /* for policy a and P b (j = a * nprocs + b): "policy,P,coarse,seed,units,by,queue," */
    size_t *tail_at;            /* tail j is tails[tail_at[j] .. tail_at[j + 1]) */
    struct Slot { const char *start, *end; } *slot;
    int rank;                   /* the long form's rank column; -1 in the wide form */
    uint32_t *pick;
} Merge;

/* The first field where keys a and b differ, in msg. */
static void say_key_diff(const ShardPart *pa, Text a, const ShardPart *pb, Text b, char *msg, size_t msglen)
{
    const char *x = a.s, *y = b.s;
    Text fa = {a.e, a.e}, fb = {b.e, b.e};
    for (;;) {
        int ea = next_field(a, &x, &fa), eb = next_field(b, &y, &fb);
        if (ea) fa = (Text){a.e, a.e};
        if (eb) fb = (Text){b.e, b.e};
        if ((ea && eb) || !text_eq(fa, fb)) break;
    }
    int la = text_len(fa) > 100 ? 100 : (int)text_len(fa), lb = text_len(fb) > 100 ? 100 : (int)text_len(fb);
    snprintf(msg, msglen, "%s and %s are parts of different sweeps: %.*s%s in %s, %.*s%s in %s", pa->name, pb->name,
             la ? la : 7, la ? fa.s : "nothing", text_len(fa) > 100 ? "..." : "", pa->name, lb ? lb : 7,
             lb ? fb.s : "nothing", text_len(fb) > 100 ? "..." : "", pb->name);
}

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
        if (!text_eq(p->key, q->key)) { say_key_diff(&sp[0], q->key, &sp[x], p->key, msg, msglen); goto done; }
        if (!text_eq(p->header, q->header)) {
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

static int parse_sizes(Merge *m, Text v)
{
    Text *it = NULL;
    if (split_list(v, &it, &m->nsizes)) { free(it); return -1; }
    int rc = (m->sizes = malloc(m->nsizes * sizeof *m->sizes)) ? 0 : -1;
    for (uint32_t x = 0; x < m->nsizes && !rc; x++)
        rc = parse_i64(it[x].s, it[x].e, &m->sizes[x]) || (x && m->sizes[x] <= m->sizes[x - 1]) ? -1 : 0;
    free(it);
    return rc;
}

/* The key of every row but the size: its param field, and a tail per (policy, P). */
static int row_keys(Merge *m, const char *param, Text coarse, Text seed, Text units, Text by, Text queue)
{
    size_t len, r = (size_t)m->npolicies * m->nprocs;
    FILE *f = open_memstream(&m->head, &len);
    if (!f) return -1;
    CsvRow c = csv_begin(f);
    csv_text(&c, param);
    csv_empty(&c, 1);
    if (fclose(f) || !(m->tail_at = malloc((r + 1) * sizeof *m->tail_at)) || !(f = open_memstream(&m->tails, &len)))
        return -1;
    for (uint32_t a = 0; a < m->npolicies; a++)
        for (uint32_t b = 0; b < m->nprocs; b++) {
            const Text *v[] = {&m->policies[a], &m->procs[b], &coarse, &seed, &units, &by, &queue};
            m->tail_at[a * m->nprocs + b] = (size_t)ftell(f);
            for (size_t i = 0; i < sizeof v / sizeof *v; i++) fprintf(f, "%.*s,", (int)text_len(*v[i]), v[i]->s);
        }
    m->tail_at[r] = (size_t)ftell(f);
    return fclose(f);
}

/* The sweep, from the (common) mark: sizes, param, policies and P, the
 * options in each row's key, and names for the plots. */
static int read_key(Merge *m, ShardInfo *info, char *msg, size_t msglen)
{
    Text key = m->p[0].key, param = {key.e, key.e}, rows, sizes, units, sched, procs, coarse, seed, by, queue, file;
    uint64_t r, u;
    int bad = key_field(key, "rows", &rows) || parse_u64(rows.s, rows.e, UINT32_MAX, &r) ||
              key_field(key, "sizes", &sizes) || parse_sizes(m, sizes) || key_field(key, "param", &param) ||
              key_field(key, "units", &units) || !is_name(units, space_units_names) ||
              key_field(key, "sched", &sched) || split_list(sched, &m->policies, &m->npolicies) ||
              key_field(key, "p", &procs) || split_list(procs, &m->procs, &m->nprocs) ||
              (uint64_t)m->npolicies * m->nprocs != r || key_field(key, "coarse", &coarse) ||
              parse_u64(coarse.s, coarse.e, 1, &u) || key_field(key, "seed", &seed) ||
              parse_u64(seed.s, seed.e, UINT64_MAX, &u) || key_field(key, "by", &by) ||
              !is_name(by, measure_by_names) || key_field(key, "queue", &queue) ||
              parse_u64(queue.s, queue.e, 1, &u) || key_field(key, "file", &file);
    for (uint32_t b = 0; b < m->nprocs && !bad; b++) bad = parse_u64(m->procs[b].s, m->procs[b].e, UINT32_MAX, &u) || !u;
    m->param = param;
    if (!bad) {
        info->param = unescape(param);
        info->units = unescape(units);
        info->file = unescape(file);
        bad = !info->param || !info->units || !info->file || !*info->param;
    }
    if (bad) { snprintf(msg, msglen, "%s" SHARD_SUFFIX ": the mark is damaged", m->parts[0].name); return -1; }
    if (row_keys(m, info->param, coarse, seed, units, by, queue)) { snprintf(msg, msglen, "out of memory"); return -1; }
    /* the rows' key is their first nine columns */
    static const char cols[] = "param,size,policy,P,coarse,seed,units,by,with_queue,";
    if (text_len(m->p[0].header) < strlen(cols) || memcmp(m->p[0].header.s, cols, strlen(cols))) {
        snprintf(msg, msglen, "%s: the CSV header is not a sweep's (%s...)", m->parts[0].name, cols);
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

/* Whether [r, e) is a row of size x (an index into sizes) with tail j. */
static int row_is(const Merge *m, const char *r, const char *e, uint32_t x, size_t j)
{
    size_t lh = strlen(m->head), lt = m->tail_at[j + 1] - m->tail_at[j];
    char size[24];
    int ls = snprintf(size, sizeof size, "%" PRId64 ",", m->sizes[x]);
    return (size_t)(e - r) >= lh + (size_t)ls + lt && !memcmp(r, m->head, lh) && !memcmp(r + lh, size, (size_t)ls) &&
           !memcmp(r + lh + (size_t)ls, m->tails + m->tail_at[j], lt);
}

/* "n=4 df P=2": the row of size x, tail j, for messages. */
static const char *row_name(const Merge *m, uint32_t x, size_t j, char *buf, size_t n)
{
    const Text *a = &m->policies[j / m->nprocs], *b = &m->procs[j % m->nprocs];
    snprintf(buf, n, "%.*s=%" PRId64 " %.*s P=%.*s", (int)text_len(m->param), m->param.s, m->sizes[x],
             (int)text_len(*a), a->s, (int)text_len(*b), b->s);
    return buf;
}

/* Row [r, e) on line `line` of part x is not the q-th row of its shard
 * (q = rows: the part should have ended): why, in msg. */
static int misplaced(const Merge *m, uint32_t x, uint32_t npick, const char *r, const char *e, uint64_t q,
                     uint32_t line, char *msg, size_t msglen)
{
    const Part *p = &m->p[x];
    size_t per = (size_t)m->npolicies * m->nprocs;
    uint64_t rows = npick * per, found = rows;
    char want[160], got[160];
    for (uint64_t t = 0; t < rows && found == rows; t++)
        if (row_is(m, r, e, m->pick[t / per], t % per)) found = t;
    const char *name = m->parts[x].name;
    if (found < rows) row_name(m, m->pick[found / per], found % per, got, sizeof got);
    if (q < rows) row_name(m, m->pick[q / per], q % per, want, sizeof want);
    if (found < q)
        snprintf(msg, msglen, "%s:%u: a second row for %s (a duplicate)", name, line, got);
    else if (found < rows)
        snprintf(msg, msglen, "%s:%u: no row for %s (this is the row for %s)", name, line, want, got);
    else if (q < rows)
        snprintf(msg, msglen, "%s:%u: a row of no key of shard %u/%u where the row for %s belongs", name, line, p->i,
                 p->k, want);
    else
        snprintf(msg, msglen, "%s:%u: a row of no key of shard %u/%u after its last row", name, line, p->i, p->k);
    return -1;
}

/* Field idx of record [r, e) (quotes kept), or an empty text past its end. */
static Text field_of(const char *r, const char *e, int idx)
{
    int quoted = 0;
    const char *s = r;
    for (const char *c = r; c < e; c++) {
        if (*c == '"') quoted = !quoted;
        else if (!quoted && (*c == ',' || *c == '\n')) {
            if (idx-- == 0) return (Text){s, c};
            s = c + 1;
        }
    }
    return (Text){e, e};
}

/* The long form's rank of [r, e): 1, 2, …; 0 when empty (others, none). */
static uint64_t rank_of(const Merge *m, const char *r, const char *e)
{
    Text f = field_of(r, e, m->rank);
    uint64_t v;
    if (!text_len(f)) return 0;
    return !parse_u64(f.s, f.e, UINT32_MAX, &v) && v ? v : UINT64_MAX;
}

/* The long form: the rows of one schedule (size s, tail j) from r, whose
 * first row is [r, *e): ranks 1, 2, … then at most one row with no rank
 * (others), or one row with no rank (none).  Moves *e past its last row;
 * 0, or -1 with msg (line: r's line). */
static int schedule_rows(const Merge *m, uint32_t x, const char *r, const char **e, uint32_t s, size_t j,
                         uint32_t line, char *msg, size_t msglen)
{
    const char *end = m->p[x].end;
    char got[160];
    for (uint64_t want = 1;; want++) {
        uint64_t rank = rank_of(m, r, *e);
        if (rank == 0) return 0;
        if (rank != want) {
            snprintf(msg, msglen, "%s:%u: a row for %s out of its schedule's rank order (a duplicate?)",
                     m->parts[x].name, line, row_name(m, s, j, got, sizeof got));
            return -1;
        }
        const char *n = *e, *ne = n < end ? record_end(n, end) : NULL;
        if (!ne || !row_is(m, n, ne, s, j)) return 0;
        line += newlines(r, n);
        r = n;
        *e = ne;
    }
}

/* Takes the rows of part x: each of its sizes' rows, policies outer, P
 * inner, each schedule's rows exactly once and in that order. */
static int take_rows(Merge *m, uint32_t x, char *msg, size_t msglen)
{
    const Part *p = &m->p[x];
    const char *name = m->parts[x].name, *r = p->rows, *e;
    uint32_t npick = shard_pick(m->nsizes, p->i, p->k, m->pick), line = p->rows_line;
    size_t per = (size_t)m->npolicies * m->nprocs;
    uint64_t rows = npick * per;
    char want[160];
    for (uint64_t q = 0; q < rows; q++, line += newlines(r, e), r = e) {
        uint32_t s = m->pick[q / per];
        if (r == p->end) {
            snprintf(msg, msglen, "%s:%u: no row for %s: the part ends (cut short?)", name, line,
                     row_name(m, s, q % per, want, sizeof want));
            return -1;
        }
        if (!(e = record_end(r, p->end))) {
            snprintf(msg, msglen, "%s:%u: the last row has no line end (cut short?)", name, line);
            return -1;
        }
        if (!row_is(m, r, e, s, q % per)) return misplaced(m, x, npick, r, e, q, line, msg, msglen);
        if (q % per == 0) m->slot[s].start = r;
        if (m->rank >= 0 && schedule_rows(m, x, r, &e, s, q % per, line, msg, msglen)) return -1;
        m->slot[s].end = e;
    }
    if (r < p->end) return misplaced(m, x, npick, r, (e = record_end(r, p->end)) ? e : p->end, rows, line, msg, msglen);
    return 0;
}

int shard_merge(const ShardPart *parts, uint32_t nparts, FILE *out, ShardInfo *info, char *msg, size_t msglen)
{
    Merge m = {.parts = parts, .p = calloc(nparts ? nparts : 1, sizeof *m.p), .n = nparts};
    int rc = -1;
    memset(info, 0, sizeof *info);
    if (!m.p) { snprintf(msg, msglen, "out of memory"); return -1; }
    if (nparts == 0) { snprintf(msg, msglen, "no parts to merge"); goto done; }
    for (uint32_t x = 0; x < nparts; x++)
        if (part_read(&parts[x], &m.p[x], msg, msglen)) goto done;
    if (check_parts(&m, msg, msglen) || read_key(&m, info, msg, msglen)) goto done;
    m.rank = -1;    /* the wide form has no rank column */
    for (int i = 0; m.rank < 0; i++) {
        Text f = field_of(m.p[0].header.s, m.p[0].header.e, i);
        if (!text_len(f)) break;
        if (text_len(f) == 4 && !memcmp(f.s, "rank", 4)) m.rank = i;
    }
    m.slot = calloc(m.nsizes, sizeof *m.slot);
    m.pick = malloc(m.nsizes * sizeof *m.pick);
    if (!m.slot || !m.pick) { snprintf(msg, msglen, "out of memory"); goto done; }
    for (uint32_t x = 0; x < nparts; x++)
        if (take_rows(&m, x, msg, msglen)) goto done;
    fwrite(m.p[0].header.s, 1, text_len(m.p[0].header), out);
    for (uint32_t s = 0; s < m.nsizes; s++)
        if (m.slot[s].start) fwrite(m.slot[s].start, 1, (size_t)(m.slot[s].end - m.slot[s].start), out);
    rc = 0;
done:
    if (rc) shard_info_free(info);
    free(m.p);
    free(m.sizes);
    free(m.policies);
    free(m.procs);
    free(m.head);
    free(m.tails);
    free(m.tail_at);
    free(m.slot);
    free(m.pick);
    return rc;
}
