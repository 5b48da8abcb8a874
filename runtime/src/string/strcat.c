/* strcat - append s to d. */
#include <string.h>

char* strcat(char* __restrict d, const char* __restrict s) {
  strcpy(d + strlen(d), s);
  return d;
}
