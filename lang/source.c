/*
 * source.c — loading source files, diagnostics, source excerpts.
 *
 * A file is read whole into one NUL-terminated buffer: the lexer relies on
 * the NUL as its sentinel, and spans are plain byte offsets into it.  Files
 * of 4 GiB or more are refused, so every offset fits a uint32_t.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "source.h"

#define SRC_MAX_LEN 0xFFFFFFF0u

/* A UTF-8 byte-order mark opening a file is not part of the program: it is
 * dropped, so line 1, column 1 is the first character after it. */
static int src_push(Sources *s, char *path, char *text, size_t len)
{
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        memmove(text, text + 3, len - 3 + 1);
        len -= 3;
    }
    if (s->n == s->cap) {
        uint32_t cap = s->cap ? 2 * s->cap : 4;
        SrcFile *f = realloc(s->files, cap * sizeof *f);
        if (!f)
            return -1;
        s->files = f;
        s->cap = cap;
    }
    s->files[s->n] = (SrcFile){.path = path, .text = text, .len = len};
    return (int)s->n++;
}

int src_add(Sources *s, const char *path, const char *text, size_t len)
{
    if (len > SRC_MAX_LEN)
        return -1;
    char *p = strdup(path), *t = malloc(len + 1);
    if (!p || !t) {
        free(p);
        free(t);
        return -1;
    }
    memcpy(t, text, len);
    t[len] = 0;
    int i = src_push(s, p, t, len);
    if (i < 0) {
        free(p);
        free(t);
    }
    return i;
}

/* Reads all of fd (a regular file or a pipe) into a NUL-terminated buffer. */
static char *read_all(int fd, size_t *len, int *err)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            *err = ENOMEM;
            return NULL;
        }
        if (n + 1 == cap) {
            char *nb = cap > SRC_MAX_LEN ? NULL : realloc(buf, 2 * cap);
            if (!nb) {
                free(buf);
                *err = cap > SRC_MAX_LEN ? EFBIG : ENOMEM;
                return NULL;
            }
            buf = nb;
            cap *= 2;
        }
        ssize_t r = read(fd, buf + n, cap - 1 - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            *err = errno;
            free(buf);
            return NULL;
        }
        if (r == 0)
            break;
        n += (size_t)r;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

int src_load(Sources *s, const char *path, Diag *d)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        diag_set_nospan(d, "cannot open '%s': %s", path, strerror(errno));
        d->path = path;
        return -1;
    }
    struct stat st;
    size_t len = 0;
    int err = fstat(fd, &st) == 0 && S_ISDIR(st.st_mode) ? EISDIR : 0;
    char *text = err ? NULL : read_all(fd, &len, &err);
    close(fd);
    char *p = text ? strdup(path) : NULL;
    int i = p ? src_push(s, p, text, len) : -1;
    if (i < 0) {
        free(p);
        free(text);
        diag_set_nospan(d, "cannot read '%s': %s", path, strerror(err ? err : ENOMEM));
        d->path = path;
    }
    return i;
}

size_t src_utf8_len(const unsigned char *p, size_t avail)
{
    size_t n = *p < 0x80 ? 1 : *p < 0xC2 ? 0 : *p < 0xE0 ? 2 : *p < 0xF0 ? 3 : *p < 0xF5 ? 4 : 0;
    if (n == 0 || avail < n)
        return 0;
    unsigned char lo = 0x80, hi = 0xBF;     /* the second byte's range */
    if (*p == 0xE0) lo = 0xA0;              /* no overlong forms */
    if (*p == 0xED) hi = 0x9F;              /* no surrogates */
    if (*p == 0xF0) lo = 0x90;
    if (*p == 0xF4) hi = 0x8F;              /* <= U+10FFFF */
    for (size_t i = 1; i < n; i++, lo = 0x80, hi = 0xBF)
        if (p[i] < lo || p[i] > hi)
            return 0;
    return n;
}

/* The span of the byte at off: line and column counted from the start. */
static Span byte_span(const SrcFile *f, uint32_t file, size_t off)
{
    Span sp = {file, 1, 1, (uint32_t)off, (uint32_t)off + 1};
    size_t line_start = 0;
    for (size_t i = 0; i < off; i++)
        if (f->text[i] == '\n') {
            sp.line++;
            line_start = i + 1;
        }
    sp.col = (uint32_t)(off - line_start) + 1;
    return sp;
}

int src_check_text(const Sources *s, uint32_t file, Diag *d)
{
    const SrcFile *f = &s->files[file];
    const char *nul = memchr(f->text, 0, f->len);
    if (!nul)
        return 0;
    diag_set(d, byte_span(f, file, (size_t)(nul - f->text)), "NUL byte in source (not a text file)");
    return -1;
}

void src_free(Sources *s)
{
    for (uint32_t i = 0; i < s->n; i++) {
        free(s->files[i].path);
        free(s->files[i].text);
    }
    free(s->files);
    s->files = NULL;
    s->n = s->cap = 0;
}

void diag_set(Diag *d, Span sp, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
    d->span = sp;
    d->has_span = 1;
    d->path = NULL;
    d->has_note = 0;
    d->nbt = d->bt_more = 0;
}

void diag_set_nospan(Diag *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
    memset(&d->span, 0, sizeof d->span);
    d->has_span = 0;
    d->path = NULL;
    d->has_note = 0;
    d->nbt = d->bt_more = 0;
}

