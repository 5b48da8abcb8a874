/* readers-blocked-on-the-disk-leave-their-contexts-to-a-computing-thread - 12 threads (more than
 * the machine has contexts) each read a different 4 KiB file from the disk while one thread
 * computes. Nothing is in the buffer cache yet, so each read waits for the disk; the kernel
 * raises BLOCKED (hw: an upcall; conventional: SIGIO) and the library runs another thread on that
 * context instead of holding it. Every file arrives intact, the computing thread finishes with
 * the right sum, and the kernel counted at least one BLOCKED and one UNBLOCKED per file.
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

#define READERS 12
#define SIZE 4096
#define LINE 16 /* "%02d:%012d\n" */

static int bad[READERS];

static void* reader(void* arg) {
  int me = (int)(intptr_t)arg;
  char name[16], buf[SIZE + 1], want[LINE + 1];
  snprintf(name, sizeof name, "r%02d.txt", me);
  int fd = open(name, O_RDONLY);
  int n = fd < 0 ? -1 : (int)read(fd, buf, sizeof buf);
  if (fd >= 0) close(fd);
  if (n != SIZE) return (void*)1;
  for (int k = 0; k < SIZE / LINE; k++) {
    snprintf(want, sizeof want, "%02d:%012d\n", me, k);
    bad[me] += memcmp(buf + k * LINE, want, LINE) != 0;
  }
  return 0;
}

static void* compute(void* arg) {
  uint32_t n = (uint32_t)(uintptr_t)arg, sum = 0;
  for (uint32_t i = 0; i < n; i++) sum += i * i;
  return (void*)(uintptr_t)sum;
}

int main(void) {
  struct kasane_notify_stats before, after;
  pthread_t r[READERS], c;
  void* res;
  uint32_t want = 0;
  int failures = 0, bad_lines = 0;
  for (uint32_t i = 0; i < 100000; i++) want += i * i;
  CHECK_INT(kasane_notify_stats(&before), 0);
  CHECK_INT(pthread_create(&c, 0, compute, (void*)100000), 0);
  for (intptr_t i = 0; i < READERS; i++)
    failures += pthread_create(&r[i], 0, reader, (void*)i) != 0;
  for (int i = 0; i < READERS; i++) {
    failures += pthread_join(r[i], &res) != 0 || res != 0;
    bad_lines += bad[i];
  }
  CHECK_INT(pthread_join(c, &res), 0);
  CHECK_INT(kasane_notify_stats(&after), 0);
  CHECK_INT(failures, 0);
  CHECK_INT(bad_lines, 0);
  CHECK_HEX((uint32_t)(uintptr_t)res, want);
  CHECK(after.blocked - before.blocked >= READERS);
  CHECK(after.unblocked - before.unblocked >= READERS);
  return check_done();
}
