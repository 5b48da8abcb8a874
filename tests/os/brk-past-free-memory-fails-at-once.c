/* brk-past-free-memory-fails-at-once - a brk that more pages than are free could never cover
 * fails (the break stays where it was) before the kernel takes a page: it used to map and zero
 * every free page, give them back and fail, about 100 M cycles a call with the kernel lock held
 * (system call fuzzer seed 25). A brk that fits still moves the break and maps zeroed pages.
 * Expect: status 0 */
#include <kasane/syscall_nr.h>
#include <stdint.h>
#include <unistd.h>

#include "check.h"
#include "thread.h"

#define HUGE (1u << 30) /* 1 GiB: more than the machine's RAM */

int main(void) {
  uint32_t start = (uint32_t)syscall(SYS_brk, 0);
  CHECK(start != 0);
  uint32_t t0 = cycles();
  uint32_t r = (uint32_t)syscall(SYS_brk, start + HUGE);
  uint32_t spent = cycles() - t0;
  CHECK(r == start);
  /* A system call's round trip is a few hundred cycles; zeroing 256 MiB is ~10^8. */
  CHECK(spent < 100000);
  r = (uint32_t)syscall(SYS_brk, start + 65536);
  CHECK(r == start + 65536);
  volatile uint32_t* p = (volatile uint32_t*)(start + 65536 - 4);
  CHECK(*p == 0);
  *p = 42;
  CHECK(*p == 42);
  printf("a 1 GiB brk failed in %u cycles\n", spent);
  return check_done();
}
