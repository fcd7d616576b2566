/* textout.c — see textout.h. */
#include "textout.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "source.h"

void json_string(FILE *f, const char *s)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + strlen(s);
    fputc('"', f);
    while (*p) {
        unsigned char c = *p;
        if (c == '"' || c == '\\') { fputc('\\', f); fputc(c, f); p++; continue; }
        if (c == '\n') { fputs("\\n", f); p++; continue; }
        if (c == '\t') { fputs("\\t", f); p++; continue; }
        if (c == '\r') { fputs("\\r", f); p++; continue; }
        if (c < 0x20) { fprintf(f, "\\u%04x", c); p++; continue; }
        size_t n = src_utf8_len(p, (size_t)(end - p));
        if (n == 0) { fputs("\\ufffd", f); p++; continue; }
        fwrite(p, 1, n, f);
        p += n;
    }
    fputc('"', f);
}

void json_open(FILE *f, const char *name)
{
    fprintf(f, "{\"format\": \"pml-%s\", \"version\": %d,", name, PML_FORMAT_VERSION);
}

void text_result(FILE *f, const char *name, const char *value, const char *type)
{
    fprintf(f, "val %s = %s%s%s\n", name ? name : "it", value, type ? " : " : "", type ? type : "");
}

void json_type_field(FILE *f, const char *type)
{
    fputs(", \"type\": ", f);
    json_string(f, type ? type : "");
}

NumText num_text(double x)
{
    NumText t;
    if (x > -1e17 && x < 1e17 && x == (double)(int64_t)x) {     /* 40, not %g's 4e+01 */
        snprintf(t.s, sizeof t.s, "%lld", (long long)x);
        return t;
    }
    for (int prec = 1; prec <= 17; prec++) {     /* %.17g always reads back */
        snprintf(t.s, sizeof t.s, "%.*g", prec, x);
        if (strtod(t.s, NULL) == x) break;
    }
    return t;
}

static void csv_sep(CsvRow *r)
{
    if (r->n++) fputc(',', r->f);
}

void csv_text(CsvRow *r, const char *s)
{
    csv_sep(r);
    if (!strpbrk(s, ",\"\r\n")) { fputs(s, r->f); return; }
    fputc('"', r->f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', r->f);
        fputc(*s, r->f);
    }
    fputc('"', r->f);
}

void csv_fmt(CsvRow *r, const char *fmt, ...)
{
    va_list ap;
    csv_sep(r);
    va_start(ap, fmt);
    vfprintf(r->f, fmt, ap);
    va_end(ap);
}

void csv_empty(CsvRow *r, unsigned n)
{
    for (unsigned i = 0; i < n; i++) csv_sep(r);
}

void csv_end(CsvRow *r)
{
    fputc('\n', r->f);
    r->n = 0;
}
