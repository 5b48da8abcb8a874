/* Message passing across cores: CPU 0 writes a datum, then a flag; the last CPU waits for the
 * flag and must then read that datum, never the one before (stores become visible in program
 * order on every core). ROUNDS hand-offs, each acknowledged before the next. */
#include "smp.h"

#define ROUNDS 200

static volatile uint32_t data, flag, ack, stale;

int main(uint32_t cpu, uint32_t cpus) {
  if (cpu == 0) {
    for (uint32_t r = 1; r <= ROUNDS; ++r) {
      data = r;
      flag = r;
      while (ack != r) {
      }
    }
    return verdict("message-passing", cpus < 2 ? 1 : stale);
  }
  if (cpu == cpus - 1)
    for (uint32_t r = 1; r <= ROUNDS; ++r) {
      while (flag != r) {
      }
      if (data != r) stale++;
      ack = r;
    }
  return 0;
}
