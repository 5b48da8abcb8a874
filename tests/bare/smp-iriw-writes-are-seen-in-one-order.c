/* IRIW (independent reads of independent writes): two writers on different cores store x and y,
 * two readers read them in opposite orders. If one reader sees x new and y old while the other
 * sees y new and x old, the writes were seen in two different orders: forbidden under
 * sequential consistency. Roles: CPU 0 writes x, the last CPU writes y, CPU 1 and the one before
 * the last read (at least 4 CPUs). Each round starts at a barrier of its own. */
#include "smp.h"

#define ROUNDS 48

static volatile uint32_t x[ROUNDS], y[ROUNDS];
static volatile uint32_t a1[ROUNDS], a2[ROUNDS], b1[ROUNDS], b2[ROUNDS];
static volatile uint32_t start[ROUNDS], finished;

int main(uint32_t cpu, uint32_t cpus) {
  const uint32_t last = cpus - 1;
  if (cpus < 4) return verdict("iriw needs 4 cpus", 1);
  if (cpu != 0 && cpu != 1 && cpu != last - 1 && cpu != last) return 0;
  for (uint32_t r = 0; r < ROUNDS; ++r) {
    barrier(&start[r], 4);
    if (cpu == 0) {
      spin(r % 4);
      x[r] = 1;
    } else if (cpu == last) {
      spin(r % 3);
      y[r] = 1;
    } else if (cpu == 1) {
      a1[r] = x[r];
      a2[r] = y[r];
    } else {
      spin(r % 5);
      b1[r] = y[r];
      b2[r] = x[r];
    }
  }
  atomic_add(&finished, 1);
  if (cpu != 0) return 0;
  while (finished != 4) {
  }
  uint32_t forbidden = 0;
  for (uint32_t r = 0; r < ROUNDS; ++r)
    if (a1[r] == 1 && a2[r] == 0 && b1[r] == 1 && b2[r] == 0) forbidden++;
  return verdict("iriw", forbidden);
}
