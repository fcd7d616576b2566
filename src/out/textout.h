/*
 * textout.h — writing text safely into machine-readable formats: JSON
 * strings and CSV fields.  Source text (annotations) goes through these.
 */
#ifndef PML_TEXTOUT_H
#define PML_TEXTOUT_H

#include <stdio.h>

/* s as a JSON string, with quotes; every byte that is not part of a valid
 * UTF-8 sequence (strict: src_utf8_len, the one validator) becomes U+FFFD. */
void json_string(FILE *f, const char *s);
/* s as a CSV field (RFC 4180): quoted when it holds , " CR or LF. */
void csv_field(FILE *f, const char *s);

#endif
