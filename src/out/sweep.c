/*
 * sweep.c — see sweep.h.  Sizes, the CSV rows of one size, reading them
 * back, and the two plots drawn from them.
 */
#include "sweep.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "breakdown.h"
#include "plot.h"
#include "sched.h"
#include "textout.h"

#define MAX_SIZES 10000     /* more sizes than anyone would plot */
#define PLOT_HOLDERS 8      /* holders drawn in the breakdown, besides other and the queue */

/* ---- sizes ---- */

/* Room for one more element in *arr (n used of *cap, each elem bytes),
 * doubling from first.  0, or -1 (out of memory). */
static int reserve(void *arr, uint32_t n, uint32_t *cap, size_t elem, uint32_t first)
{
    if (n < *cap) return 0;
    uint32_t c = *cap ? 2 * *cap : first;
    void *p = realloc(*(void **)arr, (size_t)c * elem);
    if (!p) return -1;
    *(void **)arr = p;
    *cap = c;
    return 0;
}

typedef struct Sizes { int64_t *v; uint32_t n, cap; } Sizes;

static int sizes_push(Sizes *s, int64_t x)
{
    if (s->n == MAX_SIZES || reserve(&s->v, s->n, &s->cap, sizeof *s->v, 16)) return -1;
    s->v[s->n++] = x;
    return 0;
}

/* A whole token [s, end) as a decimal integer, '-' or '~' for negative. */
static int parse_int(const char *s, const char *end, int64_t *out)
{
    char buf[32];
    size_t n = (size_t)(end - s);
    if (n == 0 || n >= sizeof buf) return -1;
    memcpy(buf, s, n);
    buf[n] = 0;
    if (buf[0] == '~') buf[0] = '-';
    if (buf[0] == '+' || (buf[0] == '-' && buf[1] == '+') || buf[buf[0] == '-'] == 0) return -1;
    char *e;
    errno = 0;
    long long v = strtoll(buf, &e, 10);
    if (errno || *e) return -1;
    *out = v;
    return 0;
}

static int parse_list(const char *spec, Sizes *s)
{
    for (const char *p = spec;;) {
        const char *end = strchr(p, ',');
        if (!end) end = p + strlen(p);
        int64_t x;
        if (parse_int(p, end, &x) || sizes_push(s, x)) return -1;
        if (!*end) return 0;
        p = end + 1;
    }
}

