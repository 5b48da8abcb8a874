/* pthread-cancel-acts-when-usleep-returns - usleep is a cancellation point: a thread that sleeps
 * 100 us at a time for ever, and does nothing else, is cancelled at one of the sleeps, with its
 * cleanup handler run and PTHREAD_CANCELED as its join value. (glibc cuts the sleep short;
 * Kasane acts when the sleep ends: runtime/README.md, "Cancellation".)
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>
#include <semaphore.h>
#include <unistd.h>

#include "check.h"

static sem_t started;
static volatile int handler_ran, left_the_loop;

static void note(void* arg) {
  (void)arg;
  handler_ran = 1;
}

static void* sleeper(void* arg) {
  (void)arg;
  pthread_cleanup_push(note, 0);
  sem_post(&started);
  for (;;) usleep(100); /* only the cancellation ends this */
  left_the_loop = 1;
  pthread_cleanup_pop(0);
  return 0;
}

int main(void) {
  pthread_t t;
  void* res = 0;
  sem_init(&started, 0, 0);
  CHECK_INT(pthread_create(&t, 0, sleeper, 0), 0);
  sem_wait(&started);
  CHECK_INT(pthread_cancel(t), 0);
  CHECK_INT(pthread_join(t, &res), 0);
  CHECK(res == PTHREAD_CANCELED);
  CHECK_INT(handler_ran, 1);
  CHECK_INT(left_the_loop, 0);
  return check_done();
}
