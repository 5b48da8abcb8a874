/* thread-handoff: a main thread and three workers started with TFORK hand work items around a
 * ring, main -> w1 -> w2 -> w3 -> main. Each hand-off is a mailbox on its own cache line; the
 * receiver waits for it in one of two ways:
 *   - built normally: w1 and w3 sleep in TSUSPEND and their producer wakes them with TRESUME;
 *     w2 and main sleep in MWAIT on the mailbox line (armed by MONITOR; a store wakes them).
 *   - built with -DSPIN (thread-handoff-spin): everybody spins on the mailbox instead.
 * w1 does the heavy work, so the others wait most of the time: that waiting is what the power
 * and thermal model tells apart. Both print the same checksum; main exits with 0. */
#include "bare.h"

#define ITEMS 48
#define WORK 6000 /* iterations of the hash per item in w1 */

struct mailbox {
  volatile uint32_t full;
  volatile uint32_t value;
  uint32_t pad[6]; /* one 32-byte line each (core.monitor_line) */
} __attribute__((aligned(32)));

static struct mailbox box[4]; /* box[k] is read by stage k: 0 main, 1..3 workers */
static uint32_t ltn[4];

#ifndef SPIN
enum wait_kind { SUSPEND, MWAIT };
static const enum wait_kind kind[4] = {MWAIT, SUSPEND, MWAIT, SUSPEND};
#endif

static uint32_t take(unsigned k) {
  struct mailbox* b = &box[k];
#ifdef SPIN
  while (!b->full) {
  }
#else
  while (!b->full) {
    if (kind[k] == SUSPEND) {
      kasane_tsuspend(); /* a TRESUME that came first left a token: no lost wake-up */
    } else {
      kasane_monitor((unsigned long)&b->full);
      if (!b->full) kasane_mwait(0, 0); /* no timeout, light sleep */
    }
  }
#endif
  uint32_t v = b->value;
  b->full = 0;
  return v;
}

static void give(unsigned k, uint32_t v) {
  struct mailbox* b = &box[k];
  while (b->full) { /* the ring holds one item per stage; rarely waits */
  }
  b->value = v;
  b->full = 1;
#ifndef SPIN
  if (kind[k] == SUSPEND) kasane_tresume(ltn[k]);
#endif
}

static uint32_t hash(uint32_t v, unsigned rounds) {
  for (unsigned i = 0; i < rounds; ++i) v = (v ^ (v >> 7)) * 0x9e3779b1u + i;
  return v;
}

static void worker(uint32_t k) {
  for (;;) {
    uint32_t v = take(k);
    v = hash(v, k == 1 ? WORK : 20);
    give((k + 1) % 4, v);
  }
}

int main(uint32_t id, uint32_t n) {
  (void)id;
  if (n < 4) {
    bare_puts("thread-handoff needs 4 contexts\n");
    return 1;
  }
  static struct thread_start start[4];
  for (unsigned k = 1; k < 4; ++k) {
    start[k].fn = worker;
    start[k].arg = k;
    ltn[k] = spawn(&start[k]);
    if (ltn[k] == 0) {
      bare_puts("tfork found no free context\n");
      return 1;
    }
  }
  uint32_t sum = 0;
  for (uint32_t i = 0; i < ITEMS; ++i) {
    give(1, i);
    sum = sum * 31 + take(0);
  }
  bare_puts("thread-handoff checksum ");
  bare_putu(sum);
  bare_puts(", die ");
  bare_putu(sensor_millicelsius());
  bare_puts(" mC\n");
  return 0;
}
