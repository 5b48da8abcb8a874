/* fork-and-join-at-every-spacing-complete - fork/join through the public API with the two
 * handshakes moved against each other one instruction at a time, with every policy: the forker
 * delays its next fork by d after the join (the sibling is entering or already in its wait for
 * work), and the job delays its return by d (the forker is entering or already in its join
 * wait); d runs from 0 to 191 instructions (delay() below). Every job's result arrives and no
 * wake-up is lost (a lost one leaves both threads asleep: the simulator ends the run as a
 * deadlock). The narrowest windows, between a waiter's last look and its sleep, are reached
 * more surely by handshake-post-racing-the-waiters-entry-is-never-lost.
 * Expect: status 0 */
#include <shadow.h>

#include "check.h"

#define STEPS 192

static volatile unsigned long out;
static volatile int job_delay;

/* Take longer by d: 0-7 single NOPs, then a loop of d / 8 turns; a turn is shorter than 8
 * NOPs, so consecutive d cover every delay in instructions. */
static void delay(int d) {
#define NOP __asm__ volatile("nop")
  switch (d & 7) {
    case 7: NOP; /* fall through */
    case 6: NOP; /* fall through */
    case 5: NOP; /* fall through */
    case 4: NOP; /* fall through */
    case 3: NOP; /* fall through */
    case 2: NOP; /* fall through */
    case 1: NOP; /* fall through */
    default: break;
  }
  for (int i = d >> 3; i; i--) __asm__ volatile("");
}

static void job(void* p) {
  delay(job_delay);
  out = (unsigned long)p;
}

int main(void) {
  static const int policies[] = {SHADOW_SPIN, SHADOW_MWAIT, SHADOW_TWO_PHASE, SHADOW_SUSPEND};
  int wrong = 0;
  for (unsigned p = 0; p < 4; p++) {
    struct shadow s;
    CHECK_INT(shadow_create(&s, policies[p], 4), 1);
    unsigned long k = 0;
    for (int d = 0; d < STEPS; d++) { /* the fork moves across the sibling's wait entry */
      job_delay = 0;
      shadow_fork(&s, job, (void*)++k);
      shadow_join(&s);
      wrong += out != k;
      delay(d);
    }
    for (int d = 0; d < STEPS; d++) { /* the job's end moves across the forker's join entry */
      job_delay = d;
      shadow_fork(&s, job, (void*)++k);
      shadow_join(&s);
      wrong += out != k;
    }
    shadow_destroy(&s);
  }
  CHECK_INT(wrong, 0);
  return check_done();
}
