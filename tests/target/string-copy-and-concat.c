/* string-copy-and-concat - strlen/strnlen at every alignment, strcpy/strcat, strncpy's padding
 * and non-termination, strncat's always-terminating append, and strdup's copy.
 * Expect: status 0 */
#include <stdlib.h>

#include "check.h"

int main(void) {
  static char src[80];
  int bad = 0;
  for (int start = 0; start < 8; start++)
    for (int len = 0; len < 40; len++) {
      memset(src, 'x', sizeof src);
      src[start + len] = 0;
      bad += strlen(src + start) != (size_t)len;
      bad += strnlen(src + start, 10) != (size_t)(len < 10 ? len : 10);
    }
  CHECK_INT(bad, 0);
  CHECK_INT(strlen(""), 0);
  CHECK_INT(strnlen("abc", 0), 0);

  char buf[32];
  CHECK(strcpy(buf, "kasane") == buf);
  CHECK_STR(buf, "kasane");
  CHECK(strcat(buf, "-sim") == buf);
  CHECK_STR(buf, "kasane-sim");
  memset(buf, '#', sizeof buf);
  CHECK(strncpy(buf, "abc", 6) == buf);
  CHECK(memcmp(buf, "abc\0\0\0#", 7) == 0); /* padded with NULs to n, nothing after */
  memset(buf, '#', sizeof buf);
  strncpy(buf, "abcdef", 3);
  CHECK(memcmp(buf, "abc#", 4) == 0); /* not terminated */
  strcpy(buf, "ab");
  CHECK(strncat(buf, "cdef", 2) == buf);
  CHECK_STR(buf, "abcd");
  strncat(buf, "xy", 10);
  CHECK_STR(buf, "abcdxy");
  strncat(buf, "zzz", 0);
  CHECK_STR(buf, "abcdxy");
  char* d = strdup("duplicate me");
  CHECK(d != NULL);
  CHECK_STR(d, "duplicate me");
  d[0] = 'D';
  CHECK_STR(d, "Duplicate me");
  free(d);
  char* e = strdup("");
  CHECK_STR(e, "");
  free(e);
  return check_done();
}
