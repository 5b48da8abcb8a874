/* False sharing: CPU 0 and the last CPU (on different cores) take turns through one cache line,
 * each writing its own word of it, ROUNDS times: the line moves between the cores' L1Ds on every
 * turn. Checks that no turn is lost; the cost shows in the cycles and, with coherence, in the
 * invalidation counts. */
#include "smp.h"

#define ROUNDS 500

static struct {
  volatile uint32_t turn;   /* whose turn: 0 or 1 */
  volatile uint32_t mine;   /* CPU 0's count */
  volatile uint32_t theirs; /* the last CPU's count */
} line __attribute__((aligned(64)));

int main(uint32_t cpu, uint32_t cpus) {
  const uint32_t last = cpus - 1;
  if (cpu == last && cpu != 0)
    for (uint32_t r = 0; r < ROUNDS; ++r) {
      while (line.turn != 1) {
      }
      line.theirs++;
      line.turn = 0;
    }
  if (cpu != 0) return 0;
  for (uint32_t r = 0; r < ROUNDS; ++r) {
    while (line.turn != 0) {
    }
    line.mine++;
    line.turn = 1;
  }
  while (line.theirs != ROUNDS) {
  }
  return verdict("false-sharing", (line.mine != ROUNDS) + (line.theirs != ROUNDS));
}
