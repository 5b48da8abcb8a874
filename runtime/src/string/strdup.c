/* strdup - copy a string into memory from malloc; NULL (errno ENOMEM) if that fails. */
#include <stdlib.h>
#include <string.h>

char* strdup(const char* s) {
  size_t n = strlen(s) + 1;
  char* d = malloc(n);
  return d ? memcpy(d, s, n) : NULL;
}
