/* Every context of every core has its own CPU number, core * contexts + context: RDHWR $0 (main's
 * cpu) and EBase.CPUNum agree, and all of 0 .. cpus-1 appear exactly once. */
#include "smp.h"

static volatile uint32_t seen[KASANE_MAX_CONTEXTS], arrived;

int main(uint32_t cpu, uint32_t cpus) {
  uint32_t ebase;
  __asm__ volatile("mfc0 %0, $15, 1" : "=r"(ebase));
  atomic_add(&seen[ebase & 0x3ff], cpu + 1);
  atomic_add(&arrived, 1);
  if (cpu != 0) return 0;
  while (arrived != cpus) {
  }
  uint32_t wrong = 0;
  for (uint32_t i = 0; i < cpus; ++i) wrong += seen[i] != i + 1;
  return verdict("cpu-numbers", wrong);
}
