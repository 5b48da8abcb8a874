/* pthread-cancel-asynchronous-acts-without-a-cancellation-point - a thread that turns on
 * asynchronous cancellation is cancelled without reaching a cancellation point: cancelling itself
 * ends it inside pthread_cancel, and one cancelled while its cancellation was disabled ends the
 * moment pthread_setcanceltype makes it asynchronous. Both join values are PTHREAD_CANCELED.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>

#include "check.h"

static volatile int after_self_cancel, after_settype, old_type = -1;

static void* self_canceller(void* arg) {
  (void)arg;
  int old;
  pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, &old);
  old_type = old;
  pthread_cancel(pthread_self());
  after_self_cancel = 1;
  return 0;
}

static void* pending_then_async(void* arg) {
  (void)arg;
  int old;
  pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
  pthread_cancel(pthread_self()); /* pending: disabled */
  pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old); /* deferred: still pending */
  pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, &old);
  after_settype = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  void* res = 0;
  CHECK_INT(pthread_create(&t, 0, self_canceller, 0), 0);
  CHECK_INT(pthread_join(t, &res), 0);
  CHECK(res == PTHREAD_CANCELED);
  CHECK_INT(old_type, PTHREAD_CANCEL_DEFERRED);
  CHECK_INT(after_self_cancel, 0);
  res = 0;
  CHECK_INT(pthread_create(&t, 0, pending_then_async, 0), 0);
  CHECK_INT(pthread_join(t, &res), 0);
  CHECK(res == PTHREAD_CANCELED);
  CHECK_INT(after_settype, 0);
  return check_done();
}