/* A:B, A:B:STEP, A:B:xF */
static int parse_range(const char *spec, Sizes *s, char *msg, size_t msglen)
{
    const char *c1 = strchr(spec, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
    int64_t a, b, step = 1;
    int times = 0;
    if (!c1 || parse_int(spec, c1, &a) || parse_int(c1 + 1, c2 ? c2 : c1 + strlen(c1), &b)) goto bad;
    if (c2) {
        times = c2[1] == 'x' || c2[1] == '*';
        if (parse_int(c2 + 1 + times, c2 + strlen(c2), &step) || step < 1 + times) goto bad;
        if (times && a < 1) { snprintf(msg, msglen, "'%s': a doubling range starts at 1 or more", spec); return -1; }
    }
    if (a > b) { snprintf(msg, msglen, "'%s': the range is empty (%lld > %lld)", spec, (long long)a, (long long)b); return -1; }
    for (int64_t x = a; x <= b;) {
        if (sizes_push(s, x)) { snprintf(msg, msglen, "'%s': more than %d sizes", spec, MAX_SIZES); return -1; }
        if (times ? x > b / step : x > b - step) break;
        x = times ? x * step : x + step;
    }
    return 0;
bad:
    snprintf(msg, msglen, "'%s': sizes are A:B, A:B:STEP, A:B:xFACTOR or a,b,c (integers)", spec);
    return -1;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

int sweep_parse_sizes(const char *spec, int64_t **sizes, uint32_t *n, char *msg, size_t msglen)
{
    Sizes s = {0};
    int rc;
    if (strchr(spec, ',')) {
        rc = parse_list(spec, &s);
        if (rc) snprintf(msg, msglen, "'%s': a list of sizes is integers a,b,c (at most %d)", spec, MAX_SIZES);
    } else {
        rc = parse_range(spec, &s, msg, msglen);
    }
    if (rc) { free(s.v); return -1; }
    qsort(s.v, s.n, sizeof *s.v, cmp_i64);
    uint32_t k = 0;
    for (uint32_t i = 0; i < s.n; i++)
        if (k == 0 || s.v[k - 1] != s.v[i]) s.v[k++] = s.v[i];
    *sizes = s.v;
    *n = k;
    return 0;
}

/* ---- writing rows ---- */

void sweep_csv_header(FILE *f, const SweepOptions *o)
{
    if (!o->wide) { report_csv_header(f, "param,size", o->exec ? "measured,measured_bound" : NULL); return; }
    CsvRow c = csv_begin(f);
    csv_fmt(&c, "param,size,policy,P,coarse,seed,units,by,with_queue,work,span,steps,idle,hwm,hwm_step,heap,queue,"
            "shares,others");
    for (uint32_t i = 1; i <= o->top; i++) csv_fmt(&c, "h%u_kind,h%u_space,h%u_file,h%u_line,h%u_col,h%u_text", i, i, i, i, i, i);
    if (o->exec) csv_fmt(&c, "measured,measured_bound");
    csv_end(&c);
}

/* The holders columns: the top annotation and result holders (the queue
 * has its own column), after `others`, the space of the rest. */
static void csv_holders(CsvRow *c, const CostRun *r, const Sources *s, const SweepOptions *o, const Measure *sr)
{
    double others = 0;
    uint32_t k = 0;
    for (uint32_t i = 0; i < sr->nholders; i++)
        if (sr->holders[i].kind != HOLDER_QUEUE && k++ >= o->top) others += sr->holders[i].space;
    csv_fmt(c, "%s", num_text(others).s);
    k = 0;
    for (uint32_t i = 0; i < sr->nholders && k < o->top; i++) {
        const Holder *h = &sr->holders[i];
        if (h->kind == HOLDER_QUEUE) continue;
        HolderInfo hi = report_holder_info(r, s, h);
        csv_fmt(c, "%s,%s", h->kind == HOLDER_RESULT ? "result" : "annotation", num_text(h->space).s);
        csv_text(c, hi.file);
        if (hi.line) csv_fmt(c, "%u,%u", hi.line, hi.col);
        else csv_empty(c, 2);
        csv_text(c, hi.text);
        k++;
    }
    csv_empty(c, 6 * (o->top - k));
}

static void csv_row_of(FILE *f, const CostRun *r, const Sources *s, int64_t size, uint64_t span,
                       const SweepOptions *o, const Measure *sr, uint32_t k)
{
    const ReportOptions *ro = o->ro;
    CsvRow c = csv_begin(f);
    csv_text(&c, o->param);
    csv_fmt(&c, "%lld", (long long)size);
    csv_text(&c, sr->policy);
    csv_fmt(&c, "%u,%d,%llu,%s,%s,%d,%u,%llu,%u,%llu,%llu,%u,%llu,%llu,%s", sr->P, ro->coarse,
            (unsigned long long)ro->seed, space_units_names[ro->units], measure_by_names[ro->by],
            ro->with_queue, graph_nodes(&r->g), (unsigned long long)span, sr->T, (unsigned long long)sr->idle,
            (unsigned long long)sr->hwm, sr->hwm_step, (unsigned long long)sr->heap,
            (unsigned long long)sr->queue, sr->approx ? "approximate" : "exact");
    csv_holders(&c, r, s, o, sr);
    if (o->exec)
        csv_fmt(&c, "%llu,%llu", (unsigned long long)o->measured[k], (unsigned long long)o->measured_bound[k]);
    csv_end(&c);
}

/* The long form's own fields around run's: the size before, the measured
 * marks after. */
typedef struct LongRow { const SweepOptions *o; int64_t size; uint32_t k; } LongRow;

static void long_before(CsvRow *c, const void *arg)
{
    const LongRow *l = arg;
    csv_text(c, l->o->param);
    csv_fmt(c, "%lld", (long long)l->size);
}

static void long_after(CsvRow *c, const void *arg)
{
    const LongRow *l = arg;
    if (l->o->exec)
        csv_fmt(c, "%llu,%llu", (unsigned long long)l->o->measured[l->k], (unsigned long long)l->o->measured_bound[l->k]);
}

/* One schedule's rows: run's rows of its holders (long), or one row with
 * the holders in columns (wide). */
static void rows_of(FILE *f, const CostRun *r, const Sources *s, int64_t size, uint64_t span, const SweepOptions *o,
                    const Measure *m, uint32_t k)
{
    if (o->wide) { csv_row_of(f, r, s, size, span, o, m, k); return; }
    ReportOptions ro = *o->ro;
    ro.top = o->top;
    LongRow l = {o, size, k};
    ReportCsvCols x = {long_before, long_after, &l};
    report_csv_schedule(f, r, s, &ro, m, &x);
}

int sweep_csv_rows(FILE *f, const CostRun *r, const Sources *s, int64_t size, const SweepOptions *o,
                   char *msg, size_t msglen)
{
    const ReportOptions *ro = o->ro;
    uint64_t span = o->wide ? graph_span(&r->g) : 0;
    for (uint32_t i = 0; i < ro->npolicies; i++)
        for (uint32_t j = 0; j < ro->nprocs; j++) {
            MeasureOptions mo = report_measure_options(r, ro, ro->policies[i], ro->procs[j]);
            mo.profile = 0;     /* a row needs the mark only */
            Measure m;
            if (measure_run(&r->g, &mo, &m, msg, msglen)) return -1;
            rows_of(f, r, s, size, span, o, &m, i * ro->nprocs + j);
            measure_free(&m);
        }
    return ferror(f) ? (snprintf(msg, msglen, "cannot write the rows"), -1) : 0;
}

/* ---- reading rows back (RFC 4180) ---- */

typedef struct Fields { char **v; uint32_t n, cap; } Fields;

static void fields_clear(Fields *fl)
{
    for (uint32_t i = 0; i < fl->n; i++) free(fl->v[i]);
    fl->n = 0;
}

static int fields_push(Fields *fl, const char *s, size_t n)
{
    if (reserve(&fl->v, fl->n, &fl->cap, sizeof *fl->v, 64)) return -1;
    return (fl->v[fl->n++] = strndup(s, n)) ? 0 : -1;
}

/* One field at s[*i]: quoted ("" is a quote) or plain; into buf (len bytes). */
static size_t csv_field_at(const char *s, size_t len, size_t *i, char *buf)
{
    size_t k = 0, p = *i;
    if (p < len && s[p] == '"') {
        for (p++; p < len; p++) {
            if (s[p] == '"' && !(p + 1 < len && s[p + 1] == '"')) { p++; break; }
            if (s[p] == '"') p++;
            buf[k++] = s[p];
        }
    }
    while (p < len && s[p] != ',' && s[p] != '\r' && s[p] != '\n') buf[k++] = s[p++];
    *i = p;
    return k;
}

/* The next record from *pos: 1, 0 at the end, -1 out of memory. */
static int csv_next(const char *s, size_t len, size_t *pos, Fields *fl, char *buf)
{
    size_t i = *pos;
    fields_clear(fl);
    if (i >= len) return 0;
    for (;;) {
        size_t k = csv_field_at(s, len, &i, buf);
        if (fields_push(fl, buf, k)) return -1;
        if (i < len && s[i] == ',') { i++; continue; }
        if (i < len && s[i] == '\r') i++;
        if (i < len && s[i] == '\n') i++;
        break;
    }
    *pos = i;
    return 1;
}

static int column(const Fields *header, const char *name)
{
    for (uint32_t i = 0; i < header->n; i++)
        if (strcmp(header->v[i], name) == 0) return (int)i;
    return -1;
}

/* Where the columns are; holders' groups by their h<i>_ prefix. */
/* Where the columns are; in the wide form the holders' groups by their
 * h<i>_ prefix, in the long form (is_long) the holder's own columns. */
enum { H_KIND, H_SPACE, H_FILE, H_LINE, H_COL, H_TEXT, H_FIELDS };
typedef struct Columns {
    int size, policy, P, hwm, queue, with_queue, measured;
    uint32_t nh;
    int *h;
    int is_long, one[H_FIELDS];
} Columns;
static const char *const h_names[] = {"kind", "space", "file", "line", "col", "text"};

static int columns_find(const Fields *hd, Columns *c)
{
    *c = (Columns){column(hd, "size"), column(hd, "policy"), column(hd, "P"), column(hd, "hwm"),
                   column(hd, "queue"), column(hd, "with_queue"), column(hd, "measured"), 0, NULL, 0, {0}};
    if (c->size < 0 || c->policy < 0 || c->P < 0 || c->hwm < 0 || c->queue < 0 || c->with_queue < 0) return -1;
    if ((c->is_long = column(hd, "kind") >= 0)) {
        for (int k = 0; k < H_FIELDS; k++)
            if ((c->one[k] = column(hd, h_names[k])) < 0) return -1;
        return 0;
    }
    char name[32];
    for (;;) {
        snprintf(name, sizeof name, "h%u_space", c->nh + 1);
        if (column(hd, name) < 0) return 0;
        int *h = realloc(c->h, (c->nh + 1) * H_FIELDS * sizeof *h);
        if (!h) return -1;
        c->h = h;
        for (int k = 0; k < H_FIELDS; k++) {
            snprintf(name, sizeof name, "h%u_%s", c->nh + 1, h_names[k]);
            if ((h[c->nh * H_FIELDS + k] = column(hd, name)) < 0) return -1;
        }
        c->nh++;
    }
}

/* "file:line:col text", or the text alone for the result. */
static char *holder_label(char *const *h)
{
    size_t n = strlen(h[H_FILE]) + strlen(h[H_LINE]) + strlen(h[H_COL]) + strlen(h[H_TEXT]) + 8;
    char *s = malloc(n);
    if (!s) return NULL;
    if (*h[H_FILE]) snprintf(s, n, "%s:%s:%s %s", h[H_FILE], h[H_LINE], h[H_COL], h[H_TEXT]);
    else snprintf(s, n, "%s", h[H_TEXT]);
    return s;
}

/* Appends holder h (its H_FIELDS texts) to r, which has room. */
static int holder_add(SweepRow *r, char *const *h)
{
    SweepHolder *sh = &r->holders[r->nholders];
    sh->space = strtod(h[H_SPACE], NULL);
    if (!(sh->label = holder_label(h))) return -1;
    r->nholders++;
    return 0;
}

static int row_from(const Fields *fl, const Columns *c, SweepRow *r)
{
    char *const *v = fl->v;
    memset(r, 0, sizeof *r);
    r->size = strtoll(v[c->size], NULL, 10);
    r->P = (uint32_t)strtoul(v[c->P], NULL, 10);
    r->hwm = strtod(v[c->hwm], NULL);
    r->queue = strtod(v[c->queue], NULL);
    r->with_queue = strcmp(v[c->with_queue], "1") == 0;
    r->measured = c->measured >= 0 && *v[c->measured] ? strtod(v[c->measured], NULL) : NAN;
    if (!(r->policy = strdup(v[c->policy]))) return -1;
    if (c->nh && !(r->holders = calloc(c->nh, sizeof *r->holders))) return -1;
    for (uint32_t i = 0; i < c->nh; i++) {
        char *h[H_FIELDS];
        for (int k = 0; k < H_FIELDS; k++) h[k] = v[c->h[i * H_FIELDS + k]];
        if (*h[H_SPACE] && holder_add(r, h)) return -1;
    }
    return 0;
}

/* The long form: a record of the schedule *last already holds (same size,
 * policy and P) adds its holder; another begins a row.  Only annotation
 * and result holders are kept (the queue has its column; others and none
 * hold no annotation). */
static int long_record(const Fields *fl, const Columns *c, SweepRow **rows, uint32_t *n, uint32_t *cap)
{
    char *const *v = fl->v;
    SweepRow *last = *n ? &(*rows)[*n - 1] : NULL;
    if (!last || last->size != strtoll(v[c->size], NULL, 10) || strcmp(last->policy, v[c->policy]) ||
        last->P != (uint32_t)strtoul(v[c->P], NULL, 10)) {
        if (reserve(rows, *n, cap, sizeof **rows, 64)) return -1;
        last = &(*rows)[(*n)++];
        if (row_from(fl, c, last)) return -1;
    }
    const char *kind = v[c->one[H_KIND]];
    if (strcmp(kind, "annotation") && strcmp(kind, "result")) return 0;
    SweepHolder *h = realloc(last->holders, (last->nholders + 1) * sizeof *h);
    if (!h) return -1;
    last->holders = h;
    char *f[H_FIELDS];
    for (int k = 0; k < H_FIELDS; k++) f[k] = v[c->one[k]];
    return holder_add(last, f);
}

void sweep_rows_free(SweepRow *rows, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        for (uint32_t k = 0; k < rows[i].nholders; k++) free(rows[i].holders[k].label);
        free(rows[i].holders);
        free(rows[i].policy);
    }
    free(rows);
}

int sweep_read(const char *csv, size_t len, SweepRow **rows, uint32_t *n, char *msg, size_t msglen)
{
    Fields hd = {0}, fl = {0};
    Columns c = {0};
    size_t pos = 0;
    uint32_t cap = 0;
    char *buf = malloc(len + 1);
    int rc = -1;
    *rows = NULL;
    *n = 0;
    if (!buf || csv_next(csv, len, &pos, &hd, buf) != 1 || columns_find(&hd, &c)) {
        snprintf(msg, msglen, "not a sweep CSV (no header with size, policy, P, hwm, queue)");
        goto done;
    }
    for (int more; (more = csv_next(csv, len, &pos, &fl, buf)) != 0;) {
        if (more < 0) { snprintf(msg, msglen, "out of memory"); goto done; }
        if (fl.n != hd.n) { snprintf(msg, msglen, "row %u has %u fields, not %u", *n + 1, fl.n, hd.n); goto done; }
        int bad = c.is_long ? long_record(&fl, &c, rows, n, &cap)
                            : reserve(rows, *n, &cap, sizeof **rows, 64) || row_from(&fl, &c, &(*rows)[(*n)++]);
        if (bad) { snprintf(msg, msglen, "out of memory"); goto done; }
    }
    rc = 0;
done:
    fields_clear(&hd); free(hd.v);
    fields_clear(&fl); free(fl.v);
    free(c.h);
    free(buf);
    if (rc) { sweep_rows_free(*rows, *n); *rows = NULL; *n = 0; }
    return rc;
}

/* ---- plots ---- */

/* The lines of the plots: the (policy, P) in order of first appearance,
 * and the sizes, ascending. */
typedef struct Axes {
    const SweepRow **series;    /* a row of each (policy, P) */
    uint32_t nseries;
    double *x;
    uint32_t nx;
    int64_t *sizes;
} Axes;

static int same_series(const SweepRow *a, const SweepRow *b) { return a->P == b->P && !strcmp(a->policy, b->policy); }

static uint32_t series_of(const Axes *a, const SweepRow *r)
{
    uint32_t s = 0;
    while (s < a->nseries && !same_series(a->series[s], r)) s++;
    return s;
}

static uint32_t size_index(const Axes *a, int64_t size)
{
    const int64_t *p = bsearch(&size, a->sizes, a->nx, sizeof size, cmp_i64);
    return (uint32_t)(p - a->sizes);
}

static void axes_free(Axes *a) { free(a->series); free(a->sizes); free(a->x); }

static int axes_make(const SweepRow *rows, uint32_t n, Axes *a)
{
    memset(a, 0, sizeof *a);
    a->series = malloc(n * sizeof *a->series);
    a->sizes = malloc(n * sizeof *a->sizes);
    a->x = malloc(n * sizeof *a->x);
    if (!a->series || !a->sizes || !a->x) { axes_free(a); return -1; }
    for (uint32_t i = 0; i < n; i++) {
        if (series_of(a, &rows[i]) == a->nseries) a->series[a->nseries++] = &rows[i];
        a->sizes[i] = rows[i].size;
    }
    qsort(a->sizes, n, sizeof *a->sizes, cmp_i64);
    for (uint32_t i = 0; i < n; i++)
        if (a->nx == 0 || a->sizes[a->nx - 1] != a->sizes[i]) a->sizes[a->nx++] = a->sizes[i];
    for (uint32_t i = 0; i < a->nx; i++) a->x[i] = (double)a->sizes[i];
    return 0;
}

/* The distinct values of P, ascending, and P's rank among them. */
static uint32_t p_rank(const Axes *a, uint32_t P, uint32_t *nP)
{
    uint32_t below = 0, k = 0;
    for (uint32_t s = 0; s < a->nseries; s++) {
        int first = 1;
        for (uint32_t t = 0; t < s; t++) first &= a->series[t]->P != a->series[s]->P;
        if (!first) continue;
        k++;
        below += a->series[s]->P < P;
    }
    *nP = k;
    return below;
}

static uint32_t policy_style(const char *policy)
{
    uint32_t i = 0;
    while (sched_policy_names[i] && strcmp(sched_policy_names[i], policy)) i++;
    return i;
}

static char *series_title(const SweepRow *r)
{
    char *s = malloc(strlen(r->policy) + 24);
    if (s) sprintf(s, "%s, P=%u", r->policy, r->P);
    return s;
}

/* Paper Fig. 10: one line per (policy, P), markers larger for more
 * processors; with measured marks (pml sweep --exec), one series of points
 * more per (policy, P). */
static int plot_hwm(const SweepRow *rows, uint32_t n, const Axes *a, const SweepPlotOptions *o,
                    char *msg, size_t msglen)
{
    int measured = 0;
    for (uint32_t i = 0; i < n; i++) measured |= !isnan(rows[i].measured);
    uint32_t ns = a->nseries * (measured ? 2 : 1);
    double *y = malloc((size_t)a->nx * ns * sizeof *y);
    PlotSeries *ps = calloc(ns, sizeof *ps);
    char title[256], ylabel[64];
    int rc = -1;
    if (!y || !ps) { snprintf(msg, msglen, "out of memory"); goto done; }
    for (size_t i = 0; i < (size_t)a->nx * ns; i++) y[i] = NAN;
    for (uint32_t i = 0; i < n; i++) {
        size_t at = (size_t)size_index(a, rows[i].size) * ns + series_of(a, &rows[i]);
        y[at] = rows[i].hwm;
        if (measured) y[at + a->nseries] = rows[i].measured;
    }
    for (uint32_t s = 0; s < ns; s++) {
        const SweepRow *r = a->series[s % a->nseries];
        uint32_t nP, rank = p_rank(a, r->P, &nP);
        ps[s] = (PlotSeries){series_title(r), policy_style(r->policy), nP > 1 ? 0.7 + 1.3 * rank / (nP - 1) : 1.0,
                             s >= a->nseries};
        if (!ps[s].title) { snprintf(msg, msglen, "out of memory"); goto done; }
        if (s >= a->nseries) {
            char *t = realloc((char *)ps[s].title, strlen(ps[s].title) + 16);
            if (!t) { snprintf(msg, msglen, "out of memory"); goto done; }
            ps[s].title = strcat(t, ", measured");
        }
    }
    snprintf(title, sizeof title, "%s: high-water mark against %s%s", o->program, o->param,
             measured ? " (lines: predicted, points: measured)" : "");
    snprintf(ylabel, sizeof ylabel, "high-water mark (%s)", o->units);
    PlotLines pl = {title, o->param, ylabel, o->loglog, a->nx, ns, a->x, y, ps};
    rc = plot_lines(o->svg, &pl, msg, msglen);
done:
    for (uint32_t s = 0; ps && s < ns; s++) free((char *)ps[s].title);
    free(ps);
    free(y);
    return rc;
}

/* ---- the breakdown by holder ---- */

/* The holders as breakdown rows: each label keyed by its rank among the
 * distinct labels (so ties go to the first label in strcmp order), each
 * holder weighing its share of its row's high-water mark. */
typedef struct Keyed {
    const char **label;         /* the distinct labels, sorted */
    uint32_t nlabels;
    BreakdownCell *cells;
    BreakdownRow *row;
} Keyed;

static int cmp_str(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

static void keyed_free(Keyed *k) { free(k->label); free(k->cells); free(k->row); }

static int keyed_make(const SweepRow *rows, uint32_t n, Keyed *k)
{
    size_t total = 0, c = 0;
    memset(k, 0, sizeof *k);
    for (uint32_t i = 0; i < n; i++) total += rows[i].nholders;
    k->label = malloc((total ? total : 1) * sizeof *k->label);
    k->cells = malloc((total ? total : 1) * sizeof *k->cells);
    k->row = malloc((n ? n : 1) * sizeof *k->row);
    if (!k->label || !k->cells || !k->row) return -1;
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t h = 0; h < rows[i].nholders; h++) k->label[c++] = rows[i].holders[h].label;
    qsort(k->label, total, sizeof *k->label, cmp_str);
    for (size_t i = 0; i < total; i++)
        if (k->nlabels == 0 || strcmp(k->label[k->nlabels - 1], k->label[i])) k->label[k->nlabels++] = k->label[i];
    c = 0;
    for (uint32_t i = 0; i < n; i++) {
        const SweepRow *r = &rows[i];
        double queue = r->with_queue ? r->queue : 0;
        k->row[i] = (BreakdownRow){k->cells + c, r->nholders, r->hwm - queue, queue, r->hwm > 0 ? 1 / r->hwm : 0};
        for (uint32_t h = 0; h < r->nholders; h++) {
            const char **at = bsearch(&r->holders[h].label, k->label, k->nlabels, sizeof *k->label, cmp_str);
            k->cells[c++] = (BreakdownCell){(uint32_t)(at - k->label), r->holders[h].space};
        }
    }
    return 0;
}

/* Paper Figs. 2b and 11: per (policy, P), who holds the hwm, stacked. */
static int plot_holders(const SweepRow *rows, uint32_t n, const Axes *a, const SweepPlotOptions *o,
                        const char *svg, char *msg, size_t msglen)
{
    uint32_t picked[PLOT_HOLDERS], np = 0, nl, nP;
    Keyed k;
    int keyed = keyed_make(rows, n, &k) == 0;
    if (keyed) np = breakdown_pick(k.row, n, k.nlabels, PLOT_HOLDERS, picked);
    nl = np + 2;
    PlotLayer *layers = calloc(nl, sizeof *layers);
    PlotPanel *panels = calloc(a->nseries, sizeof *panels);
    double *y = malloc((size_t)a->nseries * a->nx * nl * sizeof *y);
    char title[256], ylabel[64];
    int rc = -1;
    if (!keyed || !layers || !panels || !y) { snprintf(msg, msglen, "out of memory"); goto done; }
    for (uint32_t l = 0; l < np; l++) layers[l].title = strdup(k.label[picked[l]]);
    breakdown_layers(layers, np);
    for (uint32_t l = 0; l < nl; l++)
        if (!layers[l].title) { snprintf(msg, msglen, "out of memory"); goto done; }
    for (size_t i = 0; i < (size_t)a->nseries * a->nx * nl; i++) y[i] = NAN;
    for (uint32_t i = 0; i < n; i++) {
        size_t at = ((size_t)series_of(a, &rows[i]) * a->nx + size_index(a, rows[i].size)) * nl;
        breakdown_fill(&k.row[i], picked, np, y + at);
    }
    for (uint32_t s = 0; s < a->nseries; s++)
        panels[s] = (PlotPanel){series_title(a->series[s]), a->nx, a->x, y + (size_t)s * a->nx * nl, NAN};
    p_rank(a, 0, &nP);
    snprintf(title, sizeof title, "%s: who holds the space at the high-water mark, against %s", o->program, o->param);
    snprintf(ylabel, sizeof ylabel, "space (%s)", o->units);
    PlotStack st = {title, o->param, ylabel, nl, a->nseries, a->nseries % nP ? 1 : nP, layers, panels};
    rc = plot_stack(svg, &st, msg, msglen);
done:
    for (uint32_t l = 0; layers && l < nl; l++) free((char *)layers[l].title);
    for (uint32_t s = 0; panels && s < a->nseries; s++) free((char *)panels[s].title);
    free(layers);
    free(panels);
    free(y);
    keyed_free(&k);
    return rc;
}

/* X.svg -> X-holders.svg (.png, .pdf alike) */
static char *holders_path(const char *pic)
{
    size_t n = strlen(pic);
    const char *ext = plot_format(pic) >= 0 ? pic + n - 4 : "";
    n -= strlen(ext);
    char *p = malloc(n + 16);
    if (p) sprintf(p, "%.*s-holders%s", (int)n, pic, ext);
    return p;
}

int sweep_plot(const SweepRow *rows, uint32_t n, const SweepPlotOptions *o, char *msg, size_t msglen)
{
    Axes a;
    char *svg2 = holders_path(o->svg);
    int rc = -1;
    if (n == 0) snprintf(msg, msglen, "nothing to plot");
    else if (!svg2 || axes_make(rows, n, &a)) snprintf(msg, msglen, "out of memory");
    else {
        rc = plot_hwm(rows, n, &a, o, msg, msglen);
        if (rc == 0) rc = plot_holders(rows, n, &a, o, svg2, msg, msglen);
        axes_free(&a);
    }
    free(svg2);
    return rc;
}
