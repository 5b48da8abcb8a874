/* setpriority-clamps-and-reads-back-the-nice-value - PRIO_PROCESS with who 0 (the caller) or the
 * caller's id: the nice value set is the one getpriority gives back (not the system call's raw
 * 20 - nice), a value above 19 is clamped to 19; an unknown `which` is EINVAL and an id no thread
 * has is ESRCH. Only raises the nice value: lowering it needs privilege on Linux. The starting
 * value depends on the runner (`nice ctest`) and is not printed.
 * Glibc: yes
 * Expect: status 0 */
#include <errno.h>
#include <sys/resource.h>
#include <unistd.h>

#include "check.h"

int main(void) {
  errno = 0;
  int n0 = getpriority(PRIO_PROCESS, 0);
  CHECK(errno == 0 && n0 >= -20 && n0 <= 19);

  CHECK_INT(setpriority(PRIO_PROCESS, 0, 19), 0);
  CHECK_INT(getpriority(PRIO_PROCESS, 0), 19);
  CHECK_INT(setpriority(PRIO_PROCESS, 0, 100), 0);
  CHECK_INT(getpriority(PRIO_PROCESS, getpid()), 19);
  CHECK_INT(setpriority(PRIO_PROCESS, getpid(), 19), 0);

  errno = 0;
  CHECK_INT(setpriority(3, 0, 19), -1);
  CHECK_INT(errno, EINVAL);
  errno = 0;
  CHECK_INT(getpriority(3, 0), -1);
  CHECK_INT(errno, EINVAL);
  errno = 0;
  CHECK_INT(setpriority(PRIO_PROCESS, 0x3fffffff, 19), -1);
  CHECK_INT(errno, ESRCH);
  errno = 0;
  CHECK_INT(getpriority(PRIO_PROCESS, 0x3fffffff), -1);
  CHECK_INT(errno, ESRCH);
  return check_done();
}
