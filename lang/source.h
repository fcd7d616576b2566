/*
 * source.h — source files, spans and diagnostics.
 *
 * Every stage reports errors the same way: a Diag holding a span and a
 * message.  Library code fills a Diag and returns an error; only the driver
 * prints it (as FILE:LINE:COL: error: MESSAGE, the source line and a caret)
 * and chooses the exit status.
 */
#ifndef PML_SOURCE_H
#define PML_SOURCE_H

#include <stddef.h>
#include <stdint.h>

/* A region of source text.  line and col are 1-based, col counts bytes;
 * off/end are byte offsets (end exclusive) into the file's text. */
typedef struct Span {
    uint32_t file;
    uint32_t line, col;
    uint32_t off, end;
} Span;

/* One loaded source file.  text is NUL-terminated; len excludes the NUL. */
typedef struct SrcFile {
    char *path;
    char *text;
    size_t len;
    int used;           /* loaded by `use "file"` at used_at, in another file */
    Span used_at;
} SrcFile;

/* The files of one run: the prelude is file 0, the user's program file 1,
 * then the files it uses, in the order their `use`s are read. */
typedef struct Sources {
    SrcFile *files;
    uint32_t n, cap;
} Sources;

typedef struct Diag {
    Span span;
    int has_span;       /* 0: the error has no position in a loaded file */
    char msg[512];
    const char *path;   /* !has_span: a file that could not be loaded (the
                           error is reported at its 1:1), or NULL */
    int has_note;       /* a second position, printed as "FILE:L:C: note: NOTE" */
    Span note_span;
    char note[160];
    /* A runtime error's backtrace: the call sites that led to it, most
     * recent first, printed as "note: called from FILE:L:C".  At most
     * DIAG_BT_MAX are kept: the DIAG_BT_HEAD most recent, then (when
     * bt_more > 0) "... bt_more more calls", then the oldest. */
    uint32_t nbt, bt_more;
    Span bt[10];
} Diag;
#define DIAG_BT_MAX 10u
#define DIAG_BT_HEAD 6u

/* Loads PATH (whole file) as a new source; returns its index, or -1 with d
 * filled (missing file, a directory, unreadable), reported at PATH:1:1. */
int src_load(Sources *s, const char *path, Diag *d);
/* Adds text held in memory under the name PATH (tests, fuzzers). */
int src_add(Sources *s, const char *path, const char *text, size_t len);
void src_free(Sources *s);
/* A source must be text: no NUL bytes (the lexer's sentinel).  Bytes that
 * are not UTF-8 are the lexer's to judge: SML/NJ takes Latin-1 in strings
 * and comments, and so does PML.  0, or -1 with d set at the NUL. */
int src_check_text(const Sources *s, uint32_t file, Diag *d);
/* The one UTF-8 validator of the project (sources read, and every output
 * that embeds their text: JSON, CSV, DOT): the length of the valid UTF-8
 * sequence at p, n > 0 bytes available, or 0 if there is none.  Strict
 * (RFC 3629): no overlong forms, no UTF-16 surrogates (ED A0..BF ..), no
 * code points above U+10FFFF.  An ASCII byte, NUL included, is 1. */
size_t src_utf8_len(const unsigned char *p, size_t n);

/* Sets d to an error at span sp, printf-style. */
void diag_set(Diag *d, Span sp, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void diag_set_nospan(Diag *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Writes "FILE:LINE:COL: error: MSG", the source line and a caret; for an
 * error about a file that could not be loaded "FILE:1:1: error: MSG".  An
 * error in a file loaded by `use` is followed by a note at each `use` that
 * led to it ("USER:L:C: note: 'FILE' is used here"). */
void diag_print(const Sources *s, const Diag *d, void *stdio_file);
/* The same, with colour != 0 in gcc's colours (ANSI escapes): the caller
 * decides, from the terminal and NO_COLOR. */
void diag_print_colour(const Sources *s, const Diag *d, void *stdio_file, int colour);

/* One position: "FILE:LINE:COL: SEVERITY: MSG" (severity "error",
 * "warning" or "note"), the source line and a caret, coloured as
 * diag_print_colour colours. */
void diag_print_at(const Sources *s, Span sp, const char *severity, const char *msg, void *stdio_file, int colour);

/* The source text of a span with runs of white space folded to one space,
 * cut to at most max bytes (with "..." when cut); out has room for max+4. */
void src_excerpt(const Sources *s, Span sp, char *out, size_t max);

#endif
