/* notification-that-kills-its-process-ends-its-parked-wait - a process registered for signal
 * notifications with no SIGIO handler calls wait4 for a child that is still running. The wait
 * is parked and BLOCKED goes out as SIGIO, which has no handler: the process is killed
 * (SIGSEGV, with a kernel line) in the middle of parking the call. The parked wait must end with
 * the kill like any interruptible wait, so the process ends, its child gets the core and ends
 * too, and the parent sees both. (System call fuzzer seed 12003: the parked wait4 slept for ever,
 * and the killed process kept the core, so its child never ran again.)
 * Expect: status 0
 * Stderr: signal 22 has no handler to deliver it to (SIGSEGV) */
#include <kasane/notify.h>
#include <kasane/syscalls.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "check.h"
#include "thread.h"

static struct kasane_regs thmb;
static volatile uint32_t slots[16];

/* Counts for a while (several time slices, so the victim's wait blocks), then exits 7. */
static int grandchild(void) {
  for (volatile int i = 0; i < 200000; i++) {
  }
  return 7;
}

/* Registers for SIGIO notifications without a handler for SIGIO and waits for a grandchild. */
static int victim(const char* argv0) {
  pid_t g = spawn_self(argv0, "grandchild", 0);
  if (g <= 0) return 2;
  struct kasane_notify_reg reg = {0, 0, (uint32_t)slots, KASANE_NOTIFY_SIGNAL, 0, 0};
  if (kasane_notify_register(&reg) != 0) return 3;
  /* Slots are indexed by CPU number (on one core, LTN - 1), read after registering: in context
   * mode the call makes the process hold a whole core, on its context 0 (os/ctxsched.c). */
  uint32_t cpu;
  __asm__ volatile("rdhwr %0, $0" : "=r"(cpu));
  slots[cpu] = (uint32_t)&thmb;
  int st;
  waitpid(g, &st, 0); /* killed in here */
  return 4;
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "victim") == 0) return victim(argv[0]);
  if (argc > 1 && strcmp(argv[1], "grandchild") == 0) return grandchild();
  pid_t v = spawn_self(argv[0], "victim", 0);
  CHECK(v > 0);
  int st = 0;
  CHECK_INT(waitpid(v, &st, 0), v);
  CHECK(WIFSIGNALED(st));
  CHECK_INT(WTERMSIG(st), SIGSEGV);
  /* The grandchild went to init (the kernel) when the victim ended; it must not be left holding
   * a process slot for ever: the process count comes back to the parent alone. */
  printf("victim ended by signal %d\n", WTERMSIG(st));
  return check_done();
}
