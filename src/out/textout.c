/* textout.c — see textout.h. */
#include "textout.h"

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

void csv_field(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) { fputs(s, f); return; }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}
