/*
 * memlimit.c — the memory a run may use (see memlimit.h).
 */
#include "memlimit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* The number in FILE, if it holds one ("max" and missing files do not). */
static int read_u64(const char *path, uint64_t *out)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    unsigned long long v;
    int ok = fscanf(f, "%llu", &v) == 1;
    fclose(f);
    if (!ok) return -1;
    *out = v;
    return 0;
}

static void size_text(uint64_t b, char *out, size_t n)
{
    if (b >= (uint64_t)1 << 30) snprintf(out, n, "%.1f GiB", (double)b / (1 << 30));
    else snprintf(out, n, "%.0f MiB", (double)b / (1 << 20));
}

/* The smallest limit in FILE of the cgroup PATH under DIR and of each
 * cgroup above it, up to DIR itself. */
static void cgroup_limit(MemLimit *m, const char *dir, const char *path, const char *file,
                         const char *version)
{
    char cur[512], p[1200];
    if (snprintf(cur, sizeof cur, "%s", path) >= (int)sizeof cur) return;
    for (;;) {
        size_t len = strlen(cur);
        while (len > 0 && cur[len - 1] == '/') cur[--len] = 0;   /* "/a/b/" -> "/a/b", "/" -> "" */
        snprintf(p, sizeof p, "%s%s%s/%s", dir, len && cur[0] != '/' ? "/" : "", cur, file);
        uint64_t v;
        if (read_u64(p, &v) == 0 && v < m->bytes) {
            char sz[32];
            size_text(v, sz, sizeof sz);
            m->bytes = v;
            snprintf(m->what, sizeof m->what, "the cgroup %s memory limit of %s (raise it in %.300s)",
                     version, sz, p);
        }
        char *slash = strrchr(cur, '/');
        if (len == 0) break;
        if (slash) *slash = 0; else cur[0] = 0;
    }
}

void memlimit_from(MemLimit *m, const char *sysfs, const char *cgroup, uint64_t phys, uint64_t as)
{
    char sz[32], dir[600];
    m->bytes = phys;
    m->address_space = 0;
    size_text(phys, sz, sizeof sz);
    snprintf(m->what, sizeof m->what, "physical memory (%s)", sz);
    /* /proc/self/cgroup: "ID:CONTROLLERS:PATH" lines; v1's memory
     * controller is named in CONTROLLERS, v2's line is "0::PATH" */
    for (const char *line = cgroup; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        char l[1024];
        if (n < sizeof l) {
            memcpy(l, line, n);
            l[n] = 0;
            char *c1 = strchr(l, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
            if (c2) {
                *c2 = 0;
                const char *ctl = c1 + 1, *path = c2 + 1;
                if (*ctl == 0) {
                    snprintf(dir, sizeof dir, "%s", sysfs);
                    cgroup_limit(m, dir, path, "memory.max", "v2");
                    snprintf(dir, sizeof dir, "%s/unified", sysfs);
                    cgroup_limit(m, dir, path, "memory.max", "v2");
                } else {
                    char ctls[256];
                    snprintf(ctls, sizeof ctls, ",%s,", ctl);
                    if (strstr(ctls, ",memory,")) {
                        snprintf(dir, sizeof dir, "%s/memory", sysfs);
                        cgroup_limit(m, dir, path, "memory.limit_in_bytes", "v1");
                    }
                }
            }
        }
        line = end ? end + 1 : NULL;
    }
    /* a quarter of the address space is kept for the evaluation stack,
     * which is reserved whole (memlimit_stack) */
    if (as && as / 4 * 3 < m->bytes) {
        m->bytes = as / 4 * 3;
        m->address_space = 1;
        size_text(as, sz, sizeof sz);
        snprintf(m->what, sizeof m->what,
                 "the address-space limit of %s, less the stack's quarter (raise it with ulimit -v)", sz);
    }
}

void memlimit_get(MemLimit *m)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    uint64_t phys = pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : (uint64_t)4 << 30;
    char cg[8192] = "";
    FILE *f = fopen("/proc/self/cgroup", "r");
    if (f) {
        size_t n = fread(cg, 1, sizeof cg - 1, f);
        cg[n] = 0;
        fclose(f);
    }
    struct rlimit rl;
    uint64_t as = 0;
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) as = rl.rlim_cur;
    memlimit_from(m, "/sys/fs/cgroup", cg, phys, as);
}

size_t memlimit_stack(void)
{
    struct rlimit rl;
    size_t most = (size_t)8 << 30;
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur / 4 < most)
        most = (size_t)(rl.rlim_cur / 4);
    return most;
}

size_t memlimit_task_stack(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) return (size_t)(rl.rlim_cur / 64);
    return memlimit_stack();
}
