/*
 * memlimit.h — the memory a run may use, and which limit says so.
 *
 * The smallest of physical memory, the cgroup's memory limit (v1:
 * memory.limit_in_bytes, v2: memory.max, of the process's own cgroup and
 * every cgroup above it) and the address-space limit (RLIMIT_AS).  Every
 * resource limit of a run is sized from it (docs/reliability.md).
 */
#ifndef PML_MEMLIMIT_H
#define PML_MEMLIMIT_H

#include <stddef.h>
#include <stdint.h>

typedef struct MemLimit {
    uint64_t bytes;
    int address_space;  /* the limit is the address space's (RLIMIT_AS):
                           what a process reserves counts, not what it touches */
    /* which limit, its size and how to raise it, for messages:
     * "the address-space limit of 2.0 GiB (raise it with ulimit -v)" */
    char what[400];
} MemLimit;

/* The limits of this process. */
void memlimit_get(MemLimit *m);

/* The same from explicit sources, for tests: sysfs is the cgroup mount
 * (normally "/sys/fs/cgroup"), cgroup the text of /proc/self/cgroup,
 * phys the physical memory and as the address-space limit (0: none). */
void memlimit_from(MemLimit *m, const char *sysfs, const char *cgroup, uint64_t phys, uint64_t as);

/* The evaluation stack to reserve: 8 GiB, or a quarter of the address
 * space under RLIMIT_AS (the quarter memlimit_get leaves out). */
size_t memlimit_stack(void);

/* The stack to reserve for each of pml exec's task threads: as much as
 * the evaluation stack, or 1/64 of the address space under RLIMIT_AS
 * (tasks may be many; each reserves its own). */
size_t memlimit_task_stack(void);

#endif
