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
/* Every JSON document pml writes opens with {"format": "pml-NAME",
 * "version": PML_FORMAT_VERSION, — a script checks both before it reads
 * further (docs/output-formats.md).  json_open writes that much; the
 * caller goes on with its first field. */
#define PML_FORMAT_VERSION 1
void json_open(FILE *f, const char *name);
/* The program's result as SML/NJ's top level prints it, "val NAME = VALUE
 * : TYPE" and a newline (no " : TYPE" when type is NULL); in JSON, the
 * field that goes with "value": , "type": "TYPE" ("" when NULL). */
void text_result(FILE *f, const char *name, const char *value, const char *type);
void json_type_field(FILE *f, const char *type);
/* A double in the shortest %g form that strtod reads back to the same
 * value (36.794452039188897 prints 36.794452039188897 only if 36.79445203918890
 * does not read back; 7.0000000000000009 stays, 7 prints 7, 40 prints 40,
 * not %g's 4e+01).  Every
 * fractional number in JSON, CSV and plot data goes through it:
 * printf("%s", num_text(x).s) — the temporary lives to the end of the call. */
typedef struct NumText { char s[32]; } NumText;
NumText num_text(double x);
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
