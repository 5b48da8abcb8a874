/* threads-waiting-for-ever-after-main-texit-are-a-deadlock - the main thread starts a thread that
 * suspends itself with nobody left to wake it, and leaves with TEXIT. Context 0 then has no
 * thread of the process to run and waits for the process's other contexts to end; it is told
 * when one does (TControl.XW: a TEXIT triggers its monitor) instead of polling, so with every
 * context waiting and nothing pending the simulator reports a guest deadlock (status 71) at
 * once, instead of running to sim.max_cycles (72). (System call fuzzer seed 12003 spun so.)
 * Expect: status 71
 * Stderr: guest deadlock */
#include "thread.h"

static char stack[4096] __attribute__((aligned(8)));
static struct thread sleeper;

static void sleep_for_ever(void* arg) {
  (void)arg;
  for (;;) kasane_tsuspend();
}

int main(void) {
  if (thread_start(&sleeper, sleep_for_ever, 0, stack, sizeof stack) <= 0) return 1;
  kasane_texit();
  return 2;
}
