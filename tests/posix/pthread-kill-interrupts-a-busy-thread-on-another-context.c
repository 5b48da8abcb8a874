/* pthread-kill-interrupts-a-busy-thread-on-another-context - a signal sent with pthread_kill to a
 * thread that computes without ever calling the library (it spins on a flag only the handler
 * sets) is delivered to that thread: the handler runs there (pthread_self in it is the target),
 * once, and the spin ends long before its bound. POSIX: a signal directed at a thread is
 * delivered to that thread.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>
#include <signal.h>

#include "check.h"

#define BOUND 50000000L /* far more iterations than a delivered signal needs */

static volatile int started, handled;
static volatile pthread_t handled_by;
static volatile long spins;

static void handler(int sig) {
  (void)sig;
  handled_by = pthread_self();
  handled++;
}

static void* busy(void* arg) {
  (void)arg;
  started = 1;
  long n = 0;
  while (!handled && n < BOUND) n++;
  spins = n;
  return 0;
}

int main(void) {
  struct sigaction sa = {0};
  sa.sa_handler = handler;
  CHECK_INT(sigaction(SIGUSR1, &sa, 0), 0);
  pthread_t t;
  CHECK_INT(pthread_create(&t, 0, busy, 0), 0);
  while (!started) {
  }
  CHECK_INT(pthread_kill(t, SIGUSR1), 0);
  CHECK_INT(pthread_join(t, 0), 0);
  CHECK_INT(handled, 1);
  CHECK(pthread_equal(handled_by, t));
  CHECK(spins < BOUND);
  return check_done();
}
