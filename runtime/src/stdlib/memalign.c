/* memalign.c - posix_memalign, aligned_alloc, memalign: malloc'd memory at a chosen alignment
 * (the allocator's __memalign in malloc.c does the work; free() releases it as any block).
 *
 * The three differ only in how they check and report: posix_memalign returns the error (EINVAL
 * unless align is a power of two multiple of sizeof(void*), ENOMEM) and leaves errno alone;
 * aligned_alloc and memalign return NULL with errno EINVAL (align not a power of two) or
 * ENOMEM. */
#include <errno.h>
#include <stdlib.h>

void* __memalign(size_t align, size_t n);

int posix_memalign(void** res, size_t align, size_t n) {
  if (align < sizeof(void*) || (align & (align - 1))) return EINVAL;
  int saved = errno;
  void* p = __memalign(align, n);
  if (!p) {
    errno = saved;
    return ENOMEM;
  }
  *res = p;
  return 0;
}

void* aligned_alloc(size_t align, size_t n) {
  if (align == 0 || (align & (align - 1))) {
    errno = EINVAL;
    return NULL;
  }
  return __memalign(align, n);
}

void* memalign(size_t align, size_t n) { return aligned_alloc(align, n); }
