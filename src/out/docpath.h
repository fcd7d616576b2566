/*
 * docpath.h — the path a message names for one of pml's documents or
 * examples ("docs/attribution.md", "examples/fib.pml"), so that it names
 * a file that exists wherever pml runs from.
 *
 * pml cites them as they lie in its source tree.  An installed pml
 * (make install: PREFIX/bin/pml) has them under PREFIX/share: the
 * documents in share/doc/pml/, the examples in share/pml/examples/.  When
 * the installed copy exists (PREFIX is the folder above the one holding
 * the running pml), the message names it, an absolute path; else the
 * source tree's relative path, as written.  docpath_set_prefix names
 * PREFIX instead (the manual page make install writes).
 */
#ifndef PML_DOCPATH_H
#define PML_DOCPATH_H

#include <stddef.h>

/* The path to cite for rel ("docs/x.md" or "examples/x..."), kept for
 * the life of the process (at most DOCPATH_KEPT paths; past that rel). */
#define DOCPATH_KEPT 64
const char *docpath(const char *rel);
/* The same into buf; returns buf. */
const char *docpath_cite(const char *rel, char *buf, size_t cap);
/* text with every citation in it ("docs/NAME.md", "examples/NAME", each
 * at the start of a word) replaced as docpath_cite does, into buf (cut at
 * cap - 1 bytes); returns buf. */
const char *docpath_text(const char *text, char *buf, size_t cap);

/* Cite as installed under prefix (make install's PREFIX: the manual page
 * it installs), whether or not the files are there yet. */
void docpath_set_prefix(const char *prefix);
/* PREFIX/ when pml cites installed copies (running installed, or after
 * docpath_set_prefix), else NULL: the source tree's paths. */
const char *docpath_prefix(void);

#endif
