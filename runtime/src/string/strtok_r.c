/* strtok_r - split a string into tokens separated by any character of sep; *state remembers
 * where to continue, so several tokenisations can run at once (unlike strtok). */
#include <string.h>

static int in(char c, const char* set) {
  for (; *set; set++)
    if (*set == c) return 1;
  return 0;
}

char* strtok_r(char* __restrict s, const char* __restrict sep, char** __restrict state) {
  if (!s && !(s = *state)) return NULL;
  while (*s && in(*s, sep)) s++;
  if (!*s) {
    *state = NULL;
    return NULL;
  }
  char* tok = s;
  while (*s && !in(*s, sep)) s++;
  if (*s)
    *s++ = 0;
  else
    s = NULL;
  *state = s;
  return tok;
}
