/* child.c — see child.h. */
#define _GNU_SOURCE
#include "child.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_LIVE 256    /* a sweep's workers at most (one per size); more still die with pml */
#define MAX_FILES 64

/* The children still running and the files to remove, for on_signal. */
static volatile pid_t live[MAX_LIVE];
static const char *volatile files[MAX_FILES];
static const int caught[] = {SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM, SIGUSR1, SIGUSR2};
enum { NCAUGHT = sizeof caught / sizeof caught[0] };
static int installed;
static unsigned char handled[NCAUGHT];  /* the signals whose handler is on_signal (not ignored) */

static void on_signal(int sig)
{
    for (int i = 0; i < MAX_LIVE; i++)
        if (live[i] > 0) kill(live[i], SIGKILL);
    for (int i = 0; i < MAX_LIVE; i++)
        if (live[i] > 0) waitpid(live[i], NULL, 0);
    for (int i = 0; i < MAX_FILES; i++)
        if (files[i]) unlink(files[i]);
    signal(sig, SIG_DFL);
    raise(sig);     /* delivered, and fatal, when the handler returns */
}

/* The handler, once; a signal ignored when pml started (nohup, a
 * background job's SIGINT) stays ignored. */
static void install(void)
{
    if (installed) return;
    installed = 1;
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (int k = 0; k < NCAUGHT; k++) sigaddset(&sa.sa_mask, caught[k]);
    for (int k = 0; k < NCAUGHT; k++) {
        if (sigaction(caught[k], NULL, &old) || old.sa_handler == SIG_IGN) continue;
        sigaction(caught[k], &sa, NULL);
        handled[k] = 1;
    }
    /* past RLIMIT_FSIZE a write fails (EFBIG) and the run ends as any
     * failed write does, removing its temporary files, instead of the
     * signal killing it and leaving them */
    signal(SIGXFSZ, SIG_IGN);
}

/* Sets the first slot of table holding `from` to `to`. */
static void slot_set(volatile pid_t *table, pid_t from, pid_t to)
{
    for (int i = 0; i < MAX_LIVE; i++)
        if (table[i] == from) { table[i] = to; return; }
}

static void caught_set(sigset_t *s)
{
    sigemptyset(s);
    for (int k = 0; k < NCAUGHT; k++) sigaddset(s, caught[k]);
}

pid_t child_fork(void)
{
    install();
    sigset_t block, old;
    caught_set(&block);
    /* no signal between the fork and the child's entry in live */
    sigprocmask(SIG_BLOCK, &block, &old);
    pid_t parent = getpid();
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        for (int k = 0; k < NCAUGHT; k++)
            if (handled[k]) signal(caught[k], SIG_DFL);
        installed = 0;      /* the child's own files and children are its own */
        memset((void *)live, 0, sizeof live);
        memset((void *)files, 0, sizeof files);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(1);  /* pml died before prctl */
    } else if (pid > 0) {
        slot_set(live, 0, pid);
    }
    int e = errno;
    sigprocmask(SIG_SETMASK, &old, NULL);
    errno = e;
    return pid;
}

int child_wait(pid_t pid, int kill_it)
{
    int status = 0;
    if (kill_it) kill(pid, SIGKILL);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    slot_set(live, pid, 0);
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 128;
}

void child_cleanup_add(const char *path)
{
    install();
    for (int i = 0; i < MAX_FILES; i++)
        if (!files[i]) { files[i] = path; return; }
}

void child_cleanup_drop(const char *path)
{
    for (int i = 0; i < MAX_FILES; i++)
        if (files[i] == path) { files[i] = NULL; return; }
}

/* ---- running a program through pipes ---- */

/* In the child: the pipes onto 0, 1 (and 2), then the program; an exec
 * that fails sends its errno on ex. */
static _Noreturn void start(const ChildRun *c, int in, int out, int ex)
{
    int null = c->err == CHILD_ERR_QUIET ? open("/dev/null", O_WRONLY) : -1;
    if (dup2(in, STDIN_FILENO) < 0 || dup2(out, STDOUT_FILENO) < 0 ||
        (c->err == CHILD_ERR_OUT && dup2(out, STDERR_FILENO) < 0) || (null >= 0 && dup2(null, STDERR_FILENO) < 0) ||
        (c->dir && chdir(c->dir))) {
        int e = errno;
        (void)!write(ex, &e, sizeof e);
        _exit(127);
    }
    execvp(c->argv[0], (char *const *)c->argv);
    int e = errno;
    (void)!write(ex, &e, sizeof e);
    _exit(127);
}

/* Feeds the input and copies the output until the child closes its
 * output: 0, or -1 when writing to out failed. */
static int pump(const ChildRun *c, int in, int out, size_t *fed)
{
    char buf[65536];
    struct pollfd p[2] = {{out, POLLIN, 0}, {in, POLLOUT, 0}};
    for (;;) {
        int n = in >= 0 ? 2 : 1;
        if (poll(p, (nfds_t)n, -1) < 0) {
            if (errno == EINTR) continue;
            return 0;   /* the child's status says the rest */
        }
        if (n == 2 && p[1].revents) {
            ssize_t w = p[1].revents & POLLOUT ? write(in, c->in + *fed, c->in_len - *fed) : -1;
            if (w > 0) *fed += (size_t)w;
            if ((w < 0 && errno != EAGAIN && errno != EINTR) || *fed == c->in_len) {
                close(in);  /* EPIPE: it stopped reading; its status says why */
                in = p[1].fd = -1;
            }
        }
        if (p[0].revents) {
            ssize_t r = read(out, buf, sizeof buf);
            if (r < 0 && (errno == EINTR || errno == EAGAIN)) continue;
            if (r <= 0) break;
            if (fwrite(buf, 1, (size_t)r, c->out) != (size_t)r) {
                if (in >= 0) close(in);
                return -1;
            }
        }
    }
    if (in >= 0) close(in);
    return 0;
}

int child_run(const ChildRun *c)
{
    int in[2], out[2], ex[2];
    if (pipe2(in, O_CLOEXEC)) return CHILD_SYSTEM;
    if (pipe2(out, O_CLOEXEC)) { close(in[0]); close(in[1]); return CHILD_SYSTEM; }
    if (pipe2(ex, O_CLOEXEC)) { close(in[0]); close(in[1]); close(out[0]); close(out[1]); return CHILD_SYSTEM; }
    pid_t pid = child_fork();
    if (pid == 0) start(c, in[0], out[1], ex[1]);
    int e = errno;
    close(in[0]); close(out[1]); close(ex[1]);
    if (pid < 0) { close(in[1]); close(out[0]); close(ex[0]); errno = e; return CHILD_SYSTEM; }
    /* a child that stops reading is an EPIPE here, not a signal */
    struct sigaction ign, old;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &ign, &old);
    fcntl(in[1], F_SETFL, O_NONBLOCK);
    size_t fed = 0;
    int bad_out = pump(c, c->in_len ? in[1] : (close(in[1]), -1), out[0], &fed);
    close(out[0]);
    int status = child_wait(pid, bad_out);
    sigaction(SIGPIPE, &old, NULL);
    int exec_errno = 0;
    ssize_t got = read(ex[0], &exec_errno, sizeof exec_errno);
    close(ex[0]);
    if (bad_out) return CHILD_OUTPUT;
    if (got == (ssize_t)sizeof exec_errno) { errno = exec_errno; return CHILD_MISSING; }
    return status == 0 && fed == c->in_len ? CHILD_OK : CHILD_FAILED;
}
