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

/* Record name = value for stats.json "reports". name is checked by the caller: 1 to 31
 * characters the device accepts; the buffer is KASANE_SIMCTL_REPORT_NAME_MAX bytes. */
void simctl_report(const char* name, uint32_t len, uint64_t value) {
  for (uint32_t i = 0; i < KASANE_SIMCTL_REPORT_NAME_MAX; i += 4) {
    uint32_t w = 0;
    for (uint32_t b = 0; b < 4 && i + b < len; b++) w |= (uint32_t)(uint8_t)name[i + b] << (8 * b);
    *IO(KASANE_SIMCTL_BASE + KASANE_SIMCTL_REPORT_NAME + i) = w;
  }
  *IO(KASANE_SIMCTL_BASE + KASANE_SIMCTL_REPORT_LO) = (uint32_t)value;
  *IO(KASANE_SIMCTL_BASE + KASANE_SIMCTL_REPORT_HI) = (uint32_t)(value >> 32);
  *IO(KASANE_SIMCTL_BASE + KASANE_SIMCTL_REPORT) = len;
}
