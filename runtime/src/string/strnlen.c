/* strnlen - length of a string, looking at no more than n bytes. */
#include <string.h>

size_t strnlen(const char* s, size_t n) {
  const char* p = memchr(s, 0, n);
  return p ? (size_t)(p - s) : n;
}
