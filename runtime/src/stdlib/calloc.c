/* calloc - zeroed array allocation, failing (ENOMEM) when nmemb * size overflows. Reused chunks
 * hold old data, so the memset is always needed. (This relies on -ffreestanding: a hosted gcc
 * folds malloc + memset into a call to calloc, which here would be this function itself.) */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void* calloc(size_t nmemb, size_t size) {
  if (size && nmemb > SIZE_MAX / size) {
    errno = ENOMEM;
    return NULL;
  }
  void* p = malloc(nmemb * size);
  return p ? memset(p, 0, nmemb * size) : NULL;
}
