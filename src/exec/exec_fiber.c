/* exec_fiber.c — see exec_fiber.h. */
#include "exec_fiber.h"

#include <gc.h>
#include <gc/gc_mark.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "bigstack.h"
#include "eval.h"

#if defined(__SANITIZE_ADDRESS__)
#define PML_ASAN 1
#elif defined(__SANITIZE_THREAD__)
#define PML_TSAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PML_ASAN 1
#elif __has_feature(thread_sanitizer)
#define PML_TSAN 1
#endif
#endif
#ifdef PML_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif
#ifdef PML_TSAN
#include <sanitizer/tsan_interface.h>
#endif

/* ---- the switch: the callee-saved registers pushed on the stack left,
 * the stack pointer saved, the other's loaded and its registers popped ---- */

/* (PML_FIBER_UCONTEXT: the ucontext fallback on x86-64 too, to test it;
 * it costs some 0.43 us more a switch: docs/exec.md, "Task stacks") */
#if defined(__x86_64__) && !defined(PML_FIBER_UCONTEXT)
/* pml_fiber_swap(uintptr_t *save, uintptr_t to): saves rbp, rbx, r12–r15
 * and the SSE and x87 control words below the return address, the stack
 * pointer in *save, and returns on the stack `to` into whatever switched
 * it out, or into pml_fiber_boot for a new stack (r12 its argument, r13
 * the function, which never returns). */
__asm__(".text\n"
        ".globl pml_fiber_swap\n.hidden pml_fiber_swap\n.type pml_fiber_swap,@function\n"
        "pml_fiber_swap:\n"
        "  pushq %rbp\n  pushq %rbx\n  pushq %r12\n  pushq %r13\n  pushq %r14\n  pushq %r15\n"
        "  subq $8, %rsp\n  stmxcsr (%rsp)\n  fnstcw 4(%rsp)\n"
        "  movq %rsp, (%rdi)\n"
        "  movq %rsi, %rsp\n"
        "  ldmxcsr (%rsp)\n  fldcw 4(%rsp)\n  addq $8, %rsp\n"
        "  popq %r15\n  popq %r14\n  popq %r13\n  popq %r12\n  popq %rbx\n  popq %rbp\n"
        "  ret\n"
        ".size pml_fiber_swap, .-pml_fiber_swap\n"
        ".globl pml_fiber_boot\n.hidden pml_fiber_boot\n.type pml_fiber_boot,@function\n"
        "pml_fiber_boot:\n"
        "  movq %r12, %rdi\n  callq *%r13\n  ud2\n"
        ".size pml_fiber_boot, .-pml_fiber_boot\n");
void pml_fiber_swap(uintptr_t *save, uintptr_t to);
void pml_fiber_boot(void);

static void fiber_entry(Fiber *f);

/* The frame pml_fiber_swap pops on a new stack's first switch. */
static void boot_frame(Fiber *f)
{
    uint64_t *sp = (uint64_t *)((f->top & ~(uintptr_t)15) - 16 - 64);
    memset(sp, 0, 80);
    sp[0] = 0x1F80 | (uint64_t)0x037F << 32;   /* MXCSR and the x87 control word: the defaults */
    sp[3] = (uint64_t)(uintptr_t)fiber_entry;  /* r13 */
    sp[4] = (uint64_t)(uintptr_t)f;            /* r12 */
    sp[7] = (uint64_t)(uintptr_t)pml_fiber_boot;
    f->sp = (uintptr_t)sp;
}

static void swap(Fiber *from, Fiber *to)
{
    pml_fiber_swap(&from->sp, to->sp);
}
#else
/* Elsewhere, ucontext: the context a local of the switching frame (so
 * inside [sp, top)), a new stack's made in its top bytes. */
#include <ucontext.h>

static void fiber_entry(Fiber *f);

static void boot_entry(unsigned hi, unsigned lo)
{
    fiber_entry((Fiber *)(((uintptr_t)hi << 32) | lo));
}

