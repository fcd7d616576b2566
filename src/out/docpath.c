/*
 * docpath.c — see docpath.h.
 */
#include "docpath.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Where each kind of citation lies under an installed PREFIX. */
static const struct { const char *tree, *installed; } places[] = {
    {"docs/", "share/doc/pml/"},
    {"examples/", "share/pml/examples/"},
};
enum { NPLACES = sizeof places / sizeof places[0] };

static char dir[PATH_MAX];     /* PREFIX/, once known */
static int known, forced;

void docpath_set_prefix(const char *prefix)
{
    snprintf(dir, sizeof dir, "%s%s", prefix, *prefix && prefix[strlen(prefix) - 1] == '/' ? "" : "/");
    known = forced = 1;
}

/* PREFIX/ of the running pml (the folder above its own, with a '/'), or
 * "" when it cannot be told. */
static const char *prefix(void)
{
    if (known) return dir;
    known = 1;
    ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
    dir[n > 0 ? n : 0] = 0;
    for (int up = 0; up < 2; up++) {       /* PREFIX/bin/pml -> PREFIX/ */
        char *slash = strrchr(dir, '/');
        if (!slash) { dir[0] = 0; return dir; }
        *slash = 0;
    }
    strcat(dir, "/");
    return dir;
}

/* The length of the citation at s (its place p), 0 if none: a place's
 * folder and a name of letters, digits, '_', '-' and '.', not ending in '.'. */
static size_t citation(const char *s, int *p)
{
    for (int i = 0; i < NPLACES; i++) {
        size_t k = strlen(places[i].tree), n = k;
        if (strncmp(s, places[i].tree, k)) continue;
        while (s[n] && (strchr("_-.", s[n]) || (s[n] >= 'a' && s[n] <= 'z') || (s[n] >= 'A' && s[n] <= 'Z') ||
                        (s[n] >= '0' && s[n] <= '9')))
            n++;
        while (n > k && s[n - 1] == '.') n--;
        if (n == k) continue;
        *p = i;
        return n;
    }
    return 0;
}

/* The installed copy of the citation rel (n bytes, place p) into buf, if
 * it exists; 0 if not. */
static int installed(const char *rel, size_t n, int p, char *buf, size_t cap)
{
    const char *pre = prefix();
    size_t k = strlen(places[p].tree);
    if (!*pre) return 0;
    int w = snprintf(buf, cap, "%s%s%.*s", pre, places[p].installed, (int)(n - k), rel + k);
    return w > 0 && (size_t)w < cap && (forced || access(buf, R_OK) == 0);
}

const char *docpath_prefix(void)
{
    char buf[PATH_MAX + 64];
    return installed("docs/README.md", strlen("docs/README.md"), 0, buf, sizeof buf) ? prefix() : NULL;
}

const char *docpath_cite(const char *rel, char *buf, size_t cap)
{
    int p;
    size_t n = citation(rel, &p);
    if (!n || n != strlen(rel) || !installed(rel, n, p, buf, cap)) snprintf(buf, cap, "%s", rel);
    return buf;
}

const char *docpath_text(const char *text, char *buf, size_t cap)
{
    size_t k = 0;
    char path[PATH_MAX + 64];
    for (const char *s = text; *s && k + 1 < cap;) {
        int p;
        int word = s == text || !((s[-1] >= 'a' && s[-1] <= 'z') || (s[-1] >= 'A' && s[-1] <= 'Z') || s[-1] == '/' ||
                                  s[-1] == '_' || s[-1] == '.' || s[-1] == '-');
        size_t n = word ? citation(s, &p) : 0;
        const char *put = s;
        size_t len = 1;
        if (n && installed(s, n, p, path, sizeof path)) { put = path; len = strlen(path); }
        else if (n) len = n;
        if (len > cap - 1 - k) len = cap - 1 - k;
        memcpy(buf + k, put, len);
        k += len;
        s += n ? n : 1;
    }
    buf[k] = 0;
    return buf;
}

const char *docpath(const char *rel)
{
    static struct { const char *rel; char *path; } kept[DOCPATH_KEPT];
    char buf[PATH_MAX + 64];
    int i = 0;
    while (i < DOCPATH_KEPT && kept[i].rel && strcmp(kept[i].rel, rel)) i++;
    if (i == DOCPATH_KEPT) return rel;
    if (!kept[i].rel) {
        kept[i].path = strdup(docpath_cite(rel, buf, sizeof buf));
        if (!kept[i].path) return rel;
        kept[i].rel = rel;
    }
    return kept[i].path;
}
