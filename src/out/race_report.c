/*
 * race_report.c — the races as warnings or JSON (race_report.h).
 */
#include "race_report.h"

#include <string.h>
#include "textout.h"

static const char *file_name(const RaceView *v, uint32_t file)
{
    return file < v->s->n && v->s->files[file].path ? v->s->files[file].path : "";
}

static const char *annot_text(const RaceView *v, uint32_t a)
{
    return a < v->r->nannots && v->r->annots[a].text ? v->r->annots[a].text : "?";
}

static const char *kind_name(const EvalAccess *a) { return a->write ? "write" : "read"; }

/* Where the cell was made: its expression, or the user's call that led
 * into the prelude where it was (docs/attribution.md, --group caller). */
static uint32_t cell_site(const RaceView *v, uint32_t cell)
{
    const Graph *g = &v->r->g;
    uint32_t a = graph_annot(g, cell);
    if (v->p->id_span[a].file != 0) return a;
    for (uint32_t s = graph_stack(g, cell); s && s < cstack_count(&v->r->stacks); s = cstack_parent(&v->r->stacks, s)) {
        uint32_t site = cstack_site(&v->r->stacks, s);
        if (site < v->p->nexprs && v->p->id_span[site].file != 0) return site;
    }
    return a;
}

/* "L:C" of expression a, with its file when that is not `file`. */
static void where(char *out, size_t cap, const RaceView *v, uint32_t a, uint32_t file)
{
    Span sp = v->p->id_span[a];
    if (sp.file == file) snprintf(out, cap, "%u:%u", sp.line, sp.col);
    else snprintf(out, cap, "%s:%u:%u", file_name(v, sp.file), sp.line, sp.col);
}

/* Text for people: control characters as spaces, cut after 64 characters. */
static void plain(FILE *f, const char *s)
{
    for (size_t n = 0; *s; s++, n++) {
        if (n >= 64 && ((unsigned char)*s & 0xC0) != 0x80) { fputs("...", f); return; }
        fputc((unsigned char)*s < 0x20 ? ' ' : *s, f);
    }
}

/* The calls that led to an access, innermost first, as --stack prints them. */
static void text_calls(FILE *f, const RaceView *v, uint32_t stack)
{
    const CallStacks *cs = &v->r->stacks;
    for (uint32_t s = stack; s && s < cstack_count(cs); s = cstack_parent(cs, s)) {
        uint32_t a = cstack_site(cs, s);
        if (a >= v->p->nexprs) continue;
        Span sp = v->p->id_span[a];
        fprintf(f, "    called from %s:%u:%u  ", file_name(v, sp.file), sp.line, sp.col);
        plain(f, annot_text(v, a));
        fputc('\n', f);
    }
}

static void text_race(FILE *f, const RaceView *v, const Race *r, int colour)
{
    const EvalAccess *a = &r->second, *b = &r->first;
    uint32_t file = v->p->id_span[a->site].file;
    char made[300], other[300], elem[48] = "", msg[800];
    where(made, sizeof made, v, cell_site(v, a->cell), file);
    where(other, sizeof other, v, b->site, file);
    if (a->array) snprintf(elem, sizeof elem, "element %u of ", a->index);
    if (a->site == b->site)
        snprintf(msg, sizeof msg, "determinacy race on %sthe %s made at %s: this %s may run in parallel with "
                 "another evaluation of itself", elem, a->array ? "array" : "ref", made, kind_name(a));
    else
        snprintf(msg, sizeof msg, "determinacy race on %sthe %s made at %s: this %s may run in parallel with "
                 "the %s at %s", elem, a->array ? "array" : "ref", made, kind_name(a), kind_name(b), other);
    diag_print_at(v->s, v->p->id_span[a->site], "warning", msg, f, colour);
    text_calls(f, v, a->stack);
    snprintf(msg, sizeof msg, "the %s it may run in parallel with", kind_name(b));
    diag_print_at(v->s, v->p->id_span[b->site], "note", msg, f, colour);
    text_calls(f, v, b->stack);
}

void race_report_text(FILE *f, const RaceView *v, int colour)
{
    for (uint32_t i = 0; i < race_count(v->d); i++) text_race(f, v, race_get(v->d, i), colour);
}

void race_report_summary(FILE *f, const RaceView *v, const char *file)
{
    uint32_t n = race_count(v->d);
    uint64_t cells = race_cells(v->d), acc = race_accesses(v->d);
    char count[16] = "no";
    if (n) snprintf(count, sizeof count, "%u", n);
    fprintf(f, "%s: %s determinacy race%s (%llu access%s to %llu cell%s watched)\n", file, count,
            n == 1 ? "" : "s", (unsigned long long)acc, acc == 1 ? "" : "es", (unsigned long long)cells,
            cells == 1 ? "" : "s");
}

/* {"file": …, "line": …, "col": …, "text": …} of expression a, without the brace that closes it. */
static void json_position(FILE *f, const RaceView *v, uint32_t a)
{
    Span sp = v->p->id_span[a];
    fputs("{\"file\": ", f);
    json_string(f, file_name(v, sp.file));
    fprintf(f, ", \"line\": %u, \"col\": %u, \"text\": ", sp.line, sp.col);
    json_string(f, annot_text(v, a));
}

static void json_access(FILE *f, const RaceView *v, const EvalAccess *a)
{
    json_position(f, v, a->site);
    fprintf(f, ", \"kind\": \"%s\", \"node\": %u, \"stack\": [", kind_name(a), a->node);
    const CallStacks *cs = &v->r->stacks;
    const char *sep = "";
    for (uint32_t s = a->stack; s && s < cstack_count(cs); s = cstack_parent(cs, s)) {
        if (cstack_site(cs, s) >= v->p->nexprs) continue;
        fputs(sep, f);
        json_position(f, v, cstack_site(cs, s));
        fputc('}', f);
        sep = ", ";
    }
    fputs("]}", f);
}

void race_report_json(FILE *f, const RaceView *v, const char *indent)
{
    uint32_t n = race_count(v->d);
    fputc('[', f);
    for (uint32_t i = 0; i < n; i++) {
        const Race *r = race_get(v->d, i);
        fprintf(f, "%s\n%s  {\"cell\": ", i ? "," : "", indent);
        json_position(f, v, cell_site(v, r->second.cell));
        fprintf(f, ", \"kind\": \"%s\", \"node\": %u", r->second.array ? "array" : "ref", r->second.cell);
        if (r->second.array) fprintf(f, ", \"index\": %u", r->second.index);
        fprintf(f, "},\n%s   \"access\": ", indent);
        json_access(f, v, &r->second);
        fprintf(f, ",\n%s   \"other\": ", indent);
        json_access(f, v, &r->first);
        fputc('}', f);
    }
    if (n) fprintf(f, "\n%s", indent);
    fputc(']', f);
}
