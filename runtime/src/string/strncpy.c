/* strncpy - copy at most n characters and pad the rest of the n bytes with NULs; the result is
 * not terminated when s has n or more characters (that is the standard, odd as it is). */
#include <string.h>

char* strncpy(char* __restrict d, const char* __restrict s, size_t n) {
  size_t len = strnlen(s, n);
  memcpy(d, s, len);
  memset(d + len, 0, n - len);
  return d;
}