static void boot_frame(Fiber *f)
{
    ucontext_t *uc = (ucontext_t *)((f->top - sizeof *uc) & ~(uintptr_t)63);
    getcontext(uc);
    uc->uc_stack.ss_sp = (void *)f->low;
    uc->uc_stack.ss_size = (uintptr_t)uc - f->low;
    uc->uc_link = NULL;
    uintptr_t p = (uintptr_t)f;
    makecontext(uc, (void (*)(void))boot_entry, 2, (unsigned)(p >> 32), (unsigned)p);
    uc->uc_stack.ss_size = 0;  /* (AddressSanitizer's swapcontext clears the shadow of a stack it is given) */
    f->sp = (uintptr_t)uc;
}

static void swap(Fiber *from, Fiber *to)
{
    ucontext_t here;
    from->sp = (uintptr_t)&here;
    swapcontext(&here, (ucontext_t *)to->sp);
}
#endif

/* ---- the collector ---- */

/* The switch holds the collector's lock (the rule of GC_set_stackbottom),
 * so no collection stops the thread half-switched: its stack pointer on
 * one stack and its recorded bottom another's.  Under ThreadSanitizer the
 * collector never stops the world (docs/reliability.md) and a lock taken
 * on one stack and released on another is a report, so not there. */
#ifdef PML_TSAN
#include <pthread.h>
static pthread_mutex_t roots_mu = PTHREAD_MUTEX_INITIALIZER;
static void gc_lock(void) {}
static void gc_unlock(void) {}
static void roots_lock(void) { pthread_mutex_lock(&roots_mu); }
static void roots_unlock(void) { pthread_mutex_unlock(&roots_mu); }
static void gc_set_bottom(void *gc_thread, uintptr_t top) { (void)gc_thread; (void)top; }
#else
static void gc_lock(void) { GC_alloc_lock(); }
static void gc_unlock(void) { GC_alloc_unlock(); }
static void roots_lock(void) { GC_alloc_lock(); }
static void roots_unlock(void) { GC_alloc_unlock(); }
static void gc_set_bottom(void *gc_thread, uintptr_t top)
{
    struct GC_stack_base sb = {(void *)top};
    GC_set_stackbottom(gc_thread, &sb);
}
#endif

/* Every fiber made or adopted; changed under the collector's lock (the
 * collector reads it with the world stopped, holding it). */
static Fiber *roots;
static GC_push_other_roots_proc chained_push;

/* The suspended stacks, each from its saved stack pointer up (the
 * registers it saved included): the frames of the tasks waiting at a
 * join.  A free stack, and what lies below a suspended one's stack
 * pointer, are dead and not looked at (safe for space). */
static void GC_CALLBACK push_fibers(void)
{
    if (chained_push) chained_push();
    /* thousands of stacks (bf), each a page or two far from the others:
     * the next one's record and words are fetched while this one is
     * scanned, or the scan waits on memory at every stack */
    for (Fiber *f = roots, *next; f; f = next) {
        next = f->root_next;
        if (next) {
            __builtin_prefetch(next->root_next);
            if (next->state == FIBER_SUSPENDED)
                for (uintptr_t a = next->sp & ~(uintptr_t)63; a < next->top; a += 64) __builtin_prefetch((void *)a);
        }
        if (f->state == FIBER_SUSPENDED) GC_push_all_eager((void *)f->sp, (void *)f->top);
    }
}

static void roots_add(Fiber *f)
{
    static int installed;
    roots_lock();
    if (!installed) {
        installed = 1;
        chained_push = GC_get_push_other_roots();
        GC_set_push_other_roots(push_fibers);
    }
    f->root_prev = NULL;
    f->root_next = roots;
    if (roots) roots->root_prev = f;
    roots = f;
    roots_unlock();
}

static void roots_remove(Fiber *f)
{
    roots_lock();
    if (f->root_prev) f->root_prev->root_next = f->root_next;
    else roots = f->root_next;
    if (f->root_next) f->root_next->root_prev = f->root_prev;
    roots_unlock();
}

