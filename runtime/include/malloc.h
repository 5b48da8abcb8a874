/* malloc.h - the allocator, plus the obsolete memalign (glibc's header for it). */
#ifndef _MALLOC_H
#define _MALLOC_H

#include <stdlib.h>

/* aligned_alloc under its old name: NULL with errno EINVAL unless align is a power of two. */
void* memalign(size_t align, size_t n);

#endif /* _MALLOC_H */
