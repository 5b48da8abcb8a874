/* notification-reaches-a-thread-on-another-core - a thread of this process on the other core
 * (kasane_ctx_start) registers upcall.h's minimal runtime and reads a file that is not cached:
 * the kernel raises BLOCKED on that thread's context (its CPU number's slot), the handler runs the
 * worker there, and when the disk is done (its interrupt comes to core 0) UNBLOCKED reaches the
 * worker on the other core, whose handler resumes the reader: the read returns the whole file.
 * Meanwhile the main thread computes on this core.
 * Expect: status 0
 * Files: notify */
#include <fcntl.h>
#include <kasane/syscall_nr.h>
#include <unistd.h>

#include "check.h"
#include "smp.h"
#include "upcall.h"

#define SIZE 262144 /* big.txt */
#define STACK 8192

static char buf[SIZE + 1];
static volatile int n = -1, cpu_before = -1, cpu_after = -1, reg = -1;
static struct thread th;
static char stack[STACK] __attribute__((aligned(8)));

static void reader(void* arg) {
  int fd = (int)(long)arg;
  cpu_before = this_cpu();
  reg = upcall_register(0);
  n = read(fd, buf, SIZE + 1);
  kasane_notify_register(0);
  cpu_after = this_cpu();
}

int main(void) {
  int ncores = kasane_ctx_map(0, 0), other = (this_core() + 1) % ncores;
  int fd = open("big.txt", O_RDONLY);
  CHECK(fd >= 3);
  long cpu = thread_start_on(other, &th, reader, (void*)(long)fd, stack, STACK);
  CHECK_INT(cpu / core_contexts(), other);
  uint32_t t0 = cycles();
  while (!th.done && cycles() - t0 < 30000000u) compute(100);
  CHECK(th.done);
  CHECK_INT(reg, 0);
  CHECK_INT(n, SIZE);
  CHECK_INT(cpu_before, cpu);
  CHECK_INT(cpu_after, cpu);
  CHECK(buf[0] == '0' && buf[SIZE - 1] == '\n');
  CHECK_INT(upcall_seen[KASANE_EV_BLOCKED].count, 1);
  CHECK_INT(upcall_seen[KASANE_EV_BLOCKED].arg, SYS_read);
  CHECK(upcall_seen[KASANE_EV_BLOCKED].thmb == (uint32_t)&thmb_main);
  CHECK_INT(upcall_seen[KASANE_EV_UNBLOCKED].count, 1);
  CHECK_INT(upcall_seen[KASANE_EV_UNBLOCKED].arg, SIZE);
  CHECK(worker_count > 0);
  return check_done();
}