/* The shown part of a long source line, and the caret under the column:
 * at most LINE_SHOW bytes, starting far enough left of the column. */
#define LINE_SHOW 200

static void print_line(FILE *out, const SrcFile *f, size_t off)
{
    size_t start = off, stop = off;
    while (start > 0 && f->text[start - 1] != '\n')
        start--;
    while (stop < f->len && f->text[stop] != '\n')
        stop++;
    size_t from = start;
    if (off - start > LINE_SHOW / 2)
        from = off - LINE_SHOW / 2;
    size_t to = stop - from > LINE_SHOW ? from + LINE_SHOW : stop;
    for (size_t i = from; i < to; i++) {
        unsigned char c = (unsigned char)f->text[i];
        fputc(c < 0x20 && c != '\t' ? '?' : c, out);
    }
    fputc('\n', out);
    for (size_t i = from; i < off; i++)
        fputc(f->text[i] == '\t' ? '\t' : ' ', out);
    fputs("^\n", out);
}

/* SGR sequences of gcc's palette: location bold, error red, note cyan. */
#define C_LOC "\033[1m"
#define C_ERR "\033[1;31m"
#define C_NOTE "\033[1;36m"
#define C_WARN "\033[1;35m"
#define C_OFF "\033[0m"

void diag_print(const Sources *s, const Diag *d, void *stdio_file)
{
    diag_print_colour(s, d, stdio_file, 0);
}

void diag_print_at(const Sources *s, Span sp, const char *severity, const char *msg, void *stdio_file, int colour)
{
    FILE *out = stdio_file;
    if (!s || sp.file >= s->n) {
        fprintf(out, "pml: %s: %s\n", severity, msg);
        return;
    }
    const SrcFile *f = &s->files[sp.file];
    const char *sev = !colour ? "" : strcmp(severity, "error") == 0 ? C_ERR : strcmp(severity, "warning") == 0 ? C_WARN : C_NOTE;
    fprintf(out, "%s%s:%u:%u:%s %s%s:%s %s\n", colour ? C_LOC : "", f->path, sp.line, sp.col, colour ? C_OFF : "",
            sev, severity, colour ? C_OFF : "", msg);
    print_line(out, f, sp.off <= f->len ? sp.off : f->len);
}

void diag_print_colour(const Sources *s, const Diag *d, void *stdio_file, int colour)
{
    FILE *out = stdio_file;
    const char *loc = colour ? C_LOC : "", *err = colour ? C_ERR "error:" C_OFF : "error:",
               *note = colour ? C_NOTE "note:" C_OFF : "note:", *off = colour ? C_OFF : "";
    if (!d->has_span && d->path) {
        fprintf(out, "%s%s:1:1:%s %s %s\n", loc, d->path, off, err, d->msg);
        return;
    }
    if (!d->has_span || !s || d->span.file >= s->n) {
        fprintf(out, "%spml:%s %s %s\n", loc, off, err, d->msg);
        return;
    }
    diag_print_at(s, d->span, "error", d->msg, out, colour);
    if (d->has_note && d->note_span.file < s->n) diag_print_at(s, d->note_span, "note", d->note, out, colour);
    uint32_t uses = 0;
    for (const SrcFile *u = &s->files[d->span.file]; u->used && u->used_at.file < s->n;
         u = &s->files[u->used_at.file]) {
        if (++uses > 8) { /* a file that uses itself: the first few */
            fprintf(out, "%s ... more uses\n", note);
            break;
        }
        char msg[300];
        snprintf(msg, sizeof msg, "'%.256s' is used here", u->path);
        diag_print_at(s, u->used_at, "note", msg, out, colour);
    }
    for (uint32_t i = 0; i < d->nbt && i < DIAG_BT_MAX; i++) {
        if (i == DIAG_BT_HEAD && d->bt_more)
            fprintf(out, "%s ... %u more call%s\n", note, d->bt_more, d->bt_more == 1 ? "" : "s");
        const Span *b = &d->bt[i];
        if (b->file < s->n) fprintf(out, "%s called from %s:%u:%u\n", note, s->files[b->file].path, b->line, b->col);
    }
}

static int is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
        || c == '\v';
}

void src_excerpt(const Sources *s, Span sp, char *out, size_t max)
{
    out[0] = 0;
    if (!s || sp.file >= s->n)
        return;
    const SrcFile *f = &s->files[sp.file];
    size_t end = sp.end <= f->len ? sp.end : f->len;
    size_t i = sp.off < end ? sp.off : end, n = 0;
    int space = 0, cut = 0;
    for (; i < end; i++) {
        unsigned char c = (unsigned char)f->text[i];
        if (is_space(c)) {
            space = n > 0;
            continue;
        }
        /* whole UTF-8 sequences only; a byte that is not UTF-8 (Latin-1
         * in a string or comment) becomes '?', so excerpts are UTF-8 */
        size_t k = c < 0x80 ? 1 : src_utf8_len((const unsigned char *)f->text + i, end - i);
        if (n + space + (k ? k : 1) > max) {
            cut = 1;
            break;
        }
        if (space)
            out[n++] = ' ';
        space = 0;
        if (k == 0) {
            out[n++] = '?';
        } else {
            memcpy(out + n, f->text + i, k);
            n += k;
            i += k - 1;
        }
    }
    if (cut) {
        while (n > 0 && out[n - 1] == ' ')
            n--;
        memcpy(out + n, "...", 3);
        n += 3;
    }
    out[n] = 0;
}