void *fiber_gc_thread(void)
{
    struct GC_stack_base sb;
    return GC_get_my_stackbottom(&sb);
}

/* ---- switching ---- */

/* On `f`, just switched to: the switcher's lock released, the sanitizer
 * told, the stack's own state installed on this thread.  Out of line,
 * so that nothing read through the thread pointer before the switch is
 * reused after it (a stack may resume on another thread). */
__attribute__((noinline)) static void arrived(Fiber *f)
{
#ifdef PML_ASAN
    __sanitizer_finish_switch_fiber(f->asan_fake, NULL, NULL);
#endif
    gc_unlock();
    bigstack_enter(&f->bs);
    eval_set_stack_running(f->running);
}

static void fiber_entry(Fiber *f)
{
    arrived(f);
    f->fn(f->arg);
    abort(); /* fn ends by switching away for good */
}

void fiber_switch(Fiber *from, Fiber *to, void *gc_thread, int ends)
{
    from->running = ends ? NULL : eval_stack_running();
    gc_lock();
    from->state = ends ? FIBER_FREE : FIBER_SUSPENDED;
    to->state = FIBER_RUNNING;
    gc_set_bottom(gc_thread, to->top);
#ifdef PML_ASAN
    __sanitizer_start_switch_fiber(ends ? NULL : &from->asan_fake, (const void *)to->low, to->top - to->low);
#endif
#ifdef PML_TSAN
    __tsan_switch_to_fiber(to->tsan, 0);
#endif
    swap(from, to);
    arrived(from);
}

/* ---- stacks ---- */

/* A new mapping for n stacks of b bytes each (n reduced, then b, until
 * one maps), above one guard page, and its n records: p->slab takes the
 * rest of its slots.  0 when none can be mapped. */
static int slab_map(FiberPool *p, size_t b, uint32_t n, size_t page)
{
    void *mem = MAP_FAILED;
    for (; b >= FIBER_MIN; b /= 4) {
        for (; n >= 1; n /= 2) {
            mem = mmap(NULL, n * b, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK,
                       -1, 0);
            if (mem != MAP_FAILED) break;
        }
        if (mem != MAP_FAILED) break;
        n = 1;
    }
    if (mem == MAP_FAILED) return 0;
    Fiber *recs = calloc(n, sizeof *recs);
    if (!recs || mprotect(mem, page, PROT_NONE)) {
        free(recs);
        munmap(mem, n * b);
        return 0;
    }
    if (b < p->fits && p->nall >= FIBER_FULL) p->fits = b;  /* the next ones no larger: what could be mapped */
    recs[0].mem = mem;
    recs[0].bytes = n * b;
    p->slab = recs;
    p->slab_left = n;
    p->slab_stride = b;
    p->reserved += n * b;
    return 1;
}

/* The next stack of the newest mapping, or of a new one: slot i of a
 * mapping is [mem + i * stride, mem + (i + 1) * stride), its lowest page
 * unused (slot 0's: the guard page), its top page the Diag, the stack
 * between. */
static Fiber *fiber_map(FiberPool *p)
{
    if (p->full) return NULL;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    if (!p->slab_left) {
        size_t b = p->bytes;
        uint32_t n = 1;
        if (p->nall >= FIBER_FULL || p->reserved + b > p->budget / 2) b = p->bytes / 32, n = FIBER_SLAB;
        if (b > p->fits) b = p->fits;
        if (b < FIBER_MIN) b = FIBER_MIN;
        if (p->reserved <= p->budget && p->reserved + n * b > p->budget) n = (uint32_t)((p->budget - p->reserved) / b);
        if (p->reserved > p->budget || !n || !slab_map(p, b, n, page)) {
            p->full = 1;
            return NULL;
        }
    }
    if (p->nall == p->capall) {
        uint32_t cap = p->capall ? 2 * p->capall : 64;
        Fiber **all = realloc(p->all, cap * sizeof *all);
        if (!all) {
            p->full = 1;
            return NULL;
        }
        p->all = all, p->capall = cap;
    }
    Fiber *f = p->slab++;
    p->slab_left--;
    if (f->mem) p->slab_next = (uintptr_t)f->mem;
    /* the slot's top pages hold the Diag, which only a failing branch
     * touches (so it costs no memory) and the collector never scans */
    uintptr_t diag = p->slab_next + p->slab_stride - ((sizeof(Diag) + page - 1) & ~(page - 1));
    f->bs.diag = (Diag *)diag;
    f->low = p->slab_next + page;
    f->top = diag;
    f->bs.limit = bigstack_limit_of(f->low, f->top - f->low);
    p->slab_next += p->slab_stride;
#ifdef PML_TSAN
    f->tsan = __tsan_create_fiber(0);
#endif
    p->all[p->nall++] = f;
    roots_add(f);
    return f;
}

