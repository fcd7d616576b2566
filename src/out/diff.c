/*
 * diff.c — two schedules compared: site deltas at the marks and the space
 * curves on one step axis.  See diff.h.
 */
#include "diff.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "textout.h"

void diff_free(Diff *d)
{
    free(d->sites);
    memset(d, 0, sizeof *d);
}

double diff_space_at(const Measure *m, uint32_t i)
{
    if (i > m->T) return 0;
    return (double)m->space.heap[i] + (m->space.with_queue ? (double)m->space.queue[i] : 0);
}

/* Sites in a canonical order: kind, then annotation. */
static int cmp_site_key(const void *x, const void *y)
{
    const DiffSite *a = x, *b = y;
    if (a->kind != b->kind) return (int)a->kind - (int)b->kind;
    return (a->annot > b->annot) - (a->annot < b->annot);
}

/* Largest growth first, largest shrink last; ties in key order. */
static int cmp_site_delta(const void *x, const void *y)
{
    const DiffSite *a = x, *b = y;
    if (a->delta != b->delta) return a->delta < b->delta ? 1 : -1;
    return cmp_site_key(x, y);
}

static uint32_t holder_annot(const Holder *h) { return h->kind == HOLDER_ANNOT ? h->annot : 0; }

int diff_marks(const Measure *a, const Measure *b, Diff *out)
{
    memset(out, 0, sizeof *out);
    size_t n = (size_t)a->nholders + b->nholders;
    DiffSite *s = malloc((n ? n : 1) * sizeof *s);
    if (!s) return -1;
    for (uint32_t i = 0; i < a->nholders; i++) {
        s[i] = (DiffSite){ a->holders[i].kind, holder_annot(&a->holders[i]), a->holders[i].space, 0, 0 };
        out->sum_a += a->holders[i].space;
    }
    for (uint32_t i = 0; i < b->nholders; i++) {
        s[a->nholders + i] = (DiffSite){ b->holders[i].kind, holder_annot(&b->holders[i]), 0, b->holders[i].space, 0 };
        out->sum_b += b->holders[i].space;
    }
    qsort(s, n, sizeof *s, cmp_site_key);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {            /* one site per key: a and b added */
        if (k > 0 && cmp_site_key(&s[k - 1], &s[i]) == 0) { s[k - 1].a += s[i].a; s[k - 1].b += s[i].b; }
        else s[k++] = s[i];
    }
    double sum = 0;
    uint32_t kept = 0;
    for (size_t i = 0; i < k; i++) {
        s[i].delta = s[i].b - s[i].a;
        if (s[i].delta != 0) { s[kept++] = s[i]; sum += s[i].delta; }
    }
    qsort(s, kept, sizeof *s, cmp_site_delta);
    out->sites = s;
    out->nsites = kept;
    out->residual = ((double)b->hwm - (double)a->hwm) - sum;
    return 0;
}

/* ---- text ----------------------------------------------------------------- */

static HolderInfo site_info(const DiffOut *o, const DiffSite *s)
{
    Holder h = { s->kind, s->annot, 0, 0 };
    return report_holder_info(o->run, o->src, &h);
}

static void text_cut(FILE *f, const char *s, size_t max)
{
    size_t n = 0;
    for (; *s; s++, n++) {
        if (n >= max && ((unsigned char)*s & 0xC0) != 0x80) { fputs("...", f); return; }
        fputc((unsigned char)*s < 0x20 ? ' ' : *s, f);
    }
}

static void text_site(FILE *f, const DiffOut *o, const DiffSite *s)
{
    HolderInfo hi = site_info(o, s);
    fprintf(f, "  %+10.2f %10.2f %10.2f  ", s->delta, s->a, s->b);
    if (hi.line) fprintf(f, "%s:%u:%u  ", hi.file, hi.line, hi.col);
    text_cut(f, hi.text, 60);
    fputc('\n', f);
}

static void text_curves(FILE *f, const DiffOut *o, const Measure *a, const Measure *b)
{
    uint32_t T = a->T > b->T ? a->T : b->T, rows = 12;
    fprintf(f, "\nspace (%s) on one step axis (sampled; * the high-water mark):\n", o->units);
    fprintf(f, "  %10s %12s %12s\n", "step", o->name_a, o->name_b);
    uint32_t marks[2] = { a->hwm_step, b->hwm_step };
    uint32_t steps[16], ns = 0;
    for (uint32_t r = 0; r <= rows; r++) steps[ns++] = (uint32_t)((uint64_t)T * r / rows);
    steps[ns++] = marks[0]; steps[ns++] = marks[1];
    for (uint32_t i = 1; i < ns; i++)                           /* insertion sort */
        for (uint32_t j = i; j > 0 && steps[j - 1] > steps[j]; j--) {
            uint32_t t = steps[j]; steps[j] = steps[j - 1]; steps[j - 1] = t;
        }
    for (uint32_t i = 0; i < ns; i++) {
        if (i > 0 && steps[i] == steps[i - 1]) continue;
        uint32_t t = steps[i];
        fprintf(f, "  %10u %11.0f%c %11.0f%c\n", t, diff_space_at(a, t), t == marks[0] ? '*' : ' ',
                diff_space_at(b, t), t == marks[1] ? '*' : ' ');
    }
}

