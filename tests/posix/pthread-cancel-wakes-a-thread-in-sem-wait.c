/* pthread-cancel-wakes-a-thread-in-sem-wait - cancelling a thread blocked in sem_wait on a
 * semaphore nobody posts ends the wait: the thread's cleanup handler runs, the code after
 * sem_wait does not, the join value is PTHREAD_CANCELED, and the semaphore keeps its value 0
 * with no waiter left (sem_destroy succeeds).
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>
#include <semaphore.h>

#include "check.h"

static sem_t never, started;
static volatile int handler_ran, returned;

static void note(void* arg) {
  (void)arg;
  handler_ran = 1;
}

static void* worker(void* arg) {
  (void)arg;
  pthread_cleanup_push(note, 0);
  sem_post(&started);
  sem_wait(&never);
  returned = 1;
  pthread_cleanup_pop(0);
  return 0;
}

int main(void) {
  pthread_t t;
  void* res = 0;
  int v = -1;
  sem_init(&never, 0, 0);
  sem_init(&started, 0, 0);
  CHECK_INT(pthread_create(&t, 0, worker, 0), 0);
  sem_wait(&started);
  CHECK_INT(pthread_cancel(t), 0);
  CHECK_INT(pthread_join(t, &res), 0);
  CHECK(res == PTHREAD_CANCELED);
  CHECK_INT(handler_ran, 1);
  CHECK_INT(returned, 0);
  CHECK_INT(sem_getvalue(&never, &v), 0);
  CHECK_INT(v, 0);
  CHECK_INT(sem_destroy(&never), 0);
  return check_done();
}
