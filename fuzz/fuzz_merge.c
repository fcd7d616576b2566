/*
 * fuzz_merge.c — libFuzzer harness for the merge of a sharded sweep's
 * parts (shard_merge, `pml merge`; docs/sweep.md): the input is one or
 * more part files separated by form feeds ('\f'), merged as `pml merge`
 * merges them.  Parts come from other machines, so any text must end in a
 * merged CSV or an error with a message, and the parts in the reverse
 * order must give the same: the same CSV, or an error too.  Anything else
 * (a crash, a sanitizer report, an error without a message) is a bug.
 *
 * The seeds (fuzz/seeds/fuzz_merge) are real parts; the dictionary
 * (fuzz/fuzz_merge.dict) holds the mark's words.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shard.h"

#define MAX_PARTS 64

/* Merges the parts: 0 with the CSV in *out (malloc'd), or -1. */
static int merge(const ShardPart *parts, uint32_t n, char **out, size_t *len)
{
    char msg[512] = "";
    ShardInfo info;
    FILE *f = open_memstream(out, len);
    if (!f) abort();
    int rc = shard_merge(parts, n, f, &info, msg, sizeof msg);
    if (fclose(f)) abort();
    if (rc && !msg[0]) abort();                         /* an error says why */
    if (!rc && (!info.param || !info.units || !info.file)) abort();
    shard_info_free(&info);
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ShardPart parts[MAX_PARTS], back[MAX_PARTS];
    uint32_t n = 0;
    const char *s = (const char *)data, *end = s + size;
    while (n < MAX_PARTS) {
        const char *ff = memchr(s, '\f', (size_t)(end - s));
        parts[n] = (ShardPart){"part.csv", s, (size_t)((ff ? ff : end) - s)};
        n++;
        if (!ff) break;
        s = ff + 1;
    }
    for (uint32_t i = 0; i < n; i++) back[i] = parts[n - 1 - i];
    char *a = NULL, *b = NULL;
    size_t la = 0, lb = 0;
    int ra = merge(parts, n, &a, &la);
    int rb = merge(back, n, &b, &lb);
    if (ra != rb || (!ra && (la != lb || memcmp(a, b, la)))) abort();  /* any order, the same result */
    free(a);
    free(b);
    return 0;
}
