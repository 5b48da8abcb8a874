/* The two-core thermal programs (smp-thermal-*.c): CPU 0 (on core 0) either spins or sleeps in
 * deep MWAIT until THERMAL_END; the last CPU (on the last core) sleeps until then in both. Every
 * other context parks at once. Then each of the two reads its own core's die from the sensor and
 * CPU 0 prints both readings. CPU 0 marks the 3 ms as region 1. The host test compares the sleeping core's temperature when its
 * neighbour spins with when it sleeps too, and checks that the sensor tells the cores apart. */
#ifndef SMP_THERMAL_H
#define SMP_THERMAL_H

#include "smp.h"

/* 3 ms at 1 GHz: one and a half die time constants (sim/power/README.md). */
#define THERMAL_END 3000000u

static volatile uint32_t thermal_quiet[8] __attribute__((aligned(32)));
static volatile uint32_t thermal_other_mc, thermal_other_done;

/* Deep MWAIT on a line nobody writes, with timeouts, until the cycle counter reaches `end`. */
static inline void thermal_sleep_until(uint32_t end) {
  while (cycle_lo() < end) {
    kasane_monitor((unsigned long)&thermal_quiet[0]);
    kasane_mwait(20000, 1);
  }
}

static inline int thermal_main(uint32_t cpu, uint32_t cpus, int spin_core0) {
  if (cpu == cpus - 1) {
    thermal_sleep_until(THERMAL_END);
    thermal_other_mc = sensor_millicelsius();
    atomic_add(&thermal_other_done, 1);
    return 0;
  }
  if (cpu != 0) return 0;
  *BARE_IO(KASANE_SIMCTL_BASE + KASANE_SIMCTL_ROI_BEGIN) = 1; /* region 1: the 3 ms */
  if (spin_core0)
    while (cycle_lo() < THERMAL_END) {
    }
  else
    thermal_sleep_until(THERMAL_END);
  *BARE_IO(KASANE_SIMCTL_BASE + KASANE_SIMCTL_ROI_END) = 1;
  while (!thermal_other_done) {
  }
  const uint32_t mine = sensor_millicelsius();
  bare_puts("sensor core0 ");
  bare_putu(mine);
  bare_puts(" last ");
  bare_putu(thermal_other_mc);
  bare_puts("\n");
  /* The spinning core is the hotter one, and each context reads its own core. */
  return verdict("thermal", spin_core0 ? mine <= thermal_other_mc : 0);
}

#endif /* SMP_THERMAL_H */
