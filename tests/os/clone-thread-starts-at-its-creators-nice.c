/* clone-thread-starts-at-its-creators-nice - as on Linux, a clone thread starts with the nice
 * value of the thread that made it (getpriority on its own tid, 0, and on its tid from the
 * creator), keeps its own when the creator's changes afterwards, and a thread cloned at nice 0
 * starts at 0. getpriority's raw call returns 20 - nice.
 * Expect: status 0 */
#include <sys/resource.h>

#include "check.h"
#include "kthread.h"

static char stacks[2][2048] __attribute__((aligned(8)));
static volatile int ctid[2], gate;
static volatile long seen[2];

static long raw_prio(long who) { return ksys(SYS_getpriority, PRIO_PROCESS, who, 0, 0); }

static void child(void* arg) {
  int i = (int)(long)arg;
  while (gate == 0) kfutex(&gate, FUTEX_WAIT | FUTEX_PRIVATE_FLAG, 0, 0);
  seen[i] = raw_prio(0);
}

int main(void) {
  CHECK_INT(raw_prio(0), 20);
  CHECK_INT(ksys(SYS_setpriority, PRIO_PROCESS, 0, 7, 0), 0);
  ctid[0] = ctid[1] = -1;
  long t0 = kclone(NPTL_FLAGS & ~CLONE_SETTLS, stacks[0] + sizeof stacks[0], (int*)&ctid[0], 0,
                   (int*)&ctid[0], child, (void*)0);
  CHECK(t0 > 0);
  CHECK_INT(raw_prio(t0), 13); /* nice 7, the creator's */
  CHECK_INT(ksys(SYS_setpriority, PRIO_PROCESS, 0, 0, 0), 0);
  long t1 = kclone(NPTL_FLAGS & ~CLONE_SETTLS, stacks[1] + sizeof stacks[1], (int*)&ctid[1], 0,
                   (int*)&ctid[1], child, (void*)1);
  CHECK(t1 > 0);
  CHECK_INT(raw_prio(t0), 13); /* its own, not the creator's new one */
  CHECK_INT(raw_prio(t1), 20);
  gate = 1;
  kfutex(&gate, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, 2, 0);
  kjoin(&ctid[0]);
  kjoin(&ctid[1]);
  CHECK_INT(seen[0], 13);
  CHECK_INT(seen[1], 20);
  return check_done();
}
