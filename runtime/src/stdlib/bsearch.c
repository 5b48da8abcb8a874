/* bsearch - binary search in a sorted array; any matching element if several compare equal. */
#include <stdlib.h>

void* bsearch(const void* key, const void* base, size_t nmemb, size_t size,
              int (*cmp)(const void*, const void*)) {
  const char* lo = base;
  while (nmemb) {
    const char* mid = lo + (nmemb / 2) * size;
    int c = cmp(key, mid);
    if (c == 0) return (void*)mid;
    if (c > 0) {
      lo = mid + size;
      nmemb -= nmemb / 2 + 1;
    } else {
      nmemb /= 2;
    }
  }
  return NULL;
}
