/* strncmp - compare at most n characters as unsigned char. */
#include <string.h>

int strncmp(const char* a, const char* b, size_t n) {
  if (!n) return 0;
  for (; --n && *a == *b && *a; a++, b++) {
  }
  return *(const unsigned char*)a - *(const unsigned char*)b;
}
