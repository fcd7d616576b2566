/*
 * bigmem.c — node-sized arrays on 2 MiB pages when the kernel has them
 * free (bigmem.h says why).
 */
#define _GNU_SOURCE
#include "bigmem.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

enum { HUGE = 2u << 20 };

static size_t round_huge(size_t bytes) { return (bytes + HUGE - 1) / HUGE * HUGE; }

int bigmem_huge_free(size_t bytes)
{
    FILE *f = fopen("/proc/buddyinfo", "r");
    if (!f) return 0;
    char line[512];
    unsigned long long free_pages = 0;  /* 4 KiB pages in free blocks of order >= 9 */
    while (fgets(line, sizeof line, f)) {
        char *p = strstr(line, "zone");
        if (!p) continue;
        p += 4;
        while (*p == ' ') p++;
        while (*p && *p != ' ') p++;  /* the zone's name */
        for (int order = 0; ; order++) {
            char *end;
            unsigned long long n = strtoull(p, &end, 10);
            if (end == p) break;
            if (order >= 9) free_pages += n << order;
            p = end;
        }
    }
    fclose(f);
    /* several times over: other processes take from the same blocks, and a
     * stall for compaction costs more than the faults saved */
    return free_pages * 4096 / 4 >= bytes;
}

/* A fresh mapping of round_huge(bytes), 2 MiB-aligned, or NULL. */
static void *map_aligned(size_t bytes)
{
    size_t r = round_huge(bytes);
    char *m = mmap(NULL, r + HUGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return NULL;
    char *a = (char *)(((uintptr_t)m + HUGE - 1) & ~(uintptr_t)(HUGE - 1));
    if (a > m) munmap(m, (size_t)(a - m));
    if (a + r < m + r + HUGE) munmap(a + r, (size_t)(m + r + HUGE - (a + r)));
    return a;
}

/* The whole mapping [p, p + r) advised alike, so that it stays one area
 * the kernel can move with mremap; `fresh` bytes of it are still to be
 * touched. */
static void advise(void *p, size_t r, size_t fresh)
{
    madvise(p, r, bigmem_huge_free(fresh) ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
}

void *bigmem_grow(void *p, size_t old, size_t new)
{
    if (!p) old = 0;
    if (new < BIGMEM_MIN) return realloc(p, new);
    size_t oldr = round_huge(old), newr = round_huge(new);
    if (old >= BIGMEM_MIN && oldr == newr) return p;
    if (old >= BIGMEM_MIN && mremap(p, oldr, newr, 0) != MAP_FAILED) { /* grown in place */
        advise(p, newr, newr - oldr);
        return p;
    }
    void *q = map_aligned(new);
    if (!q) return NULL;
    int moved = old >= BIGMEM_MIN && mremap(p, oldr, oldr, MREMAP_MAYMOVE | MREMAP_FIXED, q) != MAP_FAILED;
    advise(q, newr, newr - (moved ? oldr : 0));  /* the moved part joins the rest */
    if (!moved) { /* from malloc, or pages that could not be moved: copied */
        if (old) memcpy(q, p, old);
        bigmem_free(p, old);
    }
    return q;
}

void *bigmem_zalloc(size_t bytes)
{
    if (bytes < BIGMEM_MIN) return calloc(bytes ? bytes : 1, 1);
    return bigmem_grow(NULL, 0, bytes);   /* fresh anonymous pages read zero */
}

void bigmem_free(void *p, size_t bytes)
{
    if (!p) return;
    if (bytes < BIGMEM_MIN) free(p);
    else munmap(p, round_huge(bytes));
}
