/* bigstack.c — see bigstack.h. */
#include "bigstack.h"

#include <gc.h>
#include <pthread.h>
#include <sys/mman.h>

#if defined(__SANITIZE_ADDRESS__)
#define PML_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PML_ASAN 1
#endif
#endif
#ifdef PML_ASAN
#include <sanitizer/asan_interface.h>
#endif

#define MARGIN (4u << 20) /* room left for the error path and the collector */

static __thread uintptr_t stack_low;
static __thread uintptr_t own_low;     /* stack_low on the thread's own stack */
static __thread uintptr_t stack_base;  /* the thread's own stack's lowest address */
static __thread Diag thread_diag;      /* bigstack_diag on the thread's own stack */
static __thread BigStack *stack_cur;   /* the running stack's, where a runtime installed one */
#ifdef PML_ASAN
static __thread uintptr_t jump_from; /* where the last longjmp left from */
#endif

typedef struct Job { int (*fn)(void *); void *arg; int rc; uintptr_t low; } Job;

static void *trampoline(void *p)
{
    Job *j = p;
    stack_base = j->low;
    stack_low = own_low = j->low + MARGIN;
    j->rc = j->fn(j->arg);
    return NULL;
}

int bigstack_run(size_t bytes, int (*fn)(void *), void *arg)
{
    void *mem = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (mem == MAP_FAILED) return -1;
    Job j = {fn, arg, -1, (uintptr_t)mem};
    pthread_attr_t attr;
    pthread_t t;
    int ok = pthread_attr_init(&attr) == 0 && pthread_attr_setstack(&attr, mem, bytes) == 0 &&
             pthread_create(&t, &attr, trampoline, &j) == 0;
    pthread_attr_destroy(&attr);
    if (ok) pthread_join(t, NULL);
    munmap(mem, bytes);
    return ok ? j.rc : -1;
}

void bigstack_adopt(uintptr_t low)
{
    stack_base = low;
    stack_low = own_low = low + MARGIN;
}

uintptr_t bigstack_base(void)
{
    return stack_base;
}

uintptr_t bigstack_limit_of(uintptr_t low, size_t bytes)
{
    return low + (bytes / 4 < MARGIN ? bytes / 4 : MARGIN);
}

void bigstack_enter(BigStack *s)
{
    stack_cur = s;
    stack_low = s ? s->limit : own_low;
}

void bigstack_reached(uintptr_t low)
{
    BigStack *s = stack_cur;
    if (s && low < s->deepest) s->deepest = low;
}

Diag *bigstack_diag(void)
{
    return stack_cur && stack_cur->diag ? stack_cur->diag : &thread_diag;
}

uintptr_t bigstack_limit(void)
{
    return stack_low;
}

void bigstack_leaving(void)
{
#ifdef PML_ASAN
    jump_from = (uintptr_t)__builtin_frame_address(0);
#endif
}

void bigstack_unwound(void)
{
#ifdef PML_ASAN
    /* ASan unpoisons the frames a longjmp skips only up to 64 MiB of them;
     * do it for the frames this jump skipped, so that later calls reusing
     * them are not reported as overflows.  Only those: the whole dead part
     * of a stack of gigabytes would cost a memset of its shadow per raise
     * (a program raising thousands of times ran 1,400 times slower). */
    char here;
    uintptr_t top = (uintptr_t)&here, from = jump_from;
    jump_from = 0;
    if (!stack_low || !from || from >= top) return;
    from -= 4096; /* and the leaving call's own frame (the stack's margin is at least 64 KiB) */
    __asan_unpoison_memory_region((void *)from, top - from);
#endif
}
