/* strncat - append at most n characters of s to d, always adding a NUL. */
#include <string.h>

char* strncat(char* __restrict d, const char* __restrict s, size_t n) {
  char* e = d + strlen(d);
  size_t len = strnlen(s, n);
  memcpy(e, s, len);
  e[len] = 0;
  return d;
}
