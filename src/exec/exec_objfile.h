/*
 * exec_objfile.h — which loaded object (the program or a shared library)
 * holds an address, as the dynamic linker names it; pml exec leaves the
 * collector's own data out of its roots by that name (exec.c).
 */
#ifndef PML_EXEC_OBJFILE_H
#define PML_EXEC_OBJFILE_H

/* The name the dynamic linker gives the object whose loaded segments hold
 * code ("" for the program itself; dl_iterate_phdr's dlpi_name), or NULL
 * if none does. */
const char *exec_objfile_of(const void *code);

#endif
