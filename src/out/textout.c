/* textout.c — see textout.h. */
#include "textout.h"

#include <string.h>

/* Length of the valid UTF-8 sequence at s, or 0. */
static int utf8_len(const unsigned char *s)
{
    if (s[0] < 0x80) return 1;
    int n = s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 && s[0] < 0xE0 ? 2 : 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    return n;
}

void json_string(FILE *f, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    fputc('"', f);
    while (*p) {
        unsigned char c = *p;
        if (c == '"' || c == '\\') { fputc('\\', f); fputc(c, f); p++; continue; }
        if (c == '\n') { fputs("\\n", f); p++; continue; }
        if (c == '\t') { fputs("\\t", f); p++; continue; }
        if (c == '\r') { fputs("\\r", f); p++; continue; }
        if (c < 0x20) { fprintf(f, "\\u%04x", c); p++; continue; }
        int n = utf8_len(p);
        if (n == 0) { fputs("\\ufffd", f); p++; continue; }
        fwrite(p, 1, (size_t)n, f);
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
