/*
 * paths_report.c — see paths_report.h.
 */
#include "paths_report.h"

#include <stdlib.h>
#include <string.h>

#include "textout.h"

#define MAX_BRANCHES 4096   /* branches shown of one path */

/* One branch of a path, for people and programs. */
typedef struct Branch {
    const char *kind;   /* "fn" (its clauses), "if", "andalso", "orelse", "case", "handle" */
    Span span;          /* the branch's expression */
    const char *choice; /* "then", "else", "true", "false", "arm", "clause" */
    uint32_t arm;       /* clause or arm number, from 1 */
    char text[64];      /* the arm's pattern */
} Branch;

static void describe(const PathFunc *f, const Sources *s, uint32_t v, uint32_t c, Branch *b)
{
    const Expr *e = f->v[v].site;
    memset(b, 0, sizeof *b);
    b->span = e->span;
    b->arm = c + 1;
    switch (e->kind) {
    case EX_IF: b->kind = "if"; b->choice = c ? "else" : "then"; break;
    case EX_ANDALSO: b->kind = "andalso"; b->choice = c ? "false" : "true"; break;
    case EX_ORELSE: b->kind = "orelse"; b->choice = c ? "true" : "false"; break;
    case EX_HANDLE:
        b->kind = "handle";
        b->choice = c ? "arm" : "returned";
        b->arm = c;
        if (c && e->clauses[c - 1].npats) src_excerpt(s, e->clauses[c - 1].pats[0]->span, b->text, 40);
        break;
    default: {
        const Clause *cl = &e->clauses[c];
        b->kind = e->kind == EX_FN ? "fn" : "case";
        b->choice = e->kind == EX_FN ? "clause" : "arm";
        if (cl->npats) src_excerpt(s, span_join(cl->pats[0]->span, cl->pats[cl->npats - 1]->span), b->text, 40);
    }
    }
}

/* The branches of a counted path: from its id, or from its recorded sequence. */
static uint32_t branches(const PathFunc *f, const PathCount *p, uint32_t *vert, uint32_t *choice)
{
    if (!p->seq) return paths_decode(f, p->id, vert, choice, MAX_BRANCHES);
    uint32_t n = 0;
    for (const char *q = p->seq; *q && n < MAX_BRANCHES;) {
        char *e;
        unsigned long v = strtoul(q, &e, 10), c = *e == '.' ? strtoul(e + 1, &e, 10) : 0;
        if (v == 0) break;  /* the exit */
        vert[n] = (uint32_t)v;
        choice[n++] = (uint32_t)c;
        q = *e ? e + 1 : e;
    }
    return n;
}

static const char *file_of(const Sources *s, Span sp) { return sp.file < s->n ? s->files[sp.file].path : "?"; }

/* A function's name and where it is. */
static void func_name(const PathFunc *f, char *buf, size_t len)
{
    if (f->fn->fn_stages) snprintf(buf, len, "%s (stage %u of %u)", f->fn->fn_name, f->fn->fn_stage, f->fn->fn_stages);
    else snprintf(buf, len, "%s", f->fn->fn_name ? f->fn->fn_name : "fn");
}

typedef struct FuncSum { uint32_t f, lo, hi; uint64_t calls, work; } FuncSum;

static int by_work(const void *a, const void *b)
{
    const FuncSum *x = a, *y = b;
    if (x->work != y->work) return x->work > y->work ? -1 : 1;
    return x->f < y->f ? -1 : x->f > y->f;
}

static const PathCount *sort_base;
static int by_count(const void *a, const void *b)
{
    const PathCount *x = &sort_base[*(const uint32_t *)a], *y = &sort_base[*(const uint32_t *)b];
    if (x->count != y->count) return x->count > y->count ? -1 : 1;
    if (x->seq && y->seq) return strcmp(x->seq, y->seq);
    return x->id < y->id ? -1 : x->id > y->id;
}

static void text_path(FILE *out, const PathFunc *f, const Sources *s, const PathCount *p, const FuncSum *fs,
                      uint32_t *vert, uint32_t *choice)
{
    if (p->seq) fprintf(out, "  %10llu %6.1f%% %12llu  #-", (unsigned long long)p->count,
                        100.0 * (double)p->count / (double)fs->calls, (unsigned long long)p->work);
    else fprintf(out, "  %10llu %6.1f%% %12llu  #%llu", (unsigned long long)p->count,
                 100.0 * (double)p->count / (double)fs->calls, (unsigned long long)p->work, (unsigned long long)p->id);
    uint32_t nb = branches(f, p, vert, choice);
    if (nb == 0) fputs("  (no branch)", out);
    for (uint32_t i = 0; i < nb; i++) {
        Branch b;
        describe(f, s, vert[i], choice[i], &b);
        fprintf(out, "%s %s %s:%u:%u ", i ? ";" : " ", b.kind, file_of(s, b.span), b.span.line, b.span.col);
        if (b.text[0]) fprintf(out, "%s %u `%s`", b.choice, b.arm, b.text);
        else fputs(b.choice, out);
    }
    fputc('\n', out);
}

