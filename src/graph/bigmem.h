/*
 * bigmem.h — node-sized arrays on 2 MiB pages when the kernel has them free.
 *
 * A 10^7-node run first touches some 200 MB of arrays (the graph store, the
 * schedule's steps), and on small pages each 4 KiB is a page fault: 52 k
 * faults, about 20 % of a default `pml run` on the development VM
 * (docs/performance.md, "End to end, fifth round").  A transparent huge
 * page is one fault per 2 MiB.  Where the kernel gives them only on
 * request (transparent_hugepage "madvise" mode), asking costs a stall for
 * compaction when memory is fragmented, slower than the small pages it
 * saves; so an array asks (MADV_HUGEPAGE) only while /proc/buddyinfo shows
 * free 2 MiB blocks enough for it, several times over.  No result depends
 * on which pages an array gets.
 *
 * Arrays under BIGMEM_MIN bytes live in malloc; larger ones are mappings of
 * their own, 2 MiB-aligned, grown by mremap (their pages moved, never
 * copied).  Which of the two an array is follows from its size, so the
 * caller passes the size it asked for to bigmem_grow and bigmem_free.
 */
#ifndef PML_BIGMEM_H
#define PML_BIGMEM_H

#include <stddef.h>

enum { BIGMEM_MIN = 4u << 20 };

/* p (old bytes, NULL if 0) grown to new bytes > old, contents kept; NULL
 * (p untouched) when out of memory. */
void *bigmem_grow(void *p, size_t old, size_t new);
/* A fresh array of `bytes`, zeroed (calloc's promise). */
void *bigmem_zalloc(size_t bytes);
void bigmem_free(void *p, size_t bytes);
/* 1 if 2 MiB pages for `bytes` more are free now: the kernel will hand them
 * out without compacting memory (/proc/buddyinfo, order 9 and up). */
int bigmem_huge_free(size_t bytes);

#endif
