/* memmove - copy n bytes between buffers that may overlap. Copies forwards with memcpy when the
 * destination is below the source or the ranges are disjoint, otherwise backwards. */
#include <string.h>

#include "word.h"

void* memmove(void* dst, const void* src, size_t n) {
  unsigned char* d = dst;
  const unsigned char* s = src;

  if (d == s) return dst;
  if ((uintptr_t)s - (uintptr_t)d - n <= -2 * n) return memcpy(d, s, n); /* disjoint */
  if (d < s) {
    for (; n; n--) *d++ = *s++; /* forward overlap: bytes, since memcpy may not run forwards */
    return dst;
  }
  d += n;
  s += n;
  if ((((uintptr_t)d ^ (uintptr_t)s) & (WSIZE - 1)) == 0) {
    for (; ((uintptr_t)d & (WSIZE - 1)) && n; n--) *--d = *--s;
    for (; n >= WSIZE; n -= WSIZE) {
      d -= WSIZE;
      s -= WSIZE;
      *(word_t*)d = *(const word_t*)s;
    }
  }
  for (; n; n--) *--d = *--s;
  return dst;
}
