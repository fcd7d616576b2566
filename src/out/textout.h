/*
 * textout.h — writing text safely into machine-readable formats: JSON
 * strings and CSV fields.  Source text (annotations) goes through these.
 */
#ifndef PML_TEXTOUT_H
#define PML_TEXTOUT_H

#include <stdio.h>

/* s as a JSON string, with quotes; invalid UTF-8 bytes become U+FFFD. */
void json_string(FILE *f, const char *s);
/* s as a CSV field (RFC 4180): quoted when it holds , " CR or LF. */
void csv_field(FILE *f, const char *s);

#endif
