/* rand, srand - the 64-bit LCG musl uses (Knuth's MMIX constants), top 31 bits returned.
 * Deterministic on every machine, which the differential tests rely on. */
#include <stdint.h>
#include <stdlib.h>

static uint64_t seed;

void srand(unsigned s) { seed = s - 1; }

int rand(void) {
  seed = 6364136223846793005ULL * seed + 1;
  return (int)(seed >> 33);
}
