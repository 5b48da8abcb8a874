/* Store buffering (Dekker's test) across cores: CPU 0 stores x then loads y, the last CPU stores y
 * then loads x. Under sequential consistency at least one of them sees the other's store: both
 * loads returning 0 is forbidden. Each round starts both roles together, CPU 0 a few cycles
 * later by a round-dependent delay, so that the rounds cover several interleavings. */
#include "smp.h"

#define ROUNDS 64

static volatile uint32_t x[ROUNDS], y[ROUNDS], r0[ROUNDS], r1[ROUNDS];
static volatile uint32_t ready, go, done;

int main(uint32_t cpu, uint32_t cpus) {
  const uint32_t last = cpus - 1;
  if (cpu != 0 && cpu != last) return 0;
  for (uint32_t r = 0; r < ROUNDS; ++r) {
    if (cpu == last) {
      ready = r + 1;
      while (go != r + 1) {
      }
      y[r] = 1;
      r1[r] = x[r];
      done = r + 1;
    } else {
      while (ready != r + 1) {
      }
      go = r + 1;
      spin(r % 8);
      x[r] = 1;
      r0[r] = y[r];
      while (done != r + 1) {
      }
    }
  }
  if (cpu != 0) return 0;
  uint32_t forbidden = 0, both = 0;
  for (uint32_t r = 0; r < ROUNDS; ++r) {
    if (r0[r] == 0 && r1[r] == 0) forbidden++;
    if (r0[r] == 1 && r1[r] == 1) both++;
  }
  bare_puts("store-buffering: rounds where both saw the other ");
  bare_putu(both);
  bare_puts("\n");
  return verdict("store-buffering", cpus < 2 ? 1 : forbidden);
}
