/* exec_objfile.c — see exec_objfile.h.  A file of its own: <link.h>'s
 * dl_iterate_phdr needs _GNU_SOURCE, under which <pthread.h> (that gc.h
 * includes) wants the system's <sched.h>, which src/sched/sched.h hides. */
#define _GNU_SOURCE
#include "exec_objfile.h"

#include <link.h>
#include <stddef.h>
#include <stdint.h>

typedef struct Find { uintptr_t at; const char *name; } Find;

static int find_object(struct dl_phdr_info *info, size_t size, void *fp)
{
    (void)size;
    Find *f = fp;
    uintptr_t a = f->at - info->dlpi_addr;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_LOAD && ph->p_vaddr <= a && a < ph->p_vaddr + ph->p_memsz) {
            f->name = info->dlpi_name;
            return 1;
        }
    }
    return 0;
}

const char *exec_objfile_of(const void *code)
{
    Find f = {(uintptr_t)code, NULL};
    dl_iterate_phdr(find_object, &f);
    return f.name;
}
