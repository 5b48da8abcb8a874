/* pthread-cancel-asynchronous-ends-a-thread-spinning-on-another-context - a thread with
 * asynchronous cancellation that spins without any cancellation point is ended by another
 * thread's pthread_cancel while it spins: the code after its loop never runs, its cleanup
 * handler does, and the join value is PTHREAD_CANCELED.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>

#include "check.h"

#define BOUND 50000000L

static volatile int started, after_loop, cleaned_up;

static void cleanup(void* arg) {
  (void)arg;
  cleaned_up = 1;
}

static void* spinner(void* arg) {
  (void)arg;
  pthread_cleanup_push(cleanup, 0);
  pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, 0);
  started = 1;
  for (volatile long n = 0; n < BOUND; n++) {
  }
  after_loop = 1;
  pthread_cleanup_pop(0);
  return 0;
}

int main(void) {
  pthread_t t;
  void* res = 0;
  CHECK_INT(pthread_create(&t, 0, spinner, 0), 0);
  while (!started) {
  }
  CHECK_INT(pthread_cancel(t), 0);
  CHECK_INT(pthread_join(t, &res), 0);
  CHECK(res == PTHREAD_CANCELED);
  CHECK_INT(after_loop, 0);
  CHECK_INT(cleaned_up, 1);
  return check_done();
}