void fiber_pool_init(FiberPool *p, size_t bytes)
{
    memset(p, 0, sizeof *p);
    p->bytes = p->fits = bytes;
    /* a quarter of the address space the process may have, at most
     * 32 TiB: the rest is the heap's and the other stacks' */
    struct rlimit rl;
    p->budget = (size_t)1 << 45;
    if (!getrlimit(RLIMIT_AS, &rl) && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur / 4 < p->budget)
        p->budget = (size_t)(rl.rlim_cur / 4);
}

void fiber_pool_destroy(FiberPool *p)
{
    /* the newest first: a mapping's first record (which holds the
     * mapping and the array of its records) after the others */
    for (uint32_t i = p->nall; i-- > 0;) {
        Fiber *f = p->all[i];
        roots_remove(f);
#ifdef PML_TSAN
        __tsan_destroy_fiber(f->tsan);
#endif
        if (f->mem) {
            munmap(f->mem, f->bytes);
            free(f);
        }
    }
    free(p->all);
    memset(p, 0, sizeof *p);
}

Fiber *fiber_take(FiberPool *p, void (*fn)(void *), void *arg)
{
    Fiber *f = p->free;
    if (f) p->free = f->free_next;
    else if (!(f = fiber_map(p))) return NULL;
    f->fn = fn;
    f->arg = arg;
    f->running = NULL;
    f->used = 0;
    f->inuse = 1;
    f->bs.deepest = f->top;
    boot_frame(f);
    if (++p->inuse > p->most) p->most = p->inuse;
    return f;
}

/* Deeper than this below its top, a stack returned to the pool gives
 * its pages back. */
#define FIBER_SHALLOW ((uintptr_t)256 << 10)

void fiber_give(FiberPool *p, Fiber *f)
{
    /* what its last frames left (the task's own, the registers it saved)
     * is zeroed, so that no later task on the stack finds it in a word
     * it does not write; deeper, the evaluator zeroed what it used, and
     * told how deep it went */
#ifdef PML_ASAN
    __asan_unpoison_memory_region((void *)f->sp, f->top - f->sp);
#endif
    memset((void *)f->sp, 0, f->top - f->sp);
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), deep = (f->top - FIBER_SHALLOW) & ~(page - 1);
    if (f->bs.deepest < deep && deep > f->low) madvise((void *)f->low, deep - f->low, MADV_DONTNEED);
    f->inuse = 0;
    f->free_next = p->free;
    p->free = f;
    p->inuse--;
}

void fiber_adopt(Fiber *f, Diag *d)
{
    memset(f, 0, sizeof *f);
    f->bs.diag = d;
    struct GC_stack_base sb;
    GC_get_my_stackbottom(&sb);
    f->top = (uintptr_t)sb.mem_base;
    f->low = bigstack_base();
    f->bs.limit = bigstack_limit();
    f->bs.deepest = f->top;
    f->state = FIBER_RUNNING;
#ifdef PML_TSAN
    f->tsan = __tsan_get_current_fiber();
#endif
    roots_add(f);
}

void fiber_drop(Fiber *f)
{
    roots_remove(f);
}
