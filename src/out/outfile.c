/* outfile.c — see outfile.h. */
#include "outfile.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

/* The temporary files not yet committed, removed if a signal ends the run. */
static char *pending[8];

static void on_signal(int sig)
{
    for (int i = 0; i < 8; i++)
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
        installed = 1;
    }
    for (int i = 0; i < 8; i++) {
        if (add && !pending[i]) { pending[i] = tmp; return; }
        if (!add && pending[i] == tmp) { pending[i] = NULL; return; }
    }
}

int outfile_open(OutFile *o, const char *path)
{
    memset(o, 0, sizeof *o);
    if (strcmp(path, "-") == 0) { o->f = stdout; return 0; }
    o->path = strdup(path);
    size_t n = strlen(path) + 32;
    o->tmp = malloc(n);
    snprintf(o->tmp, n, "%s.tmp.%ld", path, (long)getpid());
    o->f = fopen(o->tmp, "w");
    if (!o->f) {
        fprintf(stderr, "pml: error: cannot write '%s': %s\n", path, strerror(errno));
        free(o->path); free(o->tmp);
        memset(o, 0, sizeof *o);
        return -1;
    }
    track(o->tmp, 1);
    return 0;
}

int outfile_commit(OutFile *o)
{
    if (o->f == stdout) {
        errno = 0;
        if (fflush(stdout) == 0 && !ferror(stdout)) return 0;
        fprintf(stderr, "pml: error: writing standard output: %s\n", strerror(errno ? errno : EIO));
        clearerr(stdout); /* reported: the driver's last check need not say it again */
        return -1;
    }
    int bad = ferror(o->f);
    if (fclose(o->f) != 0) bad = 1;
    o->f = NULL;
    if (bad || rename(o->tmp, o->path) != 0) {
        fprintf(stderr, "pml: error: cannot write '%s': %s\n", o->path, strerror(errno));
        unlink(o->tmp);
        track(o->tmp, 0);
        free(o->path); free(o->tmp);
        return -1;
    }
    track(o->tmp, 0);
    free(o->path); free(o->tmp);
    return 0;
}

void outfile_abort(OutFile *o)
{
    if (!o->f || o->f == stdout) return;
    fclose(o->f);
    unlink(o->tmp);
    track(o->tmp, 0);
    free(o->path); free(o->tmp);
    memset(o, 0, sizeof *o);
}

void outfile_child_of(pid_t parent)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(1); /* the parent died before prctl */
}
