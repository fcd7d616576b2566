/*
 * test_outfile.c — output files written whole or not at all (outfile.c):
 * a commit replaces the file, an abort or a failed open leaves what was
 * there, and no temporary file stays behind.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "outfile.h"

static char dir[] = "/tmp/pml-outfile-XXXXXX";

static char *slurp(const char *path)
{
    static char buf[256];
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

static int entries(void)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));) n += e->d_name[0] != '.';
    if (d) closedir(d);
    return n;
}

int main(void)
{
    char path[128], bad[160];
    if (!mkdtemp(dir)) { printf("FAIL mkdtemp\n"); return 1; }
    snprintf(path, sizeof path, "%s/out.txt", dir);
    OutFile o;
    CHECK(outfile_open(&o, path) == 0 && fputs("first\n", o.f) >= 0 && slurp(path) == NULL,
          "nothing at PATH while the file is being written");
    CHECK(outfile_commit(&o) == 0 && slurp(path) && !strcmp(slurp(path), "first\n") && entries() == 1,
          "commit puts the whole file at PATH, no temporary file left");
    CHECK(outfile_open(&o, path) == 0 && fputs("second, half", o.f) >= 0, "a second open");
    outfile_abort(&o);
    CHECK(!strcmp(slurp(path), "first\n") && entries() == 1, "abort leaves the existing file untouched");
    snprintf(bad, sizeof bad, "%s/no/such/dir/x", dir);
    fprintf(stderr, "(the error below is expected)\n");
    CHECK(outfile_open(&o, bad) == -1 && o.f == NULL, "a path that cannot be written: -1");
    unlink(path);
    rmdir(dir);
    return CHECK_DONE();
}
