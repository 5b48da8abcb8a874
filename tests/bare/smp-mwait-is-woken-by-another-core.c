/* MWAIT woken by a store from another core: CPU 0 monitors a line and sleeps in a deep MWAIT with
 * a long timeout; the last CPU waits until CPU 0 is asleep, then stores to the line. The MWAIT
 * must return 0 (woken by a store), well before its timeout, and see the value stored. */
#include "smp.h"

#define TIMEOUT 2000000u

static volatile uint32_t watched[8] __attribute__((aligned(32)));
static volatile uint32_t armed;

int main(uint32_t cpu, uint32_t cpus) {
  if (cpu == cpus - 1 && cpu != 0) {
    while (!armed) {
    }
    spin(3000); /* CPU 0 is in MWAIT by now */
    watched[3] = 42;
    return 0;
  }
  if (cpu != 0) return 0;
  const uint32_t before = cycle_lo();
  kasane_monitor((unsigned long)&watched[0]);
  armed = 1;
  const long why = kasane_mwait(TIMEOUT, 1);
  const uint32_t slept = cycle_lo() - before;
  return verdict("mwait-cross-core",
                 (why != 0) + (watched[3] != 42) + (slept >= TIMEOUT) + (cpus < 2));
}
