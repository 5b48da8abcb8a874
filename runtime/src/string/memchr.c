/* memchr - find the first byte equal to (unsigned char)c among n bytes. */
#include <string.h>

void* memchr(const void* src, int c, size_t n) {
  const unsigned char* s = src;
  unsigned char b = (unsigned char)c;
  for (; n; n--, s++)
    if (*s == b) return (void*)s;
  return NULL;
}
