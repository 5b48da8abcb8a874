/* fgets - read a line (up to n - 1 bytes, keeping the newline) into s. s, or NULL if end of file
 * or an error came before any byte. */
#include <string.h>

#include "stdio_impl.h"

char* fgets(char* __restrict s, int n, FILE* __restrict f) {
  char* p = s;
  if (n <= 0) return NULL;
  FLOCK(f);
  while (n > 1) {
    if (f->rpos == f->rend) { /* nothing buffered: refill through getc's slow path */
      int c = __uflow(f);
      if (c == EOF) break;
      *p++ = (char)c;
      n--;
      if (c == '\n') break;
      continue;
    }
    /* Copy up to the newline, the end of the buffer or the end of s, whichever comes first. */
    size_t k = (size_t)(f->rend - f->rpos);
    if (k > (size_t)n - 1) k = (size_t)n - 1;
    unsigned char* nl = memchr(f->rpos, '\n', k);
    if (nl) k = (size_t)(nl - f->rpos) + 1;
    memcpy(p, f->rpos, k);
    f->rpos += k;
    p += k;
    n -= (int)k;
    if (nl) break;
  }
  FUNLOCK(f);
  if (p == s && n > 1) return NULL; /* nothing read (n == 1 asks for an empty string) */
  *p = 0;
  return s;
}
