/* rand-deterministic-sequence - rand() follows the documented 64-bit LCG from srand(1) (also the
 * state before any srand), reseeding restarts the sequence, and values stay in 0..RAND_MAX.
 * Expect: status 0 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

static uint64_t model_seed;
static int model_rand(void) {
  model_seed = 6364136223846793005ULL * model_seed + 1;
  return (int)(model_seed >> 33);
}

int main(void) {
  int first[5];
  for (int i = 0; i < 5; i++) first[i] = rand();
  printf("first five: %d %d %d %d %d\n", first[0], first[1], first[2], first[3], first[4]);
  srand(1);
  for (int i = 0; i < 5; i++) CHECK(rand() == first[i]);
  srand(2024);
  model_seed = 2023;
  int bad = 0, out_of_range = 0;
  for (int i = 0; i < 10000; i++) {
    int r = rand();
    bad += r != model_rand();
    out_of_range += r < 0 || r > RAND_MAX;
  }
  CHECK_INT(bad, 0);
  CHECK_INT(out_of_range, 0);
  CHECK_INT(first[0], 0);
  CHECK_INT(first[1], 740882966); /* same as musl */
  return check_done();
}
