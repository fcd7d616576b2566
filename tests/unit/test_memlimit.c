/*
 * test_memlimit.c — the usable memory and the limit that sets it, from a
 * made-up cgroup tree (v1 and v2), physical memory and RLIMIT_AS.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "memlimit.h"

static char root[256];

static void put(const char *rel, const char *text)
{
    char p[512], cmd[600];
    snprintf(p, sizeof p, "%s/%s", root, rel);
    snprintf(cmd, sizeof cmd, "mkdir -p \"$(dirname '%s')\"", p);
    if (system(cmd) != 0) return;
    FILE *f = fopen(p, "w");
    if (f) { fputs(text, f); fclose(f); }
}

int main(void)
{
    snprintf(root, sizeof root, "/tmp/pml-memlimit.%d", (int)getpid());
    const uint64_t G = (uint64_t)1 << 30;
    MemLimit m;

    memlimit_from(&m, root, "", 24 * G, 0);
    CHECK(m.bytes == 24 * G && strstr(m.what, "physical memory (24.0 GiB)"), "no cgroup, no ulimit: physical memory");

    /* v1: the process's cgroup is unlimited, its parent has 6 GiB */
    put("memory/memory.limit_in_bytes", "9223372036854771712\n");
    put("memory/jobs/memory.limit_in_bytes", "6442450944\n");
    put("memory/jobs/a1/memory.limit_in_bytes", "9223372036854771712\n");
    const char *v1 = "9:name=systemd:/\n4:memory:/jobs/a1\n1:cpu,cpuacct:/\n0::/\n";
    memlimit_from(&m, root, v1, 24 * G, 0);
    CHECK(m.bytes == 6 * G, "cgroup v1: the parent's limit counts (%llu)", (unsigned long long)m.bytes);
    CHECK(strstr(m.what, "cgroup v1 memory limit of 6.0 GiB") && strstr(m.what, "memory/jobs/memory.limit_in_bytes"),
          "cgroup v1: named with its file (%s)", m.what);
    put("memory/jobs/a1/memory.limit_in_bytes", "2147483648\n");
    memlimit_from(&m, root, "4:cpu,memory:/jobs/a1\n", 24 * G, 0);
    CHECK(m.bytes == 2 * G, "cgroup v1: memory among several controllers, own limit");

    /* v2: "max" is no limit; a number is */
    put("jobs/b/memory.max", "max\n");
    put("jobs/memory.max", "3221225472\n");
    memlimit_from(&m, root, "0::/jobs/b\n", 24 * G, 0);
    CHECK(m.bytes == 3 * G && strstr(m.what, "cgroup v2 memory limit of 3.0 GiB"), "cgroup v2: the parent's limit (%s)", m.what);
    memlimit_from(&m, root, "0::/jobs/b\n", 2 * G, 0);
    CHECK(m.bytes == 2 * G && strstr(m.what, "physical"), "physical memory below the cgroup's");

    /* RLIMIT_AS below everything */
    memlimit_from(&m, root, v1, 24 * G, G);
    CHECK(m.bytes == G / 4 * 3 && strstr(m.what, "address-space limit of 1.0 GiB") && strstr(m.what, "ulimit -v"),
          "RLIMIT_AS named, with how to raise it (%s)", m.what);

    /* this process: a positive figure, a name */
    memlimit_get(&m);
    CHECK(m.bytes > 0 && m.what[0], "this process: %s", m.what);

    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    if (system(cmd) != 0) fprintf(stderr, "cannot remove %s\n", root);
    return CHECK_DONE();
}
