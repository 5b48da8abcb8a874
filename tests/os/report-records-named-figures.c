/* report-records-named-figures - kasane_report hands a named 64-bit figure to the simulator for
 * stats.json "reports" (tests/host/test_reports.py reads them back); a bad name is the caller's
 * EINVAL, a bad pointer EFAULT, and neither stops the run. Reported: answer = 42, big = 2^40 + 7,
 * again = 2 (first 1, then overwritten), name.with-dots_1 = 0.
 * Expect: status 0 */
#include <errno.h>
#include <kasane/syscalls.h>

#include "check.h"

static int fails(const char* name, int err) {
  errno = 0;
  return kasane_report(name, 1) == -1 && errno == err;
}

int main(void) {
  CHECK_INT(kasane_report("answer", 42), 0);
  CHECK_INT(kasane_report("big", (1ull << 40) + 7), 0);
  CHECK_INT(kasane_report("again", 1), 0);
  CHECK_INT(kasane_report("again", 2), 0);
  CHECK_INT(kasane_report("name.with-dots_1", 0), 0);
  CHECK_INT(fails("", EINVAL), 1);
  CHECK_INT(fails("has space", EINVAL), 1);
  CHECK_INT(fails("a-name-of-thirty-two-characters!", EINVAL), 1);
  CHECK_INT(fails("a-name-of-exactly-32-characters_", EINVAL), 1);
  CHECK_INT(fails((const char*)0, EFAULT), 1);
  CHECK_INT(fails((const char*)0x80000000u, EFAULT), 1);
  return 0;
}
