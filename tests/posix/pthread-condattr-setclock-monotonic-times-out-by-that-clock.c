/* pthread-condattr-setclock-monotonic-times-out-by-that-clock - a condition whose attribute says
 * CLOCK_MONOTONIC times its waits by that clock: pthread_cond_timedwait with a deadline 200 us
 * ahead by CLOCK_MONOTONIC gives ETIMEDOUT once that clock has passed it, with the mutex held.
 * getclock reads back what setclock set (REALTIME by default); a CPU-time clock gives EINVAL.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>

#include "check.h"
#include "deadline.h"

int main(void) {
  pthread_condattr_t a;
  pthread_cond_t cv;
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
  clockid_t c = -1;
  CHECK_INT(pthread_condattr_init(&a), 0);
  CHECK_INT(pthread_condattr_getclock(&a, &c), 0);
  CHECK_INT(c, CLOCK_REALTIME);
  CHECK_INT(pthread_condattr_setclock(&a, CLOCK_PROCESS_CPUTIME_ID), 22);
  CHECK_INT(pthread_condattr_setclock(&a, CLOCK_MONOTONIC), 0);
  CHECK_INT(pthread_condattr_getclock(&a, &c), 0);
  CHECK_INT(c, CLOCK_MONOTONIC);
  CHECK_INT(pthread_cond_init(&cv, &a), 0);
  pthread_mutex_lock(&m);
  struct timespec when = deadline_in_us(CLOCK_MONOTONIC, 200);
  CHECK_INT(pthread_cond_timedwait(&cv, &m, &when), 145); /* ETIMEDOUT */
  CHECK_INT(deadline_passed(CLOCK_MONOTONIC, &when), 1);
  CHECK_INT(pthread_mutex_trylock(&m), 16); /* EBUSY: held again */
  pthread_mutex_unlock(&m);
  CHECK_INT(pthread_cond_destroy(&cv), 0);
  CHECK_INT(pthread_condattr_destroy(&a), 0);
  return check_done();
}
