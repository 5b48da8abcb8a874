/* memset - fill n bytes with c. Aligns, then stores whole words of the replicated byte. */
#include <string.h>

#include "word.h"

void* memset(void* dst, int c, size_t n) {
  unsigned char* d = dst;
  unsigned char b = (unsigned char)c;

  for (; ((uintptr_t)d & (WSIZE - 1)) && n; n--) *d++ = b;
  word_t w = ONES * b;
  word_t* wd = (word_t*)d;
  for (; n >= 4 * WSIZE; n -= 4 * WSIZE, wd += 4) {
    wd[0] = w;
    wd[1] = w;
    wd[2] = w;
    wd[3] = w;
  }
  for (; n >= WSIZE; n -= WSIZE) *wd++ = w;
  d = (unsigned char*)wd;
  for (; n; n--) *d++ = b;
  return dst;
}
