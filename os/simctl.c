/* Sim-control, the device through which the kernel ends the simulation. */
#include <kasane/devices.h>
#include <kasane/platform.h>

#include "defs.h"
#include "mips.h"

/* Stop the machine: kasane-sim exits with this status. Nothing runs after it. */
void halt(int status) {
  *IO(KASANE_SIMCTL_BASE + KASANE_SIMCTL_EXIT) = (uint32_t)status;
  for (;;) cpu_wait();
}

/* Report a kernel panic (the console already says why): kasane-sim exits non-zero. */
void simctl_panic(void) {
  *IO(KASANE_SIMCTL_BASE + KASANE_SIMCTL_PANIC) = 1;
  for (;;) cpu_wait();
}
