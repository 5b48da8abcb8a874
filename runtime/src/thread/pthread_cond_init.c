/* pthread_cond_init, pthread_cond_destroy, pthread_condattr_*: a condition is its queue of
 * waiters and the clock of its timed waits (CLOCK_REALTIME, the zero value, or CLOCK_MONOTONIC). */
#include <errno.h>
#include <pthread.h>
#include <time.h>

int pthread_cond_init(pthread_cond_t* c, const pthread_condattr_t* a) {
  c->__waiters.__head = c->__waiters.__tail = 0;
  c->__clock = a ? a->__clock : CLOCK_REALTIME;
  return 0;
}

int pthread_cond_destroy(pthread_cond_t* c) { return c->__waiters.__head ? EBUSY : 0; }

int pthread_condattr_init(pthread_condattr_t* a) {
  a->__clock = CLOCK_REALTIME;
  return 0;
}

int pthread_condattr_destroy(pthread_condattr_t* a) {
  (void)a;
  return 0;
}

int pthread_condattr_setclock(pthread_condattr_t* a, clockid_t clock) {
  if (clock != CLOCK_REALTIME && clock != CLOCK_MONOTONIC) return EINVAL;
  a->__clock = clock;
  return 0;
}

int pthread_condattr_getclock(const pthread_condattr_t* a, clockid_t* clock) {
  *clock = a->__clock;
  return 0;
}
