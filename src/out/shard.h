/*
 * shard.h — a sweep split over K processes or machines (`pml sweep --shard
 * I/K`, `pml merge`; docs/sweep.md).
 *
 * Shard I of K evaluates only its share of the sizes and writes a part
 * file: one mark line, then the sweep's CSV header and the rows of its
 * sizes, exactly as the whole sweep writes them.  The mark names the shard,
 * the full list of sizes, the rows per size and every option that decides a
 * row's content, so that the merge can check that the parts belong together
 * and that none is missing, repeated or cut short.  The merge puts the rows
 * back in size order: its output is byte-identical to the one-process sweep,
 * whatever K and whatever the order of the parts.
 *
 * Sizes are dealt round-robin from the largest down: costs grow with size,
 * so each shard gets one of the most expensive sizes, one of the next, and
 * so on (contiguous blocks would leave the last shard all the work).
 */
#ifndef PML_SHARD_H
#define PML_SHARD_H

#include <stdint.h>
#include <stdio.h>

#define SHARD_MARK "# pml sweep shard "

/* The sizes of shard i (1..k) of n sizes, as ascending indices into the
 * sizes (pick has room for n); returns how many. */
uint32_t shard_pick(uint32_t n, uint32_t i, uint32_t k, uint32_t *pick);

/* What a part file says of itself, on its first line:
 *   # pml sweep shard I/K rows=R sizes=A,B,… param=NAME units=U options=… file=PATH
 * options: every option that changes a row; the file's path ends the line. */
typedef struct ShardMark {
    uint32_t i, k;
    uint32_t rows_per_size;
    const char *param;
    const int64_t *sizes;   /* all the sweep's sizes, ascending */
    uint32_t nsizes;
    const char *units;      /* "words" or "nodes" */
    const char *options;
    const char *file;
} ShardMark;

void shard_write_mark(FILE *f, const ShardMark *m);

/* One part file's text, and its name for messages. */
typedef struct ShardPart { const char *name; const char *text; size_t len; } ShardPart;

/* What the plots of the merged sweep need from the mark (malloc'd). */
typedef struct ShardInfo { char *param, *units, *file; } ShardInfo;
void shard_info_free(ShardInfo *si);

/* Merges the parts into the one-process sweep's CSV, written to out.  0,
 * or -1 with msg: a part that is no shard, a shard missing or given twice,
 * parts of different sweeps, a part without every row of its sizes. */
int shard_merge(const ShardPart *parts, uint32_t nparts, FILE *out, ShardInfo *info, char *msg, size_t msglen);

#endif
