/*
 * shard.h — a sweep split over K processes or machines (`pml sweep --shard
 * I/K`, `pml merge`; docs/sweep.md).
 *
 * Shard I of K evaluates only its share of the sizes and writes a part
 * file, the sweep's CSV header and the rows of its sizes exactly as the
 * whole sweep writes them (so that it loads as any CSV does), and beside it
 * PART.shard, one mark line.  The mark names the shard,
 * the full list of sizes and every input that decides a number in a row
 * (each option, the -D values, the program's and the prelude's text, pml's
 * version), so that the merge can check that the parts belong together.
 * Each row starts with its key (param, size, policy, P, and the options
 * coarse … with_queue), so the merge also checks that each part holds
 * exactly its rows, in order: a row missing, repeated or out of place is an
 * error naming the part and the line.  The merge puts the rows back in size
 * order: its output is byte-identical to the one-process sweep, whatever K
 * and whatever the order of the parts.
 *
 * Sizes are dealt round-robin from the largest down: costs grow with size,
 * so each shard gets one of the most expensive sizes, one of the next, and
 * so on (contiguous blocks would leave the last shard all the work).
 */
#ifndef PML_SHARD_H
#define PML_SHARD_H

#include <stdint.h>
#include <stdio.h>

#include "eval.h"
#include "report.h"

#define SHARD_MARK "pml sweep shard "
#define SHARD_SUFFIX ".shard"    /* the mark beside the part: PART.shard */
#define SHARD_MAX 100000    /* K at most: more shards than anyone runs */

/* The sizes of shard i (1 <= i <= k) of n sizes, as ascending indices into
 * the sizes (pick has room for n); returns how many. */
uint32_t shard_pick(uint32_t n, uint32_t i, uint32_t k, uint32_t *pick);

/* What a part's mark (PART.shard) says of it, on one line:
 *   pml sweep shard I/K rows=R sizes=A,B,… param=NAME units=U sched=… p=…
 *     coarse=C seed=S by=B group=G queue=Q fork-cost=F steal-cost=S top=K wide=W
 *     D=name=N,… exec=N prelude=HASH source=HASH version=V file=PATH
 * (one line).  Free text (param, the -D names, the version, the file) is
 * written with every byte below '!', DEL, '\', ',' and '=' as \xHH, so a
 * field never holds a space or a line end. */
typedef struct ShardMark {
    uint32_t i, k;
    const char *param;          /* the swept -D name */
    const int64_t *sizes;       /* all the sweep's sizes, ascending */
    uint32_t nsizes;
    const ReportOptions *ro;    /* policies, P, coarse, seed, units, by, group, queue, costs */
    uint32_t top;               /* --top */
    int wide;                   /* --wide */
    uint64_t exec_sample;       /* --exec's --sample; 0 without --exec */
    const Param *params;        /* the other -D, in any order (written sorted) */
    uint32_t nparams;
    uint64_t prelude, source;   /* shard_hash of the prelude's text ("" without it) and the program's */
    const char *version;        /* pml's */
    const char *file;           /* the program as named on the command line */
} ShardMark;

/* 0, or -1 (out of memory). */
int shard_write_mark(FILE *f, const ShardMark *m);

/* A 64-bit FNV-1a hash of n bytes: the texts a sweep reads, in its mark. */
uint64_t shard_hash(const void *p, size_t n);

/* One part file's text, and its name for messages; its mark (the text of
 * PART.shard; NULL: there is none). */
typedef struct ShardPart { const char *name; const char *text; size_t len; const char *mark; size_t mark_len; } ShardPart;

/* What the plots of the merged sweep need from the mark (malloc'd). */
typedef struct ShardInfo { char *param, *units, *file; } ShardInfo;
void shard_info_free(ShardInfo *si);

/* Merges the parts into the one-process sweep's CSV, written to out.  0,
 * or -1 with msg: a part that is no shard or whose mark is damaged, a
 * shard missing or given twice, parts of different sweeps (msg names the
 * first field that differs), a row missing, repeated, out of order or of
 * another shard ("PART:LINE: …"). */
int shard_merge(const ShardPart *parts, uint32_t nparts, FILE *out, ShardInfo *info, char *msg, size_t msglen);

#endif
