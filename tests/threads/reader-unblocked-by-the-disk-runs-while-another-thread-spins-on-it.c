/* reader-unblocked-by-the-disk-runs-while-another-thread-spins-on-it - in each of 4 rounds the
 * main thread creates a thread that spins until main says stop, then reads a 4 KiB file that is
 * not in the buffer cache yet, then says stop. With one context the new thread is ready, not
 * running, when main's read blocks: BLOCKED (hw: an upcall; conventional: SIGIO) gives it the
 * context, and it never waits for anything, so main runs again only because the library lets a
 * thread the kernel unblocked take a context from a running thread when no context is free
 * (before, main waited in the ready queue for ever). Every file arrives intact, every spinner
 * ran and stopped, and the kernel counted a BLOCKED and an UNBLOCKED per read.
 * Files: readers
 * Expect: status 0 */
#include <fcntl.h>
#include <kasane/notify.h>
#include <kasane/syscalls.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

#define ROUNDS 4
#define SIZE 4096
#define LINE 16 /* "%02d:%012d\n" */

static volatile int stop, spun;

static void* spinner(void* arg) {
  while (!stop) spun = 1;
  return arg;
}

/* Read r<me>.txt; the number of its lines that are not what tests/threads/files/readers holds,
 * or -1 if the read failed. */
static int read_file(int me) {
  static char buf[SIZE];
  char name[16], want[LINE + 1];
  snprintf(name, sizeof name, "r%02d.txt", me);
  int fd = open(name, O_RDONLY);
  int n = fd < 0 ? -1 : (int)read(fd, buf, sizeof buf);
  if (fd >= 0) close(fd);
  if (n != SIZE) return -1;
  int bad = 0;
  for (int k = 0; k < SIZE / LINE; k++) {
    snprintf(want, sizeof want, "%02d:%012d\n", me, k);
    bad += memcmp(buf + k * LINE, want, LINE) != 0;
  }
  return bad;
}

int main(void) {
  struct kasane_notify_stats before, after;
  int bad = 0, not_spun = 0;
  CHECK_INT(kasane_notify_stats(&before), 0);
  for (int i = 0; i < ROUNDS; i++) {
    pthread_t t;
    stop = 0;
    spun = 0;
    CHECK_INT(pthread_create(&t, 0, spinner, 0), 0);
    bad += read_file(i) != 0;
    stop = 1;
    CHECK_INT(pthread_join(t, 0), 0);
    not_spun += !spun;
  }
  CHECK_INT(kasane_notify_stats(&after), 0);
  CHECK_INT(bad, 0);
  CHECK_INT(not_spun, 0);
  CHECK(after.blocked - before.blocked >= ROUNDS);
  CHECK(after.unblocked - before.unblocked >= ROUNDS);
  return check_done();
}
