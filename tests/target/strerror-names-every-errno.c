/* strerror-names-every-errno - strerror gives glibc's text for every Linux MIPS error number
 * (0 .. 169 and EDQUOT), "Unknown error N" for the numbers without one, and the macros have the
 * MIPS values; strerror_r copies, truncates with ERANGE and reports EINVAL for unknown numbers;
 * perror writes to stderr (not compared; glibc's may change errno, which POSIX allows). The
 * glibc build must print the same.
 * Expect: status 0
 * Glibc: yes */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

int main(void) {
  for (int e = 0; e < 170; e++) printf("%d %s\n", e, strerror(e));
  printf("%d %s\n", EDQUOT, strerror(EDQUOT));
  printf("-1 %s\n", strerror(-1));
  printf("4000 %s\n", strerror(4000));
  /* The numbers where MIPS differs from other architectures. */
  CHECK_INT(EDEADLK, 45);
  CHECK_INT(ENAMETOOLONG, 78);
  CHECK_INT(ENOSYS, 89);
  CHECK_INT(ENOTEMPTY, 93);
  CHECK_INT(ELOOP, 90);
  CHECK_INT(EOPNOTSUPP, 122);
  CHECK_INT(ENOTSUP, EOPNOTSUPP);
  CHECK_INT(ETIMEDOUT, 145);
  CHECK_INT(ECANCELED, 158);
  CHECK_INT(EOWNERDEAD, 165);
  CHECK_INT(EWOULDBLOCK, EAGAIN);
  CHECK_INT(EDQUOT, 1133);

  char buf[64];
  CHECK_INT(strerror_r(ENOENT, buf, sizeof buf), 0);
  CHECK_STR(buf, "No such file or directory");
  CHECK_INT(strerror_r(ENOENT, buf, 6), ERANGE);
  CHECK_STR(buf, "No su");
  CHECK_INT(strerror_r(4000, buf, sizeof buf), EINVAL);

  errno = EBADF;
  perror("perror-to-stderr");
  perror(NULL);
  return check_done();
}
