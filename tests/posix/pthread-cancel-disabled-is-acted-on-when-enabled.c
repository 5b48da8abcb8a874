/* pthread-cancel-disabled-is-acted-on-when-enabled - with cancellation disabled, a cancellation
 * stays pending through cancellation points (pthread_testcancel, sem_wait on a posted semaphore);
 * enabling it again returns the old state (DISABLE) and the next cancellation point acts on it.
 * Bad arguments to pthread_setcancelstate and pthread_setcanceltype give EINVAL.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>
#include <semaphore.h>

#include "check.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static sem_t posted;
static volatile int passed_points, old_state = -1, after_enable;

static void* worker(void* arg) {
  (void)arg;
  int old;
  pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
  pthread_mutex_lock(&m); /* held by main until it has cancelled us */
  pthread_mutex_unlock(&m);
  pthread_testcancel();
  sem_wait(&posted);
  passed_points = 1;
  pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old);
  old_state = old;
  pthread_testcancel();
  after_enable = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  void* res = 0;
  int old;
  sem_init(&posted, 0, 1);
  CHECK_INT(pthread_setcancelstate(7, &old), 22);
  CHECK_INT(pthread_setcanceltype(7, &old), 22);
  pthread_mutex_lock(&m);
  CHECK_INT(pthread_create(&t, 0, worker, 0), 0);
  CHECK_INT(pthread_cancel(t), 0);
  pthread_mutex_unlock(&m);
  CHECK_INT(pthread_join(t, &res), 0);
  CHECK(res == PTHREAD_CANCELED);
  CHECK_INT(passed_points, 1);
  CHECK_INT(old_state, PTHREAD_CANCEL_DISABLE);
  CHECK_INT(after_enable, 0);
  return check_done();
}
