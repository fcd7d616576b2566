/* outfile.c — see outfile.h. */
#define _GNU_SOURCE
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "child.h"

#define MAX_HELD 32

/* A temporary file until it is renamed or removed: removed if a signal
 * ends the run (child.c's handler). */
static void track(char *tmp, int add)
{
    if (add) child_cleanup_add(tmp);
    else child_cleanup_drop(tmp);
}

/* The inputs (the program, a merge's parts), never to be written over:
 * regular files, by device and inode, so that another name for the same
 * file (a link, "./prog.pml", standard input redirected from it) is caught. */
static struct Input { dev_t dev; ino_t ino; char *name; } *inputs;
static size_t ninputs, ncap;
static int refused;

void outfile_protect(const char *path)
{
    struct stat st;
    int in = strcmp(path, "-") == 0;
    if ((in ? fstat(STDIN_FILENO, &st) : stat(path, &st)) || !S_ISREG(st.st_mode)) return;
    if (ninputs == ncap) {
        size_t c = ncap ? 2 * ncap : 8;
        struct Input *n = realloc(inputs, c * sizeof *n);
        if (!n) return;
        inputs = n;
        ncap = c;
    }
    char *name = strdup(in ? "standard input" : path);
    if (name) inputs[ninputs++] = (struct Input){st.st_dev, st.st_ino, name};
}

const char *outfile_input(const char *path)
{
    struct stat st;
    if (strcmp(path, "-") == 0 || stat(path, &st)) return NULL;
    for (size_t i = 0; i < ninputs; i++)
        if (inputs[i].dev == st.st_dev && inputs[i].ino == st.st_ino) return inputs[i].name;
    return NULL;
}

int outfile_refused(void) { return refused; }

/* Committed files held back by outfile_hold: renamed or removed together. */
static struct { char *path, *tmp; } held[MAX_HELD];
static int holding, nheld;

void outfile_hold(void) { holding = 1; }

int outfile_release(int commit)
{
    int rc = 0;
    for (int i = 0; i < nheld; i++) {
        if (commit && rc == 0 && rename(held[i].tmp, held[i].path) != 0) {
            fprintf(stderr, "pml: error: cannot write '%s': %s\n", held[i].path, strerror(errno));
            rc = -1;
        }
        if (!commit || rc) unlink(held[i].tmp);
        track(held[i].tmp, 0);
        free(held[i].path);
        free(held[i].tmp);
    }
    nheld = 0;
    holding = 0;
    return rc;
}

/* The file under o->f: a descriptor, and the reason of the first write
 * that failed (stdio forgets it once its buffer is gone). */
typedef struct OutSink { int fd, err; } OutSink;

static ssize_t sink_write(void *cookie, const char *buf, size_t n)
{
    OutSink *k = cookie;
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(k->fd, buf + done, n - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            if (!k->err) k->err = w < 0 ? errno : ENOSPC;
            return done ? (ssize_t)done : -1;
        }
        done += (size_t)w;
    }
    return (ssize_t)done;
}

static int sink_close(void *cookie)
{
    OutSink *k = cookie;
    if (close(k->fd) != 0 && !k->err) k->err = errno;
    return k->err ? -1 : 0;
}

/* path opened as flags say, under a FILE that keeps the failed write's
 * reason; NULL with errno on failure. */
static FILE *sink_open(OutFile *o, const char *path, int flags)
{
    o->sink = malloc(sizeof *o->sink);
    int fd = o->sink ? open(path, flags | O_CLOEXEC, 0666) : -1;
    FILE *f = NULL;
    if (fd >= 0) {
        *o->sink = (OutSink){fd, 0};
        f = fopencookie(o->sink, "w", (cookie_io_functions_t){.write = sink_write, .close = sink_close});
    }
    if (!f) {
        int e = o->sink ? errno : ENOMEM;
        if (fd >= 0) close(fd);
        free(o->sink);
        o->sink = NULL;
        errno = e;
        return NULL;
    }
    o->fd = fd;
    return f;
}

