/* string-compare-and-search - strcmp/strncmp/memcmp order bytes as unsigned char and stop at the
 * right place; strchr/strrchr/strstr/memchr find first and last occurrences, the terminator,
 * and report absence with NULL.
 * Expect: status 0 */
#include "check.h"

static int sign(int x) { return (x > 0) - (x < 0); }

int main(void) {
  CHECK_INT(sign(strcmp("abc", "abc")), 0);
  CHECK_INT(sign(strcmp("abc", "abd")), -1);
  CHECK_INT(sign(strcmp("abc", "ab")), 1);
  CHECK_INT(sign(strcmp("", "a")), -1);
  CHECK_INT(sign(strcmp("\x80", "\x7f")), 1); /* unsigned: 0x80 > 0x7f */
  CHECK_INT(sign(strncmp("abcdef", "abcxyz", 3)), 0);
  CHECK_INT(sign(strncmp("abcdef", "abcxyz", 4)), -1);
  CHECK_INT(sign(strncmp("abc", "abd", 0)), 0);
  CHECK_INT(sign(strncmp("ab", "ab\0x", 10)), 0); /* stops at the NUL */
  CHECK_INT(sign(memcmp("ab\0c", "ab\0d", 4)), -1); /* does not stop at NUL */
  CHECK_INT(sign(memcmp("\xff", "\x01", 1)), 1);
  CHECK_INT(memcmp("x", "y", 0), 0);

  const char* s = "hello, world; hello again";
  CHECK_INT(strchr(s, 'o') - s, 4);
  CHECK_INT(strrchr(s, 'o') - s, 18);
  CHECK_INT(strchr(s, 0) - s, 25);
  CHECK_INT(strrchr(s, 0) - s, 25);
  CHECK(strchr(s, 'z') == NULL);
  CHECK(strrchr(s, 'z') == NULL);
  CHECK_INT(strstr(s, "hello") - s, 0);
  CHECK_INT(strstr(s, "hello a") - s, 14);
  CHECK_INT(strstr(s, "") - s, 0);
  CHECK(strstr(s, "worlds") == NULL);
  CHECK(strstr("aaa", "aaaa") == NULL);
  CHECK_INT(strstr("aaab", "aab") - "aaab", 1); /* partial match then restart */
  CHECK_INT((const char*)memchr(s, ';', 25) - s, 12);
  CHECK(memchr(s, ';', 12) == NULL);
  CHECK_INT((const char*)memchr("a\0b", 'b', 3) - "a\0b", 2);
  CHECK_INT((const char*)memchr("\xfe", 0xfe, 1) - "\xfe", 0);
  CHECK_INT((const char*)memchr("\xfe", -2, 1) - "\xfe", 0); /* c converts to unsigned char */
  return check_done();
}
