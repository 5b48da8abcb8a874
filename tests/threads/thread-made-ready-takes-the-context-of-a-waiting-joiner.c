/* thread-made-ready-takes-the-context-of-a-waiting-joiner - on a machine of N contexts, N - 2
 * threads spin and one more (A) spins too, so that main, joining A, leaves the only context with
 * nothing to run. Once main waits, A creates B and spins until B has run. No context is free for
 * B but main's: the join must give it up at once (hw: the runtime pokes a joiner that waits in
 * MWAIT on its own word, pthread_join.c), so main's join returns within 50,000 cycles, half of
 * the slice after which such a joiner would look for ready threads by itself (MWAIT_SLICE,
 * 100,000). With one context, A yields to let B run.
 * Expect: status 0 */
#include <kasane/cycles.h>
#include <pthread.h>
#include <unistd.h>

#include "check.h"

#define MAXSPIN 16
#define BOUND 50000 /* cycles */
#define SETTLE 5000 /* cycles A waits after main said it joins: main is in its wait by then */

static volatile int joining, b_ran, stop;
static int yield; /* one context: nobody else can run B */

static void* spin(void* arg) {
  while (!stop) {
  }
  return arg;
}

static void* nothing(void* arg) { return arg; }

static void* b(void* arg) {
  b_ran = 1;
  return arg;
}

static void* a(void* arg) {
  while (!joining)
    if (yield) pthread_yield();
  unsigned long t0 = kasane_cycles();
  while (kasane_cycles() - t0 < SETTLE) {
  }
  pthread_t t;
  CHECK_INT(pthread_create(&t, 0, b, 0), 0);
  while (!b_ran)
    if (yield) pthread_yield();
  CHECK_INT(pthread_detach(t), 0);
  return arg;
}

int main(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  CHECK(n >= 1);
  int spinners = n - 2 > MAXSPIN ? MAXSPIN : n < 2 ? 0 : (int)n - 2;
  yield = n < 2;
  pthread_t s[MAXSPIN], t;
  for (int i = 0; i < spinners; i++) CHECK_INT(pthread_create(&s[i], 0, spin, 0), 0);
  CHECK_INT(pthread_create(&t, 0, a, (void*)7), 0);
  /* A thread joined leaves its ThMB and stack for B (the runtime's cache): B's create then
   * makes no system call, so the join's time is the hand-over's. */
  pthread_t w;
  CHECK_INT(pthread_create(&w, 0, nothing, 0), 0);
  CHECK_INT(pthread_join(w, 0), 0);
  void* r = 0;
  unsigned long c0 = kasane_cycles();
  joining = 1;
  CHECK_INT(pthread_join(t, &r), 0);
  unsigned long waited = kasane_cycles() - c0;
  CHECK_INT((long)r, 7);
  CHECK_INT(b_ran, 1);
  if (waited >= BOUND) CHECK_INT(waited, 0); /* prints the cycles it took */
  stop = 1;
  for (int i = 0; i < spinners; i++) CHECK_INT(pthread_join(s[i], 0), 0);
  return check_done();
}
