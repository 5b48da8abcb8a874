/* memcpy - copy n bytes between non-overlapping buffers.
 *
 * Fast path: when source and destination share their alignment, copy 16 bytes per iteration in
 * words; otherwise bytes. (lwl/lwr could handle mismatched alignment; the byte loop is enough
 * for the short copies programs here make.) */
#include <string.h>

#include "word.h"

void* memcpy(void* __restrict dst, const void* __restrict src, size_t n) {
  unsigned char* d = dst;
  const unsigned char* s = src;

  if ((((uintptr_t)d ^ (uintptr_t)s) & (WSIZE - 1)) == 0) {
    for (; ((uintptr_t)d & (WSIZE - 1)) && n; n--) *d++ = *s++;
    word_t* wd = (word_t*)d;
    const word_t* ws = (const word_t*)s;
    for (; n >= 4 * WSIZE; n -= 4 * WSIZE, wd += 4, ws += 4) {
      wd[0] = ws[0];
      wd[1] = ws[1];
      wd[2] = ws[2];
      wd[3] = ws[3];
    }
    for (; n >= WSIZE; n -= WSIZE) *wd++ = *ws++;
    d = (unsigned char*)wd;
    s = (const unsigned char*)ws;
  }
  for (; n; n--) *d++ = *s++;
  return dst;
}