int diff_write_text(FILE *f, const DiffOut *o, const Measure *a, const Measure *b, const Diff *d)
{
    fprintf(f, "A = %s: %u steps, high-water mark %llu %s at step %u\n", o->name_a, a->T,
            (unsigned long long)a->hwm, o->units, a->hwm_step);
    fprintf(f, "B = %s: %u steps, high-water mark %llu %s at step %u\n", o->name_b, b->T,
            (unsigned long long)b->hwm, o->units, b->hwm_step);
    fprintf(f, "B - A: %+lld %s", (long long)b->hwm - (long long)a->hwm, o->units);
    if (a->hwm) fprintf(f, " (B is %.2fx A)", (double)b->hwm / (double)a->hwm);
    fputc('\n', f);
    text_curves(f, o, a, b);
    if (d->nsites == 0) {
        fputs("\nno site holds a different amount at the two marks\n", f);
        return ferror(f) ? -1 : 0;
    }
    fprintf(f, "\nthe difference of the marks by holder (held by %s, grouped by %s; the deltas add up to %+.6g):\n",
            o->by, o->group, (double)b->hwm - (double)a->hwm - d->residual);
    fprintf(f, "  %10s %10s %10s  site\n", "B - A", "A", "B");
    /* the K largest growths, then the K largest shrinks (K = top, 0: all) */
    uint32_t grow = 0;
    while (grow < d->nsites && d->sites[grow].delta > 0) grow++;
    uint32_t shrink = d->nsites - grow;
    uint32_t ng = o->top && o->top < grow ? o->top : grow;
    uint32_t nsh = o->top && o->top < shrink ? o->top : shrink;
    double rest = 0;
    uint32_t others = 0;
    for (uint32_t i = 0; i < d->nsites; i++) {
        int show = i < ng || i >= d->nsites - nsh;
        if (show) text_site(f, o, &d->sites[i]);
        else { rest += d->sites[i].delta; others++; }
    }
    if (others) fprintf(f, "  %+10.2f %21s  (%u more sites)\n", rest, "", others);
    fprintf(f, "\n%u site%s grow%s from A to B, %u shrink%s\n", grow, grow == 1 ? "" : "s",
            grow == 1 ? "s" : "", d->nsites - grow, d->nsites - grow == 1 ? "s" : "");
    return ferror(f) ? -1 : 0;
}

/* ---- JSON ------------------------------------------------------------------ */

static const char *const kind_names[] = { "annotation", "result", "queue" };

static void json_side(FILE *f, const char *key, const char *name, const Measure *m, uint32_t T,
                      uint32_t stride, const char *end)
{
    fprintf(f, "  \"%s\": {\"name\": ", key);
    json_string(f, name);
    fprintf(f, ", \"policy\": ");
    json_string(f, m->policy);
    fprintf(f, ", \"P\": %u, \"steps\": %u, \"hwm\": %llu, \"hwm_step\": %u,\n    \"curve\": [",
            m->P, m->T, (unsigned long long)m->hwm, m->hwm_step);
    for (uint32_t s = 0; s <= T; s += stride) {         /* the max over [s, s + stride) */
        double mx = 0;
        for (uint32_t t = s; t < s + stride && t <= T; t++) {
            double v = diff_space_at(m, t);
            if (v > mx) mx = v;
        }
        fprintf(f, s ? ",%s" : "%s", num_text(mx).s);
    }
    fprintf(f, "]}%s\n", end);
}

int diff_write_json(FILE *f, const DiffOut *o, const Measure *a, const Measure *b, const Diff *d,
                    uint32_t max_points)
{
    uint32_t T = a->T > b->T ? a->T : b->T;
    uint32_t stride = max_points && T + 1 > max_points ? (T + max_points) / max_points : 1;
    json_open(f, "diff");
    fprintf(f, "\n  \"units\": \"%s\", \"by\": \"%s\", \"group\": \"%s\", \"steps\": %u, \"stride\": %u,\n", o->units,
            o->by[0] == 'u' ? "use" : "alloc", o->group, T, stride);
    json_side(f, "a", o->name_a, a, T, stride, ",");
    json_side(f, "b", o->name_b, b, T, stride, ",");
    fprintf(f, "  \"difference\": %s, \"residual\": %s,\n  \"sites\": [",
            num_text((double)b->hwm - (double)a->hwm).s, num_text(d->residual).s);
    for (uint32_t i = 0; i < d->nsites; i++) {
        const DiffSite *s = &d->sites[i];
        HolderInfo hi = site_info(o, s);
        fprintf(f, "%s\n    {\"kind\": \"%s\", \"delta\": %s, \"a\": %s, \"b\": %s, \"file\": ",
                i ? "," : "", kind_names[s->kind], num_text(s->delta).s, num_text(s->a).s, num_text(s->b).s);
        json_string(f, hi.file);
        fprintf(f, ", \"line\": %u, \"col\": %u, \"text\": ", hi.line, hi.col);
        json_string(f, hi.text);
        fputc('}', f);
    }
    fprintf(f, "%s]\n}\n", d->nsites ? "\n  " : "");
    return ferror(f) ? -1 : 0;
}
