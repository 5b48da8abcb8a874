/* strstr - first occurrence of needle in haystack. The quadratic scan is fine for the short
 * strings programs here search; the first-character filter keeps the common case fast. */
#include <string.h>

char* strstr(const char* h, const char* n) {
  if (!*n) return (char*)h;
  size_t nl = strlen(n);
  for (; (h = strchr(h, *n)); h++)
    if (strncmp(h, n, nl) == 0) return (char*)h;
  return NULL;
}
