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

/* The core's cycle counter, all 64 bits (reading the low word latches the high one). */
uint64_t cycles(void) {
  uint32_t lo = *IO(KASANE_SIMCTL_BASE + KASANE_SIMCTL_CYCLE_LO);
  uint32_t hi = *IO(KASANE_SIMCTL_BASE + KASANE_SIMCTL_CYCLE_HI);
  return (uint64_t)hi << 32 | lo;
}

/* Begin (or end) region of interest id: the simulator reports its cycles and instructions. */
void roi(int begin, uint32_t id) {
  *IO(KASANE_SIMCTL_BASE + (begin ? KASANE_SIMCTL_ROI_BEGIN : KASANE_SIMCTL_ROI_END)) = id;
}
