/* fread - read nmemb items of size bytes: what is buffered first, then from the kernel. The number
 * of whole items read; fewer at end of file (feof) or on an error (ferror). */
#include <string.h>

#include "stdio_impl.h"

size_t fread(void* __restrict p, size_t size, size_t nmemb, FILE* __restrict f) {
  size_t len = size * nmemb;
  if (!size || !nmemb) return 0;
  if (len / size != nmemb) return 0; /* the product overflowed */
  unsigned char* dst = p;
  size_t left = len;

  FLOCK(f);
  if (!f->rend && __toread(f)) {
    FUNLOCK(f);
    return 0;
  }
  size_t k = (size_t)(f->rend - f->rpos);
  if (k > left) k = left;
  memcpy(dst, f->rpos, k);
  f->rpos += k;
  dst += k;
  left -= k;
  while (left) { /* the buffer is empty now */
    size_t r = __stdio_read(f, dst, left);
    if (!r) break;
    dst += r;
    left -= r;
  }
  FUNLOCK(f);
  return (len - left) / size;
}
