/* mwait-timeouts: every context sleeps in deep MWAIT with a timeout, ROUNDS times, on a line
 * nobody writes, so each wakes by timeout (reason 1). Almost every cycle of the run is idle:
 * it shows what jumping over idle cycles saves (sim.idle_skip), and that the counts are the
 * same either way. Context 0 checks the wake reasons and exits 0 if all were timeouts. */
#include "bare.h"

#define ROUNDS 50
#define TIMEOUT 20000

static volatile uint32_t quiet[8] __attribute__((aligned(32)));
static volatile uint32_t done, bad;

int main(uint32_t id, uint32_t n) {
  for (unsigned r = 0; r < ROUNDS; ++r) {
    kasane_monitor((unsigned long)&quiet[0]);
    if (kasane_mwait(TIMEOUT, 1) != 1) atomic_add(&bad, 1);
  }
  atomic_add(&done, 1);
  if (id != 0) return 0;
  while (done < n) {
  }
  bare_puts(bad ? "mwait-timeouts: a wake reason was not the timeout\n" : "mwait-timeouts ok\n");
  return bad != 0;
}
