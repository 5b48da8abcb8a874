/* pthread-barrier-destroy-while-in-use-gives-ebusy - pthread_barrier_destroy while a thread waits
 * at the barrier gives EBUSY (POSIX's "may fail") and leaves the barrier working: the round
 * completes when the last thread arrives (one of the two gets PTHREAD_BARRIER_SERIAL_THREAD),
 * after which destroy succeeds. A count of 0 gives EINVAL.
 * Kasane only: glibc's destroy never says EBUSY; it waits for the round to end (for ever here).
 * Expect: status 0 */
#include <pthread.h>

#include "check.h"

static pthread_barrier_t b;
static volatile int worker_result = 99;

static void* worker(void* arg) {
  (void)arg;
  worker_result = pthread_barrier_wait(&b);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_barrier_t zero;
  CHECK_INT(pthread_barrier_init(&zero, 0, 0), 22); /* EINVAL */
  CHECK_INT(pthread_barrier_init(&b, 0, 2), 0);
  CHECK_INT(pthread_create(&t, 0, worker, 0), 0);
  int r;
  while ((r = pthread_barrier_destroy(&b)) == 0) pthread_yield(); /* until the worker is in */
  CHECK_INT(r, 16); /* EBUSY */
  int mine = pthread_barrier_wait(&b);
  CHECK_INT(pthread_join(t, 0), 0);
  int serial = (mine == PTHREAD_BARRIER_SERIAL_THREAD) +
               (worker_result == PTHREAD_BARRIER_SERIAL_THREAD);
  CHECK_INT(serial, 1);
  CHECK_INT(pthread_barrier_destroy(&b), 0);
  return check_done();
}
