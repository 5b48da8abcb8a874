/* clock_nanosleep - hand-written because POSIX has it return the error number, not -1 and
 * errno. */
#include <time.h>

#include "syscall.h"

int clock_nanosleep(clockid_t clk, int flags, const struct timespec* req, struct timespec* rem) {
  return (int)-__syscall4(SYS_clock_nanosleep, (long)clk, (long)flags, (long)req, (long)rem);
}
