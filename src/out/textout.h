/*
 * textout.h — writing text safely into machine-readable formats: JSON
 * strings and CSV rows.  Source text (annotations, file names) goes
 * through these, and every CSV the tool writes is written by csv_*.
 */
#ifndef PML_TEXTOUT_H
#define PML_TEXTOUT_H

#include <stdio.h>

/* s as a JSON string, with quotes; every byte that is not part of a valid
 * UTF-8 sequence (strict: src_utf8_len, the one validator) becomes U+FFFD. */
void json_string(FILE *f, const char *s);
/* The one CSV writer: RFC 4180 fields, but rows end in LF alone (not
 * CRLF), so that awk, cut and sort split them in pipes.  A row is begun
 * with csv_begin, filled field by field (a comma goes before each but the
 * first) and ended with csv_end. */
typedef struct CsvRow { FILE *f; unsigned n; } CsvRow;
static inline CsvRow csv_begin(FILE *f) { return (CsvRow){f, 0}; }
/* A text field: quoted when it holds , " CR or LF (quotes doubled). */
void csv_text(CsvRow *r, const char *s);
/* Fields printf'd as they are: numbers and fixed names, or several of
 * them at once ("%u,%u"); never text that could hold a comma or a quote. */
void csv_fmt(CsvRow *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* n empty fields. */
void csv_empty(CsvRow *r, unsigned n);
void csv_end(CsvRow *r);

#endif