int outfile_open(OutFile *o, const char *path)
{
    memset(o, 0, sizeof *o);
    o->fd = -1;
    if (strcmp(path, "-") == 0) { o->f = stdout; return 0; }
    const char *in = outfile_input(path);
    if (in) {
        fprintf(stderr, "pml: error: refusing to write '%s': it is an input of this command ('%s')\n", path, in);
        refused = 1;
        return -1;
    }
    struct stat st;
    int exists = stat(path, &st) == 0;
    o->path = strdup(path);
    if (exists && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
        /* a device or a pipe (/dev/null, /dev/stdout, a FIFO) is written
         * in place: renaming over it would replace it */
        o->f = sink_open(o, path, O_WRONLY | O_CREAT | O_TRUNC);
    } else {
        /* a short name in the same directory, whatever the target's length */
        static unsigned serial;
        const char *slash = strrchr(path, '/');
        size_t dir = slash ? (size_t)(slash - path) + 1 : 0, n = dir + 48;
        o->tmp = malloc(n);
        if (o->tmp) {
            snprintf(o->tmp, n, "%.*spml.tmp.%ld.%u", (int)dir, path, (long)getpid(), serial++);
            /* readable: a plot is checked before it is committed */
            o->f = sink_open(o, o->tmp, O_RDWR | O_CREAT | O_EXCL);
        }
    }
    if (!o->f) {
        fprintf(stderr, "pml: error: cannot write '%s': %s\n", path, strerror(errno));
        free(o->path); free(o->tmp);
        memset(o, 0, sizeof *o);
        return -1;
    }
    if (o->tmp) track(o->tmp, 1);
    return 0;
}

int outfile_commit(OutFile *o)
{
    if (o->f == stdout) {
        errno = 0;
        if (fflush(stdout) == 0 && !ferror(stdout)) return 0;
        outfile_stdout_failed(errno ? errno : EIO);
        clearerr(stdout); /* reported: the driver's last check need not say it again */
        return -1;
    }
    errno = 0;
    int bad = fflush(o->f) != 0 || ferror(o->f);
    if (fclose(o->f) != 0) bad = 1;
    int err = o->sink->err ? o->sink->err : errno ? errno : EIO;
    free(o->sink);
    o->f = NULL;
    if (!bad && o->tmp && holding && nheld < MAX_HELD) {
        held[nheld].path = o->path;
        held[nheld++].tmp = o->tmp;
        return 0;
    }
    if (!bad && o->tmp && rename(o->tmp, o->path) != 0) { bad = 1; err = errno; }
    if (bad) {
        fprintf(stderr, "pml: error: cannot write '%s': %s\n", o->path, strerror(err));
        if (o->tmp) unlink(o->tmp);
    }
    if (o->tmp) track(o->tmp, 0);
    free(o->path); free(o->tmp);
    return bad ? -1 : 0;
}

void outfile_abort(OutFile *o)
{
    if (!o->f || o->f == stdout) return;
    fclose(o->f);
    free(o->sink);
    if (o->tmp) {
        unlink(o->tmp);
        track(o->tmp, 0);
    }
    free(o->path); free(o->tmp);
    memset(o, 0, sizeof *o);
}

/* Standard output's sink, once outfile_keep_stdout_errors replaced it. */
static OutSink out_sink = {STDOUT_FILENO, 0};

void outfile_keep_stdout_errors(void)
{
    FILE *f = fopencookie(&out_sink, "w", (cookie_io_functions_t){.write = sink_write, .close = sink_close});
    if (!f) return;
    if (isatty(STDOUT_FILENO)) setvbuf(f, NULL, _IOLBF, 0);
    stdout = f;
}

void outfile_stdout_failed(int err)
{
    if (out_sink.err) err = out_sink.err;
    char path[4096];
    struct stat st;
    ssize_t n = fstat(STDOUT_FILENO, &st) == 0 && S_ISREG(st.st_mode)
                    ? readlink("/proc/self/fd/1", path, sizeof path - 1) : -1;
    if (n > 0) fprintf(stderr, "pml: error: cannot write '%.*s' (standard output): %s\n", (int)n, path, strerror(err));
    else fprintf(stderr, "pml: error: writing standard output: %s\n", strerror(err));
}

const char *outfile_pending(const char *path)
{
    for (int i = 0; i < nheld; i++)
        if (strcmp(held[i].path, path) == 0) return held[i].tmp;
    return path;
}
