/* snprintf-truncation - snprintf writes at most n-1 characters plus a NUL, never a byte beyond n,
 * and returns the length the full result would have had (so n = 0 just measures).
 * Expect: status 0 */
#include "check.h"

static char buf[32];

static void fill(void) { memset(buf, '#', sizeof buf); }

int main(void) {
  fill();
  CHECK_INT(snprintf(buf, 5, "hello world"), 11);
  CHECK_STR(buf, "hell");
  CHECK_INT(buf[5], '#');
  fill();
  CHECK_INT(snprintf(buf, 12, "hello world"), 11);
  CHECK_STR(buf, "hello world");
  fill();
  CHECK_INT(snprintf(buf, 11, "hello world"), 11);
  CHECK_STR(buf, "hello worl");
  CHECK_INT(buf[11], '#');
  fill();
  CHECK_INT(snprintf(buf, 1, "abc"), 3);
  CHECK_INT(buf[0], 0);
  CHECK_INT(buf[1], '#');
  fill();
  CHECK_INT(snprintf(buf, 0, "abc%d", 12345), 8);
  CHECK_INT(buf[0], '#');
  CHECK_INT(snprintf(NULL, 0, "%lld", -1234567890123LL), 14);
  fill();
  CHECK_INT(snprintf(buf, 8, "%5d|%-5s|", 42, "ab"), 12);
  CHECK_STR(buf, "   42|a");
  fill();
  CHECK_INT(snprintf(buf, 4, "%s", ""), 0);
  CHECK_STR(buf, "");
  fill();
  CHECK_INT(snprintf(buf, 6, "%040d", 7), 40);
  CHECK_STR(buf, "00000");
  CHECK_INT(buf[6], '#');
  CHECK_INT(sprintf(buf, "%s-%d", "abc", 99), 6);
  CHECK_STR(buf, "abc-99");
  return check_done();
}
