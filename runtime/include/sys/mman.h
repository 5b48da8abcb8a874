/* sys/mman.h - mapping memory, with the Linux MIPS values (<asm/mman.h>: MAP_ANONYMOUS is 0x800
 * here, not 0x20). */
#ifndef _SYS_MMAN_H
#define _SYS_MMAN_H

#include <sys/types.h>

#define PROT_NONE 0x0  /* no access */
#define PROT_READ 0x1  /* readable */
#define PROT_WRITE 0x2 /* writable */
#define PROT_EXEC 0x4  /* executable */

#define MAP_SHARED 0x001    /* writes go to the file and are seen by other mappings of it */
#define MAP_PRIVATE 0x002   /* writes stay private to this mapping */
#define MAP_FIXED 0x010     /* map exactly at addr, replacing what was there */
#define MAP_ANONYMOUS 0x800 /* zeroed memory, not a file: fd is ignored (pass -1) */
#define MAP_ANON MAP_ANONYMOUS

#define MAP_FAILED ((void*)-1) /* what mmap returns on failure */

/* Map len bytes: the address, or MAP_FAILED with errno. off must be a multiple of the page size. */
void* mmap(void* addr, size_t len, int prot, int flags, int fd, off_t off);
int munmap(void* addr, size_t len);
/* Give the pages of [addr, addr + len) protection prot; addr page-aligned (os/mprotect.c). */
int mprotect(void* addr, size_t len, int prot);

#endif /* _SYS_MMAN_H */
