/* handshake-post-racing-the-waiters-entry-is-never-lost - the runtime's two handshake halves,
 * __shadow_wait (runtime/src/shadow/shadow_impl.h) and __ctx_post (runtime/src/ctx/ctx_flag.h),
 * tested directly: a waiter on the sibling and a poster on the main thread start together, the
 * poster delayed by d instructions, d from 0 to 255, so that the post lands at every point of
 * the waiter's entry into its wait: before its first look at the flag, between that look and
 * MONITOR or the TSUSPEND announcement, and after it sleeps. The lost wake-up windows of MWAIT (look, then
 * arm) and TSUSPEND (look, then announce) are an instruction or two wide, which the public
 * fork/join path cannot steer the post into; this can. With each waiting policy; a lost
 * wake-up leaves the waiter asleep and the poster in join: a deadlock that ends the run. With the
 * sibling on another core (the iss-2cores-cross build) every policy but TSUSPEND, which cannot
 * cross cores (TRESUME names a context of the poster's core).
 * Expect: status 0 */
#include <shadow.h>

#include "check.h"
#include "shadow_impl.h"

#define STEPS 256

static struct ctx_flag flag;                                    /* the handshake under test */
static volatile unsigned long start __attribute__((aligned(64))); /* both go when it moves */
static volatile int wait_policy;
static volatile unsigned long woke;

/* Take longer by d: 0-7 single NOPs, then d / 8 turns of a loop shorter than 8 NOPs, so
 * consecutive d cover every delay in instructions. */
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

/* The sibling: wait for the start, then for the post. */
static void waiter(void* p) {
  unsigned long round = (unsigned long)p;
  while (start != round) {
  }
  woke = __shadow_wait(&flag, round - 1, wait_policy, 2);
}

int main(void) {
  static const int policies[] = {SHADOW_SPIN, SHADOW_MWAIT, SHADOW_TWO_PHASE, SHADOW_SUSPEND};
  struct shadow s;
  CHECK_INT(shadow_create(&s, SHADOW_SPIN, 0), 1);
  unsigned long round = 0;
  int wrong = 0;
  for (unsigned p = 0; p < 4; p++) {
    if (policies[p] == SHADOW_SUSPEND && s.count && s.sibling[0]->job.cross) continue;
    wait_policy = policies[p];
    for (int d = 0; d < STEPS; d++) {
      ++round; /* flag.seq is round - 1 */
      shadow_fork(&s, waiter, (void*)round);
      for (volatile int i = 0; i < 50; i++) { /* let the sibling reach its start loop */
      }
      start = round;
      delay(d);
      __ctx_post(&flag, round);
      shadow_join(&s);
      wrong += woke != round;
    }
  }
  CHECK_INT(wrong, 0);
  shadow_destroy(&s);
  return check_done();
}
