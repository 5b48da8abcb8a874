/* clone-beyond-the-thread-pool-is-eagain-and-leaks-nothing - the kernel's clone threads come
 * from a fixed pool (NTHREAD, os/param.h) with a kernel stack each: a program that makes threads
 * that all wait in FUTEX_WAIT gets EAGAIN once the pool is used up, never a panic, and at least
 * 64 threads before that (what the pthread tests need). Woken and joined, they leave nothing
 * behind: sysinfo shows the free memory of before, and clone works again.
 * Expect: status 0 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <kasane/syscall_nr.h>

#include "check.h"
#include "kthread.h"
#include "sysinfo32.h"

#define MAXT 200

static char stacks[MAXT][512] __attribute__((aligned(8)));
static volatile int ctid[MAXT];
static volatile int word;

static void waiter(void* arg) {
  (void)arg;
  while (word == 0) kfutex(&word, FUTEX_WAIT | FUTEX_PRIVATE_FLAG, 0, 0);
}

static unsigned long freeram(void) {
  struct sysinfo32 si;
  memset(&si, 0xff, sizeof si);
  CHECK_INT(ksys(SYS_sysinfo, (long)&si, 0, 0, 0), 0);
  return si.freeram;
}

static long make(int i) {
  ctid[i] = -1;
  return kclone(NPTL_FLAGS & ~CLONE_SETTLS, stacks[i] + sizeof stacks[i], (int*)&ctid[i], 0,
                (int*)&ctid[i], waiter, 0);
}

int main(void) {
  memset(stacks, 0, sizeof stacks); /* their pages are the program's from now on */
  printf("cloning until EAGAIN\n");      /* and stdout's buffer */
  unsigned long before = freeram();
  int n = 0;
  long r = 0;
  while (n < MAXT && (r = make(n)) > 0) n++;
  printf("clone made %d threads before %ld\n", n, r);
  CHECK_INT(r, -EAGAIN);
  CHECK(n >= 64);
  CHECK(freeram() < before); /* each thread holds a kernel stack */
  word = 1;
  kfutex(&word, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, MAXT, 0);
  for (int i = 0; i < n; i++) {
    kjoin(&ctid[i]);
    CHECK_INT(ctid[i], 0);
  }
  CHECK_INT(freeram(), before);
  CHECK(make(0) > 0); /* the pool is whole again */
  kjoin(&ctid[0]);
  CHECK_INT(freeram(), before);
  return check_done();
}
