/* strcpy - copy a string including its NUL. */
#include <string.h>

char* strcpy(char* __restrict d, const char* __restrict s) {
  char* r = d;
  while ((*d++ = *s++)) {
  }
  return r;
}
