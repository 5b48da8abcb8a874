/* strcmp - compare strings as unsigned char. */
#include <string.h>

int strcmp(const char* a, const char* b) {
  for (; *a == *b && *a; a++, b++) {
  }
  return *(const unsigned char*)a - *(const unsigned char*)b;
}
