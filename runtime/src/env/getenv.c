/* getenv - look a name up in environ ("NAME=value" strings). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char* getenv(const char* name) {
  size_t len = strlen(name);
  if (!environ || len == 0) return NULL;
  for (char** e = environ; *e; e++)
    if (strncmp(*e, name, len) == 0 && (*e)[len] == '=') return *e + len + 1;
  return NULL;
}
