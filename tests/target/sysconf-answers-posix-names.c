/* sysconf-answers-posix-names - sysconf gives the page size, clock ticks, thread limits and
 * POSIX version glibc gives, at least one processor (the same for _CONF and _ONLN), a descriptor
 * limit of at least 16 (the Kasane kernel's), -1 with EINVAL for an unknown name; <sys/param.h>
 * has MIN, MAX, howmany, roundup, powerof2 and the bit macros. The glibc build must print the
 * same.
 * Expect: status 0
 * Glibc: yes */
#include <errno.h>
#include <sys/param.h>
#include <unistd.h>

#include "check.h"

int main(void) {
  CHECK_INT(sysconf(_SC_PAGESIZE), 4096);
  CHECK_INT(sysconf(_SC_PAGE_SIZE), 4096);
  CHECK_INT(sysconf(_SC_CLK_TCK), 100);
  CHECK_INT(sysconf(_SC_VERSION), 200809);
  CHECK_INT(sysconf(_SC_THREAD_KEYS_MAX) >= 128, 1);
  CHECK_INT(sysconf(_SC_THREAD_DESTRUCTOR_ITERATIONS), 4);
  CHECK_INT(sysconf(_SC_LINE_MAX), 2048);
  CHECK_INT(sysconf(_SC_HOST_NAME_MAX), 64);
  long conf = sysconf(_SC_NPROCESSORS_CONF), onln = sysconf(_SC_NPROCESSORS_ONLN);
  CHECK(conf >= 1 && onln >= 1 && onln <= conf);
  CHECK(sysconf(_SC_OPEN_MAX) >= 16);
  CHECK(sysconf(_SC_CHILD_MAX) >= 1);
  errno = 0;
  CHECK_INT(sysconf(-5), -1);
  CHECK_INT(errno, EINVAL);

  unsigned char bits[4] = {0};
  setbit(bits, 9);
  CHECK_INT(bits[1], 2);
  CHECK(isset(bits, 9) && isclr(bits, 8));
  clrbit(bits, 9);
  CHECK_INT(bits[1], 0);
  CHECK_INT(MIN(3, -4), -4);
  CHECK_INT(MAX(3, -4), 3);
  CHECK_INT(howmany(4097, 4096), 2);
  CHECK_INT(roundup(4097, 4096), 8192);
  CHECK(powerof2(64) && !powerof2(96));
  CHECK_INT(NBBY, 8);
  return check_done();
}
