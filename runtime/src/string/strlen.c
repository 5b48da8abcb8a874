/* strlen - length of a string; checks a word (4 bytes) per step once aligned. */
#include <string.h>

#include "word.h"

size_t strlen(const char* s) {
  const char* a = s;
  for (; (uintptr_t)s & (WSIZE - 1); s++)
    if (!*s) return (size_t)(s - a);
  const word_t* w = (const word_t*)s;
  while (!HASZERO(*w)) w++;
  for (s = (const char*)w; *s; s++) {
  }
  return (size_t)(s - a);
}
