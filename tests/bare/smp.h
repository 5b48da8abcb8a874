/* What the multi-core bare-metal tests share, on top of workloads/bare/bare.h (console, LL/SC
 * add, barrier): they run main(cpu, cpus) on every context of every core (core.smp_start), where
 * cpu is RDHWR $0, the global CPU number core * contexts + context. Two roles on different cores
 * are CPU 0 and the last CPU: cores are numbered contiguously, so the last CPU is on the last
 * core whenever there are two cores or more. */
#ifndef SMP_H
#define SMP_H

#include <bare.h>

/* The cycle counter of sim-control (low word). */
static inline uint32_t cycle_lo(void) {
  return *BARE_IO(KASANE_SIMCTL_BASE + KASANE_SIMCTL_CYCLE_LO);
}

/* Busy for about `n` loop iterations without touching memory. */
static inline void spin(uint32_t n) {
  for (volatile uint32_t i = 0; i < n; ++i) {
  }
}

/* CPU 0's verdict: print `name` and ok or the number of failures, return the exit status. */
static inline int verdict(const char* name, uint32_t failures) {
  bare_puts(name);
  if (failures) {
    bare_puts(": failures ");
    bare_putu(failures);
    bare_puts("\n");
    return 1;
  }
  bare_puts(" ok\n");
  return 0;
}

#endif /* SMP_H */
