/* cold-read-blocks-one-thread-and-compute-runs - with kernel notifications registered
 * (upcall.h's minimal runtime), a read() that must wait for the disk does not hold the context:
 * the kernel raises BLOCKED (argument: the call's number) on the same context, the handler runs a
 * worker thread that counts, and when the disk is done the kernel interrupts the worker with
 * UNBLOCKED (argument: the call's result) and the handler resumes the reader. The read returns
 * the whole 256 KiB file, right; the worker counted meanwhile; the handler saw exactly one
 * BLOCKED and one UNBLOCKED, both naming the reader's ThMB; kasane_notify_stats agrees.
 * Nothing is cached before the read (the block cache starts empty; open() reads only the
 * directory), so the read is cold.
 * Expect: status 0
 * Files: notify */
#include <fcntl.h>
#include <kasane/syscall_nr.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "upcall.h"

#define SIZE 262144 /* big.txt: lines "%07d\n" */

static char buf[SIZE + 1];

/* How many 8-byte lines of p[0..n) are not "%07d\n" of their number. */
static int bad_lines(const char* p, int n) {
  int bad = 0;
  for (int k = 0; k < n / 8; k++) {
    const char* line = p + 8 * k;
    int v = 0, digits = 1;
    for (int d = 0; d < 7; d++) {
      digits &= line[d] >= '0' && line[d] <= '9';
      v = v * 10 + (line[d] - '0');
    }
    bad += !digits || v != k || line[7] != '\n';
  }
  return bad;
}

int main(void) {
  int fd = open("big.txt", O_RDONLY);
  CHECK(fd >= 3);
  struct kasane_notify_stats before, after;
  CHECK_INT(kasane_notify_stats(&before), 0);
  CHECK_INT(upcall_register(0), 0);

  int n = read(fd, buf, SIZE + 1);

  CHECK_INT(kasane_notify_register(0), 0);
  CHECK_INT(kasane_notify_stats(&after), 0);
  CHECK_INT(n, SIZE);
  CHECK_INT(bad_lines(buf, SIZE), 0);
  CHECK_INT(upcall_seen[KASANE_EV_BLOCKED].count, 1);
  CHECK_INT(upcall_seen[KASANE_EV_BLOCKED].arg, SYS_read);
  CHECK(upcall_seen[KASANE_EV_BLOCKED].thmb == (uint32_t)&thmb_main);
  CHECK_INT(upcall_seen[KASANE_EV_UNBLOCKED].count, 1);
  CHECK_INT(upcall_seen[KASANE_EV_UNBLOCKED].arg, SIZE);
  CHECK(upcall_seen[KASANE_EV_UNBLOCKED].thmb == (uint32_t)&thmb_main);
  CHECK_INT(upcall_seen[KASANE_EV_PREEMPTED].count, 0);
  CHECK(worker_count > 0);
  /* The kernel saved the worker into its ThMB when it interrupted it for UNBLOCKED. */
  CHECK(thmb_worker.regs.r[29] > (uint32_t)worker_stack &&
        thmb_worker.regs.r[29] <= (uint32_t)(worker_stack + UPCALL_STACK));
  CHECK_INT(after.blocked - before.blocked, 1);
  CHECK_INT(after.unblocked - before.unblocked, 1);
  CHECK(after.cache_misses - before.cache_misses >= SIZE / 4096);
  printf("the worker counted to %u while the read waited for %u block misses\n", worker_count,
         after.cache_misses - before.cache_misses);
  return check_done();
}