static void json_path(FILE *out, const PathFunc *f, const Sources *s, const PathCount *p, const FuncSum *fs,
                      uint32_t *vert, uint32_t *choice)
{
    if (p->seq) fputs("{\"id\": null", out);
    else fprintf(out, "{\"id\": %llu", (unsigned long long)p->id);
    fprintf(out, ", \"count\": %llu, \"share\": %s, \"work\": %llu, \"branches\": [", (unsigned long long)p->count,
            num_text((double)p->count / (double)fs->calls).s, (unsigned long long)p->work);
    uint32_t nb = branches(f, p, vert, choice);
    for (uint32_t i = 0; i < nb; i++) {
        Branch b;
        describe(f, s, vert[i], choice[i], &b);
        fprintf(out, "%s{\"kind\": \"%s\", \"file\": ", i ? ", " : "", b.kind);
        json_string(out, file_of(s, b.span));
        fprintf(out, ", \"line\": %u, \"col\": %u, \"choice\": \"%s\"", b.span.line, b.span.col, b.choice);
        if (b.text[0]) { fprintf(out, ", \"arm\": %u, \"pattern\": ", b.arm); json_string(out, b.text); }
        fputc('}', out);
    }
    fputs("]}", out);
}

static void function_head(FILE *out, const PathFunc *f, const Sources *s, const FuncSum *fs, int json)
{
    char name[128];
    func_name(f, name, sizeof name);
    /* a curried stage is placed at its own parameter: the stages of one fun share its span */
    Span sp = f->fn->fn_stages ? f->fn->clauses[0].pats[f->fn->nhidden]->span : f->fn->span;
    uint64_t total = f->v[f->entry].npaths;
    if (json) {
        fputs("{\"name\": ", out);            /* the stage in fields of its own: */
        json_string(out, f->fn->fn_name ? f->fn->fn_name : "fn");
        if (f->fn->fn_stages) fprintf(out, ", \"stage\": %u, \"stages\": %u", f->fn->fn_stage, f->fn->fn_stages);
        fputs(", \"file\": ", out);
        json_string(out, file_of(s, sp));
        fprintf(out, ", \"line\": %u, \"col\": %u, \"calls\": %llu, \"work\": %llu, \"paths_taken\": %u, ",
                sp.line, sp.col, (unsigned long long)fs->calls, (unsigned long long)fs->work, fs->hi - fs->lo);
        if (f->too_many) fputs("\"paths_total\": null, \"paths\": [", out);
        else fprintf(out, "\"paths_total\": %llu, \"paths\": [", (unsigned long long)total);
        return;
    }
    fprintf(out, "\n%s  %s:%u:%u  %llu call%s, %u of ", name, file_of(s, sp), sp.line, sp.col,
            (unsigned long long)fs->calls, fs->calls == 1 ? "" : "s", fs->hi - fs->lo);
    if (f->too_many) fputs("more than 2^62", out);
    else fprintf(out, "%llu", (unsigned long long)total);
    fprintf(out, " path%s taken, work %llu nodes\n", total == 1 && !f->too_many ? "" : "s",
            (unsigned long long)fs->work);
    fprintf(out, "  %10s %7s %12s  %s\n", "calls", "share", "work", "path: branches taken");
}

void paths_report(FILE *out, const PathPlan *pl, const Sources *s, const PathCount *c, uint32_t n,
                  const PathsReportOptions *o)
{
    FuncSum *fs = calloc(pl->nf + 1, sizeof *fs);
    uint32_t nf = 0, *idx = malloc((n + 1) * sizeof *idx);
    uint32_t *vert = malloc(MAX_BRANCHES * sizeof *vert), *choice = malloc(MAX_BRANCHES * sizeof *choice);
    if (!fs || !idx || !vert || !choice) { fputs("pml: error: out of memory\n", stderr); goto done; }
    for (uint32_t i = 0; i < n;) {
        FuncSum *x = &fs[nf++];
        x->f = c[i].f;
        x->lo = i;
        for (; i < n && c[i].f == x->f; i++) { x->calls += c[i].count; x->work += c[i].work; }
        x->hi = i;
    }
    qsort(fs, nf, sizeof *fs, by_work);
    if (o->json) {
        json_open(out, "paths");
        fputs(" \"program\": ", out);
        json_string(out, o->program);
        fputs(", \"functions\": [", out);
    } else {
        uint32_t one = 0;
        for (uint32_t i = 0; i < nf; i++) one += pl->f[fs[i].f].v[pl->f[fs[i].f].entry].npaths == 1;
        fprintf(out, "paths of %s: %u function%s called; %u with one path only (no branch) not listed\n",
                o->program, nf, nf == 1 ? "" : "s", one);
    }
    for (uint32_t i = 0; i < nf; i++) {
        const PathFunc *f = &pl->f[fs[i].f];
        uint32_t np = fs[i].hi - fs[i].lo, shown = o->top && o->top < np ? o->top : np;
        if (!o->json && f->v[f->entry].npaths == 1) continue;  /* in JSON every function is listed */
        for (uint32_t j = 0; j < np; j++) idx[j] = fs[i].lo + j;
        sort_base = c;
        qsort(idx, np, sizeof *idx, by_count);
        if (o->json && i) fputs(", ", out);
        function_head(out, f, s, &fs[i], o->json);
        for (uint32_t j = 0; j < shown; j++) {
            if (o->json) { if (j) fputs(", ", out); json_path(out, f, s, &c[idx[j]], &fs[i], vert, choice); }
            else text_path(out, f, s, &c[idx[j]], &fs[i], vert, choice);
        }
        if (o->json) fputs("]}", out);
        else if (shown < np) fprintf(out, "  (%u more path%s: --top 0 shows all)\n", np - shown, np - shown == 1 ? "" : "s");
    }
    if (o->json) fputs("]}\n", out);
done:
    free(fs); free(idx); free(vert); free(choice);
}
