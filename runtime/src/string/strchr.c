/* strchr - first occurrence of (char)c in s; c == 0 finds the terminator. */
#include <string.h>

char* strchr(const char* s, int c) {
  char ch = (char)c;
  for (;; s++) {
    if (*s == ch) return (char*)s;
    if (!*s) return NULL;
  }
}
