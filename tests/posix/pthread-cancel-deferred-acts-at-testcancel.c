/* pthread-cancel-deferred-acts-at-testcancel - a deferred cancellation (the default) of a thread
 * that is not at a cancellation point (it waits for a mutex, which is not one) is not acted on
 * until the thread calls pthread_testcancel; then the thread ends there, and its join value is
 * PTHREAD_CANCELED.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>

#include "check.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static volatile int reached_testcancel, after_testcancel;

static void* worker(void* arg) {
  (void)arg;
  pthread_mutex_lock(&m); /* held by main until it has cancelled us */
  pthread_mutex_unlock(&m);
  reached_testcancel = 1;
  pthread_testcancel();
  after_testcancel = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  void* res = 0;
  pthread_mutex_lock(&m);
  CHECK_INT(pthread_create(&t, 0, worker, 0), 0);
  CHECK_INT(pthread_cancel(t), 0);
  pthread_mutex_unlock(&m);
  CHECK_INT(pthread_join(t, &res), 0);
  CHECK(res == PTHREAD_CANCELED);
  CHECK_INT(reached_testcancel, 1);
  CHECK_INT(after_testcancel, 0);
  return check_done();
}
