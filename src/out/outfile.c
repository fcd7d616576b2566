/* outfile.c — see outfile.h. */
#include "outfile.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_PENDING 16

/* The temporary files not yet committed, removed if a signal ends the run. */
static char *pending[MAX_PENDING];

static void on_signal(int sig)
{
    for (int i = 0; i < MAX_PENDING; i++)
        if (pending[i]) unlink(pending[i]);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void track(char *tmp, int add)
{
    static int installed;
    if (!installed) {
        signal(SIGINT, on_signal);
        signal(SIGTERM, on_signal);
        signal(SIGHUP, on_signal);
        /* past RLIMIT_FSIZE a write fails (EFBIG) and the run ends as any
         * failed write does, removing its temporary files, instead of the
         * signal killing it and leaving them */
        signal(SIGXFSZ, SIG_IGN);
        installed = 1;
    }
    for (int i = 0; i < MAX_PENDING; i++) {
        if (add && !pending[i]) { pending[i] = tmp; return; }
        if (!add && pending[i] == tmp) { pending[i] = NULL; return; }
    }
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
static struct { char *path, *tmp; } held[MAX_PENDING];
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

int outfile_open(OutFile *o, const char *path)
{
    memset(o, 0, sizeof *o);
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
        o->f = fopen(path, "w");
    } else {
        /* a short name in the same directory, whatever the target's length */
        static unsigned serial;
        const char *slash = strrchr(path, '/');
        size_t dir = slash ? (size_t)(slash - path) + 1 : 0, n = dir + 48;
        o->tmp = malloc(n);
        if (o->tmp) {
            snprintf(o->tmp, n, "%.*spml.tmp.%ld.%u", (int)dir, path, (long)getpid(), serial++);
            o->f = fopen(o->tmp, "w+"); /* readable: a plot is checked before it is committed */
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

static int commit(OutFile *o, int may_hold);

int outfile_commit(OutFile *o) { return commit(o, 1); }

int outfile_commit_now(OutFile *o) { return commit(o, 0); }

static int commit(OutFile *o, int may_hold)
{
    if (o->f == stdout) {
        errno = 0;
        if (fflush(stdout) == 0 && !ferror(stdout)) return 0;
        fprintf(stderr, "pml: error: writing standard output: %s\n", strerror(errno ? errno : EIO));
        clearerr(stdout); /* reported: the driver's last check need not say it again */
        return -1;
    }
    errno = 0;
    int bad = fflush(o->f) != 0 || ferror(o->f);
    int err = errno ? errno : EIO;
    if (fclose(o->f) != 0 && !bad) { bad = 1; err = errno; }
    o->f = NULL;
    if (!bad && o->tmp && may_hold && holding && nheld < MAX_PENDING) {
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
    if (o->tmp) {
        unlink(o->tmp);
        track(o->tmp, 0);
    }
    free(o->path); free(o->tmp);
    memset(o, 0, sizeof *o);
}

void outfile_child_of(pid_t parent)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(1); /* the parent died before prctl */
}
